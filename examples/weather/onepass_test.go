package main

import (
	"math"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// This file is the model of the code toolgen is to generate for a tool:
// one decode function per named type, called by every tool that uses the
// type, with the location passed in; the same function reads raw argument
// bytes in one pass (DecodeTJSON) and the values of a map (DecodeT,
// ValidateT). It is written by hand as the generator will write it; the
// generated names drop the "onepass" prefix.

var onepassGetWeatherArgsObject = toolimpl.NewObject([]string{"city", "days", "units", "include_hourly", "coords", "tags"}, "city", "string")

// onepassDecodeGetWeatherArgs reads a GetWeatherArgs at the location at.
func onepassDecodeGetWeatherArgs(s *toolimpl.Scanner, at toolimpl.Loc) (out GetWeatherArgs) {
	if !s.Object(at, onepassGetWeatherArgsObject, "object") {
		return out
	}
	for i := s.Next(at); i >= 0; i = s.Next(at) {
		switch i {
		case 0: // city
			if v, ok := s.String(at.Key("city"), "string"); ok {
				if n := tool.Length(v); n < 1 {
					s.Fail(at.Key("city"), "minLength", "at least 1 character long")
				} else if n > 100 {
					s.Fail(at.Key("city"), "maxLength", "at most 100 characters long")
				}
				out.City = s.Keep(v)
			}
		case 1: // days
			if n, ok := s.Integer(at.Key("days"), "integer"); ok {
				if n.F < 1 {
					s.Fail(at.Key("days"), "minimum", ">= 1")
				} else if n.F > 14 {
					s.Fail(at.Key("days"), "maximum", "<= 14")
				}
				if x, ok := n.Int(math.MinInt, math.MaxInt); ok {
					out.Days = int(x)
				} else {
					s.Range(at.Key("days"), "-9223372036854775808", "9223372036854775807")
				}
			}
		case 2: // units
			if v, ok := s.String(at.Key("units"), "string"); ok {
				switch Units(v) {
				case Celsius:
					out.Units = Celsius
				case Fahrenheit:
					out.Units = Fahrenheit
				default:
					s.Fail(at.Key("units"), tool.CodeEnum, "one of \"c\", \"f\"")
				}
			}
		case 3: // include_hourly
			if v, ok := s.Bool(at.Key("include_hourly"), "boolean"); ok {
				out.IncludeHourly = v
			}
		case 4: // coords
			out.Coords = toolimpl.Ptr(s, onepassDecodeCoords(s, at.Key("coords")))
		case 5: // tags
			atTags := at.Key("tags")
			if s.Array(atTags, "array", toolimpl.None, 10, false) {
				var buf [10]string
				tags := buf[:0]
				for i := s.NextItem(atTags); i >= 0; i = s.NextItem(atTags) {
					if v, ok := s.String(atTags.Index(i), "string"); ok {
						if !getWeatherArgsPattern0(v) {
							s.Fail(atTags.Index(i), "pattern", "a string matching the pattern ^[a-z0-9_-]+$")
						}
						tags = toolimpl.Append(s, tags, s.Keep(v))
					}
				}
				out.Tags = toolimpl.Slice(s, tags)
			}
		}
	}
	return out
}

var onepassCoordsObject = toolimpl.NewObject([]string{"lat", "lon"}, "lat", "number", "lon", "number")

// onepassDecodeCoords reads a Coords at the location at.
func onepassDecodeCoords(s *toolimpl.Scanner, at toolimpl.Loc) (out Coords) {
	if !s.Object(at, onepassCoordsObject, "object") {
		return out
	}
	for i := s.Next(at); i >= 0; i = s.Next(at) {
		switch i {
		case 0: // lat
			if n, ok := s.Number(at.Key("lat"), "number"); ok {
				if n.F < -90 {
					s.Fail(at.Key("lat"), "minimum", ">= -90")
				} else if n.F > 90 {
					s.Fail(at.Key("lat"), "maximum", "<= 90")
				}
				out.Lat = n.F
			}
		case 1: // lon
			if n, ok := s.Number(at.Key("lon"), "number"); ok {
				if n.F < -180 {
					s.Fail(at.Key("lon"), "minimum", ">= -180")
				} else if n.F > 180 {
					s.Fail(at.Key("lon"), "maximum", "<= 180")
				}
				out.Lon = n.F
			}
		}
	}
	return out
}

// onepassGetWeather is the decode function of get_weather, as the tool's
// definition holds it.
var onepassGetWeather = toolimpl.Func[GetWeatherArgs](onepassDecodeGetWeatherArgs)

func onepassDecodeGetWeatherArgsJSON(raw []byte) (GetWeatherArgs, tool.Errors) {
	return onepassGetWeather.DecodeJSON(raw, 0)
}

func onepassDecodeGetWeatherArgsMap(args map[string]any) (GetWeatherArgs, tool.Errors) {
	return onepassGetWeather.DecodeArgs(args, 0)
}

func onepassValidateGetWeatherArgs(args map[string]any) tool.Errors {
	return onepassGetWeather.Validate(args, 0)
}

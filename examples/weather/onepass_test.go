package main

import (
	"math"
	"strings"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// This file is the model of the one-pass decoder toolgen is to generate for
// each tool: raw argument bytes straight into the struct, every check of
// the validator applied on the way, and exactly the errors of ParseArgs and
// DecodeGetWeatherArgs for the same bytes. It is written by hand as the
// generator will write it; the generated names drop the "onepass" prefix:
// DecodeGetWeatherArgsJSON for the tool, and one decodeX per named type
// (decodeGetWeatherArgs, decodeCoords), called by every tool that uses the
// type. A decodeX reads one value of its type at the scanner's position;
// the scanner knows the position's path, so no location is passed down.

// onepassDecodeGetWeatherArgsJSON reads a model's raw arguments for the
// get_weather tool into a GetWeatherArgs; when they are not valid, the zero
// GetWeatherArgs and every error.
func onepassDecodeGetWeatherArgsJSON(raw []byte) (GetWeatherArgs, tool.Errors) {
	var s toolimpl.Scanner
	s.Reset(raw)
	var out GetWeatherArgs
	if s.Root() {
		onepassGetWeatherArgs(&s, &out)
	}
	if errs := s.Finish(); errs != nil {
		return GetWeatherArgs{}, errs
	}
	return out, nil
}

// onepassGetWeatherArgs reads a GetWeatherArgs object.
func onepassGetWeatherArgs(s *toolimpl.Scanner, out *GetWeatherArgs) {
	if !s.Object() {
		s.TypeError("object")
		return
	}
	for s.Next() {
		switch s.Key() {
		case "city":
			s.Member(0)
			v, ok := s.String()
			if !ok {
				s.TypeError("string")
				break
			}
			if n := tool.Length(v); n < 1 {
				s.StringError("minLength", "at least 1 character long", v)
			} else if n > 100 {
				s.StringError("maxLength", "at most 100 characters long", v)
			}
			out.City = strings.Clone(v)
		case "days":
			s.Member(1)
			if s.Null() {
				break
			}
			lit, ok := s.Number()
			if !ok {
				s.TypeError("integer")
				break
			}
			num := toolimpl.Float(lit)
			if !tool.IsInteger(num) {
				s.NumberTypeError("integer", lit)
				break
			}
			if num < 1 {
				s.NumberError("minimum", ">= 1", lit)
			} else if num > 14 {
				s.NumberError("maximum", "<= 14", lit)
			}
			if n, ok := toolimpl.Int(lit, math.MinInt, math.MaxInt); ok {
				out.Days = int(n)
			} else {
				s.RangeError("-9223372036854775808", "9223372036854775807", lit)
			}
		case "units":
			s.Member(2)
			if s.Null() {
				break
			}
			v, ok := s.String()
			if !ok {
				s.TypeError("string")
				break
			}
			switch Units(v) {
			case Celsius:
				out.Units = Celsius
			case Fahrenheit:
				out.Units = Fahrenheit
			default:
				s.StringError(tool.CodeEnum, "one of \"c\", \"f\"", v)
			}
		case "include_hourly":
			s.Member(3)
			if s.Null() {
				break
			}
			v, ok := s.Bool()
			if !ok {
				s.TypeError("boolean")
				break
			}
			out.IncludeHourly = v
		case "coords":
			s.Member(4)
			if s.Null() {
				break
			}
			p := new(Coords)
			onepassCoords(s, p)
			out.Coords = p
		case "tags":
			s.Member(5)
			if s.Null() {
				break
			}
			if !s.Array() {
				s.TypeError("array")
				break
			}
			var buf [10]string // maxItems: a valid call needs no more
			items := buf[:0]
			for s.NextItem() {
				v, ok := s.String()
				if !ok {
					s.TypeError("string")
					continue
				}
				if !getWeatherArgsPattern0(v) {
					s.StringError("pattern", "a string matching the pattern ^[a-z0-9_-]+$", v)
				}
				items = append(items, strings.Clone(v))
			}
			if n := s.Count(); n > 10 {
				s.ItemsError("maxItems", "an array of at most 10 items", n)
			}
			s.End()
			out.Tags = make([]string, len(items))
			copy(out.Tags, items)
		default:
			s.Unexpected()
		}
	}
	if !s.Has(0) {
		s.Missing("city", "string")
	}
	s.End()
}

// onepassCoords reads a Coords object.
func onepassCoords(s *toolimpl.Scanner, out *Coords) {
	if !s.Object() {
		s.TypeError("object")
		return
	}
	for s.Next() {
		switch s.Key() {
		case "lat":
			s.Member(0)
			lit, ok := s.Number()
			if !ok {
				s.TypeError("number")
				break
			}
			num := toolimpl.Float(lit)
			if num < -90 {
				s.NumberError("minimum", ">= -90", lit)
			} else if num > 90 {
				s.NumberError("maximum", "<= 90", lit)
			}
			out.Lat = num
		case "lon":
			s.Member(1)
			lit, ok := s.Number()
			if !ok {
				s.TypeError("number")
				break
			}
			num := toolimpl.Float(lit)
			if num < -180 {
				s.NumberError("minimum", ">= -180", lit)
			} else if num > 180 {
				s.NumberError("maximum", "<= 180", lit)
			}
			out.Lon = num
		default:
			s.Unexpected()
		}
	}
	if !s.Has(0) {
		s.Missing("lat", "number")
	}
	if !s.Has(1) {
		s.Missing("lon", "number")
	}
	s.End()
}

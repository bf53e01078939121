package main

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// handwrittenGetWeather validates get_weather arguments as tightly as a
// careful Go developer would write it by hand for maps from encoding/json,
// and returns the same tool.Errors as the generated validator: one walk of
// the map that only answers whether the call is valid (a switch on each
// member's name, type assertions, the pattern's bytes checked in a loop),
// and, for an invalid call, handwrittenErrors, which finds the errors in
// the generated validator's order. It is a benchmark baseline only.
func handwrittenGetWeather(args map[string]any) tool.Errors {
	if hwValid(args) {
		return nil
	}
	return handwrittenErrors(args)
}

// hwValid reports whether args are valid get_weather arguments.
func hwValid(args map[string]any) bool {
	hasCity := false
	for k, v := range args {
		switch k {
		case "city":
			s, ok := v.(string)
			if !ok || s == "" || len(s) > 100 && utf8.RuneCountInString(s) > 100 {
				return false
			}
			hasCity = true
		case "days":
			if v == nil {
				continue
			}
			d, ok := v.(float64)
			if !ok || d < 1 || d > 14 || d != float64(int(d)) {
				return false
			}
		case "units":
			if v == nil {
				continue
			}
			if u, ok := v.(string); !ok || u != "c" && u != "f" {
				return false
			}
		case "include_hourly":
			if v == nil {
				continue
			}
			if _, ok := v.(bool); !ok {
				return false
			}
		case "coords":
			if v == nil {
				continue
			}
			c, ok := v.(map[string]any)
			if !ok || len(c) != 2 {
				return false
			}
			lat, ok := c["lat"].(float64)
			if !ok || lat < -90 || lat > 90 {
				return false
			}
			lon, ok := c["lon"].(float64)
			if !ok || lon < -180 || lon > 180 {
				return false
			}
		case "tags":
			if v == nil {
				continue
			}
			tags, ok := v.([]any)
			if !ok || len(tags) > 10 {
				return false
			}
			for _, item := range tags {
				if s, ok := item.(string); !ok || !hwTag(s) {
					return false
				}
			}
		default:
			return false
		}
	}
	return hasCity
}

// hwTag reports whether s matches ^[a-z0-9_-]+$.
func hwTag(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// handwrittenErrors returns the errors of invalid get_weather arguments:
// type switches on float64, string, bool, []any and map[string]any, and a
// precompiled regexp.
func handwrittenErrors(args map[string]any) tool.Errors {
	var errs tool.Errors

	city, hasCity := args["city"]
	if !hasCity {
		errs = append(errs, tool.Error{Code: tool.CodeMissing, Path: "/city", Name: "city", Expected: "string"})
	}
	known := 0
	for _, k := range [...]string{"city", "days", "units", "include_hourly", "coords", "tags"} {
		if _, ok := args[k]; ok {
			known++
		}
	}
	if len(args) > known {
		n := len(errs)
		for k, v := range args {
			switch k {
			case "city", "days", "units", "include_hourly", "coords", "tags":
			default:
				errs = append(errs, tool.Error{Code: tool.CodeUnexpected, Path: "/" + hwPointerKey(k), Name: k, Got: value.TypeName(v)})
			}
		}
		hwSortByPath(errs[n:])
	}

	if hasCity {
		if s, ok := city.(string); !ok {
			errs = append(errs, hwTypeError("/city", "city", "string", city))
		} else if n := utf8.RuneCountInString(s); n < 1 {
			errs = append(errs, hwValueError("minLength", "/city", "city", "at least 1 character long", city))
		} else if n > 100 {
			errs = append(errs, hwValueError("maxLength", "/city", "city", "at most 100 characters long", city))
		}
	}

	switch days := args["days"]; d := days.(type) {
	case nil:
	case float64:
		switch {
		case d != math.Trunc(d):
			errs = append(errs, hwTypeError("/days", "days", "integer", days))
		case d < 1:
			errs = append(errs, hwValueError("minimum", "/days", "days", ">= 1", days))
		case d > 14:
			errs = append(errs, hwValueError("maximum", "/days", "days", "<= 14", days))
		}
	default:
		errs = append(errs, hwTypeError("/days", "days", "integer", days))
	}

	switch units := args["units"]; u := units.(type) {
	case nil:
	case string:
		if u != "c" && u != "f" {
			errs = append(errs, hwValueError(tool.CodeEnum, "/units", "units", `one of "c", "f"`, units))
		}
	default:
		errs = append(errs, hwTypeError("/units", "units", "string", units))
	}

	switch h := args["include_hourly"].(type) {
	case nil, bool:
	default:
		errs = append(errs, hwTypeError("/include_hourly", "include_hourly", "boolean", h))
	}

	switch c := args["coords"].(type) {
	case nil:
	case map[string]any:
		errs = hwCoords(errs, c)
	default:
		errs = append(errs, hwTypeError("/coords", "coords", "object", c))
	}

	switch tags := args["tags"].(type) {
	case nil:
	case []any:
		if len(tags) > 10 {
			errs = append(errs, tool.Error{Code: "maxItems", Path: "/tags", Name: "tags",
				Expected: "an array of at most 10 items", Got: "array", Actual: "an array of " + strconv.Itoa(len(tags)) + " items"})
			tags = tags[:10] // the items past maxItems are not checked
		}
		for i, item := range tags {
			s, ok := item.(string)
			switch {
			case !ok:
				errs = append(errs, hwTypeError("/tags/"+strconv.Itoa(i), "tags["+strconv.Itoa(i)+"]", "string", item))
			case !hwTagPattern.MatchString(s):
				errs = append(errs, hwValueError("pattern", "/tags/"+strconv.Itoa(i), "tags["+strconv.Itoa(i)+"]",
					"a string matching the pattern ^[a-z0-9_-]+$", item))
			}
		}
	default:
		errs = append(errs, hwTypeError("/tags", "tags", "array", tags))
	}
	return errs
}

var hwTagPattern = regexp.MustCompile(`^[a-z0-9_-]+$`)

func hwCoords(errs tool.Errors, c map[string]any) tool.Errors {
	lat, hasLat := c["lat"]
	lon, hasLon := c["lon"]
	if !hasLat {
		errs = append(errs, tool.Error{Code: tool.CodeMissing, Path: "/coords/lat", Name: "coords.lat", Expected: "number"})
	}
	if !hasLon {
		errs = append(errs, tool.Error{Code: tool.CodeMissing, Path: "/coords/lon", Name: "coords.lon", Expected: "number"})
	}
	known := 0
	if hasLat {
		known++
	}
	if hasLon {
		known++
	}
	if len(c) > known {
		n := len(errs)
		for k, v := range c {
			if k != "lat" && k != "lon" {
				errs = append(errs, tool.Error{Code: tool.CodeUnexpected, Path: "/coords/" + hwPointerKey(k), Name: "coords." + k, Got: value.TypeName(v)})
			}
		}
		hwSortByPath(errs[n:])
	}
	if hasLat {
		errs = hwBounded(errs, lat, "/coords/lat", "coords.lat", -90, 90, ">= -90", "<= 90")
	}
	if hasLon {
		errs = hwBounded(errs, lon, "/coords/lon", "coords.lon", -180, 180, ">= -180", "<= 180")
	}
	return errs
}

// hwBounded checks a number member between min and max.
func hwBounded(errs tool.Errors, v any, path, name string, min, max float64, wantMin, wantMax string) tool.Errors {
	f, ok := v.(float64)
	switch {
	case !ok:
		errs = append(errs, hwTypeError(path, name, "number", v))
	case f < min:
		errs = append(errs, hwValueError("minimum", path, name, wantMin, v))
	case f > max:
		errs = append(errs, hwValueError("maximum", path, name, wantMax, v))
	}
	return errs
}

func hwTypeError(path, name, expected string, v any) tool.Error {
	return tool.Error{Code: tool.CodeType, Path: path, Name: name, Expected: expected, Got: value.TypeName(v), Actual: value.ShowScalar(v)}
}

func hwValueError(code tool.Code, path, name, expected string, v any) tool.Error {
	return tool.Error{Code: code, Path: path, Name: name, Expected: expected, Got: value.TypeName(v), Actual: value.Show(v)}
}

func hwPointerKey(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

func hwSortByPath(errs tool.Errors) {
	slices.SortFunc(errs, func(a, b tool.Error) int { return strings.Compare(a.Path, b.Path) })
}

// TestHandwrittenAgreesWithGenerated checks the baseline on the differential
// corpus: the same errors, in the same order, for every map.
func TestHandwrittenAgreesWithGenerated(t *testing.T) {
	corpus := diffCorpus("get_weather")
	require.NotEmpty(t, corpus)
	differ := 0
	for _, args := range corpus {
		want := ValidateGetWeatherArgs(args)
		got := handwrittenGetWeather(args)
		// Every valid call takes the fast walk: the baseline is measured
		// on it, not on the walk that finds errors.
		assert.Equal(t, want == nil, hwValid(args), "args %v", args)
		if !assert.Equal(t, want, got, "args %v", args) {
			if differ++; differ >= 10 {
				t.FailNow()
			}
		}
	}
	for _, args := range []map[string]any{benchValidArgs(t), benchInvalidArgs(t)} {
		want := ValidateGetWeatherArgs(args)
		assert.Equal(t, want, handwrittenGetWeather(args))
		assert.Equal(t, want == nil, hwValid(args))
	}
	// A fair baseline: the hand-written validator does not allocate either.
	if !race.Enabled {
		valid := benchValidArgs(t)
		assert.Zero(t, testing.AllocsPerRun(200, func() { benchSink = handwrittenGetWeather(valid) }))
	}
}

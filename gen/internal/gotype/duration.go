package gotype

import (
	"go/types"
	"strings"
	"time"
)

// A time.Duration argument is a string in Go's duration syntax ("90s",
// "5m", "1h30m"), which a model writes and time.ParseDuration reads; what
// encoding/json writes and reads, a result or a structured output, stays
// the integer of nanoseconds (see goschema's DurationNote).

// DurationPattern is Go's duration syntax without a sign: one or more
// decimal numbers, each with a unit, or "0". time.ParseDuration accepts a
// sign too; a negative duration is rarely what a tool means (a window, a
// timeout, an age), and "-5m" for "five minutes ago" would reach the
// handler as a negative value. It is RE2 and ECMA 262 alike.
const DurationPattern = `^(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$`

// IsDuration reports whether t is time.Duration.
func IsDuration(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" && named.Obj().Name() == "Duration"
}

// HoldsDurations reports whether the values of a field of type t are
// durations: a time.Duration, a pointer to one, or a slice, an array or a
// map of them, which a field's bounds apply to.
func HoldsDurations(t types.Type) bool {
	for range 8 {
		t = types.Unalias(t)
		if IsDuration(t) {
			return true
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		default:
			return false
		}
	}
	return false
}

// DurationBounds are the bounds of a duration field, from minimum= and
// maximum= of its jsonschema tag, written as durations. JSON Schema has no
// bounds of a duration string: the decode checks them and the field's
// description states them.
type DurationBounds struct {
	Min, Max         time.Duration
	MinText, MaxText string // as written, "" when absent
}

// DurationBoundsOf reads the bounds of a duration field from its
// jsonschema tag; the schema builder refuses those that do not parse.
func DurationBoundsOf(tag string) DurationBounds {
	var b DurationBounds
	for _, item := range tagList(tag) {
		key, val, _ := strings.Cut(item, "=")
		d, err := time.ParseDuration(val)
		if err != nil {
			continue
		}
		switch key {
		case "minimum":
			b.Min, b.MinText = d, val
		case "maximum":
			b.Max, b.MaxText = d, val
		}
	}
	return b
}

// Note states the bounds to a model.
func (b DurationBounds) Note() string {
	switch {
	case b.MinText != "" && b.MaxText != "":
		return "From " + b.MinText + " to " + b.MaxText + "."
	case b.MinText != "":
		return "At least " + b.MinText + "."
	case b.MaxText != "":
		return "At most " + b.MaxText + "."
	}
	return ""
}

package gen

import (
	"encoding/json"
	"go/types"
	"strconv"
	"strings"
	"time"

	"github.com/dave/jennifer/jen"
	"github.com/invopop/jsonschema"
)

// A time.Duration argument is a string in Go's duration syntax ("90s",
// "5m", "1h30m"), which a model writes and time.ParseDuration reads: an
// integer of nanoseconds is a unit a model gets wrong (300 meant as
// seconds). What encoding/json writes and reads, a result or a structured
// output, stays the integer (see durationNote).

// durationPattern is Go's duration syntax without a sign: one or more
// decimal numbers, each with a unit, or "0". time.ParseDuration accepts a
// sign too; a negative duration is rarely what a tool means (a window, a
// timeout, an age), and "-5m" for "five minutes ago" would reach the
// handler as a negative value. It is RE2 and ECMA 262 alike.
const durationPattern = `^(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$`

// durationText says what a duration argument is, in an error a model reads.
const durationText = `a duration such as "90s" or "1h30m"`

// durationArgNote describes a duration argument to a model.
const durationArgNote = `A duration: a number and a unit (h, m, s, ms, us, ns), or several, such as "90s", "5m" or "1h30m".`

// durationNote describes what encoding/json writes of a time.Duration.
const durationNote = "In nanoseconds, an integer: 1 second is 1000000000, 1 minute 60000000000, 1 hour 3600000000000."

// isDuration reports whether t is time.Duration.
func isDuration(t types.Type) bool { return qualified(t) == "time.Duration" }

// holdsDurations reports whether the values of a field of type t are
// durations: a time.Duration, a pointer to one, or a slice, an array or a
// map of them, which a field's bounds apply to.
func holdsDurations(t types.Type) bool {
	for range 8 {
		t = types.Unalias(t)
		if isDuration(t) {
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

// patternText says what a string matching pattern p is, in an error.
func patternText(p string) string {
	if p == durationPattern {
		return durationText
	}
	return "a string matching the pattern " + p
}

// typeText is the JSON types of s, in a type error: a duration's says its
// syntax, so that a model that sent 300 does not send "300" next.
func typeText(s *schema) string {
	if s.pattern == durationPattern && len(s.types) == 1 && s.types[0] == "string" {
		return "a string, " + durationText
	}
	return typeList(s.types)
}

// durationBounds are the bounds of a duration field, from minimum= and
// maximum= of its jsonschema tag, written as durations. JSON Schema has no
// bounds of a duration string: the decode checks them and the field's
// description states them.
type durationBounds struct {
	min, max         time.Duration
	minText, maxText string // as written, "" when absent
}

// durationBoundsOf reads the bounds of a duration field from its
// jsonschema tag; the schema builder refuses those that do not parse.
func durationBoundsOf(tag string) durationBounds {
	var b durationBounds
	for _, item := range splitOnUnescapedCommas(tag) {
		key, val, _ := strings.Cut(item, "=")
		d, err := time.ParseDuration(val)
		if err != nil {
			continue
		}
		switch key {
		case "minimum":
			b.min, b.minText = d, val
		case "maximum":
			b.max, b.maxText = d, val
		}
	}
	return b
}

// limits are the bounds as Go source; no maximum is time.Duration's.
func (b durationBounds) limits() (min, max jen.Code) {
	if b.maxText == "" {
		return durationExpr(b.min), jen.Qual("math", "MaxInt64")
	}
	return durationExpr(b.min), durationExpr(b.max)
}

// note states the bounds to a model.
func (b durationBounds) note() string {
	switch {
	case b.minText != "" && b.maxText != "":
		return "From " + b.minText + " to " + b.maxText + "."
	case b.minText != "":
		return "At least " + b.minText + "."
	case b.maxText != "":
		return "At most " + b.maxText + "."
	}
	return ""
}

// durationKeyword applies minimum= or maximum= of a field holding
// durations to target, its schema or its items': as nanoseconds where the
// duration is an integer, else nothing (the description states the bound;
// see durationBoundsNote).
func (b *schemaBuilder) durationKeyword(target *jsonschema.Schema, key, val string, fail func(string, ...any)) {
	if key != "minimum" && key != "maximum" {
		fail("%s does not apply to a duration: bound it with minimum= and maximum=, written as durations (minimum=1s,maximum=1h)", key)
		return
	}
	d, err := time.ParseDuration(val)
	if err != nil {
		fail("%s=%s: a duration's bound is a duration in Go's syntax, like %s=1s or %s=1h30m", key, val, key, key)
		return
	}
	if !b.nanoseconds {
		return
	}
	if target.Type != "integer" {
		fail("%s applies to numbers, not %s", key, describeKind(target.Type))
		return
	}
	n := json.Number(strconv.FormatInt(int64(d), 10))
	if key == "minimum" {
		target.Minimum = n
	} else {
		target.Maximum = n
	}
}

// durationBoundsNote is what a field holding duration strings says of its
// bounds; "" for other fields, and where durations are integers (their
// bounds are minimum and maximum). Bounds the wrong way round are an error.
func (b *schemaBuilder) durationBoundsNote(f *types.Var, tag string) string {
	if b.nanoseconds || !holdsDurations(f.Type()) {
		return ""
	}
	bounds := durationBoundsOf(tag)
	if bounds.maxText != "" && bounds.min > bounds.max {
		b.errs.add(b.pos(f.Pos()), "field %s: minimum=%s is above maximum=%s", f.Name(), bounds.minText, bounds.maxText)
	}
	return bounds.note()
}

// durationExpr is a duration as Go source: 90 * time.Second, time.Hour.
func durationExpr(d time.Duration) jen.Code {
	units := []struct {
		name string
		d    time.Duration
	}{{"Hour", time.Hour}, {"Minute", time.Minute}, {"Second", time.Second}, {"Millisecond", time.Millisecond}, {"Microsecond", time.Microsecond}}
	for _, u := range units {
		if d != 0 && d%u.d == 0 {
			if d == u.d {
				return jen.Qual("time", u.name)
			}
			return jen.Lit(int(d/u.d)).Op("*").Qual("time", u.name)
		}
	}
	return jen.Lit(int(d))
}

// durationRead is the call that reads the duration string v, which the
// pattern accepted, at l within the bounds of the field being decoded.
func (g *typedGen) durationRead(l loc, v jen.Code) *jen.Statement {
	min, max := g.d.durations.limits()
	return jen.Id("s").Dot("Duration").Call(g.e.at(l), v, min, max)
}

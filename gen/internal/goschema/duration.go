package goschema

import (
	"encoding/json"
	"go/types"
	"strconv"
	"time"

	invopop "github.com/invopop/jsonschema"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
)

// A time.Duration argument is a string in Go's duration syntax ("90s",
// "5m", "1h30m"), which a model writes and time.ParseDuration reads: an
// integer of nanoseconds is a unit a model gets wrong (300 meant as
// seconds). What encoding/json writes and reads, a result or a structured
// output, stays the integer (see DurationNote).

// DurationArgNote describes a duration argument to a model.
const DurationArgNote = `A duration: a number and a unit (h, m, s, ms, us, ns), or several, such as "90s", "5m" or "1h30m".`

// DurationNote describes what encoding/json writes of a time.Duration.
const DurationNote = "In nanoseconds, an integer: 1 second is 1000000000, 1 minute 60000000000, 1 hour 3600000000000."

// durationKeyword applies minimum= or maximum= of a field holding
// durations to target, its schema or its items': as nanoseconds where the
// duration is an integer, else nothing (the description states the bound;
// see durationBoundsNote).
func (b *schemaBuilder) durationKeyword(target *invopop.Schema, key, val string, fail func(string, ...any)) {
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
	if b.nanoseconds || !gotype.HoldsDurations(f.Type()) {
		return ""
	}
	bounds := gotype.DurationBoundsOf(tag)
	if bounds.MaxText != "" && bounds.Min > bounds.Max {
		b.errs.Add(b.pos(f.Pos()), "field %s: minimum=%s is above maximum=%s", f.Name(), bounds.MinText, bounds.MaxText)
	}
	return bounds.Note()
}

package emit

import (
	"time"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
)

// A time.Duration argument is a string in Go's duration syntax ("90s",
// "5m", "1h30m"), which a model writes and time.ParseDuration reads: an
// integer of nanoseconds is a unit a model gets wrong (300 meant as
// seconds). What encoding/json writes and reads, a result or a structured
// output, stays the integer (see goschema.DurationNote). The schema side
// is goschema's; the texts of its errors are plan's; this is the decode's.

// durationLimits are the bounds as Go source; no maximum is time.Duration's.
func durationLimits(b gotype.DurationBounds) (min, max jen.Code) {
	if b.MaxText == "" {
		return durationExpr(b.Min), jen.Qual("math", "MaxInt64")
	}
	return durationExpr(b.Min), durationExpr(b.Max)
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
	min, max := durationLimits(g.d.durations)
	return jen.Id("s").Dot("Duration").Call(g.e.at(l), v, min, max)
}

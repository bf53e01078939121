package plan

import "github.com/toolgen-go/toolgen/gen/internal/gotype"

// The texts of the rules that come from Go types rather than keywords: a
// time.Duration (a string of gotype.DurationPattern), the range of a
// float32, the integer keys of a map. goschema writes their schemas and the
// emitter's decoder (decode.go) checks them; the integer ranges are
// gotype.IntRanges.

// DurationText says what a duration argument is, in an error a model reads.
const DurationText = `a duration such as "90s" or "1h30m"`

// isDuration reports whether pattern is a time.Duration's.
func isDuration(pattern string) bool { return pattern == gotype.DurationPattern }

// Float32Max is the largest float32, as a range error of one states it
// (from -Float32Max to Float32Max).
const Float32Max = "3.4028234663852886e38"

// IntKeyText is what the member name of a map of integer keys is expected
// to be: an integer of the key type's range r, once (10 and 1e1 are one key).
func IntKeyText(r gotype.IntRange) string {
	return "a key that is an integer from " + r.Min + " to " + r.Max + ", once"
}

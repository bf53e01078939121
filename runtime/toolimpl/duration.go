package toolimpl

import (
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Duration returns v, just read, a string in Go's duration syntax, as the
// time.Duration field of bounds min and max holds it. A duration beyond
// time.Duration's range, or outside the bounds (which JSON Schema cannot
// state of a string, and the field's description does), is a validation
// error, and 0: the same verdict on every path (ValidateT, Tools.Validate,
// DecodeT, DecodeTJSON, a stream), in the same round as the schema's other
// errors. A string the schema's pattern refused, reported there, is
// neither read nor reported again.
func (s *Scanner) Duration(at Loc, v string, min, max time.Duration) time.Duration {
	d, code, expected := parseDuration(v, min, max)
	if code != "" {
		s.Fail(at, code, expected)
	}
	return d
}

// Duration is Scanner.Duration for a value of a map.
func (r *Report) Duration(at Loc, v string, min, max time.Duration) time.Duration {
	d, code, expected := parseDuration(v, min, max)
	if code != "" {
		r.Value(code, at, expected, v)
	}
	return d
}

// parseDuration reads a duration within [min, max], or says why it cannot:
// the keyword and what a model should write instead.
func parseDuration(v string, min, max time.Duration) (d time.Duration, code tool.Code, expected string) {
	if !durationSyntax(v) {
		return 0, "", "" // the pattern's error
	}
	d, err := time.ParseDuration(v)
	switch {
	case err != nil:
		// In Go's syntax, without a sign: the duration is too long for a
		// time.Duration.
		return 0, "maximum", `a duration such as "90s" or "1h30m", at most ` + shortDuration(time.Duration(1<<63-1))
	case d < min:
		return 0, "minimum", "a duration of at least " + shortDuration(min)
	case d > max:
		return 0, "maximum", "a duration of at most " + shortDuration(max)
	}
	return d, "", ""
}

// shortDuration is d as time.Duration.String writes it, without its zero
// minutes and seconds: 1h, not 1h0m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// durationSyntax reports whether v matches the pattern of a duration
// argument, ^(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$:
// Go's syntax without a sign.
func durationSyntax(v string) bool {
	if v == "0" {
		return true
	}
	if v == "" {
		return false
	}
	for v != "" {
		digits, dot, after := 0, false, 0
		for v != "" && (v[0] >= '0' && v[0] <= '9' || v[0] == '.' && !dot) {
			switch {
			case v[0] == '.':
				dot = true
			case dot:
				after++
			default:
				digits++
			}
			v = v[1:]
		}
		if digits == 0 && after == 0 {
			return false // no number, or a lone dot
		}
		unit := false
		for _, u := range []string{"ns", "us", "µs", "μs", "ms", "s", "m", "h"} {
			if strings.HasPrefix(v, u) {
				v, unit = v[len(u):], true
				break
			}
		}
		if !unit {
			return false
		}
	}
	return true
}

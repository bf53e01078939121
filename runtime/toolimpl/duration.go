package toolimpl

import (
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Duration returns v, just read, a string in Go's duration syntax that the
// schema's pattern accepted, as the time.Duration field of bounds min and
// max holds it. A duration beyond time.Duration's range, or outside the
// bounds (which JSON Schema cannot state of a string, and the field's
// description does), is a decode error, and 0.
func (s *Scanner) Duration(at Loc, v string, min, max time.Duration) time.Duration {
	if !s.decoding() {
		return 0
	}
	d, code, expected := parseDuration(v, min, max)
	if code == "" {
		return d
	}
	if !s.lastRaw {
		s.r.Decode(at, code, expected, s.cur)
		return 0
	}
	got, actual := s.shown()
	s.r.addDecode(at, tool.Error{Code: code, Expected: expected, Got: got, Actual: actual})
	return 0
}

// Duration is Scanner.Duration for a value of a map.
func (r *Report) Duration(at Loc, v string, min, max time.Duration) time.Duration {
	d, code, expected := parseDuration(v, min, max)
	if code != "" {
		r.Decode(at, code, expected, v)
		return 0
	}
	return d
}

// parseDuration reads a duration within [min, max], or says why it cannot:
// the keyword and what a model should write instead.
func parseDuration(v string, min, max time.Duration) (d time.Duration, code, expected string) {
	d, err := time.ParseDuration(v)
	switch {
	case err != nil:
		// The pattern admits only Go's syntax, without a sign: the
		// duration is too long for a time.Duration.
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

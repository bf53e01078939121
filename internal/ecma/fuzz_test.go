package ecma

import (
	"errors"
	"regexp"
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

// FuzzTranslate checks, on arbitrary patterns, that nothing panics, that
// Translate and IsValid agree (a syntax error exactly when invalid), that
// every translation compiles, and that IsValid allocates nothing on
// patterns within its on-stack limits.
func FuzzTranslate(f *testing.F) {
	for _, s := range []string{
		``, `^[a-z0-9_-]+$`, `^\d{4}-\d{2}-\d{2}$`, `(?<y>\d{4})\k<y>`, `(?<=a)b(?!c)`, `[\s\S]`, `.\b\B$`,
		`\p{Letter}\P{sc=Grek}[\p{Lu}-]`, `\uD83D\uDE00\u{1F600}[\uD83D\uDE00-\uD83D\uDE4F]`, `a{2,5}?b*?c+?d??`,
		`(?i:a)(?s-m:.)`, `[]|[^]`, `\cA\0\x41\t`, `(a)|(?<a>b)|(?<a>c)`, `\1(a)`, `[\d-z]`, `(?P<n>x)`, `\a`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		valid := IsValid(pattern)
		re2, err := Translate(pattern)
		var e *Error
		switch {
		case err == nil:
			if !valid {
				t.Fatalf("Translate(%q) = %q, but IsValid is false", pattern, re2)
			}
			if _, cerr := regexp.Compile(re2); cerr != nil {
				t.Fatalf("Translate(%q) = %q, which does not compile: %v", pattern, re2, cerr)
			}
		case !errors.As(err, &e):
			t.Fatalf("Translate(%q): %T %v", pattern, err, err)
		case (e.Kind == Syntax) == valid:
			t.Fatalf("Translate(%q): %v, but IsValid is %v", pattern, err, valid)
		case e.Offset < 0 || e.Offset > len(pattern) || e.Pattern != pattern:
			t.Fatalf("Translate(%q): bad error %+v", pattern, *e)
		}
		if len(pattern) <= 256 && !race.Enabled {
			if n := testing.AllocsPerRun(1, func() { IsValid(pattern) }); n != 0 {
				t.Fatalf("IsValid(%q): %v allocations", pattern, n)
			}
		}
	})
}

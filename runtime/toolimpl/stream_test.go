package toolimpl

import (
	"testing"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/words"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// leafConst is a const as generated code declares it.
var leafConst = Allowed{Sorted: []string{"leaf"}, Code: "const", Expected: `"leaf"`}

var nodeObject = NewObject([]string{"kind", "names"})

// readNode is the decode function that the generator writes for
// {"kind": {"const": "leaf"}, "names": {"maxItems": 2, "items": {"maxLength": 3}}}.
func readNode(s *Scanner) {
	var at Loc
	if !s.Object(at, nodeObject, "object") {
		return
	}
	for i := s.Next(at); i >= 0; i = s.Next(at) {
		switch i {
		case 0:
			if v, ok := s.StringIn(at.Key("kind"), "string", &leafConst); ok && v != "leaf" {
				s.Fail(at.Key("kind"), "const", `"leaf"`)
			}
		case 1:
			atNames := at.Key("names")
			if s.Array(atNames, "array", None, 2, false) {
				for j := s.NextItem(atNames); j >= 0; j = s.NextItem(atNames) {
					if v, ok := s.StringMax(atNames.Index(j), "string", 3); ok && utf8.RuneCountInString(v) > 3 {
						s.Fail(atNames.Index(j), "maxLength", words.MaxLength(3))
					}
				}
			}
		}
	}
}

// TestStreamEarly: a streamed string past its maxLength, or that no const
// or enum value begins like, and an array past its maxItems are rejected at
// the byte that shows it, with the error the one pass reports at their end
// after the errors found before; the one pass's verdict does not change.
func TestStreamEarly(t *testing.T) {
	for _, c := range []struct {
		prefix, hit, rest string
		code, path        string
		errs              int // errors before it
	}{
		{`{"kind":"`, `x`, `"}`, "const", "/kind", 0},
		{`{"kind":"leaf`, `s`, `"}`, "const", "/kind", 0},
		{`{"kind":"l\u0065`, `f`, `"}`, "const", "/kind", 0},
		{`{"kind":"lea`, `"`, `}`, "const", "/kind", 0}, // at its end
		{`{"names":["abc","abc`, `d`, `"]}`, "maxLength", "/names/1", 0},
		{`{"names":["a","b",`, `"`, `c"]}`, "maxItems", "/names", 0},
		{`{"names":[`, `"abcd","abcd`, `"]}`, "maxLength", "/names/1", 1}, // after the first's, found at its end
		{`{"names":[`, `"abcd","b","c`, `"]}`, "maxItems", "/names", 1},
	} {
		f := new(Feed)
		var final tool.Errors
		f.Init(decodeFunc(func() {
			if final = DecodeFeed(nil, f, 0, readNode); final != nil {
				f.Reject(final)
			}
		}))
		for i := range len(c.prefix) {
			f.Write([]byte{c.prefix[i]})
			if errs, ok := f.Rejected(); ok {
				t.Fatalf("%s: rejected after %q: %v", c.prefix, c.prefix[:i+1], errs)
			}
		}
		f.Write([]byte(c.hit))
		rejected, ok := f.Rejected()
		errs, _ := rejected.(tool.Errors)
		switch {
		case !ok:
			t.Errorf("%s: not rejected at %q", c.prefix+c.hit, c.hit)
		case len(errs) != c.errs+1 || string(errs[c.errs].Code) != c.code || errs[c.errs].Path != c.path:
			t.Errorf("%s: rejected with %v, want %d errors and %s at %s", c.prefix+c.hit, errs, c.errs, c.code, c.path)
		}
		f.Write([]byte(c.rest))
		f.Close()
		raw := []byte(c.prefix + c.hit + c.rest)
		want := DecodeJSON(raw, 0, readNode)
		if tool.Errors(final).Error() != want.Error() || len(final) != len(want) {
			t.Errorf("%s: the stream's verdict %v, the one pass's %v", raw, final, want)
		}
	}
}

var pairObject = NewObject([]string{"held", "free"})

// readPair reads a string held whole (as anyOf's checks hold a value) with
// a maxLength, then a string without one.
func readPair(s *Scanner) {
	var at Loc
	if !s.Object(at, pairObject, "object") {
		return
	}
	for i := s.Next(at); i >= 0; i = s.Next(at) {
		switch i {
		case 0:
			s.Hold()
			if v, ok := s.StringMax(at.Key("held"), "string", 1); ok && utf8.RuneCountInString(v) > 1 {
				s.Fail(at.Key("held"), "maxLength", words.MaxLength(1))
			}
		case 1:
			s.String(at.Key("free"), "string")
		}
	}
}

// TestStreamBoundOfHeldValue: the bound of a string read from a held value
// is not the next raw string's.
func TestStreamBoundOfHeldValue(t *testing.T) {
	raw := `{"held":"a","free":"abcdef"}`
	f := new(Feed)
	f.Init(decodeFunc(func() {
		if errs := DecodeFeed(nil, f, 0, readPair); errs != nil {
			f.Reject(errs)
		}
	}))
	for i := range len(raw) {
		f.Write([]byte{raw[i]})
		if errs, ok := f.Rejected(); ok {
			t.Fatalf("rejected after %q: %v", raw[:i+1], errs)
		}
	}
	f.Close()
	if errs, ok := f.Rejected(); ok {
		t.Fatalf("rejected: %v", errs)
	}
}

// decodeFunc is a feed.Decoder that runs a function.
type decodeFunc func()

func (d decodeFunc) Decode() { d() }

package format_test

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/format"
)

// benchInputs are a typical valid and a typical invalid input per format.
var benchInputs = []struct{ format, valid, invalid string }{
	{"date-time", "2024-06-30T15:59:60.123-08:00", "2024-06-31T12:00:00Z"},
	{"date", "2024-02-29", "2023-02-29"},
	{"time", "15:59:60.123-08:00", "24:00:00Z"},
	{"duration", "P1Y2M3DT4H5M6S", "P1Y2D"},
	{"email", "joe.bloggs@example.com", "joe..bloggs@example.com"},
	{"hostname", "www.example.com", "www.exa_mple.com"},
	{"hostname", "xn--bcher-kva.example", "xn--bucher-xyd.example"},
	{"ipv4", "192.168.0.1", "192.168.0.256"},
	{"ipv6", "2001:db8::ff00:42:8329", "2001:db8::ff00::8329"},
	{"uri", "https://example.com/path?q=1#frag", "https://example.com/pa th"},
	{"uri-reference", "../a/b?c#d", "/a%zz"},
	{"uuid", "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "2eb8aa08-aa98-11ea-b4aa-73b441d1638g"},
	{"json-pointer", "/foo/bar~0/baz~1", "/foo/bar~2"},
	{"regex", "^[a-z0-9_-]{3,16}$", "^(abc]"},
}

func BenchmarkCheckers(b *testing.B) {
	for _, in := range benchInputs {
		f := format.Checker(in.format)
		for _, c := range []struct {
			name string
			s    string
			want bool
		}{{"valid", in.valid, true}, {"invalid", in.invalid, false}} {
			name := format.FuncName(in.format) + "/" + c.name
			if in.valid[:4] == "xn--" {
				name = format.FuncName(in.format) + "/idna-" + c.name
			}
			b.Run(name, func(b *testing.B) {
				if f(c.s) != c.want {
					b.Fatalf("%s(%q) != %v", in.format, c.s, c.want)
				}
				b.ReportAllocs()
				for b.Loop() {
					f(c.s)
				}
			})
		}
	}
}

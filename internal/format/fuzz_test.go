package format_test

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/mail"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/ecma"
	"github.com/toolgen-go/toolgen/internal/format"
)

// The fuzz targets check that no checker panics and compare each with a
// reference built independently: from the standard library where it has
// one (net/netip, time.Parse, encoding/hex), otherwise from the RFC's ABNF
// transcribed into a regular expression. The seed corpus is committed in
// testdata/fuzz: the suite's strings for the format (suite-*) and inputs
// that once failed; the f.Add calls add corners.

// seed adds inputs to the seed corpus.
func seed(f *testing.F, more ...string) {
	for _, s := range more {
		f.Add(s)
	}
}

func FuzzIPv4(f *testing.F) {
	seed(f, "1.2.3.4", "01.2.3.4", "255.255.255.255", "256.0.0.0", "1.2.3.4.5", "1.2.3", "::1")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.IPv4(s)
		// netip accepts exactly the dotted quad without leading zeros.
		addr, err := netip.ParseAddr(s)
		want := err == nil && addr.Is4()
		if got != want {
			t.Fatalf("IPv4(%q) = %v, netip says %v (%v)", s, got, want, err)
		}
	})
}

func FuzzIPv6(f *testing.F) {
	seed(f, "::", "1::", "::1:2:3:4:5:6:7", "1:2:3:4:5:6:7::", "::ffff:1.2.3.4", "fe80::1%eth0", "1:2:3:4:5:6:1.2.3.4")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.IPv6(s)
		// netip also parses IPv4 (no colon) and zones, which are not IPv6
		// addresses; otherwise it implements RFC 4291's text form.
		addr, err := netip.ParseAddr(s)
		want := err == nil && strings.Contains(s, ":") && addr.Zone() == "" && !strings.Contains(s, "%")
		if got != want {
			t.Fatalf("IPv6(%q) = %v, netip says %v (%v)", s, got, want, err)
		}
		if got != ipv6Re.MatchString(s) {
			t.Fatalf("IPv6(%q) = %v, RFC 3986 ABNF says %v", s, got, !got)
		}
	})
}

func FuzzUUID(f *testing.F) {
	seed(f, "00000000-0000-0000-0000-000000000000", "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.UUID(s)
		want := len(s) == 36 && s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-'
		if want {
			_, err := hex.DecodeString(s[:8] + s[9:13] + s[14:18] + s[19:23] + s[24:])
			want = err == nil
		}
		if got != want {
			t.Fatalf("UUID(%q) = %v, want %v", s, got, want)
		}
	})
}

// rfc3339 is the reference for date-time and time: time.Parse with the
// RFC 3339 layout, which differs from RFC 3339 in ways made up for here: it
// rejects "t" and "z" (RFC 3339 section 5.6 allows them), it rejects second
// 60 (a leap second, valid at 23:59 UTC), it accepts a comma before the
// fraction of a second (ISO 8601, not RFC 3339's ABNF), and it accepts
// offsets of hour 24 and minute 60 (RFC 3339: time-hour 00-23, time-minute
// 00-59) and a one-digit hour (RFC 3339: 2DIGIT).
func rfc3339(layout, s string, tPos int) bool {
	if strings.Contains(s, ",") || len(s) < tPos+4 || s[tPos+3] != ':' {
		return false
	}
	if n := len(s); n >= 6 && (s[n-6] == '+' || s[n-6] == '-') && s[n-3] == ':' && (s[n-5:n-3] > "23" || s[n-2:] > "59") {
		return false
	}
	b := []byte(s)
	if tPos >= 0 && tPos < len(b) && b[tPos] == 't' {
		b[tPos] = 'T'
	}
	if n := len(b); n > 0 && b[n-1] == 'z' {
		b[n-1] = 'Z'
	}
	sec := tPos + 7 // the seconds of hh:mm:ss after the T (or at 6 for a time)
	leap := sec+1 < len(b) && b[sec] == '6' && b[sec+1] == '0'
	if leap {
		b[sec], b[sec+1] = '5', '9'
	}
	tm, err := time.Parse(layout, string(b))
	if err != nil {
		return false
	}
	if leap {
		u := tm.UTC()
		return u.Hour() == 23 && u.Minute() == 59
	}
	return true
}

func FuzzDateTime(f *testing.F) {
	seed(f, "2024-02-29T23:59:60.5+00:00", "2023-02-29T00:00:00Z", "2024-01-01T00:00:00,5Z", "2024-01-01T00:00:00.Z")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.DateTime(s)
		want := rfc3339(time.RFC3339Nano, s, 10)
		if got != want {
			t.Fatalf("DateTime(%q) = %v, time.Parse says %v", s, got, want)
		}
	})
}

func FuzzDate(f *testing.F) {
	seed(f, "2024-02-29", "2023-02-29", "0000-01-01")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.Date(s)
		_, err := time.Parse(time.DateOnly, s)
		if got != (err == nil) {
			t.Fatalf("Date(%q) = %v, time.Parse says %v", s, got, err)
		}
	})
}

func FuzzTime(f *testing.F) {
	seed(f, "23:59:60Z", "00:29:60-23:30", "12:00:00.5+01:00", "12:00:00,5Z")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.Time(s)
		// time.Parse needs a date for the leap second's UTC conversion.
		want := rfc3339(time.RFC3339Nano, "2000-01-02T"+s, 10)
		if got != want {
			t.Fatalf("Time(%q) = %v, time.Parse says %v", s, got, want)
		}
	})
}

// durationRe is RFC 3339 appendix A's duration, case-insensitive as ABNF.
var durationRe = regexp.MustCompile(`^(?i:P(?:(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)(?:T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S))?|T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)|[0-9]+W))$`)

func FuzzDuration(f *testing.F) {
	seed(f, "p1y2m3dt4h5m6s", "P1W", "PT1H1S")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := format.Duration(s), durationRe.MatchString(s); got != want {
			t.Fatalf("Duration(%q) = %v, the ABNF says %v", s, got, want)
		}
	})
}

// ldhHostRe is RFC 1123 host name syntax; the length limit is apart.
var ldhHostRe = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$`)

func FuzzHostname(f *testing.F) {
	seed(f, "xn--nxasmq6b", "XN--NXASMQ6B.com", "xn--4dbc5h.xn--0-gyc", "1host.xn--4dbc5h", "xn--e-ufa", "xn--e-xbb")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.Hostname(s)
		// A-labels are case-insensitive.
		if up := format.Hostname(strings.ToUpper(s)); utf8.ValidString(s) && up != got && !strings.ContainsFunc(s, func(r rune) bool { return r >= 0x80 }) {
			t.Fatalf("Hostname(%q) = %v, but %v in upper case", s, got, up)
		}
		for _, l := range strings.Split(s, ".") {
			if len(l) >= 4 && strings.EqualFold(l[:4], "xn--") {
				return // IDNA: no standard library reference
			}
		}
		if want := len(s) <= 253 && ldhHostRe.MatchString(s); got != want {
			t.Fatalf("Hostname(%q) = %v, RFC 1123 says %v", s, got, want)
		}
	})
}

// emailLocalRe is RFC 5321's Local-part: Dot-string / Quoted-string.
var emailLocalRe = regexp.MustCompile("^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*|\"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x20-\\x7e])*\")$")

func FuzzEmail(f *testing.F) {
	seed(f, `"a\"b"@example.com`, `a@[IPv6:::1]`, `a@[ipv6:::1]`, `a@xn--nxasmq6b.com`, strings.Repeat("a", 64)+"@b.c", strings.Repeat("a", 65)+"@b.c")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.Email(s)
		want := false
		if at := strings.LastIndexByte(s, '@'); at > 0 && len(s) <= 254 && at <= 64 && emailLocalRe.MatchString(s[:at]) {
			d := s[at+1:]
			if lit, ok := strings.CutPrefix(d, "["); ok {
				if lit, ok = strings.CutSuffix(lit, "]"); ok {
					if v6, ok := cutPrefixFold(lit, "IPv6:"); ok {
						want = ipv6Re.MatchString(v6)
					} else {
						addr, err := netip.ParseAddr(lit)
						want = err == nil && addr.Is4()
					}
				}
			} else {
				want = format.Hostname(d)
			}
		}
		if got != want {
			t.Fatalf("Email(%q) = %v, want %v", s, got, want)
		}
		// net/mail parses a superset (display names, comments, obsolete
		// forms): what Email accepts, it must accept, except address
		// literals, which it does not know, and the empty quoted local part
		// "", which RFC 5321 and RFC 5322 allow and it rejects.
		if got && !strings.Contains(s, "[") && !strings.HasPrefix(s, `""@`) {
			if _, err := mail.ParseAddress(s); err != nil {
				t.Fatalf("Email(%q) = true, but net/mail: %v", s, err)
			}
		}
	})
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// The RFC 3986 ABNF as regular expressions.
var (
	reUnreserved = `[A-Za-z0-9\-._~]`
	rePct        = `%[0-9A-Fa-f]{2}`
	reSubDelims  = `[!$&'()*+,;=]`
	rePChar      = `(?:` + reUnreserved + `|` + rePct + `|` + reSubDelims + `|[:@])`
	reDecOctet   = `(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])`
	reIPv4       = reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet
	reH16        = `[0-9A-Fa-f]{1,4}`
	reLs32       = `(?:` + reH16 + `:` + reH16 + `|` + reIPv4 + `)`
	reIPv6       = `(?:` + strings.Join([]string{
		`(?:` + reH16 + `:){6}` + reLs32,
		`::(?:` + reH16 + `:){5}` + reLs32,
		`(?:` + reH16 + `)?::(?:` + reH16 + `:){4}` + reLs32,
		`(?:(?:` + reH16 + `:){0,1}` + reH16 + `)?::(?:` + reH16 + `:){3}` + reLs32,
		`(?:(?:` + reH16 + `:){0,2}` + reH16 + `)?::(?:` + reH16 + `:){2}` + reLs32,
		`(?:(?:` + reH16 + `:){0,3}` + reH16 + `)?::` + reH16 + `:` + reLs32,
		`(?:(?:` + reH16 + `:){0,4}` + reH16 + `)?::` + reLs32,
		`(?:(?:` + reH16 + `:){0,5}` + reH16 + `)?::` + reH16,
		`(?:(?:` + reH16 + `:){0,6}` + reH16 + `)?::`,
	}, "|") + `)`
	reIPLiteral   = `\[(?:` + reIPv6 + `|v[0-9A-Fa-f]+\.(?:` + reUnreserved + `|` + reSubDelims + `|:)+)\]`
	reAuthority   = `(?:(?:` + reUnreserved + `|` + rePct + `|` + reSubDelims + `|:)*@)?(?:` + reIPLiteral + `|(?:` + reUnreserved + `|` + rePct + `|` + reSubDelims + `)*)(?::[0-9]*)?`
	reSegment     = rePChar + `*`
	reSegmentNZ   = rePChar + `+`
	reSegmentNZNC = `(?:` + reUnreserved + `|` + rePct + `|` + reSubDelims + `|@)+`
	reQuery       = `(?:` + rePChar + `|[/?])*`
	reTail        = `(?:\?` + reQuery + `)?(?:#` + reQuery + `)?`
	rePathAbEmpty = `(?:/` + reSegment + `)*`
	rePathAbs     = `/(?:` + reSegmentNZ + `(?:/` + reSegment + `)*)?`
	reURI         = `[A-Za-z][A-Za-z0-9+\-.]*:(?://` + reAuthority + rePathAbEmpty + `|` + rePathAbs + `|` + reSegmentNZ + `(?:/` + reSegment + `)*|)` + reTail
	reRelative    = `(?://` + reAuthority + rePathAbEmpty + `|` + rePathAbs + `|` + reSegmentNZNC + `(?:/` + reSegment + `)*|)` + reTail

	ipv6Re   = regexp.MustCompile(`^` + reIPv6 + `$`)
	uriRe    = regexp.MustCompile(`^` + reURI + `$`)
	uriRefRe = regexp.MustCompile(`^(?:` + reURI + `|` + reRelative + `)$`)
)

func FuzzURI(f *testing.F) {
	seed(f, "http://[v1.fe]/", "http://[::1]:80/a?b#c", "a:", "a:b/c", "http://a@b@c/", "http://%zz/")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.URI(s)
		if want := uriRe.MatchString(s); got != want {
			t.Fatalf("URI(%q) = %v, RFC 3986 ABNF says %v", s, got, want)
		}
		if got && !format.URIReference(s) {
			t.Fatalf("URI(%q) but not URIReference", s)
		}
	})
}

func FuzzURIReference(f *testing.F) {
	seed(f, "./a:b", "a:b", "//[::1]", "?#", "#%41")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := format.URIReference(s), uriRefRe.MatchString(s); got != want {
			t.Fatalf("URIReference(%q) = %v, RFC 3986 ABNF says %v", s, got, want)
		}
	})
}

var jsonPointerRe = regexp.MustCompile(`^(?:/(?:[^~/]|~[01])*)*$`)

func FuzzJSONPointer(f *testing.F) {
	seed(f, "/a~", "/~01", "/\xff")
	f.Fuzz(func(t *testing.T, s string) {
		got := format.JSONPointer(s)
		if want := utf8.ValidString(s) && jsonPointerRe.MatchString(s); got != want {
			t.Fatalf("JSONPointer(%q) = %v, RFC 6901 says %v", s, got, want)
		}
	})
}

func FuzzRegex(f *testing.F) {
	seed(f, `^[a-z]+$`, `(?<=a)b`, `\1(a)`, `(?i)a`)
	f.Fuzz(func(t *testing.T, s string) {
		got := format.Regex(s)
		_, err := ecma.Translate(s)
		var e *ecma.Error
		if invalid := errors.As(err, &e) && e.Kind == ecma.Syntax; got == invalid {
			t.Fatalf("Regex(%q) = %v, Translate: %v", s, got, err)
		}
	})
}

// uriTemplateRe is RFC 6570's ABNF (level 4), with the apostrophe among the
// literals (see URITemplate).
var uriTemplateRe = func() *regexp.Regexp {
	ucs := `\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}`
	for p := 1; p <= 0xd; p++ {
		ucs += fmt.Sprintf(`\x{%X0000}-\x{%XFFFD}`, p, p)
	}
	ucs += `\x{E1000}-\x{EFFFD}`
	private := `\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}`
	pct := `%[0-9A-Fa-f]{2}`
	literal := `(?:[\x21\x23\x24\x26-\x3B\x3D\x3F-\x5B\x5D\x5F\x61-\x7A\x7E` + ucs + private + `]|` + pct + `)`
	varchar := `(?:[A-Za-z0-9_]|` + pct + `)`
	varspec := varchar + `(?:\.?` + varchar + `)*(?:\*|:[1-9][0-9]{0,3})?`
	expression := `\{[+#./;?&=,!@|]?` + varspec + `(?:,` + varspec + `)*\}`
	return regexp.MustCompile(`^(?:` + literal + `|` + expression + `)*$`)
}()

func FuzzURITemplate(f *testing.F) {
	seed(f, "http://example.com/{term:1}/{term}", "{a..b}", "{v:01}", "a\U0001F600b", "{+a,b*}", "\ufffd")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := format.URITemplate(s), uriTemplateRe.MatchString(s) && utf8.ValidString(s); got != want {
			t.Fatalf("URITemplate(%q) = %v, RFC 6570 ABNF says %v", s, got, want)
		}
	})
}

func FuzzByte(f *testing.F) {
	seed(f, "QQ==", "QR==", "QUJD", "QU\nJD", "")
	f.Fuzz(func(t *testing.T, s string) {
		// The decoder skips line breaks; RFC 4648 does not allow them.
		_, err := base64.StdEncoding.Strict().DecodeString(s)
		if got, want := format.Byte(s), err == nil && !strings.ContainsAny(s, "\r\n"); got != want {
			t.Fatalf("Byte(%q) = %v, encoding/base64 says %v (%v)", s, got, want, err)
		}
	})
}

// fitsInt reports whether f is an integer of the given size, through its
// exact value in math/big.
func fitsInt(f float64, bits int) bool {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return false
	}
	x := new(big.Float).SetFloat64(f)
	if !x.IsInt() {
		return false
	}
	i, _ := x.Int(nil)
	_, err := strconv.ParseInt(i.String(), 10, bits)
	return err == nil
}

func FuzzInt32(f *testing.F) {
	for _, x := range []float64{0, 1.5, -2147483648, 2147483648, 1e300} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		if got, want := format.Int32(x), fitsInt(x, 32); got != want {
			t.Fatalf("Int32(%v) = %v, strconv says %v", x, got, want)
		}
	})
}

func FuzzInt64(f *testing.F) {
	for _, x := range []float64{0, 1.5, -9223372036854775808, 9223372036854775807, 1e300} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		if got, want := format.Int64(x), fitsInt(x, 64); got != want {
			t.Fatalf("Int64(%v) = %v, strconv says %v", x, got, want)
		}
	})
}

package format_test

import (
	"math"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/internal/format"
	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

// cases are checks beyond the suite's, per format: RFC corners and the
// choices the doc comments describe.
var cases = map[string]map[string]bool{
	"date-time": {
		"2024-02-29T12:00:00Z":           true,
		"2024-06-30T23:59:60Z":           true, // leap seconds are not restricted to real ones
		"2024-06-30t23:59:60.5z":         true,
		"2024-07-01T01:29:60+01:30":      true,
		"2024-01-01T00:00:00.Z":          false,
		"2024-01-01 00:00:00Z":           false,
		"2024-01-01T00:00:00,5Z":         false,
		"2024-01-01T00:00:00+0100":       false,
		"2024-01-01T00:00:00+01:00:00":   false,
		"2024-01-01T00:00:00":            false,
		"2024-01-01T00:00Z":              false,
		"2024-01-01":                     false,
		"2024-01-01T00:00:00.123456789Z": true,
	},
	"date": {
		"0000-02-29": true, // year 0 is a leap year in the proleptic Gregorian calendar
		"1900-02-29": false,
		"2000-02-29": true,
		"9999-12-31": true,
	},
	"time": {
		"00:00:00Z":          true,
		"23:59:59.999+23:59": true,
		"00:00:00-00:00":     true,
		"00:00:00+24:00":     false,
		"00:00:00.Z":         false,
		"00:00:00z ":         false,
		"23:59:60.9Z":        true,
		"00:59:60+01:00":     true,
		"00:59:60+01:01":     false,
	},
	"duration": {
		"P1Y2M3DT4H5M6S": true,
		"p1y2m3dt4h5m6s": true, // ABNF strings are case-insensitive
		"P1w":            true,
		"PT1H":           true,
		"P1DT":           false,
		"P1H":            false,
		"PT1Y":           false,
		"P1Y1Y":          false,
		"P1M1Y":          false,
		"PT1S1M":         false,
		"P":              false,
		"PW":             false,
		"P1W1D":          false,
	},
	"email": {
		`"a\"b"@example.com`:                     true,
		`"a\\b"@example.com`:                     true,
		`""@example.com`:                         true,
		`"a"b"@example.com`:                      false,
		`"a@example.com`:                         false,
		"\"a\tb\"@example.com":                   false,
		"a@[IPv6:::1]":                           true,
		"a@[ipv6:::1]":                           true,
		"a@[IPv6:1.2.3.4]":                       false,
		"a@[1.2.3.4]":                            true,
		"a@[::1]":                                false,
		"a@[tag:content]":                        false,
		"a@xn--bcher-kva.example":                true,
		"a@xn--bucher-xyd.example":               false,
		"a@example.com.":                         false,
		"a@localhost":                            true,
		"a.b@c":                                  true,
		strings.Repeat("a", 64) + "@example.com": true,
		strings.Repeat("a", 65) + "@example.com": false,
		"a@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 63) + "." + strings.Repeat("e", 60): true,
		"a@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 63) + "." + strings.Repeat("e", 61): false,
		"jöe@example.com": false,
	},
	"hostname": {
		"xn--bcher-kva":                  true,
		"XN--BCHER-KVA.example":          true,
		"xn--bucher-xyd":                 false, // "bu\u0308cher": not NFC
		"xn--9ca82i":                     true,  // "é\u0316" is NFC
		"xn--9ca45i":                     false, // "é\u0323" is not: NFC is "ẹ\u0301"
		"xn--lsa503l":                    true,  // "ẹ\u0301"
		"xn--1ca":                        true,  // "á"
		"xn--zca":                        true,  // "ß", PVALID by exception
		"xn--3xa":                        true,  // "ς"
		"xn--hxargifdar":                 true,  // "ελληνικά"
		"xn--4dbc":                       true,  // "אב"
		"xn--1-zhcd":                     true,  // "אב1": right-to-left, ends with a digit
		"xn--1-zhce":                     true,  // "א1ב"
		"xn--a-zhc":                      false, // "אa": L in a right-to-left label
		"xn--1-0hc":                      false, // "1א": starts with a digit
		"xn--ngb6i":                      true,  // "ب٠"
		"host.xn--4dbc":                  true,
		"a-1.xn--4dbc":                   true,
		"1host.xn--4dbc":                 false, // Bidi rule: a label of a Bidi domain name starts with L, R or AL
		"xn--4dbc.1host":                 false,
		"1host.example":                  true,
		"xn--11b6iy14e":                  true,  // "क्\u200d": ZWJ after a virama
		"xn--11b478i":                    false, // "क\u200d"
		"xn--vek160nb2a":                 true,  // "日本・"
		"xn--abc":                        false, // decodes to nothing valid
		"xn--":                           false,
		"xn---":                          false,
		"xn--a":                          false,
		"xn--ab-":                        false, // all ASCII: not an A-label
		"xn--bcher-kva1":                 false, // not canonical
		"ab--cd":                         true,
		"a":                              true,
		"a.b.c":                          true,
		"-a":                             false,
		"a..b":                           false,
		"a_b":                            false,
		strings.Repeat("a.", 126) + "a":  true,
		strings.Repeat("a.", 126) + "ab": false,
	},
	"ipv4": {
		"0.0.0.0":     true,
		"00.0.0.0":    false,
		"1.2.3.04":    false,
		"1.2.3.255":   true,
		"1.2.3.2555":  false,
		"1.2.3.":      false,
		"1.2.3.4\x00": false,
	},
	"ipv6": {
		"::":                    true,
		"::1:2:3:4:5:6:7":       true,
		"::1:2:3:4:5:6:7:8":     false,
		"1:2:3:4:5:6:7::":       true,
		"1:2:3:4:5:6:7:8::":     false,
		"1::2::3":               false,
		"::1.2.3.4":             true,
		"1:2:3:4:5:6:1.2.3.4":   true,
		"1:2:3:4:5:6:7:1.2.3.4": false,
		"1.2.3.4::":             false,
		"::1.2.3.4:1":           false,
		"ABCD:EF01::":           true,
		"fe80::1%eth0":          false,
		"fe80::1%":              false,
		"ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255": true,
		":::1":    false,
		"1:::":    false,
		"12345::": false,
	},
	"uri": {
		"a:":                    true,
		"a:b/c?d#e":             true,
		"urn:isbn:0451450523":   true,
		"http://[v1.fe]/":       true,
		"http://[V7.a:b]/":      true,
		"http://[v1.]/":         false,
		"http://[v.x]/":         false,
		"http://[::1]:8080/":    true,
		"http://[::1%25eth0]/":  false,
		"http://[::1]x/":        false,
		"http://a:b@host:/":     true,
		"http://a@b@host/":      false,
		"http://host:8a/":       false,
		"http://host/%41%zz":    false,
		"http://host/?a=%":      false,
		"http://host/#a#b":      false,
		"http://host/#?/":       true,
		"http://ex%41mple.com/": true,
		"file:///etc/passwd":    true,
		"http:":                 true,
		"+a:b":                  false,
		"a+-.:b":                true,
		"http://host/a b":       false,
		"http://host/\x00":      false,
	},
	"uri-reference": {
		"":            true,
		"#":           true,
		"?":           true,
		"a":           true,
		"a/b:c":       true,
		"a:b":         true, // a URI
		"1:b":         false,
		"/a:b":        true,
		"//a:b@c:1/d": true,
		"//[::1]":     true,
		"//[::1":      false,
		"%41":         true,
		"%4":          false,
		"a b":         false,
	},
	"uri-template": {
		"":                        true,
		"a{b}c":                   true,
		"{+a,b.c*,d:9999}":        true,
		"{=a}":                    true, // a reserved operator: the ABNF admits it
		"{a:10000}":               false,
		"{a:0}":                   false,
		"{a.}":                    false,
		"{.a}":                    true,
		"{a*:1}":                  false,
		"{a":                      false,
		"a}":                      false,
		"{a}{b}":                  true,
		"{{a}}":                   false,
		"%zz":                     false,
		"%4":                      false,
		"{%4}":                    false,
		"a'b":                     true,
		"a\"b":                    false,
		"a<b":                     false,
		"a|b":                     false,
		"a\x00b":                  false,
		"\u00a0":                  true,
		"\ufdd0":                  false, // a noncharacter
		"\U000e0001":              false, // a tag character: not a ucschar
		"\U000f0000":              true,  // iprivate
		"\U0001fffe":              false,
		"\xff":                    false, // not UTF-8
		"http://h/{?q,r}{#f}":     true,
		"{a,b,}":                  false,
		"{ a}":                    false,
		"{a b}":                   false,
		"{_1.%41b}":               true,
		"{a}x{b*}/{;c:3}{&d}{/e}": true,
	},
	"byte": {
		"":         true,
		"QQ==":     true,
		"QUI=":     true,
		"QUJD":     true,
		"QR==":     false, // non-zero bits after the last byte
		"QUJ=":     false,
		"QQ=":      false,
		"QQ":       false,
		"Q===":     false,
		"QQ==QQ==": false,
		"QU\nJD":   false,
		"QUJD\n":   false,
		"QU-D":     false, // URL alphabet
		"QU_D":     false,
		"+/+/":     true,
		"====":     false,
		"=QQQ":     false,
		"aGVsbG8=": true,
	},
	"uuid": {
		"2EB8AA08-AA98-11EA-B4AA-73B441D16380":   true,
		"{2eb8aa08-aa98-11ea-b4aa-73b441d16380}": false,
		"2eb8aa08-aa98-11ea-b4aa-73b441d16380 ":  false,
		"2eb8aa08-aa98-11ea-b4aa_73b441d16380":   false,
	},
	"json-pointer": {
		"/":     true,
		"//":    true,
		"/~0~1": true,
		"/~":    false,
		"/~2":   false,
		"~0":    false,
		"/\xff": false, // not UTF-8
		"/é/😀":  true,
	},
	"regex": {
		"^[a-z]+$":    true,
		"(?<=a)b":     true,
		"(a)\\1":      true,
		"\\1":         false,
		"[":           false,
		"(?i:a)":      true,
		"(?i)a":       false,
		"\\p{Letter}": true,
		"\\p{Letter":  false,
		"a{2,1}":      false,
	},
}

func TestCases(t *testing.T) {
	for name, m := range cases {
		for s, want := range m {
			known, got := format.Check(name, s)
			if !known || got != want {
				t.Errorf("Check(%q, %q) = %v, %v; want true, %v", name, s, known, got, want)
			}
		}
	}
}

func TestNames(t *testing.T) {
	names := format.Names()
	if !slices.IsSorted(names) || len(names) != 15 {
		t.Errorf("Names() = %v", names)
	}
	names[0] = "changed"
	if format.Names()[0] == "changed" {
		t.Error("Names returns its own array")
	}
	for _, name := range format.Names() {
		if known, _ := format.Check(name, ""); !known {
			t.Errorf("Check does not know %q", name)
		}
		f := format.Checker(name)
		if f == nil {
			t.Errorf("Checker(%q) = nil", name)
			continue
		}
		fn := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
		if want := "github.com/toolgen-go/toolgen/internal/format." + format.FuncName(name); fn != want {
			t.Errorf("Checker(%q) is %s; FuncName says %s", name, fn, want)
		}
		if _, ok := cases[name]; !ok {
			t.Errorf("no cases for %q", name)
		}
	}
	for _, name := range []string{"", "Date", "date-time ", "idn-hostname", "iri", "relative-json-pointer", "float", "password"} {
		if known, ok := format.Check(name, "x"); known || ok {
			t.Errorf("Check(%q) = %v, %v", name, known, ok)
		}
		if format.Checker(name) != nil || format.FuncName(name) != "" {
			t.Errorf("Checker or FuncName knows %q", name)
		}
	}
}

// TestAllocs checks that no checker allocates, on valid or invalid input:
// the suite's strings, the cases above and long inputs.
func TestAllocs(t *testing.T) {
	race.SkipAllocs(t)
	inputs := map[string][]string{}
	for _, file := range suiteFiles {
		for _, c := range loadSuite(t, file) {
			inputs[c.format] = append(inputs[c.format], c.data)
		}
	}
	long := []string{strings.Repeat("a", 10000), strings.Repeat("xn--bcher-kva.", 20), strings.Repeat("(", 63) + strings.Repeat(")", 63)}
	for name, m := range cases {
		for s := range m {
			inputs[name] = append(inputs[name], s)
		}
		inputs[name] = append(inputs[name], long...)
	}
	for name, list := range inputs {
		f := format.Checker(name)
		valid, invalid := 0, 0
		for _, s := range list {
			if f(s) {
				valid++
			} else {
				invalid++
			}
			if n := testing.AllocsPerRun(20, func() { f(s) }); n != 0 {
				t.Errorf("%s(%q): %v allocations", format.FuncName(name), s, n)
			}
		}
		t.Logf("%-13s 0 allocations on %d valid and %d invalid inputs", name, valid, invalid)
	}
}

// numberCases are checks of the number formats.
var numberCases = map[string][]struct {
	f    float64
	want bool
}{
	"int32": {
		{0, true}, {math.Copysign(0, -1), true}, {1, true}, {3.0, true}, {1.5, false}, {-2147483648, true},
		{2147483647, true}, {-2147483649, false}, {2147483648, false}, {1e10, false}, {math.Inf(1), false},
		{math.NaN(), false},
	},
	"int64": {
		{0, true}, {1.5, false}, {-9223372036854775808, true}, {9223372036854775807, false}, // 2^63 as a float64
		{9223372036854774784, true}, {1e19, false}, {-1e19, false}, {math.Inf(-1), false}, {math.NaN(), false},
		{1e-300, false},
	},
}

func TestNumberFormats(t *testing.T) {
	names := format.NumberNames()
	if !slices.Equal(names, []string{"int32", "int64"}) {
		t.Errorf("NumberNames() = %v", names)
	}
	for _, name := range names {
		for _, c := range numberCases[name] {
			f, want := c.f, c.want
			known, got := format.CheckNumber(name, f)
			if !known || got != want {
				t.Errorf("CheckNumber(%q, %v) = %v, %v; want true, %v", name, f, known, got, want)
			}
			if n := testing.AllocsPerRun(20, func() { format.CheckNumber(name, f) }); n != 0 && !race.Enabled {
				t.Errorf("CheckNumber(%q, %v): %v allocations", name, f, n)
			}
		}
		if format.FuncName(name) == "" {
			t.Errorf("FuncName(%q) is empty", name)
		}
		if known, _ := format.Check(name, "1"); known || format.Checker(name) != nil {
			t.Errorf("Check or Checker takes the number format %q for a string format", name)
		}
	}
	if known, ok := format.CheckNumber("float", 1); known || ok {
		t.Errorf("CheckNumber(float) = %v, %v", known, ok)
	}
}

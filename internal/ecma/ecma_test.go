package ecma

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

func TestTranslate(t *testing.T) {
	const ws = `\x{9}-\x{d} \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`
	for _, tc := range []struct{ in, want string }{
		{``, ``},
		{`^abc$`, `^abc$`},
		{`^[a-z0-9_-]+$`, `^[a-z0-9_\-]+$`},
		{`\d+`, `[0-9]+`},
		{`\D`, `[^0-9]`},
		{`[\d]`, `[0-9]`},
		{`[^\D]`, `[^\D]`},
		{`\w\W`, `[0-9A-Z_a-z][^0-9A-Z_a-z]`},
		{`[\w.]`, `[0-9A-Z_a-z\.]`},
		{`[\W]`, `[\W]`},
		{`\s`, `[` + ws + `]`},
		{`\S`, `[^` + ws + `]`},
		{`[\s\d]`, `[` + ws + `0-9]`},
		{`.`, `[^\n\r\x{2028}\x{2029}]`},
		{`(?s:.)`, `(?:(?s:.))`},
		{`(?s:(?-s:.))`, `(?:(?:[^\n\r\x{2028}\x{2029}]))`},
		{`(?-i:a)`, `(?:a)`},
		{`\/`, `\/`},
		{`a/b`, `a\/b`},
		{`(?<year>\d{4})-(?<m>\d\d)`, `(?P<year>[0-9]{4})\-(?P<m>[0-9][0-9])`},
		{`(?<é>x)`, `(x)`},
		{`(?<\u0061>x)`, `(x)`},
		{`(a)|(?:b)`, `(a)|(?:b)`},
		{`\uD83D\uDE00`, `😀`},
		{`\u{1F600}`, `😀`},
		{`\u{0000000041}`, `A`},
		{`[\uD83D\uDE00-\uD83D\uDE4F]`, `[😀-🙏]`},
		{`🐲*`, `🐲*`},
		{`\u00e9`, `é`},
		{`\u0301`, `\x{301}`},
		{`\cC\cc`, `\x{3}\x{3}`},
		{`\0`, `\x{0}`},
		{`\x41\t\n\v\f\r`, `A\x{9}\x{a}\x{b}\x{c}\x{d}`},
		{`[]`, `[^\x00-\x{10FFFF}]`},
		{`[^]`, `[\x00-\x{10FFFF}]`},
		{`[\b]`, `[\x{8}]`},
		{`\bfoo\B`, `\bfoo\B`},
		{`[-a]`, `[\-a]`},
		{`[a-]`, `[a\-]`},
		{`[--a]`, `[\--a]`},
		{`[\^]`, `[\^]`},
		{`[\]\\]`, `[\]\\]`},
		{`[[]`, `[\[]`},
		{`\p{Letter}`, `\p{L}`},
		{`\p{L}`, `\p{L}`},
		{`\P{Lu}`, `\P{Lu}`},
		{`\p{gc=Decimal_Number}`, `\p{Nd}`},
		{`\p{General_Category=digit}`, `\p{Nd}`},
		{`\p{Cased_Letter}`, `\p{LC}`},
		{`\p{Cn}`, `\p{Cn}`},
		{`[\p{L}\P{N}]`, `[\p{L}\P{N}]`},
		{`\p{Script=Greek}`, `\p{Greek}`},
		{`\p{sc=Grek}`, `\p{Greek}`},
		{`\p{Script=Old_Italic}`, `[𐌀-𐌣𐌭-𐌯]`},
		{`\p{sc=Ital}`, `[𐌀-𐌣𐌭-𐌯]`},
		{`\P{sc=Ital}`, `[^𐌀-𐌣𐌭-𐌯]`},
		{`\p{ASCII}`, `[\x{0}-\x{7f}]`},
		{`[^\p{ASCII}]`, `[^\x{0}-\x{7f}]`},
		{`[\P{ASCII}]`, `[\x{80}-\x{10ffff}]`},
		{`\p{ASCII_Hex_Digit}`, `[0-9A-Fa-f]`},
		{`\p{AHex}`, `[0-9A-Fa-f]`},
		{`\p{Any}`, `\p{Any}`},
		{`[\P{Any}]`, `[\P{Any}]`},
		{`\p{White_Space}`, `[\x{9}-\x{d} \x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]`},
		{`a{2,5}?`, `a{2,5}?`},
		{`a{2,}`, `a{2,}`},
		{`a{01}`, `a{1}`},
		{`a{3,3}`, `a{3}`},
		{`a{1000}`, `a{1000}`},
		{`a*?b+?c??`, `a*?b+?c??`},
		{`(?:a|b)*`, `(?:a|b)*`},
		{`(?<a>x)|(?<a>y)`, `(?P<a>x)|(?P<a>y)`},
		{`a b#c`, `a b\#c`},
		{`\$\^\.\*\+\?\(\)\[\]\{\}\|`, `\$\^\.\*\+\?\(\)\[\]\{\}\|`},
	} {
		got, err := Translate(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Translate(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
		if !IsValid(tc.in) {
			t.Errorf("IsValid(%q) = false", tc.in)
		}
	}
}

func TestTranslateRefuses(t *testing.T) {
	for _, tc := range []struct {
		in     string
		kind   Kind
		offset int
		token  string
		msg    string
	}{
		{`a(?=b)`, Unsupported, 1, `(?=`, "lookahead"},
		{`a(?!b)`, Unsupported, 1, `(?!`, "lookahead"},
		{`(?<=a)b`, Unsupported, 0, `(?<=`, "lookbehind"},
		{`(?<!a)b`, Unsupported, 0, `(?<!`, "lookbehind"},
		{`(a)\1`, Unsupported, 3, `\1`, "backreference"},
		{`\1(a)`, Unsupported, 0, `\1`, "backreference"},
		{`(?<n>a)\k<n>`, Unsupported, 7, `\k<n>`, "backreference"},
		{`(?i:a)`, Unsupported, 0, `(?i:`, "i modifier"},
		{`(?m:^a)`, Unsupported, 0, `(?m:`, "m modifier"},
		{`a{1001}`, Unsupported, 1, `{1001}`, "1000"},
		{`a{2,5000}`, Unsupported, 1, `{2,5000}`, "1000"},
		{`(a{1000}){1000}`, Unsupported, 0, `(a{1000}){1000}`, "rejects"},
		{`\p{Emoji}`, Unsupported, 0, `\p{Emoji}`, "Emoji"},
		{`\p{scx=Greek}`, Unsupported, 0, `\p{scx=Greek}`, "Script_Extensions"},
		{`\uD800`, Unsupported, 0, `\uD800`, "lone surrogate"},
		{`[\uDC00-\uDFFF]`, Unsupported, 1, `\uDC00-\uDFFF`, "lone surrogate"},
		{`\a`, Syntax, 0, `\a`, "invalid escape"},
		{`\-`, Syntax, 0, `\-`, "invalid escape"},
		{`\é`, Syntax, 0, `\é`, "invalid escape"},
		{`\`, Syntax, 0, `\`, "end of pattern"},
		{`a{`, Syntax, 1, `{`, "lone {"},
		{`a{1`, Syntax, 1, `{`, "lone {"},
		{`a{,1}`, Syntax, 1, `{`, "lone {"},
		{`a}`, Syntax, 1, `}`, "lone }"},
		{`a]`, Syntax, 1, `]`, "lone ]"},
		{`a{2,1}`, Syntax, 1, `{2,1}`, "out of order"},
		{`*a`, Syntax, 0, `*`, "nothing to repeat"},
		{`a**`, Syntax, 2, `*`, "nothing to repeat"},
		{`^*`, Syntax, 1, `*`, "nothing to repeat"},
		{`(?=a)*`, Syntax, 5, `*`, "nothing to repeat"},
		{`(`, Syntax, 0, `(`, "missing )"},
		{`a)`, Syntax, 1, `)`, "unmatched )"},
		{`[a`, Syntax, 0, `[`, "unterminated"},
		{`[\d-z]`, Syntax, 1, `\d-z`, "range"},
		{`[z-a]`, Syntax, 1, `z-a`, "out of order"},
		{`\2(a)`, Syntax, 0, `\2`, "does not exist"},
		{`\k<n>`, Syntax, 0, `\k<n>`, "names no group"},
		{`\k`, Syntax, 0, `\k`, "<name>"},
		{`(?<1a>x)`, Syntax, 3, `1a`, "invalid group name"},
		{`(?<a>x)(?<a>y)`, Syntax, 10, `a`, "duplicate"},
		{`(?P<n>x)`, Syntax, 0, `(?P`, "invalid group"},
		{`(?i)a`, Syntax, 0, `(?i)`, "invalid group"},
		{`(?ii:a)`, Syntax, 0, `(?ii`, "twice"},
		{`(?i-i:a)`, Syntax, 0, `(?i-i`, "twice"},
		{`(?-:a)`, Syntax, 0, `(?-:`, "nothing"},
		{`\p{Foo}`, Syntax, 0, `\p{Foo}`, "unknown"},
		{`\p{Greek}`, Syntax, 0, `\p{Greek}`, "unknown"},
		{`\p{letter}`, Syntax, 0, `\p{letter}`, "unknown"},
		{`\p{L`, Syntax, 0, `\p{`, "unterminated"},
		{`\pL`, Syntax, 0, `\p`, "{property}"},
		{`\c1`, Syntax, 0, `\c`, "ASCII letter"},
		{`\x4`, Syntax, 0, `\x`, "hexadecimal"},
		{`\u12`, Syntax, 0, `\u`, `\u`},
		{`\u{110000}`, Syntax, 0, `\u`, `\u`},
		{`\01`, Syntax, 0, `\01`, "octal"},
		{`[\1]`, Syntax, 1, `\1`, "invalid escape"},
		{`[\B]`, Syntax, 1, `\B`, "invalid escape"},
		{"a\xffb", Syntax, 1, "\xff", "UTF-8"},
	} {
		got, err := Translate(tc.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Translate(%q) = %q, %v; want an *Error", tc.in, got, err)
			continue
		}
		if e.Kind != tc.kind || e.Offset != tc.offset || e.Token != tc.token || !strings.Contains(e.Msg, tc.msg) || e.Pattern != tc.in {
			t.Errorf("Translate(%q): %+v; want kind %v, offset %d, token %q, message with %q", tc.in, *e, tc.kind, tc.offset, tc.token, tc.msg)
		}
		if !strings.Contains(e.Error(), tc.msg) {
			t.Errorf("Translate(%q): Error() = %q lacks %q", tc.in, e.Error(), tc.msg)
		}
		if valid := IsValid(tc.in); valid != (tc.kind == Unsupported) {
			t.Errorf("IsValid(%q) = %v", tc.in, valid)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := Translate(`^(?=a)b$`)
	want := `regular expression "^(?=a)b$" at offset 1 ("(?="): unsupported: lookahead: RE2 has no lookaround`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestIsValid(t *testing.T) {
	valid := []string{
		``, `a|`, `|`, `()`, `(?:)`, `a||b`, `[]`, `[^]`, `\cA`, `\cz`, `(?<name>x)`, `(?<n>a)\k<n>`,
		`\k<n>(?<n>a)`, `(?<=a+)b`, `(?<!a)b`, `(?=a)b`, `(?!a)`, `(a)\1`, `(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10`,
		`(?<a>x)|(?<a>y)`, `(?:(?<a>x)|(?<a>y))`, `(?<a>x)|((?<a>y)|(?<a>z))`, `(?<$>x)`, `(?<_a1>x)`,
		`(?<\u{61}b>x)\k<ab>`, `(?<\uD835\uDC9C>x)`, `(?<𝒜>x)\k<\u{1d49c}>`,
		`(?i:a)`, `(?ims:a)`, `(?i-ms:a)`, `(?-ims:a)`, `(?s-:a)`, `a{0}`, `a{1,}`, `a{1,2}?`, `a{99999999999999}`,
		`\p{Script_Extensions=Latin}`, `\p{scx=Latn}`, `\p{Emoji}`, `\P{XIDS}`, `\p{Script=Unknown}`, `\p{sc=Zzzz}`,
		`[\p{L}-]`, `[-\d]`, `[\d-]`, `[\-]`, `[\b\cA\0\x41\u0041\u{41}]`, `[(){}|*+?.^$/]`, `\u{10FFFF}`,
		`[\uD800]`, `\uDBFF\uDFFF`, `\uD800x`, `\/`, `\^\$\\\.\*\+\?\(\)\[\]\{\}\|`, `a{1}{`[:0] + `b`,
		"\u00e9", "😀", `^\d{4}-\d{2}-\d{2}$`, `([abc])+\s+$`,
	}
	for _, p := range valid {
		if !IsValid(p) {
			_, err := Translate(p)
			t.Errorf("IsValid(%q) = false (%v)", p, err)
		}
	}
	invalid := []string{
		`(`, `)`, `[`, `]`, `{`, `}`, `{1}`, `a{1}{2}`, `a{2,1}`, `a**`, `a*??`, `+`, `?`, `|*`, `(*)`, `^*`, `$+`, `\b*`,
		`(?=a)+`, `(?<=a){2}`, `\`, `\a`, `\e`, `\g`, `\z`, `\Z`, `\A`, `\-`, `\ `, `\_`, `\'`, `\8`, `\1`,
		`(a)\2`, `\k<a>`, `\k<a`, `\k`, `\ka`, `(?<a>x)(?<a>y)`, `(?<a>x)((?<a>y))`, `((?<a>x)|y)(?<a>z)`,
		`(?<>x)`, `(?<1>x)`, `(?<a-b>x)`, `(?<a`, `(?<a>`, `(?P<name>x)`, `(?P<n>a)(?P=n)`, `(?#comment)a`, `(?i)abc`,
		`(?ims)abc`, `(?x:a)`, `(?-:a)`, `(?--i:a)`, `(?i-i:a)`, `(?ii:a)`, `(?i`, `(?`, `(?<`, `[z-a]`, `[\d-z]`,
		`[a-\d]`, `[\s-\S]`, `[\1]`, `[\B]`, `[\k<a>]`, `[\c1]`, `[\c_]`, `\c`, `\c1`, `\x`, `\x1`, `\xg1`, `\u`,
		`\u123`, `\u{}`, `\u{110000}`, `\u{12`, `\00`, `\01`, `\p`, `\p{}`, `\p{Foo}`, `\p{L`, `\pL`, `\p{letter}`,
		`\p{Greek}`, `\p{Script}`, `\p{Script=}`, `\p{Script=Foo}`, `\p{General_Category=Greek}`, `\p{ASCII=Y}`,
		`\p{Foo=L}`, `\p{Script_Extensions=L}`, `\p{ sc=Greek}`, "\xff", "a\xc3",
	}
	for _, p := range invalid {
		if IsValid(p) {
			t.Errorf("IsValid(%q) = true", p)
		}
		if _, err := Translate(p); err == nil || err.(*Error).Kind != Syntax {
			t.Errorf("Translate(%q): %v, want a syntax error", p, err)
		}
	}
}

// TestTranslateMatches checks the meaning of translations on strings where
// ECMA-262 and RE2 differ unless translated.
func TestTranslateMatches(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		match   []string
		nomatch []string
	}{
		{`^abc$`, []string{"abc"}, []string{"abc\n", "abc\r", "\nabc"}},
		{`^.$`, []string{"a", "é", "😀", "\u0085", "\t"}, []string{"\n", "\r", "\u2028", "\u2029", "", "ab"}},
		{`^(?s:.)$`, []string{"\n", "\r", "\u2028", "😀"}, []string{""}},
		{`^\d$`, []string{"0", "9"}, []string{"\u07c0", "৪", "a"}},
		{`^\D$`, []string{"\u07c0", "a"}, []string{"0"}},
		{`^\w$`, []string{"a", "Z", "_", "0"}, []string{"é", "\u017f", "\u212a", "-"}},
		{`^\W$`, []string{"é", "-"}, []string{"a"}},
		{`^\s$`, []string{" ", "\t", "\v", "\f", "\n", "\r", "\u00a0", "\ufeff", "\u2028", "\u2029", "\u2003", "\u3000", "\u1680"},
			[]string{"\u0001", "\u0085", "\u180e", "\u200b", "–", "a"}},
		{`^\S$`, []string{"\u0001", "\u0085", "–", "a"}, []string{" ", "\ufeff", "\u2029", "\u00a0"}},
		{`^[^\s]$`, []string{"a"}, []string{" ", "\ufeff"}},
		{`^[\S]$`, []string{"a", "\u0085"}, []string{" ", "\ufeff"}},
		{`\bfoo\b`, []string{"a foo b", "foo"}, []string{"éfooé"[:0] + "afoo"}},
		{`^[]$`, nil, []string{"", "a"}},
		{`^[^]$`, []string{"a", "\n", "😀"}, []string{"", "ab"}},
		{`^\uD83D\uDE00$`, []string{"😀"}, []string{"\uFFFD"}},
		{`^🐲*$`, []string{"", "🐲", "🐲🐲"}, []string{"🐉", "D"}},
		{`^\p{Letter}cole`, []string{"école"}, []string{"1cole"}},
		{`^\p{digit}+$`, []string{"42", "৪২"}, []string{"-%#"}},
		{`^\p{Script=Old_Italic}$`, []string{"\U00010300"}, []string{"a"}},
		{`^\p{Lowercase}$`, []string{"a", "ª", "ʰ"}, []string{"A"}},
		{`^\p{Alphabetic}$`, []string{"a", "\u0345"}, []string{"1"}},
		{`^\p{Assigned}$`, []string{"a"}, []string{"\u0378"}},
		{`^\p{Script=Unknown}$`, []string{"\u0378"}, []string{"a"}},
		{`^[\w-]+$`, []string{"a-b"}, []string{"a b"}},
		{`^a{2,3}$`, []string{"aa", "aaa"}, []string{"a", "aaaa"}},
		{`^\cJ$`, []string{"\n"}, []string{"J"}},
		{`^[\cJ]$`, []string{"\n"}, []string{"c"}},
		{`^(?<y>\d{4})-\d{2}$`, []string{"2024-01"}, []string{"24-01"}},
	} {
		re2, err := Translate(tc.pattern)
		if err != nil {
			t.Errorf("Translate(%q): %v", tc.pattern, err)
			continue
		}
		re := regexp.MustCompile(re2)
		for _, s := range tc.match {
			if !re.MatchString(s) {
				t.Errorf("%q (as %q) does not match %q", tc.pattern, re2, s)
			}
		}
		for _, s := range tc.nomatch {
			if re.MatchString(s) {
				t.Errorf("%q (as %q) matches %q", tc.pattern, re2, s)
			}
		}
	}
}

// TestDeepNesting checks that deep nesting costs no recursion and that
// many named groups work past the on-stack tables.
func TestDeepNesting(t *testing.T) {
	const n = 100000
	deep := strings.Repeat("(", n) + "a" + strings.Repeat(")", n)
	if !IsValid(deep) {
		t.Error("deep pattern invalid")
	}
	if IsValid(deep + ")") {
		t.Error("unbalanced deep pattern valid")
	}
	var b strings.Builder
	name := func(i int) string { return "g" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) }
	for i := 0; i < 200; i++ {
		if i > 0 {
			b.WriteString("|")
		}
		b.WriteString("(?<" + name(i) + ">x)")
	}
	b.WriteString(`\k<ga>`)
	if !IsValid(b.String()) {
		t.Error("many duplicate names in different alternatives invalid")
	}
	if IsValid(b.String() + "(?<" + name(199) + ">y)") {
		t.Error("a duplicate name in the same alternative valid")
	}
	if !IsValid(b.String() + "(?<" + name(0) + ">y)") {
		t.Error("a duplicate name in a different alternative invalid")
	}
	if IsValid(b.String() + `\k<nope>`) {
		t.Error("a reference to no group valid")
	}
}

func TestIsValidAllocs(t *testing.T) {
	race.SkipAllocs(t)
	patterns := []string{
		`^[a-z0-9_-]+$`, `(?<year>\d{4})-(?<m>\d\d)\k<m>`, `(?<a>x)|(?<a>y)`, `\p{Script=Greek}\P{L}[\p{Lu}\d]`,
		`(?<=a)b(?!c)`, `\uD83D\uDE00`, `^(abc]`, `\a`, `(?P<n>x)`, `\k<nope>`, `\p{Nope}`, `[z-a]`,
		strings.Repeat("(", 63) + strings.Repeat(")", 63),
	}
	for _, p := range patterns {
		if n := testing.AllocsPerRun(100, func() { IsValid(p) }); n != 0 {
			t.Errorf("IsValid(%q): %v allocations", p, n)
		}
	}
}

func BenchmarkIsValid(b *testing.B) {
	for _, bc := range []struct{ name, p string }{
		{"simple", `^[a-z0-9_-]+$`},
		{"date", `^(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})$`},
		{"invalid", `^(abc]`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				IsValid(bc.p)
			}
		})
	}
}

func BenchmarkTranslate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Translate(`^(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})$`); err != nil {
			b.Fatal(err)
		}
	}
}

// TestManyDuplicates checks that many groups of one name cost linear time.
func TestManyDuplicates(t *testing.T) {
	p := strings.Repeat("(?<a>x)|", 50000) + `(?<a>x)\k<a>`
	start := time.Now()
	if !IsValid(p) {
		t.Error("invalid")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("IsValid took %v", d)
	}
}

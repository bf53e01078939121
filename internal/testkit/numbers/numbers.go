// Package numbers draws the schemas and instances of the differential
// tests of number keywords: minimum, maximum, exclusiveMinimum,
// exclusiveMaximum (numbers, or draft-04's booleans), multipleOf, enum and
// const with random values, and numbers around those values spelled every
// way JSON allows: plain integers and decimals, e-notation with any
// mantissa, trailing zeros, huge and tiny exponents, negative zero, integers
// beyond 2^53 and decimals that round to the same float64 as a bound
// without being equal to it.
package numbers

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Anchors are numbers where float64 comparisons go wrong: beyond 2^53,
// where a float64 is not the decimal it was read from, at the ends of the
// float64 range, below it (1e-400 reads as 0), and short decimals.
var Anchors = []string{
	"0", "1", "-1", "3", "7", "0.1", "0.3", "0.5", "2.5", "-2.5", "1.5", "0.30000000000000004",
	"1e23", "-1e23", "1e22", "6e24", "8e24", "1e21", "1e308", "-1e308", "1.7976931348623157e308",
	"9007199254740992", "9007199254740993", "-9007199254740993", "9223372036854775807", "9223372036854775808",
	"18446744073709551615", "18446744073709551616", "1152921504606846976", "123456789012345678901234567890",
	"5e-324", "4.9406564584124654e-324", "2.2250738585072014e-308", "1e-320", "1e-400", "-1e-400", "1e-7",
	"1e-5", "123456789.123456789123", "0.1000000000000000055511151231257827",
}

// Num is an exact decimal number: M × 10^E.
type Num struct {
	M *big.Int
	E int
}

// Parse reads a JSON number exactly.
func Parse(s string) Num {
	mant, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil {
			panic(fmt.Sprintf("numbers: %q: %v", s, err))
		}
		exp = e
	}
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		exp -= len(mant) - i - 1
		mant = mant[:i] + mant[i+1:]
	}
	m, ok := new(big.Int).SetString(mant, 10)
	if !ok {
		panic(fmt.Sprintf("numbers: %q is not a number", s))
	}
	return Num{m, exp}.norm()
}

// norm strips the trailing zeros of M.
func (n Num) norm() Num {
	if n.M.Sign() == 0 {
		return Num{new(big.Int), 0}
	}
	m, e := new(big.Int).Set(n.M), n.E
	ten, r := big.NewInt(10), new(big.Int)
	for {
		q, rem := new(big.Int).QuoRem(m, ten, r)
		if rem.Sign() != 0 {
			break
		}
		m, e = q, e+1
	}
	return Num{m, e}
}

// Rat is the number's exact value.
func (n Num) Rat() *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(n.E))), nil)
	if n.E >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Mul(n.M, p))
	}
	return new(big.Rat).SetFrac(n.M, p)
}

func abs(x int) int { return max(x, -x) }

// Add returns n + 10^k × d.
func (n Num) Add(d int64, k int) Num {
	e := min(n.E, k)
	a := new(big.Int).Mul(n.M, pow10(n.E-e))
	b := new(big.Int).Mul(big.NewInt(d), pow10(k-e))
	return Num{a.Add(a, b), e}.norm()
}

// Mul returns n × k.
func (n Num) Mul(k int64) Num { return Num{new(big.Int).Mul(n.M, big.NewInt(k)), n.E}.norm() }

// Neg returns -n.
func (n Num) Neg() Num { return Num{new(big.Int).Neg(n.M), n.E} }

func pow10(k int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil) }

// Lead is the exponent of the leading digit: 2 for 123, -1 for 0.5.
func (n Num) Lead() int {
	if n.M.Sign() == 0 {
		return 0
	}
	return len(new(big.Int).Abs(n.M).String()) - 1 + n.E
}

// InFloatRange reports whether a float64 holds n without overflow, as
// encoding/json and toolgen require (1e400 is bad_number); a number too
// small for a float64 (1e-400) reads as 0, and is in range.
func (n Num) InFloatRange() bool {
	if n.Lead() > 310 {
		return false
	}
	_, err := strconv.ParseFloat(n.String(), 64)
	return err == nil
}

// String writes n in e-notation, its digits as they are.
func (n Num) String() string { return n.M.String() + "e" + strconv.Itoa(n.E) }

// Float64 is the float64 nearest to n.
func (n Num) Float64() float64 {
	f, _ := strconv.ParseFloat(n.String(), 64)
	return f
}

// FromFloat is the exact value of a finite float64.
func FromFloat(f float64) Num {
	if f == math.Trunc(f) {
		return Parse(strconv.FormatFloat(f, 'f', 0, 64))
	}
	return Parse(strconv.FormatFloat(f, 'e', 767, 64))
}

// Spell writes n as JSON, in a form drawn at random: a plain integer or
// decimal, or e-notation with the point anywhere, trailing zeros, an
// exponent with a sign or leading zeros, E or e; zero also as -0.
func Spell(r *rand.Rand, n Num) string {
	if n.M.Sign() == 0 {
		return []string{"0", "-0", "0.0", "-0.0", "0e10", "-0E-3", "0.000", "0e-400"}[r.IntN(8)]
	}
	sign := ""
	if n.M.Sign() < 0 {
		sign = "-"
	}
	digits := new(big.Int).Abs(n.M).String()
	e := n.E
	if z := r.IntN(4); z > 0 && r.IntN(3) == 0 {
		digits += strings.Repeat("0", z)
		e -= z
	}
	plainLen := len(digits) + abs(e)
	if r.IntN(2) == 0 && plainLen < 400 {
		switch {
		case e >= 0:
			return sign + digits + strings.Repeat("0", e)
		case len(digits) > -e:
			return sign + digits[:len(digits)+e] + "." + digits[len(digits)+e:]
		default:
			return sign + "0." + strings.Repeat("0", -e-len(digits)) + digits
		}
	}
	p := 1 + r.IntN(len(digits))
	mant := digits[:p]
	if p < len(digits) {
		mant += "." + digits[p:]
	}
	exp := e + len(digits) - p
	mark := "e"
	if r.IntN(3) == 0 {
		mark = "E"
	}
	es := strconv.Itoa(abs(exp))
	if r.IntN(5) == 0 {
		es = "0" + es
	}
	switch {
	case exp < 0:
		es = "-" + es
	case r.IntN(3) == 0:
		es = "+" + es
	}
	return sign + mant + mark + es
}

// Random draws a number: an anchor, or random digits at a random exponent,
// mostly near 1, sometimes at the ends of the float64 range.
func Random(r *rand.Rand) Num {
	if r.IntN(3) == 0 {
		return Parse(Anchors[r.IntN(len(Anchors))])
	}
	nd := 1 + r.IntN(20)
	if r.IntN(3) > 0 {
		nd = 1 + r.IntN(3)
	}
	b := make([]byte, nd)
	for i := range b {
		b[i] = byte('0' + r.IntN(10))
	}
	b[0] = byte('1' + r.IntN(9))
	m, _ := new(big.Int).SetString(string(b), 10)
	if r.IntN(3) == 0 {
		m.Neg(m)
	}
	e := r.IntN(13) - 6
	switch r.IntN(8) {
	case 0:
		e = r.IntN(620) - 330 - nd
	case 1:
		e = r.IntN(30) + 10
	}
	return Num{m, e}.norm()
}

// Positive draws a number greater than 0, for multipleOf.
func Positive(r *rand.Rand) Num {
	for {
		n := Random(r)
		if n.M.Sign() < 0 {
			n = n.Neg()
		}
		if n.M.Sign() > 0 && n.Lead() > -420 && n.Lead() < 40 {
			return n
		}
	}
}

// Schema is a schema of number keywords.
type Schema struct {
	Doc     []byte // the schema document, with its $schema
	Draft   string // the URI of its $schema
	Body    string // the schema without its $schema
	Draft4  bool   // draft-04: exclusiveMinimum and exclusiveMaximum are booleans
	Numbers []Num  // the numbers it holds, around which instances are drawn
	Wrap    string // "", "property" ({"n": x}), "items" ([x, ...]) or "anyOf"
}

// RandomSchema draws a schema: a type (or none), some of the number
// keywords with values drawn by Random and spelled by Spell, in draft
// 2020-12, draft-07 or draft-04, checking a number, the member n of an
// object, the items of an array (unique or not) or a branch of anyOf.
func RandomSchema(r *rand.Rand) Schema {
	var s Schema
	var members []string
	draft := []string{"https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-04/schema#"}[r.IntN(3)]
	s.Draft4 = strings.Contains(draft, "draft-04")
	add := func(k, v string) { members = append(members, strconv.Quote(k)+":"+v) }
	num := func(n Num) string {
		s.Numbers = append(s.Numbers, n)
		return Spell(r, n)
	}
	switch r.IntN(6) {
	case 0, 1:
		add("type", `"number"`)
	case 2, 3:
		add("type", `"integer"`)
	case 4:
		add("type", `["integer","string"]`)
	}
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		switch {
		case r.IntN(5) > 1:
		case !s.Draft4:
			add(k, num(Random(r)))
		case k == "minimum" || k == "maximum":
			add(k, num(Random(r)))
			if r.IntN(2) == 0 {
				// Draft-04's exclusiveMinimum and exclusiveMaximum make
				// the bound beside them exclusive, or not.
				add("exclusive"+strings.ToUpper(k[:1])+k[1:], strconv.FormatBool(r.IntN(3) > 0))
			}
		}
	}
	if r.IntN(4) == 0 {
		add("multipleOf", num(Positive(r)))
	}
	if r.IntN(4) == 0 {
		var items []string
		var drawn []Num
	values:
		for range 1 + r.IntN(4) {
			n := Random(r)
			for _, d := range drawn {
				if s.Draft4 && d.Rat().Cmp(n.Rat()) == 0 {
					continue values // draft-04's enum has unique items
				}
			}
			drawn = append(drawn, n)
			items = append(items, num(n))
		}
		if r.IntN(4) == 0 {
			items = append(items, strconv.Quote(Spell(r, Random(r))))
		}
		add("enum", "["+strings.Join(items, ",")+"]")
	}
	if !s.Draft4 && r.IntN(8) == 0 {
		add("const", num(Random(r)))
	}
	inner := "{" + strings.Join(members, ",") + "}"
	var doc string
	switch r.IntN(6) {
	case 0:
		s.Wrap, doc = "property", `{"type":"object","properties":{"n":`+inner+`},"required":["n"]}`
	case 1:
		s.Wrap = "items"
		unique := ""
		if r.IntN(2) == 0 {
			unique = `,"uniqueItems":true`
		}
		doc = `{"type":"array","items":` + inner + unique + `}`
	case 2:
		s.Wrap, doc = "anyOf", `{"anyOf":[`+inner+`,{"type":"boolean"}]}`
	default:
		doc = inner
	}
	s.Draft, s.Body = draft, doc
	s.Doc = s.with(doc)
	return s
}

// with is a schema document of the schema's draft.
func (s Schema) with(body string) []byte {
	if body == "{}" {
		return []byte(`{"$schema":` + strconv.Quote(s.Draft) + "}")
	}
	return []byte(`{"$schema":` + strconv.Quote(s.Draft) + "," + body[1:])
}

// DoubleNot is the same schema under not twice, whose verdict is the
// schema's: a validator checks it through its match functions, the code
// that decides the branches of anyOf, oneOf, not and if.
func (s Schema) DoubleNot() []byte { return s.with(`{"not":{"not":` + s.Body + `}}`) }

// Near draws a number near n: n itself, n moved by far less than its
// float64's precision (the same float64, another number), its float64
// exactly or as its shortest decimal, the float64s next to it, a multiple
// of it, or its negation.
func Near(r *rand.Rand, n Num) Num {
	switch r.IntN(9) {
	case 0:
		return n
	case 1, 2:
		k := n.Lead() - 17 - r.IntN(10)
		if n.M.Sign() == 0 {
			k = -r.IntN(400)
		}
		return n.Add(int64(1-2*r.IntN(2)), k)
	case 3:
		if f := n.Float64(); !math.IsInf(f, 0) {
			return FromFloat(f)
		}
	case 4:
		if f := n.Float64(); !math.IsInf(f, 0) {
			return Parse(strconv.FormatFloat(f, 'e', -1, 64))
		}
	case 5:
		if f := n.Float64(); !math.IsInf(f, 0) {
			g := math.Nextafter(f, math.Inf(1-2*r.IntN(2)))
			if !math.IsInf(g, 0) {
				return Parse(strconv.FormatFloat(g, 'e', -1, 64))
			}
		}
	case 6:
		return n.Mul(int64(r.IntN(7) - 3))
	case 7:
		return n.Mul(int64(r.IntN(7)-3)).Add(int64(1-2*r.IntN(2)), n.E-r.IntN(20))
	}
	return n.Neg()
}

// Instance draws a JSON instance for s: a number near one of its numbers,
// or a random one, in range for a float64, spelled by Spell and wrapped as
// s checks it; now and then a value that is not a number.
func Instance(r *rand.Rand, s Schema) string {
	var drawn []Num
	one := func() string {
		if r.IntN(20) == 0 {
			return []string{`"1"`, `true`, `null`, `"x"`}[r.IntN(4)]
		}
		if len(drawn) > 0 && r.IntN(2) == 0 {
			return Spell(r, drawn[r.IntN(len(drawn))]) // an item again, for uniqueItems
		}
		for {
			var n Num
			if len(s.Numbers) > 0 && r.IntN(5) > 0 {
				n = Near(r, s.Numbers[r.IntN(len(s.Numbers))])
			} else {
				n = Random(r)
			}
			if n.InFloatRange() {
				drawn = append(drawn, n)
				return Spell(r, n)
			}
		}
	}
	switch s.Wrap {
	case "property":
		return `{"n":` + one() + `}`
	case "items":
		items := []string{one()}
		for range r.IntN(3) {
			items = append(items, one())
		}
		return "[" + strings.Join(items, ",") + "]"
	}
	return one()
}

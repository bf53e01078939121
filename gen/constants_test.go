package gen_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/internal/value"
)

// packageVars matches the package-level variables of generated code.
var packageVars = regexp.MustCompile(`(?m)^var \w+ = `)

// constantSchemas are schemas holding the numbers x and y in two constants
// of one kind each: a const array (compared with value.Equal), a numeric
// enum (a table looked up with Compare), an enum of mixed kinds (a []any),
// and a const object whose members come in another order.
func constantSchemas(x, y string) map[string]string {
	props := func(a, b string) string {
		return `{"type":"object","properties":{"a":` + a + `,"b":` + b + `}}`
	}
	return map[string]string{
		"const array":  props(`{"const":[`+x+`]}`, `{"const":[`+y+`]}`),
		"number enum":  props(`{"type":"number","enum":[`+x+`,2]}`, `{"type":"number","enum":[2,`+y+`]}`),
		"mixed enum":   props(`{"enum":[`+x+`,"s"]}`, `{"enum":[`+y+`,"s"]}`),
		"const object": props(`{"const":{"p":`+x+`,"q":true}}`, `{"const":{"q":true,"p":`+y+`}}`),
	}
}

// constantVars compiles schema and returns how many package-level variables
// its constants take.
func constantVars(t *testing.T, schema string) int {
	t.Helper()
	src, _, err := gen.CompileSchema([]byte(schema), "main", "ValidateConstants", "constants.json", gen.Options{})
	require.NoError(t, err, schema)
	return len(packageVars.FindAll(src, -1))
}

// TestConstantsDedupedAsTheRuntimeCompares: two constants share a variable
// (or a table) exactly when the run time's value.Equal calls them equal, by
// the exact value of their numbers whatever their spelling, never by their
// float64s: 1e23 and 100000000000000000000000 are one number,
// 9007199254740993 and 9007199254740992 two (one float64), 1e-400 and 0 two
// (one float64), 0.1 and 1e-1 one.
func TestConstantsDedupedAsTheRuntimeCompares(t *testing.T) {
	for _, c := range []struct {
		x, y  string
		equal bool
	}{
		{"1e23", "100000000000000000000000", true},
		{"1e23", "99999999999999991611392", false},
		{"9007199254740993", "9007199254740992", false},
		{"9007199254740993", "90071992547409930e-1", true},
		{"1e-400", "0", false},
		{"-0", "0e5", true},
		{"0.1", "1e-1", true},
		{"0.1", "0.1000000000000000055511151231257827", false},
		{"1.5", "15E-1", true},
	} {
		require.Equal(t, c.equal, value.Equal(json.Number(c.x), json.Number(c.y)), "%s and %s", c.x, c.y)
		for kind, schema := range constantSchemas(c.x, c.y) {
			want := 2
			if c.equal {
				want = 1
			}
			require.Equal(t, want, constantVars(t, schema), "%s of %s and %s", kind, c.x, c.y)
		}
	}
}

// spellings returns n spelled in several ways: the point moved, with
// trailing zeros, with a signed or padded exponent.
func spellings(digits string, exp int) []string {
	out := []string{digits + "e" + strconv.Itoa(exp)}
	out = append(out, digits+"000E"+strconv.Itoa(exp-3))
	if exp >= 0 {
		out = append(out, digits+strings.Repeat("0", exp), digits+"e+0"+strconv.Itoa(exp))
	} else if -exp < len(digits) {
		p := len(digits) + exp
		out = append(out, digits[:p]+"."+digits[p:]+"00")
	} else {
		out = append(out, "0."+strings.Repeat("0", -exp-len(digits))+digits)
	}
	return out
}

// TestConstantsDedupedProperty draws pairs of numbers, many of them of one
// float64 (2^53+1 beside 2^53, digits beyond float64's precision, values
// below its range), in many spellings, and checks that their constants of
// every kind share a variable exactly when value.Equal says they are equal.
func TestConstantsDedupedProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 4))
	bases := []string{"1", "9007199254740993", "9007199254740992", "1000000000000000000000001", "5", "15", "1"}
	var pool []string
	for range 60 {
		digits := bases[r.IntN(len(bases))]
		if r.IntN(3) == 0 {
			digits = strconv.Itoa(1 + r.IntN(999))
		}
		for strings.HasSuffix(digits, "0") {
			digits = digits[:len(digits)-1]
		}
		exp := []int{0, 5, -1, -3, 23, -400, -401}[r.IntN(7)]
		ss := spellings(digits, exp)
		pool = append(pool, ss[r.IntN(len(ss))], ss[r.IntN(len(ss))])
		if r.IntN(4) == 0 {
			pool[len(pool)-1] = "-" + pool[len(pool)-1]
		}
	}
	equal := 0
	for i := 0; i+1 < len(pool); i += 2 {
		x, y := pool[i], pool[i+1]
		if r.IntN(3) == 0 {
			y = pool[r.IntN(len(pool))]
		}
		want := 2
		if value.Equal(json.Number(x), json.Number(y)) {
			want = 1
			equal++
		}
		for kind, schema := range constantSchemas(x, y) {
			require.Equal(t, want, constantVars(t, schema), "%s of %s and %s", kind, x, y)
		}
	}
	t.Log(fmt.Sprintf("%d pairs, %d equal", len(pool)/2, equal))
	require.Positive(t, equal)
	require.Less(t, equal, len(pool)/2)
}

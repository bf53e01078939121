package toolimpl

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The map mode reads the members of an object of values from bits for the
// first 128 declared members and by name past them; it is tested on an
// object of 140 declared members (m3 and m130 required), from the maps
// encoding/json makes (float64 numbers), against the one pass over the same
// bytes: the same errors in the same order, the same value, whatever the
// limit on errors.

var farShape = func() *Object {
	names := make([]string, 140)
	for i := range names {
		names[i] = "m" + strconv.Itoa(i)
	}
	return NewObject(names, "m3", "a value", "m130", "a value")
}()

var far = testFunc[int64](func(s *Scanner, at Loc) (sum int64) {
	if !s.Object(at, farShape, "object") {
		return 0
	}
	for i := s.Next(at); i >= 0; i = s.Next(at) {
		sum += int64(i+1) * (1 + decodeWideValue(s, at.Key(farShape.names[i])))
	}
	return sum
})

func randomFar(r *rand.Rand) []byte {
	b := []byte{'{'}
	if r.IntN(2) == 0 {
		b = append(b, `"m130":1,"m3":2,`...) // the required members, for valid calls
	}
	for i := range r.IntN(16) {
		if i > 0 {
			b = append(b, ',')
		}
		var key string
		switch r.IntN(4) {
		case 0:
			key = "m" + strconv.Itoa(r.IntN(8))
		case 1:
			key = pick(r, []string{"x", "a/b", "~", "z", "u" + strconv.Itoa(r.IntN(12))})
		default:
			key = "m" + strconv.Itoa(124+r.IntN(16))
		}
		b = append(b, `"`+key+`":`...)
		if r.IntN(8) == 0 {
			b = randomWide(r, b, 1)
		} else {
			b = append(b, pick(r, []string{"null", "null", "true", `"ok"`, `"no"`, "7", "101", "2.5", "-129", "100.0", "1e1", "[1,101]"})...)
		}
	}
	if b[len(b)-1] == ',' {
		b = b[:len(b)-1]
	}
	return append(b, '}')
}

func TestScannerValuesFarMembers(t *testing.T) {
	for raw, want := range map[string][]string{
		`{"m3":1,"m130":2,"m129":null,"m131":true,"m1":null}`: nil,
		`{"m3":1,"m130":null}`:                                nil,
		`{"m3":1}`:                                            {"missing:m130"},
		`{"m130":1,"m139":"no","m128":101,"x":1,"m127":null}`: {"const:m139", "maximum:m128", "missing:m3", "unexpected:x"},
		// More undeclared members than a call sorts on the stack.
		`{"u9":1,"u3":1,"u0":1,"u7":1,"u5":1,"m3":1,"u1":1,"u8":1,"u2":1,"u6":1,"u4":1,"m130":1}`: {
			"unexpected:u0", "unexpected:u1", "unexpected:u2", "unexpected:u3", "unexpected:u4",
			"unexpected:u5", "unexpected:u6", "unexpected:u7", "unexpected:u8", "unexpected:u9"},
	} {
		var args map[string]any
		require.NoError(t, json.Unmarshal([]byte(raw), &args))
		_, errs := far.DecodeArgs(args, 0)
		assert.Equal(t, want, errs.Codes(), raw)
		for _, limit := range []int{0, 3} {
			wantSum, want := far.DecodeJSON([]byte(raw), limit)
			gotSum, got := far.DecodeArgs(args, limit)
			assert.Equal(t, want, got, "%s (limit %d)", raw, limit)
			assert.Equal(t, wantSum, gotSum, "%s (limit %d)", raw, limit)
		}
	}

	r := rand.New(rand.NewPCG(7, 8))
	seen := map[string]int{}
	for range 10_000 {
		raw := randomFar(r)
		var args map[string]any
		if _, errs := tool.ParseArgs(raw); errs != nil || json.Unmarshal(raw, &args) != nil {
			continue // duplicate names, or a number encoding/json does not hold
		}
		for _, limit := range []int{0, 3} {
			wantSum, want := far.DecodeJSON(raw, limit)
			gotSum, got := far.DecodeArgs(args, limit)
			require.Equal(t, want, got, "%s (limit %d)", raw, limit)
			require.Equal(t, wantSum, gotSum, "%s (limit %d)", raw, limit)
			if limit == 0 {
				for _, e := range got {
					seen[string(e.Code)]++
				}
				if got == nil {
					seen["valid"]++
				}
			} else if len(got) > limit {
				seen["capped"]++
			}
		}
	}
	t.Logf("%v", seen)
	for _, code := range []string{"missing", "unexpected", "const", "maximum", "type", "capped", "valid"} {
		assert.Greater(t, seen[code], 50, code)
	}
}

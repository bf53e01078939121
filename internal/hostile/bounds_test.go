package hostile

import (
	"encoding/json"
	"math/big"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestBoundsFileExact: a validator compiled from a schema file checks const,
// enum, maximum, exclusiveMaximum and multipleOf exactly on integers beyond
// 2^53, whether they come as json.Number (ParseArgs), int64 or uint64 (a
// map built by hand) or float64 (encoding/json, whose float64 is the exact
// value judged).
func TestBoundsFileExact(t *testing.T) {
	for _, c := range []struct {
		member string
		value  any
		valid  bool
	}{
		{"id", json.Number("9007199254740993"), true},
		{"id", json.Number("9007199254740992"), false}, // the same float64
		{"id", int64(9007199254740993), true},
		{"id", uint64(9007199254740994), false},
		{"id", float64(9007199254740992), false},
		{"max", json.Number("1000000000000000000"), true},
		{"max", json.Number("1000000000000000001"), false},
		{"max", int64(1000000000000000001), false},
		{"max", float64(1e18), true},
		{"exclusive", json.Number("9007199254740992"), true},
		{"exclusive", json.Number("9007199254740993"), false},
		{"exclusive", uint64(9007199254740993), false},
		{"even", json.Number("9007199254740993"), false},
		{"even", json.Number("9007199254740994"), true},
		{"even", json.Number("18446744073709551617"), false},
		{"even", uint64(18446744073709551614), true},
		{"pick", json.Number("9007199254740992"), true},
		{"pick", json.Number("9007199254740993"), false},
		{"pick", int64(9007199254740993), false},
		{"pick", json.Number("1.0"), true},
		{"pick", "one", true},
	} {
		errs := ValidateBounds(map[string]any{c.member: c.value})
		assert.Equal(t, c.valid, errs == nil, "%s = %#v: %v", c.member, c.value, errs.Codes())
	}
}

// TestTransferExact: the tool's bounds hold exactly for what the handler
// receives.
func TestTransferExact(t *testing.T) {
	ok := func(doc string) bool {
		args, errs := tool.ParseArgs([]byte(doc))
		if errs != nil {
			t.Fatal(errs)
		}
		_, errs = DecodeTransferArgs(args)
		return errs == nil
	}
	assert.True(t, ok(`{"amount":1000000000000000000,"account":10000000000000000000}`))
	assert.False(t, ok(`{"amount":1000000000000000001,"account":1}`))
	assert.False(t, ok(`{"amount":1,"account":10000000000000000001}`))
	assert.False(t, ok(`{"amount":1,"account":1,"cents":9007199254740993}`))
	assert.True(t, ok(`{"amount":1,"account":1,"cents":9007199254740994}`))
	assert.True(t, ok(`{"amount":1,"account":1,"batch":[9007199254740992,1]}`))
	assert.False(t, ok(`{"amount":1,"account":1,"batch":[9007199254740993]}`))
	// Around the bounds, as exact integers.
	for d := int64(-3); d <= 3; d++ {
		amount := new(big.Int).Add(big.NewInt(1e18), big.NewInt(d))
		assert.Equal(t, d <= 0, ok(`{"amount":`+amount.String()+`,"account":1}`), "amount %s", amount)
		account := new(big.Int).Add(new(big.Int).SetUint64(1e19), big.NewInt(d))
		assert.Equal(t, d <= 0, ok(`{"amount":1,"account":`+account.String()+`}`), "account %s", account)
		cents := 9007199254740992 + d
		assert.Equal(t, cents%2 == 0, ok(`{"amount":1,"account":1,"cents":`+strconv.FormatInt(cents, 10)+`}`), "cents %d", cents)
	}
}

package toolimpl

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

// TestEnum: a string enum's table is sorted, and Enum finds each of its
// values, returning the table's own string, and nothing else.
func TestEnum(t *testing.T) {
	values := []string{"", "a", "auto", "b", "cool", "heat", "say \"hi\"", "é"}
	require.True(t, slices.IsSorted(values))
	for _, v := range values {
		got, ok := Enum(string([]byte(v)), values)
		assert.True(t, ok, v)
		assert.Equal(t, v, got)
	}
	for _, v := range []string{"A", "aut", "autoo", "c", "heat ", "e"} {
		_, ok := Enum(v, values)
		assert.False(t, ok, v)
	}
	_, ok := Enum("a", nil)
	assert.False(t, ok)
}

// TestNumberEnum is the property: InNumbers and Num.In report exactly the
// numbers equal to one of the table's, whatever their spelling, among
// numbers that share a float64 with the table's (9007199254740993 and
// 9007199254740992; 1e-400 and 0).
func TestNumberEnum(t *testing.T) {
	texts := []string{"-1e23", "-0.5", "0", "1e-400", "0.1", "1", "3", "9007199254740992", "9007199254740993", "1e23", "6e24"}
	var table NumberEnum
	for _, s := range texts {
		f, _ := strconv.ParseFloat(s, 64)
		table = append(table, NumberValue{F: f, N: s})
	}
	require.True(t, slices.IsSortedFunc(table, func(a, b NumberValue) int {
		if a.F < b.F {
			return -1
		}
		if a.F > b.F {
			return 1
		}
		return 0
	}))
	for lit, want := range map[string]bool{
		"0": true, "-0": true, "0.0e7": true, "1e-400": true, "10e-401": true, "2e-400": false, "-1e-400": false,
		"1.0": true, "3": true, "3.0000000000000000001": false, "0.1": true, "0.10000000000000001": false,
		"9007199254740992": true, "9007199254740993": true, "9007199254740994": false, "9.007199254740993e15": true,
		"1e23": true, "100000000000000000000000": true, "99999999999999991611392": false, "-1E+23": true,
		"6e24": true, "6000000000000000000000001": false, "-0.5": true, "-0.50": true, "0.5": false, "2": false,
	} {
		f, err := strconv.ParseFloat(lit, 64)
		require.NoError(t, err)
		assert.Equal(t, want, InNumbers(json.Number(lit), f, table), "InNumbers(%s)", lit)
		assert.Equal(t, want, Num{F: f, x: &exact{lit: lit}}.In(table), "Num(%s).In", lit)
	}
	// A float64 is its own exact value.
	assert.True(t, InNumbers(1.0, 1, table))
	assert.True(t, InNumbers(float64(1<<53), 1<<53, table))
	assert.False(t, InNumbers(0.5, 0.5, table))
	assert.False(t, InNumbers(1e23, 1e23, table), "1e23's float64 is 99999999999999991611392")
	assert.False(t, Num{}.In(nil))
}

// TestNumberChecksAllocateNothing: the exact comparisons of a Num with a
// bound, its lookup in an enum and its integer check allocate nothing.
func TestNumberChecksAllocateNothing(t *testing.T) {
	race.SkipAllocs(t)
	table := NumberEnum{{F: 1, N: "1"}, {F: 5, N: "5"}, {F: 1e23, N: "1e23"}}
	r := rand.New(rand.NewPCG(3, 4))
	for _, lit := range []string{"5", "5.0", "1e23", "0.5", "-12", "9007199254740993"} {
		f, _ := strconv.ParseFloat(lit, 64)
		n := Num{F: f, x: &exact{lit: lit}}
		bound := []string{"5", "1e23", "0.5"}[r.IntN(3)]
		assert.Zero(t, testing.AllocsPerRun(100, func() {
			n.Compare(bound)
			n.In(table)
			n.integer()
			n.MultipleOf("0.5")
		}), lit)
	}
}

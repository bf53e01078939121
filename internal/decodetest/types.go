// Package decodetest holds argument types that exercise every Go type the
// generated typed decode supports, and tests that DecodeT reads every valid
// argument map into the struct encoding/json makes of the same JSON, and
// allocates nothing beyond the struct's own slices, maps and pointers.
package decodetest

//go:generate go tool toolgen

import (
	"encoding/json"
	"errors"
	"math/big"
	"net/netip"
	"net/url"
	"strings"
)

// ScalarsArgs has a field of every scalar kind.
//
//toolgen:tool
type ScalarsArgs struct {
	B   bool    `json:"b"`
	S   string  `json:"s"`
	I   int     `json:"i"`
	I8  int8    `json:"i8"`
	I16 int16   `json:"i16"`
	I32 int32   `json:"i32"`
	I64 int64   `json:"i64"`
	U   uint    `json:"u"`
	U8  uint8   `json:"u8"`
	U16 uint16  `json:"u16"`
	U32 uint32  `json:"u32"`
	U64 uint64  `json:"u64"`
	F32 float32 `json:"f32"`
	F64 float64 `json:"f64"`
}

// Level is a named string with constants: an enum.
type Level string

const (
	Low  Level = "low"
	High Level = "high"
)

// Meters is a named float.
type Meters float64

// Count is a named integer.
type Count uint16

// Flag is a named bool.
type Flag bool

// Point is a nested struct.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	// Label is optional.
	Label string `json:"label,omitempty"`
}

// Base is embedded by value.
type Base struct {
	ID    int64  `json:"id"`
	Owner string `json:"owner,omitempty"`
}

// Extra is embedded by pointer.
type Extra struct {
	Note string `json:"note,omitempty"`
}

// Names is a named slice.
type Names []string

// ShapesArgs has named types, nested structs, embedded structs, pointers,
// slices, arrays and maps.
//
//toolgen:tool name=shapes idempotent=false
type ShapesArgs struct {
	Base
	*Extra
	Level   Level              `json:"level"`
	Dist    Meters             `json:"dist,omitempty"`
	Count   Count              `json:"count,omitempty"`
	Flag    Flag               `json:"flag,omitempty"`
	Origin  Point              `json:"origin"`
	Target  *Point             `json:"target,omitempty"`
	Path    []Point            `json:"path,omitempty"`
	Hops    []*Point           `json:"hops,omitempty"`
	Grid    [][]int            `json:"grid,omitempty"`
	Pair    [2]float64         `json:"pair"`
	Names   Names              `json:"names,omitempty"`
	ByName  map[string]Point   `json:"by_name,omitempty"`
	ByLevel map[Level]int      `json:"by_level,omitempty"`
	ByIndex map[int]string     `json:"by_index,omitempty"`
	Small   map[int8]bool      `json:"small,omitempty"`
	Opt     *int               `json:"opt,omitempty"`
	OptS    *string            `json:"opt_s,omitempty" jsonschema:"nullable"`
	PtrPtr  **float64          `json:"ptr_ptr,omitempty"`
	Any     any                `json:"any,omitempty"`
	Open    map[string]any     `json:"open,omitempty"`
	Raw     json.RawMessage    `json:"raw,omitempty"`
	Blob    []byte             `json:"blob,omitempty"`
	Anon    struct{ A int }    `json:"anon"`
	Lists   map[string][]uint8 `json:"lists,omitempty"`
	Skipped string             `json:"-"`
	hidden  string
}

// Node is recursive.
//
//toolgen:tool
type Node struct {
	Name     string  `json:"name"`
	Children []*Node `json:"children,omitempty"`
	Next     *Node   `json:"next,omitempty"`
}

// Upper is a string whose UnmarshalText upper-cases it and refuses "bad".
type Upper string

func (u *Upper) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errors.New("bad is not allowed")
	}
	*u = Upper(strings.ToUpper(string(b)))
	return nil
}

// Celsius reads itself with UnmarshalJSON, doubling the number it is given.
type Celsius float64

func (c *Celsius) UnmarshalJSON(b []byte) error {
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	if f > 1000 {
		return errors.New("too hot")
	}
	*c = Celsius(2 * f)
	return nil
}

// MethodsArgs has fields whose types decode themselves.
//
//toolgen:tool
type MethodsArgs struct {
	Name Upper    `json:"name"`
	Temp Celsius  `json:"temp"`
	Opt  *Celsius `json:"opt,omitempty"`
}

// emptyArgs is an unexported tool without arguments.
//
//toolgen:tool
type emptyArgs struct{}

// NumbersArgs has the types whose JSON is not their Go structure: numbers
// held as text or in arbitrary precision, types that read themselves from a
// string, map keys read with UnmarshalText, and URLs.
//
//toolgen:tool dialects=openai-nonstrict,anthropic,mcp
type NumbersArgs struct {
	Num    json.Number         `json:"num"`
	OptNum *json.Number        `json:"opt_num,omitempty"`
	Int    big.Int             `json:"int"`
	PInt   *big.Int            `json:"p_int,omitempty"`
	Float  big.Float           `json:"float,omitempty"`
	PFloat *big.Float          `json:"p_float,omitempty"`
	Rat    *big.Rat            `json:"rat,omitempty"`
	Addr   netip.Addr          `json:"addr,omitempty"`
	Upper  map[Upper]int       `json:"upper,omitempty"`
	Addrs  map[netip.Addr]bool `json:"addrs,omitempty"`
	Link   url.URL             `json:"link,omitempty"`
	PLink  *url.URL            `json:"p_link,omitempty"`
	Links  []*url.URL          `json:"links,omitempty"`
}

// BoundsArgs has integer bounds beyond 2^53, where a float64 is not exact:
// 9007199254740993 is not a float64, and its float64 is 9007199254740992.
//
//toolgen:tool dialects=openai-nonstrict,anthropic,mcp
type BoundsArgs struct {
	Max   int64       `json:"max,omitempty" jsonschema:"maximum=1000000000000000000"`
	Min   int64       `json:"min,omitempty" jsonschema:"minimum=-1000000000000000000"`
	Even  int64       `json:"even,omitempty" jsonschema:"multipleOf=2"`
	ExMax int64       `json:"ex_max,omitempty" jsonschema:"exclusiveMaximum=9007199254740993"`
	ExMin int64       `json:"ex_min,omitempty" jsonschema:"exclusiveMinimum=-9007199254740993"`
	Big   uint64      `json:"big,omitempty" jsonschema:"maximum=1e19"`
	ID    int64       `json:"id,omitempty" jsonschema:"enum=9007199254740992,enum=1"`
	Num   json.Number `json:"num,omitempty" jsonschema:"minimum=-9223372036854775809,maximum=18446744073709551616"`
	IDs   []uint64    `json:"ids,omitempty" jsonschema:"enum=18446744073709551615,enum=9007199254740993"`
}

// SpelledArgs has bounds and enums written in e-notation, beyond 2^53 and
// at the ends of float64's range, where a float64 is not the number it was
// read from: the float64 of 1e23 is 99999999999999991611392.
//
//toolgen:tool dialects=openai-nonstrict,anthropic,mcp
type SpelledArgs struct {
	Min   float64  `json:"min,omitempty" jsonschema:"minimum=1e23"`
	Max   float64  `json:"max,omitempty" jsonschema:"maximum=1e308"`
	ExMax float64  `json:"ex_max,omitempty" jsonschema:"exclusiveMaximum=8e24"`
	ExMin float64  `json:"ex_min,omitempty" jsonschema:"exclusiveMinimum=0"`
	Pick  float64  `json:"pick,omitempty" jsonschema:"enum=6e24,enum=0.1"`
	Count int64    `json:"count,omitempty" jsonschema:"minimum=-1e18,maximum=1e18"`
	Step  int64    `json:"step,omitempty" jsonschema:"multipleOf=1e3,minimum=-1e15,maximum=1e15"`
	IDs   []uint64 `json:"ids,omitempty" jsonschema:"enum=1e19,enum=9007199254740993"`
}

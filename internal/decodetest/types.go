// Package decodetest holds argument types that exercise every Go type the
// generated typed decode supports, and tests that DecodeT reads every valid
// argument map into the struct encoding/json makes of the same JSON, and
// allocates nothing beyond the struct's own slices, maps and pointers.
package decodetest

//go:generate go tool toolgen

import (
	"encoding/json"
	"errors"
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

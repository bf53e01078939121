package corpus

// The types of this file exercise what toolgen adds to invopop's schema.

// SizedInts has integers of every sized type: toolgen bounds each to its
// type's range.
type SizedInts struct {
	I8    int8     `json:"i8"`
	I16   int16    `json:"i16"`
	I32   int32    `json:"i32"`
	I64   int64    `json:"i64"`
	I     int      `json:"i"`
	U8    uint8    `json:"u8"`
	U16   uint16   `json:"u16"`
	U32   uint32   `json:"u32"`
	U     uint     `json:"u"`
	U64   uint64   `json:"u64"`
	B     byte     `json:"b"`
	R     rune     `json:"r"`
	Tight int8     `json:"tight" jsonschema:"minimum=0,maximum=10"`
	Ptr   *uint16  `json:"ptr,omitempty"`
	Items []int16  `json:"items"`
	Fixed [2]uint8 `json:"fixed"`
	Named Small    `json:"named"`
	Enum  uint8    `json:"enum" jsonschema:"enum=1,enum=255"`
}

// Small is a named sized integer.
type Small int8

// Color is a named string type with constants: toolgen makes them its enum,
// in declaration order.
type Color string

const (
	Red     Color = "red"
	Green   Color = "green"
	Blue    Color = "blue"
	Crimson       = Red // a second name for a value already listed
)

// Violet is declared apart.
const Violet Color = "violet"

const notAColor = "black" // untyped: not in the enum

var _ = notAColor

// Colors uses Color.
type Colors struct {
	Color    Color            `json:"color"`
	Override Color            `json:"override" jsonschema:"enum=red,enum=black"`
	List     []Color          `json:"list"`
	ByName   map[string]Color `json:"by_name"`
	Ptr      *Color           `json:"ptr,omitempty"`
	Default  Color            `json:"default" jsonschema:"default=green"`
	Plain    Mode             `json:"plain"`
}

// DocAdditions has doc comments invopop's AddGoComments misses and toolgen
// uses.
type DocAdditions struct {
	// Member is an embedded struct named by its tag.
	Member `json:"member"`
	// Word is embedded and not a struct.
	Word
	Loc  location   `json:"loc"`
	Locs []location `json:"locs"`
	Anon struct {
		// Inner is a field of an anonymous struct.
		Inner string `json:"inner"`
	} `json:"anon"`
	Page  Page[string] `json:"page"`
	Pages []Page[int]  `json:"pages"`
	Alt   AltPoint     `json:"alt"`
}

// Member is embedded in DocAdditions.
type Member struct {
	M string `json:"m"`
}

// Word is a string.
type Word string

// location is an unexported type.
type location struct {
	// City is where.
	City string `json:"city"`
}

// Page is a generic type.
type Page[T any] struct {
	// Items are on this page.
	Items []T `json:"items"`
}

// AltPoint is Point by another name.
type AltPoint Point

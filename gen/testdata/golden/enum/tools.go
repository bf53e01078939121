// Package enum has a tool with enums from the constants of named string
// types, and an enum tag replacing them.
package enum

// PaintArgs paints a wall.
//
//toolgen:tool
type PaintArgs struct {
	// The colour.
	Color Color `json:"color"`
	// Finishes, from Finish's constants.
	Finishes []Finish `json:"finishes,omitempty"`
	// Only the primary colours, by tag.
	Primary Color `json:"primary,omitempty" jsonschema:"enum=red,enum=blue"`
	// A type without constants is a plain string.
	Brand Brand `json:"brand,omitempty"`
}

// Color is a paint colour.
type Color string

// The colours, in declaration order; a duplicate value counts once.
const (
	Red   Color = "red"
	Green Color = "green"
	Blue  Color = "blue"
	Rouge Color = "red"
	Quote Color = `say "hi"\`
)

// An untyped constant is not in the enum.
const Yellow = "yellow"

// Finish is a surface finish.
type Finish string

const (
	Matte Finish = "matte"
	Gloss Finish = "gloss"
)

// Brand names a manufacturer.
type Brand string

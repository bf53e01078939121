// Package comparison has a filter whose operators, descriptions and
// constants hold the characters HTML escapes, "<", ">" and "&": a model and
// a person read them as they are, in the definitions, the response formats
// and the feedback. The line separator and the tab of a (tag's) description stay
// escaped.
package comparison

// Op compares a column with a value.
type Op string

// The operators, the values of Op.
const (
	Greater Op = ">"
	Less    Op = "<"
	AtLeast Op = ">="
	Common  Op = "&" // bits in common
)

// FilterArgs keeps the rows where field <op> value holds, as in a <= b &
// b < c.
//
//toolgen:tool risk=read
type FilterArgs struct {
	// The column, such as <price>.
	Field string `json:"field" jsonschema:"pattern=^[^<>&]+$"`
	// The operator: >, <, >= or & (bits in common).
	Op Op `json:"op"`
	// The value the column is compared with.
	Value float64 `json:"value"`
	// At most this many rows.
	Limit int `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100"`
	// A doc comment is read as go doc reads it, its spaces normalized; a tag's
	// description is as written, a line separator and a tab included.
	Join string `json:"join,omitempty" jsonschema:"enum=&&,description=Kept apart by a line separator: left\u2028right, and a\ttab."`
}

// Rule is a comparison a model proposes: <field> <op> <value>.
//
//toolgen:output
type Rule struct {
	Field string `json:"field"`
	// The operator: >, <, >= or &.
	Op    Op      `json:"op"`
	Value float64 `json:"value"`
}

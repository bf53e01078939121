// Package typeflag has no directives: toolgen runs with -type
// SearchParams,deleteInput and generates tools for those types only.
package typeflag

// SearchParams searches the catalogue.
type SearchParams struct {
	Query string `json:"query" jsonschema:"minLength=1"`
	Limit int    `json:"limit,omitempty" jsonschema:"minimum=1,maximum=50"`
}

// deleteInput deletes an entry.
type deleteInput struct {
	ID string `json:"id"`
}

// Unlisted is not a tool: -type does not name it.
type Unlisted struct {
	X int `json:"x"`
}

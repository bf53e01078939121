// Package typeflag runs toolgen with -type SearchParams,deleteInput: those
// types are tools besides the one with a directive.
package typeflag

// PingArgs is a tool by its directive, which -type adds to.
//
//toolgen:tool risk=read
type PingArgs struct{}

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

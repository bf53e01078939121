// Package common holds argument types the agent's tools share: a page of a
// list, a range of lines, a person. They are declared here, once, and the
// tools of package agent embed them or hold them as fields; toolgen reads
// their doc comments as it reads those of the tools' own package.
package common

// Pagination selects one page of a list.
type Pagination struct {
	// Page number, from 1.
	Page int `json:"page,omitempty" jsonschema:"minimum=1"`
	// Items per page, at most 100.
	PerPage int `json:"per_page,omitempty" jsonschema:"minimum=1,maximum=100"`
}

// Range is a range of lines of a text, both ends included.
type Range struct {
	// First line, from 1.
	From int `json:"from" jsonschema:"minimum=1"`
	// Last line; 0 for the end of the text.
	To int `json:"to,omitempty" jsonschema:"minimum=0"`
}

// Person is someone the tools name.
type Person struct {
	// Login name, like octocat.
	Login string `json:"login" jsonschema:"pattern=^[a-z0-9-]{1\\,39}$"`
	// Email address, when known.
	Email string `json:"email,omitempty" jsonschema:"format=email"`
}

package main

//go:generate go tool toolgen

// WriteFileArgs writes a file in the workspace: the kind of call a model
// streams for long, with the file's content as one long string.
//
//toolgen:tool risk=act
type WriteFileArgs struct {
	// Path of the file, relative to the workspace.
	Path string `json:"path" jsonschema:"minLength=1,maxLength=200,pattern=^[A-Za-z0-9_./-]+$"`
	// Content of the file.
	Content string `json:"content" jsonschema:"maxLength=8192"`
	// Mode: create fails if the file exists, overwrite replaces it.
	Mode Mode `json:"mode,omitempty"`
}

// Mode says what to do with an existing file.
type Mode string

const (
	Create    Mode = "create"
	Overwrite Mode = "overwrite"
)

// Package twotools declares two tools and a non-tool struct; the generated
// Tools list has them in declaration order.
package twotools

// DeleteFileRequest deletes a file. It cannot be undone.
//
//toolgen:tool risk=dangerous
type DeleteFileRequest struct {
	Path string `json:"path" jsonschema:"pattern=^/"`
	// Also delete a directory's contents.
	Recursive bool `json:"recursive,omitempty"`
}

// Helper is not a tool.
type Helper struct {
	X int
}

// ListFilesArgs lists the files of a directory.
//
//toolgen:tool name=ls risk=read needs=roots
type ListFilesArgs struct {
	Dir   string `json:"dir" jsonschema:"pattern=^/"`
	Limit int    `json:"limit,omitempty" jsonschema:"minimum=1"`
}

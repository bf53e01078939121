package gen

import (
	"go/token"
	"path/filepath"

	"github.com/toolgen-go/toolgen/gen/internal/client"
	"github.com/toolgen-go/toolgen/gen/internal/emit"
)

// Client says how `toolgen client` writes a typed client of an MCP
// server's tools.
type Client struct {
	// Tools is a tools/list result, {"tools":[...]} as a server returns it,
	// or a plain array of tools.
	Tools []byte
	// Source names where Tools came from (a file, a command, a URL) in
	// errors and notes.
	Source string
	// Output is the path of the Go file to write.
	Output string
	// Package is the Go package name of the output; "" means the package of
	// the Go files already in the output's directory, else the directory's
	// name.
	Package string
}

// GenerateClient returns the file of a typed client of cfg.Tools: for each
// tool a <Name>Args type, a <Name>Result type when it has an outputSchema,
// their validators, and a method of Client calling it through
// runtime/mcptool.CallTool. Its notes say what a Go type cannot say of a
// schema (json.RawMessage, members left to the validator).
func GenerateClient(cfg Client) ([]File, error) {
	tools, err := client.ReadTools(cfg.Tools)
	if err != nil {
		return nil, Errors{{Msg: cfg.Source + ": " + err.Error()}}
	}
	if cfg.Package == "" {
		cfg.Package = packageOf(filepath.Dir(cfg.Output))
	}
	declared, errs := emit.DirNames(filepath.Dir(cfg.Output), cfg.Output)
	if len(errs) > 0 {
		return nil, errs
	}
	src, msgs, err := client.Generate(tools, cfg.Package, cfg.Source, Options{})
	var notes []Note
	for _, m := range msgs {
		notes = append(notes, Note{Pos: token.Position{Filename: cfg.Source}, Msg: m})
	}
	if err != nil {
		return nil, err
	}
	errs = append(errs, collisions(declared, cfg.Output, src, "write the client into a package of its own")...)
	errs = append(errs, emit.Shadowed(src, declared, cfg.Output)...)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return []File{{Path: cfg.Output, Content: src, Notes: notes, plain: true}}, nil
}

package gen

import (
	"context"
	"go/token"
	"net/http"
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
	for i, t := range tools {
		tools[i].In = listedSchema(t.InputSchema)
		if t.OutputSchema != nil {
			tools[i].Out = listedSchema(t.OutputSchema)
		}
	}
	src, msgs, err := client.Generate(tools, cfg.Package, cfg.Source)
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

// ListCommand starts argv (in the directory dir, "" for the current one)
// as an MCP server on standard input and output, asks it for its tools,
// page by page, stops it and returns the tools/list, {"tools":[...]}, for
// Client.Tools. It speaks MCP with the standard library only; each message
// is at most 16 MiB, and ctx bounds the whole.
func ListCommand(ctx context.Context, argv []string, dir string) ([]byte, error) {
	return client.ListCommand(ctx, argv, dir)
}

// ListURL asks the MCP server at url (streamable HTTP: JSON or event
// stream responses, its session id sent back) for its tools, page by page,
// and returns the tools/list, {"tools":[...]}. httpClient nil is
// http.DefaultClient.
func ListURL(ctx context.Context, url string, httpClient *http.Client) ([]byte, error) {
	return client.ListURL(ctx, url, httpClient)
}

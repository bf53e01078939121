// Package client is the stage of `toolgen client`: it reads an MCP server's
// tools/list (ReadTools) and writes one Go file (Generate): for each tool
// the Go types of its arguments and of its structured result, built from
// the keyword model of gen/internal/jsonschema, their validators (rendered
// by gen/internal/emit, as toolgen schema's), the tools as listed, and a
// typed client whose methods call them through runtime/mcptool.
//
// It sits above emit: besides the standard library, the stages below it and
// jennifer, it may import nothing.
package client

package gen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/toolgen-go/toolgen/gen/internal/emit"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// errToolSchemaRef is what a tool's schema file that leaves its document
// reads: the schema goes to clients and models as it is, and they resolve
// no other document (MCP clients must not fetch one, SEP-2106).
var errToolSchemaRef = errors.New("a tool's schema is sent as it is, and its clients read no other document: move what it references into the schema's $defs")

// toolSchema reads the schema file of a tool with schema=, once: its
// canonical schema is the file's JSON as written (compacted, every keyword
// kept), its validator the file's, compiled as toolgen schema compiles it
// (a null member is null, as JSON Schema says). Errors and notes are at the
// keyword in the file.
func toolSchema(t *ir.Tool, opts Options) (*ir.Schema, []Note, Errors) {
	path := filepath.Join(filepath.Dir(t.Pos.Filename), filepath.FromSlash(t.SchemaFile))
	// Read as toolgen schema reads a referenced document: a regular file
	// only, opened without blocking, within the same bounds.
	data, err := (&fileReader{budget: MaxSchemaReadBytes}).readFile(path)
	if err != nil {
		return nil, nil, Errors{{Pos: t.Pos, Msg: fmt.Sprintf("schema=%s: %v", t.SchemaFile, err)}}
	}
	opts.NullAbsent = false
	opts.Loader = func(string) ([]byte, error) { return nil, errToolSchemaRef }
	v, doc, notes, err := readSchemaFile(data, path, opts)
	if err == nil {
		// The errors of the code as toolgen schema writes it, at the
		// file; the emitter writes the tool's from the same document.
		_, err = emit.SchemaFile(doc, "p", "Validate", path, false, nil)
	}
	if err != nil {
		return nil, notes, asErrors(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return nil, notes, Errors{{Pos: t.Pos, Msg: fmt.Sprintf("schema=%s: %v", t.SchemaFile, err)}}
	}
	if o, ok := v.(*jsonschema.Object); !ok || o.Str("type") != "object" {
		return nil, notes, Errors{{Pos: t.Pos, Msg: fmt.Sprintf(`schema=%s: a tool's arguments are a JSON object, and every provider (MCP's inputSchema too) wants "type": "object" at the root of their schema; add it`, t.SchemaFile)}}
	}
	return &ir.Schema{JSON: compact.Bytes(), Value: v, Doc: doc}, notes, nil
}

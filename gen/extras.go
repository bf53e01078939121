package gen

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/emit"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// maxExample is the longest //toolgen:example line's JSON read: example
// arguments go into every definition that takes them.
const maxExample = 64 << 10

// checkExamples reads each of t's //toolgen:example lines once, and checks
// it against t's schema as the validator checks arguments: JSON that does
// not parse, is not an object or breaks the schema is an error at its line.
// The compact JSON of a good one is what the definitions carry.
func checkExamples(t *ir.Tool, errs *Errors) {
	for i := range t.Examples {
		e := &t.Examples[i]
		if len(e.Text) > maxExample {
			errs.Add(e.Pos, "//toolgen:example of %d bytes: write examples of at most %d", len(e.Text), maxExample)
			continue
		}
		v, err := jsonschema.ParseJSON([]byte(e.Text))
		if err != nil {
			at := e.Pos
			// encoding/json says where the syntax breaks.
			var syntax *json.SyntaxError
			if errors.As(json.Unmarshal([]byte(e.Text), new(json.RawMessage)), &syntax) && syntax.Offset > 1 {
				at.Column += int(syntax.Offset) - 1
				at.Offset += int(syntax.Offset) - 1
			}
			errs.Add(at, "//toolgen:example: %v; write the example arguments as one JSON object", err)
			continue
		}
		if _, ok := v.(*jsonschema.Object); !ok {
			errs.Add(e.Pos, "//toolgen:example is %s: a tool's example arguments are a JSON object", jsonschema.JSONType(v))
			continue
		}
		if t.Schema == nil || t.Schema.Doc == nil {
			continue // the schema's own errors are reported
		}
		if why := emit.ExampleBreaks(t.Schema.Doc.Root, v); why != "" {
			errs.Add(e.Pos, "//toolgen:example breaks the %s tool's schema: %s; write an example the schema accepts", t.Name, why)
			continue
		}
		e.JSON = []byte(jsonschema.CompactJSON(v))
	}
}

// extrasNote says, once for a tool, which of its definitions carry none
// of what its directive asks beyond the schema (defer=, callers=,
// //toolgen:example) because their provider has no such member; "" when
// every definition does, or the tool asks none.
func extrasNote(t *ir.Tool) string {
	asks := t.Defer || len(t.Callers) > 0
	var noSearch, noExamples []string
	for _, f := range t.Forms {
		e := &f.Form.Definition
		if asks && e.Defer == "" {
			noSearch = append(noSearch, f.Shape.Name)
		}
		if len(t.Examples) > 0 && e.Examples == "" {
			noExamples = append(noExamples, f.Shape.Name)
		}
	}
	var parts []string
	if len(noSearch) > 0 {
		parts = append(parts, "the definitions in "+strings.Join(noSearch, ", ")+" carry neither defer= nor callers=: their providers have no deferred loading or callers")
	}
	if len(noExamples) > 0 {
		parts = append(parts, "the definitions in "+strings.Join(noExamples, ", ")+" carry no //toolgen:example: their providers take no examples (Anthropic's input_examples only)")
	}
	if len(parts) == 0 {
		return ""
	}
	return "tool " + t.Name + ": " + strings.Join(parts, "; ")
}

package gen

import (
	"go/token"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// typeSchema reads the canonical schema of a Go type, from the JSON of its
// invopop model, once into what every later stage reads (ir.Schema): the
// text, its ordered value and its keyword model, compiled with opts and a
// null optional member absent or not. It fails, the error at pos, only
// when the model does not encode.
func typeSchema(s any, opts Options, nullAbsent bool, pos token.Position, errs *Errors) (*ir.Schema, bool) {
	data, err := jsonschema.MarshalJSON(s)
	if err == nil {
		var v any
		if v, err = jsonschema.ParseJSON(data); err == nil {
			return compiled(data, v, opts, nullAbsent, pos), true
		}
	}
	errs.Add(pos, "encoding the schema: %v", err)
	return nil, false
}

// compiled is the schema of the JSON text data, whose value is v, its
// keyword model compiled as typeSchema says; the errors of a schema that
// does not compile are at pos.
func compiled(data []byte, v any, opts Options, nullAbsent bool, pos token.Position) *ir.Schema {
	opts.NullAbsent = nullAbsent
	s := &ir.Schema{JSON: data, Value: v}
	doc, cerrs := jsonschema.CompileValue(v, opts)
	for _, de := range cerrs {
		s.Errs.Add(pos, "%s", de.Error())
	}
	if len(cerrs) == 0 {
		s.Doc = doc
	}
	return s
}

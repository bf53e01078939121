package emit

import (
	"go/token"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// fileEmitter writes the declarations of one generated file: tools, the
// result types of tools, structured outputs.
type fileEmitter struct {
	file  *jen.File
	scope *scope
	errs  ir.Errors
	// declared are the names a user calls, by the type that generates
	// them: two types may map to the same name, which would not compile.
	declared map[string]owner
	results  map[*ir.Result]*resultNames
	typed    *typedGen         // the decode functions of the package's types
	patterns map[string]string // the file's patterns (see emitter.patternMatch)
}

// owner is the type whose declarations a name is among.
type owner struct {
	name string
	pos  token.Position
}

// public reserves the names a user calls, and reports one that another
// type generates too.
func (em *fileEmitter) public(by owner, names ...string) {
	for _, name := range names {
		if prev, dup := em.declared[name]; dup {
			em.errs.Add(by.pos, "%s generates the Go name %s, as %s at %s does; rename one of the types", by.name, name, prev.name, prev.pos)
			continue
		}
		em.declared[name] = by
		em.scope.public(name)
	}
}

// resultNames are the identifiers generated for a result type.
type resultNames struct {
	validate string // Validate<R>Result
	prefix   string // of its helpers
	schema   string // the constant of its schema, once emitted
}

func newResultNames(r *ir.Result) *resultNames {
	name := r.Obj.Name()
	rn := &resultNames{validate: "Validate" + upperFirst(name) + "Result", prefix: lowerFirst(name) + "Result"}
	if !token.IsExported(name) {
		rn.validate = "validate" + upperFirst(name) + "Result"
	}
	return rn
}

// tool emits a tool: its schemas, its variable, its validator and its
// typed decode, and its result type's schema and validator when it is the
// first tool with that result type.
func (em *fileEmitter) tool(t *ir.Tool) {
	var result *resultNames
	resultSchema := ""
	if t.Result != nil {
		result = em.results[t.Result]
		resultSchema = em.result(t)
	}
	n, dialects := em.head(t, "tool")
	var d typedDecoder
	var fn func(into jen.Code) jen.Code
	if t.SchemaFile == "" {
		var ok bool
		if d, fn, ok = em.decoder(t, n); !ok {
			return
		}
	}
	// The fields in tool.Tool's order; NewTool builds the definitions from
	// them, so that each is written once.
	fields := []jen.Code{
		field("Name", jen.Lit(t.Name)),
		field("Description", jen.Lit(t.Description)),
		field("Risk", jen.Qual(runtimePath, riskConst[t.Risk])),
		field("Schema", jen.Qual("encoding/json", "RawMessage").Call(jen.Id(dialects.schemaConst))),
		field("Validate", jen.Id(n.validate)),
		field("Idempotent", jen.Lit(t.Idempotent)),
	}
	if len(t.Needs) > 0 {
		needs := make([]jen.Code, len(t.Needs))
		for i, c := range t.Needs {
			needs[i] = jen.Qual(runtimePath, capabilityConst[c])
		}
		fields = append(fields, field("Needs", jen.Index().Qual(runtimePath, "Capability").Values(needs...)))
	}
	if result != nil {
		fields = append(fields,
			field("ResultSchema", jen.Qual("encoding/json", "RawMessage").Call(jen.Id(resultSchema))),
			field("ValidateResult", jen.Id(result.validate)))
	}
	toolValue := jen.Qual(implPath, "NewTool").Call(jen.Qual(runtimePath, "Tool").Add(fieldValues(fields)), jen.Id(dialects.forms))
	if x := extra(t); x != nil {
		toolValue = jen.Qual(implPath, "NewToolWith").Call(jen.Qual(runtimePath, "Tool").Add(fieldValues(fields)), jen.Id(dialects.forms), x)
	}
	if t.SchemaFile != "" {
		em.file.Var().Id(n.tool).Op("=").Add(typedDef(t, toolValue, ""))
		em.schemaValidator(t, n)
		return
	}
	em.file.Var().Id(n.tool).Op("=").Add(typedDef(t, toolValue, d.name))
	em.decoded(t, n, d, fn, "a model's arguments for the "+t.Name+" tool")
}

// extra is the toolimpl.Extra of what t's directive asks of its
// definitions beyond its schema (defer=, callers=, //toolgen:example), nil
// when it asks none: its definitions are then NewTool's.
func extra(t *ir.Tool) jen.Code {
	if !t.Defer && len(t.Callers) == 0 && len(t.Examples) == 0 {
		return nil
	}
	var fields []jen.Code
	if t.Defer {
		fields = append(fields, field("Defer", jen.True()))
	}
	if len(t.Callers) > 0 {
		callers := make([]jen.Code, len(t.Callers))
		for i, c := range t.Callers {
			callers[i] = jen.Lit(c)
		}
		fields = append(fields, field("Callers", jen.Index().String().Values(callers...)))
	}
	if len(t.Examples) > 0 {
		examples := make([]jen.Code, len(t.Examples))
		for i, e := range t.Examples {
			examples[i] = stringLit(string(e.JSON))
		}
		fields = append(fields, field("Examples", jen.Index().String().Values(examples...)))
	}
	return jen.Qual(implPath, "Extra").Add(fieldValues(fields))
}

// schemaValidator emits ValidateT of a tool with schema=: the file's
// validator, of its schema compiled as toolgen schema compiles it (a null
// member is null, as JSON Schema says) from the very JSON sent to the
// model.
func (em *fileEmitter) schemaValidator(t *ir.Tool, n names) {
	e := em.emitterOf(t.Schema, n.prefix, t.Pos)
	if e == nil {
		return
	}
	check := em.scope.global("check" + upperPrefix(n.prefix))
	what := "a model's arguments for the " + t.Name + " tool against the JSON Schema " + quoteComment(t.SchemaFile)
	e.finish(e.argsValidator(n.validate, check, what))
	em.errs = append(em.errs, e.errs...)
}

// emitterOf makes an emitter of the compiled schema s, of helpers named
// from prefix at pos; nil, with the errors of its compilation reported,
// when s did not compile.
func (em *fileEmitter) emitterOf(s *ir.Schema, prefix string, pos token.Position) *emitter {
	if s.Doc == nil {
		em.errs = append(em.errs, s.Errs...)
		return nil
	}
	e := newEmitter(em.file, em.scope, s.Doc, prefix, pos)
	em.share(e)
	return e
}

// head emits what comes before a tool's or an output's variable: the
// constants of its schemas and the variable's doc comment (its fallbacks
// included). It returns the names and the schemas.
func (em *fileEmitter) head(t *ir.Tool, kind string) (names, *toolDialects) {
	n := toolNames(t)
	td := newToolDialects(t, em.scope, n.prefix, t.Schema.JSON)
	td.emitConsts(em.file)
	td.emitForms(em.file)
	em.file.Commentf("%s is the %s %s, generated from %s.", n.tool, t.Name, kind, t.Obj.Name())
	for _, line := range td.fallbackComment() {
		em.file.Comment(line)
	}
	return n, td
}

// typedDecoder is the state of the decode functions of a tool or an
// output, between its variable and the functions.
type typedDecoder struct {
	e    *emitter
	d    *decoder
	name string // the function that is the Decoder of the type's definition
}

// decoder prepares the decode function of a tool or an output, of its
// schema compiled from the very JSON sent to the model (a null optional
// member counts as absent): it returns the call that reads a value of the type from the
// scanner s, or false when the schema does not compile.
func (em *fileEmitter) decoder(t *ir.Tool, n names) (typedDecoder, func(into jen.Code) jen.Code, bool) {
	e := em.emitterOf(t.Schema, n.prefix, t.Pos)
	if e == nil {
		return typedDecoder{}, nil, false
	}
	d := newDecoder(em.file, em.scope, t, n)
	return typedDecoder{e, d, em.scope.global(n.prefix + "Decoder")}, em.typed.rootRead(t, e, d), true
}

// decoded emits the entry points of a tool or an output (ValidateT,
// DecodeT, DecodeTJSON) and the decode functions its type needs that the
// file has not got yet, with their helpers.
func (em *fileEmitter) decoded(t *ir.Tool, n names, td typedDecoder, fn func(into jen.Code) jen.Code, what string) {
	emitEntries(em.file, t, n, fn, td.name, what)
	em.typed.flush()
	td.e.flush()
	td.e.finish()
	td.d.flush()
	em.errs = append(em.errs, td.e.errs...)
	em.errs = append(em.errs, td.d.errs...)
}

// result emits a tool's result type, once per type: the constant of its
// schema, the canonical one (MCP's outputSchema), and its validator, which
// follows JSON Schema exactly, as a client checking a structuredContent
// does: a null member is null. It returns the constant's name.
func (em *fileEmitter) result(t *ir.Tool) string {
	r := t.Result
	rn := em.results[r]
	if rn.schema != "" {
		return rn.schema
	}
	schemaConst := em.scope.global(rn.prefix + "Schema")
	rn.schema = schemaConst
	name := r.Obj.Name()
	em.file.Commentf("The result of the tools with result type %s: its schema, an MCP tool's outputSchema.", name)
	em.file.Const().Id(schemaConst).Op("=").Add(stringLit(string(r.Schema.JSON)))
	e := em.emitterOf(r.Schema, rn.prefix, r.Pos)
	if e == nil {
		return schemaConst
	}
	check := em.scope.global("check" + upperPrefix(rn.prefix))
	e.finish(e.toolValidator(check, rn.validate, "the JSON of a result of type "+name+" as JSON Schema does", nil, nil))
	em.errs = append(em.errs, e.errs...)
	return schemaConst
}

// share makes the patterns and enum tables of e the file's: each is
// emitted once, whichever tool, output or result type needs it.
func (em *fileEmitter) share(e *emitter) {
	e.patterns, e.enums = em.patterns, em.typed.enums
}

// output emits a structured output: its schemas, its variable, its
// validator and its typed decode.
func (em *fileEmitter) output(t *ir.Tool) {
	n, formats := em.head(t, "structured output")
	d, fn, ok := em.decoder(t, n)
	if !ok {
		return
	}
	fields := []jen.Code{
		field("Name", jen.Lit(t.Name)),
		field("Description", jen.Lit(t.Description)),
		field("Schema", jen.Qual("encoding/json", "RawMessage").Call(jen.Id(formats.schemaConst))),
		field("Validate", jen.Id(n.validate)),
	}
	if t.FormSchema != nil {
		fields = append(fields, field("Form", jen.Qual("encoding/json", "RawMessage").Call(jen.Lit(string(t.FormSchema)))))
	}
	output := jen.Qual(runtimePath, "Output").Add(fieldValues(fields))
	em.file.Var().Id(n.tool).Op("=").Add(jen.Qual(runtimePath, "OutputDef").Types(jen.Id(t.Obj.Name())).Add(fieldValues([]jen.Code{
		field("Output", jen.Qual(implPath, "NewOutput").Call(output, jen.Id(formats.forms))),
		field("Decode", jen.Id(decodeName(t))),
		field("Decoder", jen.Id(d.name)),
	})))
	em.decoded(t, n, d, fn, "a model's answer in the "+t.Name+" format")
}

// field is the element Name: value of a struct literal.
func field(name string, value jen.Code) jen.Code {
	return jen.Id(name).Op(":").Add(value)
}

// fieldValues is a struct literal's braces around fields, one a line, in
// the order given: the struct type's, not the alphabetical order of a
// jen.Dict.
func fieldValues(fields []jen.Code) *jen.Statement {
	lines := make([]jen.Code, 0, len(fields)+1)
	for _, f := range fields {
		lines = append(lines, jen.Line().Add(f))
	}
	return jen.Values(append(lines, jen.Line())...)
}

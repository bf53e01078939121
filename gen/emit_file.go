package gen

import (
	"encoding/json"
	"go/token"
	"sort"

	"github.com/dave/jennifer/jen"
)

// fileEmitter writes the declarations of one generated file: tools, the
// result types of tools, structured outputs.
type fileEmitter struct {
	file *jen.File
	errs Errors
	// declared are the package-level names generated so far, by the type
	// that generates them: two types may map to the same name (tools a_b
	// and a-b both make ABTool; types FooArgs and fooArgs the same
	// helpers), which would not compile.
	declared map[string]owner
	results  map[*BuiltResult]*resultNames
}

// owner is the type whose declarations a name is among.
type owner struct {
	name string
	pos  token.Position
}

// resultNames are the identifiers generated for a result type.
type resultNames struct {
	schema   string // the constant of its schema
	validate string // Validate<R>Result
}

// declare records the package-level names a type generates, and reports
// one that another type generates too.
func (em *fileEmitter) declare(by owner, generated []string) {
	sort.Strings(generated)
	for _, name := range generated {
		if prev, dup := em.declared[name]; dup {
			em.errs.add(by.pos, "%s generates the Go name %s, as %s at %s does; rename one of the types", by.name, name, prev.name, prev.pos)
			break
		}
	}
	for _, name := range generated {
		em.declared[name] = by
	}
}

// validator emits the validator of an object schema; nullAbsent counts a
// null optional member as absent (a model's arguments and answers), or not
// (a handler's results). It returns the helpers' names, or false when the
// schema does not compile.
func (em *fileEmitter) validator(schemaJSON []byte, nullAbsent bool, opts Options, prefix, name, doc string, pos token.Position) ([]string, bool) {
	opts.NullAbsent = nullAbsent
	compiled, cerrs := compileSchema(schemaJSON, opts)
	for _, de := range cerrs {
		em.errs.add(pos, "%s", de.Error())
	}
	if len(cerrs) > 0 {
		return nil, false
	}
	e := newEmitter(em.file, compiled, prefix, pos)
	e.toolValidator(name, doc)
	em.errs = append(em.errs, e.errs...)
	return e.generated, true
}

// tool emits a tool: its schemas, its variable, its validator and its
// typed decode, and its result type's schema and validator when it is the
// first tool with that result type.
func (em *fileEmitter) tool(t *BuiltTool) {
	f := em.file
	n := toolNames(t.ToolType)
	schemaJSON, err := json.Marshal(t.Schema)
	if err != nil {
		em.errs.add(t.Pos, "encoding the schema: %v", err)
		return
	}
	var result *resultNames
	if t.Result != nil {
		result = em.result(t)
	}
	dialects := newToolDialects(t, n.prefix, schemaJSON)
	if result != nil {
		dialects.outputSchema = result.schema
	}
	dialects.emitConsts(f)
	f.Commentf("%s is the %s tool, generated from %s.", n.tool, t.Name, t.Obj.Name())
	for _, line := range dialects.fallbackComment() {
		f.Comment(line)
	}
	fields := jen.Dict{
		jen.Id("Name"):        jen.Lit(t.Name),
		jen.Id("Description"): jen.Lit(t.Description),
		jen.Id("Risk"):        jen.Qual(runtimePath, riskConst[t.Risk]),
		jen.Id("Idempotent"):  jen.Lit(t.Idempotent),
		jen.Id("Schema"):      jen.Qual("encoding/json", "RawMessage").Call(jen.Id(dialects.schemaConst)),
		jen.Id("Validate"):    jen.Id(n.validate),
		jen.Id("Dialects"):    dialects.value(),
	}
	if result != nil {
		fields[jen.Id("ResultSchema")] = jen.Qual("encoding/json", "RawMessage").Call(jen.Id(result.schema))
		fields[jen.Id("ValidateResult")] = jen.Id(result.validate)
	}
	f.Var().Id(n.tool).Op("=").Add(typedDef(t, jen.Qual(runtimePath, "Tool").Values(fields)))
	// The validator is compiled from the very JSON sent to the model.
	helpers, ok := em.validator(schemaJSON, true, t.Options, n.prefix, n.validate,
		n.validate+" checks a model's arguments for the "+t.Name+" tool: nil when valid, else every error.", t.Pos)
	if !ok {
		return
	}
	decoded, decodeErrs := emitDecoder(f, t, n)
	em.errs = append(em.errs, decodeErrs...)
	generated := append([]string{n.tool, n.validate}, helpers...)
	generated = append(generated, decoded...)
	generated = append(generated, dialects.names...)
	em.declare(owner{t.Obj.Name(), t.Pos}, generated)
}

// result emits a tool's result type, once per type: the constant of its
// schema, the canonical one (MCP's outputSchema), and its validator, which
// follows JSON Schema exactly, as a client checking a structuredContent
// does: a null member is null.
func (em *fileEmitter) result(t *BuiltTool) *resultNames {
	r := t.Result
	if rn, ok := em.results[r]; ok {
		return rn
	}
	name := r.Obj.Name()
	prefix := lowerFirst(name) + "Result"
	rn := &resultNames{schema: prefix + "Schema", validate: "Validate" + upperFirst(name) + "Result"}
	if !token.IsExported(name) {
		rn.validate = "validate" + upperFirst(name) + "Result"
	}
	em.results[r] = rn
	schemaJSON, err := json.Marshal(r.Schema)
	if err != nil {
		em.errs.add(r.Pos, "encoding the schema: %v", err)
		return rn
	}
	em.file.Commentf("The result of the tools with result type %s: its schema, an MCP tool's outputSchema.", name)
	em.file.Const().Id(rn.schema).Op("=").Add(stringLit(string(schemaJSON)))
	helpers, _ := em.validator(schemaJSON, false, t.Options, prefix, rn.validate,
		rn.validate+" checks the JSON of a result of type "+name+" against its schema, as JSON Schema does: nil when valid, else every error.", r.Pos)
	em.declare(owner{"the result type " + name, r.Pos}, append([]string{rn.schema, rn.validate}, helpers...))
	return rn
}

// output emits a structured output: its schemas, its variable, its
// validator and its typed decode.
func (em *fileEmitter) output(t *BuiltTool) {
	f := em.file
	n := toolNames(t.ToolType)
	schemaJSON, err := json.Marshal(t.Schema)
	if err != nil {
		em.errs.add(t.Pos, "encoding the schema: %v", err)
		return
	}
	formats := newToolDialects(t, n.prefix, schemaJSON)
	formats.emitConsts(f)
	f.Commentf("%s is the %s structured output, generated from %s.", n.tool, t.Name, t.Obj.Name())
	for _, line := range formats.fallbackComment() {
		f.Comment(line)
	}
	f.Var().Id(n.tool).Op("=").Add(jen.Qual(runtimePath, "OutputDef").Types(jen.Id(t.Obj.Name())).Values(jen.Dict{
		jen.Id("Output"): jen.Qual(runtimePath, "Output").Values(jen.Dict{
			jen.Id("Name"):        jen.Lit(t.Name),
			jen.Id("Description"): jen.Lit(t.Description),
			jen.Id("Schema"):      jen.Qual("encoding/json", "RawMessage").Call(jen.Id(formats.schemaConst)),
			jen.Id("Validate"):    jen.Id(n.validate),
			jen.Id("Formats"):     formats.formatsValue(),
		}),
		jen.Id("Decode"): jen.Id(decodeName(t.ToolType)),
	}))
	helpers, ok := em.validator(schemaJSON, true, t.Options, n.prefix, n.validate,
		n.validate+" checks a model's answer in the "+t.Name+" format: nil when valid, else every error.", t.Pos)
	if !ok {
		return
	}
	decoded, decodeErrs := emitDecoder(f, t, n)
	em.errs = append(em.errs, decodeErrs...)
	generated := append([]string{n.tool, n.validate}, helpers...)
	generated = append(generated, decoded...)
	generated = append(generated, formats.names...)
	em.declare(owner{t.Obj.Name(), t.Pos}, generated)
}

package gen

import (
	"encoding/json"
	"fmt"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"github.com/invopop/jsonschema"
)

const runtimePath = "github.com/toolgen-go/toolgen/runtime/tool"

// BuiltTool is a tool with its schema, ready to emit.
type BuiltTool struct {
	*ToolType
	Schema *jsonschema.Schema
}

// names are the identifiers generated for one tool.
type names struct {
	validate string // ValidateT
	tool     string // <CamelToolName>Tool
	prefix   string // lower-case prefix of private helpers
}

func toolNames(t *ToolType) names {
	typeName := t.Obj.Name()
	exported := token.IsExported(typeName)
	n := names{
		validate: "Validate" + upperFirst(typeName),
		tool:     camel(t.Name) + "Tool",
		prefix:   lowerFirst(typeName),
	}
	if !exported {
		n.validate = "validate" + upperFirst(typeName)
		n.tool = lowerFirst(n.tool)
	}
	return n
}

// listName is the name of the package's tool list: Tools when any tool type
// is exported.
func listName(tools []*BuiltTool) string {
	for _, t := range tools {
		if t.Obj.Exported() {
			return "Tools"
		}
	}
	return "tools"
}

// Emit renders the generated file of a package: for each tool its
// definition and validator, then the package's tool list.
func Emit(pkgName string, tools []*BuiltTool) ([]byte, error) {
	f := jen.NewFile(pkgName)
	f.HeaderComment(Header[3:])
	f.ImportName(runtimePath, "tool")
	f.Const().Id("_").Op("=").Qual(runtimePath, "SupportPackageIsVersion1")

	var errs Errors
	list := make([]jen.Code, len(tools))
	// Two tools may map to the same package-level name (tools a_b and a-b
	// both make ABTool; types FooArgs and fooArgs the same helpers), which
	// would not compile.
	declared := map[string]*BuiltTool{}
	for i, t := range tools {
		n := toolNames(t.ToolType)
		list[i] = jen.Op("&").Id(n.tool)
		schemaJSON, err := json.Marshal(t.Schema)
		if err != nil {
			errs.add(t.Pos, "encoding the schema: %v", err)
			continue
		}
		dialects, derrs := buildDialects(t, n.prefix, schemaJSON)
		errs = append(errs, derrs...)
		dialects.emitConsts(f)
		f.Commentf("%s is the %s tool, generated from %s.", n.tool, t.Name, t.Obj.Name())
		f.Var().Id(n.tool).Op("=").Qual(runtimePath, "Tool").Values(jen.Dict{
			jen.Id("Name"):        jen.Lit(t.Name),
			jen.Id("Description"): jen.Lit(t.Description),
			jen.Id("Risk"):        jen.Qual(runtimePath, riskConst[t.Risk]),
			jen.Id("Schema"):      jen.Qual("encoding/json", "RawMessage").Call(jen.Id(dialects.schemaConst)),
			jen.Id("Validate"):    jen.Id(n.validate),
			jen.Id("Dialects"):    dialects.value(),
		})
		e := &emitter{file: f, root: t.Schema, prefix: n.prefix, pos: t.Pos, defFuncs: map[string]string{}, patterns: map[string]string{}}
		e.validator(n.validate, t)
		errs = append(errs, e.errs...)
		generated := append([]string{n.tool, n.validate}, dialects.names...)
		for _, m := range []map[string]string{e.defFuncs, e.patterns} {
			for _, name := range m {
				generated = append(generated, name)
			}
		}
		sort.Strings(generated)
		for _, name := range generated {
			if prev, dup := declared[name]; dup {
				errs.add(t.Pos, "%s generates the Go name %s, as %s at %s does; rename one of the types or tools", t.Obj.Name(), name, prev.Obj.Name(), prev.Pos)
				break
			}
		}
		for _, name := range generated {
			declared[name] = t
		}
	}
	errs = append(errs, geminiLimit(tools)...)
	f.Commentf("%s lists the tools of this package in declaration order.", listName(tools))
	f.Var().Id(listName(tools)).Op("=").Qual(runtimePath, "Tools").Values(list...)
	if err := errs.err(); err != nil {
		return nil, err
	}
	var out strings.Builder
	if err := f.Render(&out); err != nil {
		return nil, fmt.Errorf("rendering generated code: %w", err)
	}
	return []byte(out.String()), nil
}

var riskConst = map[string]string{"read": "RiskRead", "act": "RiskAct", "dangerous": "RiskDangerous"}

// emitter writes the validator of one tool.
type emitter struct {
	file     *jen.File
	root     *jsonschema.Schema
	prefix   string
	pos      token.Position
	errs     Errors
	locals   map[string]int
	defFuncs map[string]string // $ref -> function validating it
	pending  []string          // $refs whose function is still to emit
	patterns map[string]string // pattern -> package-level regexp variable
}

// seg is one step of a location: a literal or a Go expression of type string.
type seg struct {
	lit  string
	expr jen.Code
}

// loc is where a value is, as a JSON Pointer and as the name a model reads
// (coords.lat, tags[0]); both are built only when an error is reported.
type loc struct {
	path []seg
	name []seg
}

func (l loc) key(k string) loc {
	path := append(append([]seg{}, l.path...), seg{lit: "/" + pointerEscape(k)})
	name := append([]seg{}, l.name...)
	if len(name) > 0 {
		name = append(name, seg{lit: "."})
	}
	return loc{path, append(name, seg{lit: k})}
}

func (l loc) dynamicKey(k jen.Code) loc {
	path := append(append([]seg{}, l.path...), seg{lit: "/"}, seg{expr: jen.Qual(runtimePath, "Key").Call(k)})
	name := append([]seg{}, l.name...)
	if len(name) > 0 {
		name = append(name, seg{lit: "."})
	}
	return loc{path, append(name, seg{expr: k})}
}

func (l loc) index(i jen.Code) loc {
	idx := jen.Qual(runtimePath, "Index").Call(i)
	path := append(append([]seg{}, l.path...), seg{lit: "/"}, seg{expr: idx})
	name := append(append([]seg{}, l.name...), seg{lit: "["}, seg{expr: idx}, seg{lit: "]"})
	return loc{path, name}
}

func concat(segs []seg) jen.Code {
	var parts []jen.Code
	lit := ""
	flush := func() {
		if lit != "" {
			parts = append(parts, jen.Lit(lit))
			lit = ""
		}
	}
	for _, s := range segs {
		if s.expr == nil {
			lit += s.lit
			continue
		}
		flush()
		parts = append(parts, s.expr)
	}
	flush()
	if len(parts) == 0 {
		return jen.Lit("")
	}
	code := jen.Add(parts[0])
	for _, p := range parts[1:] {
		code = code.Op("+").Add(p)
	}
	return code
}

func (l loc) pathExpr() jen.Code { return concat(l.path) }
func (l loc) nameExpr() jen.Code { return concat(l.name) }

func pointerEscape(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// local returns a fresh local variable name based on base.
func (e *emitter) local(base string) string {
	n := e.locals[base]
	e.locals[base] = n + 1
	if n == 0 {
		return base
	}
	return base + strconv.Itoa(n+1)
}

func (e *emitter) fail(at string, format string, args ...any) {
	e.errs.add(e.pos, "schema at %s: %s", at, fmt.Sprintf(format, args...))
}

func appendTo(args ...jen.Code) *jen.Statement { return jen.Id("errs").Op("=").Append(args...) }

func appendErr(err jen.Code) jen.Code { return appendTo(jen.Id("errs"), err) }

func errLit(code string, l loc, fields jen.Dict) jen.Code {
	d := jen.Dict{
		jen.Id("Code"): codeConst(code),
		jen.Id("Path"): l.pathExpr(),
		jen.Id("Name"): l.nameExpr(),
	}
	for k, v := range fields {
		d[k] = v
	}
	return jen.Qual(runtimePath, "Error").Values(d)
}

func codeConst(code string) jen.Code {
	switch code {
	case "missing":
		return jen.Qual(runtimePath, "CodeMissing")
	case "unexpected":
		return jen.Qual(runtimePath, "CodeUnexpected")
	case "type":
		return jen.Qual(runtimePath, "CodeType")
	case "enum":
		return jen.Qual(runtimePath, "CodeEnum")
	case "depth":
		return jen.Qual(runtimePath, "CodeDepth")
	}
	return jen.Lit(code)
}

func valueErr(code string, l loc, expected string, v jen.Code) jen.Code {
	return appendErr(jen.Qual(runtimePath, "ValueError").Call(codeConst(code), l.pathExpr(), l.nameExpr(), jen.Lit(expected), v))
}

// validator emits ValidateT and the functions of the schemas it refers to.
func (e *emitter) validator(name string, t *BuiltTool) {
	e.locals = map[string]int{"args": 1, "errs": 1}
	var body []jen.Code
	body = append(body, jen.Var().Id("errs").Qual(runtimePath, "Errors"))
	if e.usesRootRef(t.Schema) {
		fn := e.defFunc("#")
		body = append(body,
			jen.If(jen.Id("args").Op("==").Nil()).Block(
				jen.Comment("No arguments at all are an empty object, not null."),
				jen.Id("args").Op("=").Map(jen.String()).Any().Values(),
			),
			jen.Id("errs").Op("=").Id(fn).Call(jen.Id("args"), jen.Id("errs"), jen.Lit(0)))
	} else {
		body = append(body, e.objectChecks(t.Schema, jen.Id("args"), loc{}, "#")...)
	}
	body = append(body, jen.Return(jen.Id("errs")))
	e.file.Commentf("%s checks a model's arguments for the %s tool: nil when valid, else every error.", name, t.Name)
	e.file.Func().Id(name).Params(jen.Id("args").Map(jen.String()).Any()).Qual(runtimePath, "Errors").Block(body...)
	for len(e.pending) > 0 {
		ref := e.pending[0]
		e.pending = e.pending[1:]
		e.emitDef(ref)
	}
}

func (e *emitter) usesRootRef(s *jsonschema.Schema) bool {
	found := false
	var walk func(*jsonschema.Schema)
	seen := map[*jsonschema.Schema]bool{}
	walk = func(s *jsonschema.Schema) {
		if s == nil || seen[s] || found {
			return
		}
		seen[s] = true
		if s.Ref == "#" {
			found = true
		}
		for _, c := range children(s) {
			walk(c)
		}
	}
	walk(s)
	return found
}

func children(s *jsonschema.Schema) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			out = append(out, p.Value)
		}
	}
	out = append(out, s.Items, s.AdditionalProperties)
	for _, k := range sortedKeys(s.PatternProperties) {
		out = append(out, s.PatternProperties[k])
	}
	for _, k := range sortedKeys(s.Definitions) {
		out = append(out, s.Definitions[k])
	}
	out = append(out, s.OneOf...)
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// defFunc names the function that validates the schema at ref, and queues
// it for emission.
func (e *emitter) defFunc(ref string) string {
	if fn, ok := e.defFuncs[ref]; ok {
		return fn
	}
	suffix := "Root"
	if def, ok := strings.CutPrefix(ref, "#/$defs/"); ok {
		suffix = upperFirst(identifier(def))
	}
	fn := "validate" + upperFirst(e.prefix) + suffix
	e.defFuncs[ref] = fn
	e.pending = append(e.pending, ref)
	return fn
}

func (e *emitter) resolve(ref string) (*jsonschema.Schema, bool) {
	if ref == "#" {
		return e.root, true
	}
	def, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok {
		return nil, false
	}
	s, ok := e.root.Definitions[def]
	return s, ok
}

// emitDef emits the function of a referenced schema. It reports errors
// relative to the value it is given; its caller nests them. depth bounds
// recursion, so a hostile, deeply nested value is an error, not a stack
// overflow.
func (e *emitter) emitDef(ref string) {
	s, _ := e.resolve(ref)
	fn := e.defFuncs[ref]
	e.locals = map[string]int{"v": 1, "errs": 1, "depth": 1}
	body := []jen.Code{
		jen.If(jen.Id("depth").Op(">").Qual(runtimePath, "MaxDepth")).Block(
			jen.Return(jen.Append(jen.Id("errs"), jen.Qual(runtimePath, "TooDeep").Call())),
		),
	}
	body = append(body, e.value(s, jen.Id("v"), loc{}, ref)...)
	body = append(body, jen.Return(jen.Id("errs")))
	e.file.Commentf("%s validates the schema %s.", fn, ref)
	e.file.Func().Id(fn).Params(jen.Id("v").Any(), jen.Id("errs").Qual(runtimePath, "Errors"), jen.Id("depth").Int()).Qual(runtimePath, "Errors").Block(body...)
}

func isTrue(s *jsonschema.Schema) bool {
	if s == nil || s == jsonschema.TrueSchema {
		return true
	}
	b, _ := json.Marshal(s)
	return string(b) == "true"
}

func isFalse(s *jsonschema.Schema) bool {
	if s == jsonschema.FalseSchema {
		return true
	}
	b, _ := json.Marshal(s)
	return string(b) == "false"
}

// nullableBranch recognizes invopop's nullable form oneOf [T, {type: null}]
// and returns T.
func nullableBranch(s *jsonschema.Schema) (*jsonschema.Schema, bool) {
	if len(s.OneOf) != 2 {
		return nil, false
	}
	null, _ := json.Marshal(s.OneOf[1])
	if string(null) != `{"type":"null"}` {
		return nil, false
	}
	return s.OneOf[0], true
}

// expectedType names what a schema accepts, for type and missing errors.
func (e *emitter) expectedType(s *jsonschema.Schema) string {
	if inner, ok := nullableBranch(s); ok {
		if t := e.expectedType(inner); t != "" {
			return t + " or null"
		}
		return ""
	}
	if s.Ref != "" {
		if r, ok := e.resolve(s.Ref); ok && r != s {
			return e.expectedType(r)
		}
	}
	return s.Type
}

// supported lists the keywords a schema may use; the rest are refused, so
// that no constraint sent to a model goes unchecked.
func (e *emitter) checkKeywords(s *jsonschema.Schema, at string) bool {
	var bad []string
	if s.Format != "" {
		bad = append(bad, "format")
	}
	if len(s.AllOf) > 0 {
		bad = append(bad, "allOf")
	}
	if len(s.AnyOf) > 0 {
		bad = append(bad, "anyOf")
	}
	if len(s.OneOf) > 0 {
		if _, ok := nullableBranch(s); !ok {
			bad = append(bad, "oneOf")
		}
	}
	if s.Not != nil {
		bad = append(bad, "not")
	}
	if s.If != nil || s.Then != nil || s.Else != nil {
		bad = append(bad, "if/then/else")
	}
	if len(s.DependentSchemas) > 0 {
		bad = append(bad, "dependentSchemas")
	}
	if len(s.DependentRequired) > 0 {
		bad = append(bad, "dependentRequired")
	}
	if len(s.PrefixItems) > 0 {
		bad = append(bad, "prefixItems")
	}
	if s.Contains != nil || s.MinContains != nil || s.MaxContains != nil {
		bad = append(bad, "contains")
	}
	if s.PropertyNames != nil {
		bad = append(bad, "propertyNames")
	}
	if s.Const != nil {
		bad = append(bad, "const")
	}
	if s.MinProperties != nil || s.MaxProperties != nil {
		bad = append(bad, "minProperties/maxProperties")
	}
	if s.DynamicRef != "" {
		bad = append(bad, "$dynamicRef")
	}
	for _, k := range sortedKeys(s.Extras) {
		if assertions[k] {
			bad = append(bad, k)
		}
	}
	for _, k := range bad {
		e.fail(at, "keyword %s is not supported yet", k)
	}
	return len(bad) == 0
}

// value emits the checks of schema s on the value v (an expression of type
// any) at location l; at is the schema's own location, for errors.
func (e *emitter) value(s *jsonschema.Schema, v jen.Code, l loc, at string) []jen.Code {
	if isTrue(s) {
		return nil
	}
	if isFalse(s) {
		return []jen.Code{appendErr(errLit("false", l, jen.Dict{jen.Id("Expected"): jen.Lit("no value"), jen.Id("Got"): jen.Qual(runtimePath, "TypeName").Call(v)}))}
	}
	if !e.checkKeywords(s, at) {
		return nil
	}
	if inner, ok := nullableBranch(s); ok {
		checks := e.typed(inner, v, l, at+"/oneOf/0", e.expectedType(s))
		if len(checks) == 0 {
			return nil
		}
		return []jen.Code{jen.If(jen.Add(v).Op("!=").Nil()).Block(checks...)}
	}
	return e.typed(s, v, l, at, e.expectedType(s))
}

// typed emits the type check of s and, for a value of the right type, the
// keyword checks. expected names the accepted types in a type error.
func (e *emitter) typed(s *jsonschema.Schema, v jen.Code, l loc, at, expected string) []jen.Code {
	if !e.checkKeywords(s, at) {
		return nil
	}
	var out []jen.Code
	if s.Ref != "" {
		if _, ok := e.resolve(s.Ref); !ok {
			e.fail(at, "$ref %q: only local references to # and #/$defs/ are supported", s.Ref)
			return nil
		}
		fn := e.defFunc(s.Ref)
		n := e.local("n")
		out = append(out,
			jen.Id(n).Op(":=").Len(jen.Id("errs")),
			jen.Id("errs").Op("=").Id(fn).Call(v, jen.Id("errs"), e.depthPlusOne()),
			jen.Qual(runtimePath, "Nest").Call(jen.Id("errs").Index(jen.Id(n).Op(":")), l.pathExpr(), l.nameExpr()),
		)
		if s.Type == "" {
			return []jen.Code{jen.Block(out...)}
		}
	}
	typeErr := appendErr(jen.Qual(runtimePath, "TypeError").Call(l.pathExpr(), l.nameExpr(), jen.Lit(expected), v))
	switch s.Type {
	case "":
		if hasValueKeywords(s) {
			e.fail(at, "keywords without a type are not supported yet")
		}
		return out
	case "string":
		str := e.local("s")
		checks := e.stringChecks(s, jen.Id(str), v, l, at)
		return append(out, ifTyped(jen.List(typedName(str, checks), jen.Id("ok")).Op(":=").Add(v).Assert(jen.String()), jen.Op("!").Id("ok"), typeErr, checks))
	case "number", "integer":
		num := e.local("num")
		checks := e.numberChecks(s, jen.Id(num), v, l, at)
		name, cond := typedName(num, checks), jen.Op("!").Id("ok")
		if s.Type == "integer" {
			name = jen.Id(num)
			cond = jen.Op("!").Id("ok").Op("||").Op("!").Qual(runtimePath, "IsInteger").Call(jen.Id(num))
		}
		return append(out, ifTyped(jen.List(name, jen.Id("ok")).Op(":=").Qual(runtimePath, "Number").Call(v), cond, typeErr, checks))
	case "boolean":
		if len(s.Enum) > 0 {
			e.fail(at, "enum on booleans is not supported")
		}
		return append(out, jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Add(v).Assert(jen.Bool()), jen.Op("!").Id("ok")).Block(typeErr))
	case "null":
		return append(out, jen.If(jen.Add(v).Op("!=").Nil()).Block(typeErr))
	case "array":
		list := e.local("list")
		checks := e.arrayChecks(s, jen.Id(list), l, at)
		return append(out, ifTyped(jen.List(typedName(list, checks), jen.Id("ok")).Op(":=").Qual(runtimePath, "List").Call(v), jen.Op("!").Id("ok"), typeErr, checks))
	case "object":
		obj := e.local("obj")
		checks := e.objectChecks(s, jen.Id(obj), l, at)
		return append(out, ifTyped(jen.List(typedName(obj, checks), jen.Id("ok")).Op(":=").Qual(runtimePath, "Object").Call(v), jen.Op("!").Id("ok"), typeErr, checks))
	}
	e.fail(at, "type %q is not a JSON Schema type", s.Type)
	return nil
}

func typedName(name string, checks []jen.Code) jen.Code {
	if len(checks) == 0 {
		return jen.Id("_")
	}
	return jen.Id(name)
}

// ifTyped emits: if x, ok := conversion; !ok { type error } else { checks }.
func ifTyped(init, cond, typeErr jen.Code, checks []jen.Code) jen.Code {
	stmt := jen.If(init, cond).Block(typeErr)
	if len(checks) > 0 {
		stmt = stmt.Else().Block(checks...)
	}
	return stmt
}

func hasValueKeywords(s *jsonschema.Schema) bool {
	return len(s.Enum) > 0 || s.Minimum != "" || s.Maximum != "" || s.ExclusiveMinimum != "" || s.ExclusiveMaximum != "" ||
		s.MultipleOf != "" || s.MinLength != nil || s.MaxLength != nil || s.Pattern != "" || s.Items != nil ||
		s.MinItems != nil || s.MaxItems != nil || s.UniqueItems || s.Properties != nil || len(s.Required) > 0 ||
		s.AdditionalProperties != nil || len(s.PatternProperties) > 0
}

func (e *emitter) depthPlusOne() jen.Code {
	if _, ok := e.locals["depth"]; ok {
		return jen.Id("depth").Op("+").Lit(1)
	}
	return jen.Lit(1)
}

func (e *emitter) stringChecks(s *jsonschema.Schema, str, v jen.Code, l loc, at string) []jen.Code {
	var out []jen.Code
	if len(s.Enum) > 0 {
		var cases []jen.Code
		for _, x := range s.Enum {
			str, ok := x.(string)
			if !ok {
				e.fail(at, "enum value %v of a string is not a string", x)
				return nil
			}
			cases = append(cases, jen.Lit(str))
		}
		out = append(out, jen.Switch(str).Block(
			jen.Case(cases...),
			jen.Default().Add(valueErr("enum", l, "one of "+enumText(s.Enum), v)),
		))
	}
	if s.MinLength != nil || s.MaxLength != nil {
		length := e.local("length")
		var checks []jen.Code
		if s.MinLength != nil {
			checks = append(checks, jen.If(jen.Id(length).Op("<").Lit(int(*s.MinLength))).Block(
				valueErr("minLength", l, "at least "+plural(*s.MinLength, "character")+" long", v)))
		}
		if s.MaxLength != nil {
			checks = append(checks, jen.If(jen.Id(length).Op(">").Lit(int(*s.MaxLength))).Block(
				valueErr("maxLength", l, "at most "+plural(*s.MaxLength, "character")+" long", v)))
		}
		out = append(out, jen.Id(length).Op(":=").Qual(runtimePath, "Length").Call(str))
		out = append(out, checks...)
	}
	if s.Pattern != "" {
		if _, err := regexp.Compile(s.Pattern); err != nil {
			e.fail(at, "pattern %q is not a valid RE2 regular expression: %v", s.Pattern, err)
			return nil
		}
		re := e.pattern(s.Pattern)
		out = append(out, jen.If(jen.Op("!").Id(re).Dot("MatchString").Call(str)).Block(
			valueErr("pattern", l, "a string matching the pattern "+s.Pattern, v)))
	}
	return out
}

// pattern returns the package-level variable of a compiled pattern, so that
// no regular expression is compiled during a call.
func (e *emitter) pattern(p string) string {
	if name, ok := e.patterns[p]; ok {
		return name
	}
	name := e.prefix + "Pattern" + strconv.Itoa(len(e.patterns))
	e.patterns[p] = name
	e.file.Var().Id(name).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(p))
	return name
}

func enumText(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		b, _ := json.Marshal(v)
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}

// numberLit returns a JSON number as a Go constant expression.
func (e *emitter) numberLit(n json.Number, at, keyword string) (jen.Code, bool) {
	if _, err := strconv.ParseFloat(string(n), 64); err != nil {
		e.fail(at, "%s %s is not a float64", keyword, n)
		return nil, false
	}
	return jen.Id(string(n)), true
}

func (e *emitter) numberChecks(s *jsonschema.Schema, num, v jen.Code, l loc, at string) []jen.Code {
	var out []jen.Code
	if len(s.Enum) > 0 {
		var cond jen.Code
		for i, x := range s.Enum {
			n, ok := x.(json.Number)
			if !ok {
				e.fail(at, "enum value %v of a number is not a number", x)
				return nil
			}
			lit, ok := e.numberLit(n, at, "enum value")
			if !ok {
				return nil
			}
			c := jen.Add(num).Op("!=").Add(lit)
			if i == 0 {
				cond = c
			} else {
				cond = jen.Add(cond).Op("&&").Add(c)
			}
		}
		out = append(out, jen.If(cond).Block(valueErr("enum", l, "one of "+enumText(s.Enum), v)))
	}
	bounds := []struct {
		keyword string
		n       json.Number
		op      string
		text    string
	}{
		{"minimum", s.Minimum, "<", ">= "},
		{"maximum", s.Maximum, ">", "<= "},
		{"exclusiveMinimum", s.ExclusiveMinimum, "<=", "> "},
		{"exclusiveMaximum", s.ExclusiveMaximum, ">=", "< "},
	}
	for _, b := range bounds {
		if b.n == "" {
			continue
		}
		lit, ok := e.numberLit(b.n, at, b.keyword)
		if !ok {
			return nil
		}
		out = append(out, jen.If(jen.Add(num).Op(b.op).Add(lit)).Block(valueErr(b.keyword, l, b.text+string(b.n), v)))
	}
	if s.MultipleOf != "" {
		lit, ok := e.numberLit(s.MultipleOf, at, "multipleOf")
		if !ok {
			return nil
		}
		out = append(out, jen.If(jen.Op("!").Qual(runtimePath, "MultipleOf").Call(num, lit)).Block(
			valueErr("multipleOf", l, "a multiple of "+string(s.MultipleOf), v)))
	}
	return out
}

func (e *emitter) arrayChecks(s *jsonschema.Schema, list jen.Code, l loc, at string) []jen.Code {
	var out []jen.Code
	count := func(keyword, op string, n uint64, text string) {
		out = append(out, jen.If(jen.Len(list).Op(op).Lit(int(n))).Block(valueErr(keyword, l, text, list)))
	}
	if s.MinItems != nil {
		count("minItems", "<", *s.MinItems, "an array of at least "+plural(*s.MinItems, "item"))
	}
	if s.MaxItems != nil {
		count("maxItems", ">", *s.MaxItems, "an array of at most "+plural(*s.MaxItems, "item"))
	}
	if s.UniqueItems {
		i, j := e.local("i"), e.local("j")
		out = append(out, jen.If(jen.List(jen.Id(i), jen.Id(j), jen.Id("dup")).Op(":=").Qual(runtimePath, "Duplicate").Call(list), jen.Id("dup")).Block(
			appendErr(errLit("uniqueItems", l, jen.Dict{
				jen.Id("Expected"): jen.Lit("an array of unique items"),
				jen.Id("Got"):      jen.Lit("array"),
				jen.Id("Actual"): jen.Lit("items ").Op("+").Qual(runtimePath, "Index").Call(jen.Id(i)).Op("+").
					Lit(" and ").Op("+").Qual(runtimePath, "Index").Call(jen.Id(j)).Op("+").Lit(" are equal"),
			}))))
	}
	if s.Items != nil && !isTrue(s.Items) {
		i, item := e.local("i"), e.local("item")
		checks := e.value(s.Items, jen.Id(item), l.index(jen.Id(i)), at+"/items")
		if len(checks) > 0 {
			out = append(out, jen.For(jen.List(jen.Id(i), jen.Id(item)).Op(":=").Range().Add(list)).Block(checks...))
		}
	}
	return out
}

// objectChecks emits, for an object obj, the checks in the order errors are
// reported: missing members in required order, unexpected members by key,
// then each declared member's value in property order; members matched by
// patternProperties or additionalProperties come last, by key.
func (e *emitter) objectChecks(s *jsonschema.Schema, obj jen.Code, l loc, at string) []jen.Code {
	if !e.checkKeywords(s, at) {
		return nil
	}
	var props []prop
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			base := identifier(p.Key)
			props = append(props, prop{p.Key, p.Value, e.local(base), e.local("has" + upperFirst(base))})
		}
	}
	byName := map[string]prop{}
	for _, p := range props {
		byName[p.name] = p
	}
	var out []jen.Code
	closed := isFalse(s.AdditionalProperties) && len(s.PatternProperties) == 0
	present := ""
	if closed && len(props) > 0 {
		present = e.local("present")
		out = append(out, jen.Id(present).Op(":=").Lit(0))
	}
	// The value checks are built first: a member with none needs no local.
	checks := make([][]jen.Code, len(props))
	for i, p := range props {
		checks[i] = e.value(p.schema, jen.Id(p.value), l.key(p.name), at+"/properties/"+pointerEscape(p.name))
	}
	for i, p := range props {
		value := jen.Id(p.value)
		if len(checks[i]) == 0 {
			value = jen.Id("_")
		}
		out = append(out, jen.List(value, jen.Id(p.has)).Op(":=").Add(obj).Index(jen.Lit(p.name)))
		if present != "" {
			out = append(out, jen.If(jen.Id(p.has)).Block(jen.Id(present).Op("++")))
		}
	}
	for _, r := range s.Required {
		p, declared := byName[r]
		expected := ""
		has := jen.Code(nil)
		if declared {
			expected = e.expectedType(p.schema)
			has = jen.Op("!").Id(p.has)
		} else {
			has = jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Add(obj).Index(jen.Lit(r)).Op(";").Op("!").Id("ok")
		}
		fields := jen.Dict{}
		if expected != "" {
			fields[jen.Id("Expected")] = jen.Lit(expected)
		}
		out = append(out, jen.If(has).Block(appendErr(errLit("missing", l.key(r), fields))))
	}
	unexpected := func(k jen.Code) jen.Code {
		return appendErr(errLit("unexpected", l.dynamicKey(k), jen.Dict{
			jen.Id("Got"): jen.Qual(runtimePath, "TypeName").Call(jen.Add(obj).Index(k)),
		}))
	}
	switch {
	case closed:
		k, n := e.local("k"), e.local("n")
		loop := jen.For(jen.Id(k).Op(":=").Range().Add(obj)).Block(unlessDeclared(props, jen.Id(k), unexpected(jen.Id(k))))
		cond := jen.Len(obj).Op(">").Id(present)
		if present == "" {
			cond = jen.Len(obj).Op(">").Lit(0)
		}
		out = append(out, jen.If(cond).Block(
			jen.Id(n).Op(":=").Len(jen.Id("errs")),
			loop,
			jen.Qual(runtimePath, "SortByPath").Call(jen.Id("errs").Index(jen.Id(n).Op(":"))),
		))
	}
	for i, p := range props {
		if len(checks[i]) == 0 {
			continue
		}
		cond := jen.Id(p.has)
		if !contains(s.Required, p.name) {
			// OpenAI strict mode sends null for an omitted optional member.
			cond = jen.Id(p.has).Op("&&").Id(p.value).Op("!=").Nil()
		}
		out = append(out, jen.If(cond).Block(checks[i]...))
	}
	if !closed && (len(s.PatternProperties) > 0 || (s.AdditionalProperties != nil && !isTrue(s.AdditionalProperties))) {
		out = append(out, e.memberLoop(s, props, obj, l, at, unexpected))
	}
	return out
}

// prop is a declared member of an object and the locals holding it.
type prop struct {
	name   string
	schema *jsonschema.Schema
	value  string // the member's value
	has    string // whether the member is present
}

// unlessDeclared wraps code so that it runs only for an undeclared key.
func unlessDeclared(props []prop, k, code jen.Code) jen.Code {
	if len(props) == 0 {
		return code
	}
	names := make([]jen.Code, len(props))
	for i, p := range props {
		names[i] = jen.Lit(p.name)
	}
	return jen.Switch(k).Block(jen.Case(names...), jen.Default().Add(code))
}

// memberLoop checks the members not declared in properties against
// patternProperties and additionalProperties. It visits them in Go's map
// order and, only when that found errors, again in key order, so that the
// errors are deterministic at no cost to a valid call.
func (e *emitter) memberLoop(s *jsonschema.Schema, props []prop, obj jen.Code, l loc, at string, unexpected func(jen.Code) jen.Code) jen.Code {
	member, k, v, n := e.local("member"), e.local("k"), e.local("v"), e.local("n")
	var body []jen.Code
	matched := ""
	if len(s.PatternProperties) > 0 {
		matched = e.local("matched")
		body = append(body, jen.Id(matched).Op(":=").False())
		for _, pattern := range sortedKeys(s.PatternProperties) {
			if _, err := regexp.Compile(pattern); err != nil {
				e.fail(at, "patternProperties %q is not a valid RE2 regular expression: %v", pattern, err)
				continue
			}
			re := e.pattern(pattern)
			checks := e.value(s.PatternProperties[pattern], jen.Id(v), l.dynamicKey(jen.Id(k)), at+"/patternProperties/"+pointerEscape(pattern))
			body = append(body, jen.If(jen.Id(re).Dot("MatchString").Call(jen.Id(k))).Block(
				append([]jen.Code{jen.Id(matched).Op("=").True()}, checks...)...))
		}
	}
	var additional []jen.Code
	switch {
	case isFalse(s.AdditionalProperties):
		additional = []jen.Code{unexpected(jen.Id(k))}
	case s.AdditionalProperties != nil:
		additional = e.value(s.AdditionalProperties, jen.Id(v), l.dynamicKey(jen.Id(k)), at+"/additionalProperties")
	}
	if len(additional) > 0 {
		if matched != "" {
			body = append(body, jen.If(jen.Op("!").Id(matched)).Block(additional...))
		} else {
			body = append(body, additional...)
		}
	}
	if len(props) > 0 {
		names := make([]jen.Code, len(props))
		for i, p := range props {
			names[i] = jen.Lit(p.name)
		}
		body = append([]jen.Code{jen.Switch(jen.Id(k)).Block(jen.Case(names...).Block(jen.Return()))}, body...)
	}
	return jen.Block(
		jen.Id(n).Op(":=").Len(jen.Id("errs")),
		jen.Id(member).Op(":=").Func().Params(jen.Id(k).String(), jen.Id(v).Any()).Block(body...),
		jen.For(jen.List(jen.Id(k), jen.Id(v)).Op(":=").Range().Add(obj)).Block(jen.Id(member).Call(jen.Id(k), jen.Id(v))),
		jen.If(jen.Len(jen.Id("errs")).Op(">").Id(n)).Block(
			jen.Id("errs").Op("=").Id("errs").Index(jen.Op(":").Id(n)),
			jen.For(jen.List(jen.Id("_"), jen.Id(k)).Op(":=").Range().Qual(runtimePath, "SortedKeys").Call(obj)).Block(
				jen.Id(member).Call(jen.Id(k), jen.Add(obj).Index(jen.Id(k))),
			),
		),
	)
}

// identifier turns a property name into a Go identifier for a local.
func identifier(name string) string {
	var b strings.Builder
	upper := false
	for _, r := range name {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if b.Len() == 0 && unicode.IsDigit(r) {
				b.WriteString("p")
			}
			if upper && b.Len() > 0 {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			upper = false
		default:
			upper = true
		}
	}
	id := lowerFirst(b.String())
	if id == "" || reserved[id] || token.Lookup(id).IsKeyword() {
		id += "Arg"
	}
	return id
}

// reserved are names a local must not shadow in generated code.
var reserved = map[string]bool{
	"tool": true, "json": true, "regexp": true, "args": true, "errs": true, "ok": true, "v": true, "depth": true,
	"len": true, "append": true, "nil": true, "true": true, "false": true, "string": true, "any": true, "int": true,
	"bool": true, "float64": true, "dup": true, "cap": true, "new": true, "make": true, "copy": true, "error": true,
}

// camel turns a tool name into an exported identifier: get_weather -> GetWeather.
func camel(name string) string {
	return upperFirst(identifier(name))
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func lowerFirst(s string) string {
	r := []rune(s)
	// Lower a leading acronym as a whole: HTTPConfig -> httpConfig.
	for i := 0; i < len(r) && unicode.IsUpper(r[i]); i++ {
		if i > 0 && i+1 < len(r) && unicode.IsLower(r[i+1]) {
			break
		}
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}

func plural(n uint64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.FormatUint(n, 10) + " " + noun + "s"
}

// stringLit renders a string as a raw literal when it can, for readability.
func stringLit(s string) jen.Code {
	if strings.ContainsAny(s, "`\r") || !utf8.ValidString(s) {
		return jen.Lit(s)
	}
	return jen.Op("`" + s + "`")
}

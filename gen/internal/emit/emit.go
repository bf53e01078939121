package emit

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

const (
	runtimePath = "github.com/toolgen-go/toolgen/runtime/tool"
	implPath    = "github.com/toolgen-go/toolgen/runtime/toolimpl"
	valuePath   = "github.com/toolgen-go/toolgen/runtime/toolimpl/value"
	formatPath  = "github.com/toolgen-go/toolgen/runtime/toolimpl/format"
)

// names are the identifiers generated for one tool or output.
type names struct {
	validate string // ValidateT
	tool     string // <CamelToolName>Tool, or <CamelName>Output
	prefix   string // lower-case prefix of private helpers
}

func toolNames(t *ir.Tool) names {
	typeName := t.Obj.Name()
	exported := token.IsExported(typeName)
	// The tool variable is named as the type is spelled when the tool has
	// its default name (SQLQueryArgs -> SQLQueryTool), else from the name,
	// with Go's initialisms (sql_query -> SQLQueryTool).
	base, suffix := Camel(t.Name), "Tool"
	switch {
	case t.Output:
		suffix = "Output"
		if t.Name == gotype.DefaultName(typeName, true) {
			base = upperFirst(typeName)
		}
	case t.Name == gotype.DefaultName(typeName, false):
		base = upperFirst(gotype.TrimToolSuffix(typeName))
	}
	n := names{
		validate: "Validate" + upperFirst(typeName),
		tool:     base + suffix,
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
func listName(tools []*ir.Tool) string {
	for _, t := range tools {
		if t.Obj.Exported() {
			return "Tools"
		}
	}
	return "tools"
}

// Emit renders the generated file of a package: for each tool its
// definition, validator and decoder (and its result type's schema and
// validator), then the package's tool list, then each structured output.
// The names it declares avoid those the package declares in its other
// files, and the imports those the package declares; the names a user calls
// (ValidateT, DecodeT, the tool and output variables, Tools) are left as
// they are, and Generate reports their collisions. The schemas come
// compiled, with the options of their validators.
func Emit(pkg *ir.Package, tools, outputs []*ir.Tool) ([]byte, error) {
	f := jen.NewFile(pkg.Name)
	f.HeaderComment(ir.Header[3:])
	if pkg.Constraint != "" {
		f.HeaderComment("//go:build " + pkg.Constraint)
	}
	sc := newScope(PackageNames(pkg.Types, pkg.Fset, pkg.Output))
	sc.importRuntime(f)
	for _, t := range append(append([]*ir.Tool{}, tools...), outputs...) {
		sc.importTypes(f, t.Obj.Type(), t.Obj.Pkg())
	}
	f.Const().Id("_").Op("=").Qual(implPath, "SupportPackageIsVersion5")

	em := &fileEmitter{file: f, scope: sc, declared: map[string]owner{}, results: map[*ir.Result]*resultNames{},
		typed: newTypedGen(f, sc, pkg.Types), patterns: map[string]string{}}
	// Two types may map to the same name a user calls (tools a_b and a-b
	// both make ABTool; types FooArgs and fooArgs the same functions), which
	// would not compile. These names are reserved first, so that no helper
	// takes one.
	for _, t := range append(append([]*ir.Tool{}, tools...), outputs...) {
		n := toolNames(t)
		em.public(owner{t.Obj.Name(), t.Pos}, n.tool, n.validate, decodeName(t), decodeName(t)+"JSON")
		if r := t.Result; r != nil && em.results[r] == nil {
			em.results[r] = newResultNames(r)
			em.public(owner{"the result type " + r.Obj.Name(), r.Pos}, em.results[r].validate)
		}
	}
	list := make([]jen.Code, len(tools))
	for i, t := range tools {
		list[i] = jen.Op("&").Id(toolNames(t).tool).Dot("Tool")
	}
	if len(tools) > 0 {
		sc.public(listName(tools))
	}
	for _, t := range tools {
		em.tool(t)
	}
	if len(tools) > 0 {
		f.Commentf("%s lists the tools of this package in declaration order.", listName(tools))
		f.Var().Id(listName(tools)).Op("=").Qual(runtimePath, "Tools").Values(list...)
	}
	for _, t := range outputs {
		em.output(t)
	}
	errs := append(em.errs, em.typed.errs...)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return render(f)
}

var riskConst = map[string]string{"read": "RiskRead", "act": "RiskAct", "dangerous": "RiskDangerous"}

// capabilityConst names the runtime's constant of each value of needs=.
var capabilityConst = map[string]string{"elicitation": "CapabilityElicitation", "roots": "CapabilityRoots", "sampling": "CapabilitySampling"}

// loc is where a value is, as generated code names it: a variable of type
// toolimpl.Loc and at most one more step, a member name or an array index. The
// members and items of an object or array get a variable of their own (see
// container), so that every error names its location in code of constant
// size, and nothing is built or rewritten as the validator descends: a
// toolimpl.Loc is a few words on the stack, rendered into an error's Path and
// Name only when an error is reported.
type loc struct {
	base   *locVar
	member *string  // a member name written in the schema
	dyn    jen.Code // a member name held by a string expression
	idx    jen.Code // an array index
}

// locVar is a variable of type toolimpl.Loc. Its name is chosen when code first
// refers to it, so that an unused one is never declared.
type locVar struct {
	base string // the base of its name
	name string
	used bool
}

func (l loc) hasStep() bool { return l.member != nil || l.dyn != nil || l.idx != nil }

func (l loc) mustBeVar() {
	if l.hasStep() {
		panic("gen: a location with a step used as a container; see emitter.container")
	}
}

func (l loc) key(k string) loc {
	l.mustBeVar()
	return loc{base: l.base, member: &k}
}

func (l loc) dynamicKey(k jen.Code) loc {
	l.mustBeVar()
	return loc{base: l.base, dyn: k}
}

func (l loc) index(i jen.Code) loc {
	l.mustBeVar()
	return loc{base: l.base, idx: i}
}

func (l loc) indexLit(i int) loc { return l.index(jen.Lit(i)) }

// at is the expression of type toolimpl.Loc of l, in the function being emitted.
func (e *emitter) at(l loc) jen.Code { return l.expr(e.local) }

// container emits the checks of the members or items of the value at l.
func (e *emitter) container(l loc, body func(inner loc) []jen.Code) []jen.Code {
	return l.containerWith(e.local, body, func(name string, value jen.Code) jen.Code {
		if e.fn.hoist {
			e.fn.hoisted = append(e.fn.hoisted, name)
			return jen.Id(name).Op("=").Add(value)
		}
		return jen.Id(name).Op(":=").Add(value)
	})
}

// expr is the expression of type toolimpl.Loc of l, in a function whose locals
// local names.
func (l loc) expr(local func(string) string) jen.Code {
	v := l.base
	if v.name == "" {
		v.name = local(v.base)
	}
	v.used = true
	x := jen.Id(v.name)
	switch {
	case l.member != nil:
		return x.Dot("Key").Call(jen.Lit(*l.member))
	case l.dyn != nil:
		return x.Dot("Key").Call(l.dyn)
	case l.idx != nil:
		return x.Dot("Index").Call(l.idx)
	}
	return x
}

// container emits, with body, the code about the members or items of the
// value at l, which need l as a variable: when l has a step, that code gets
// a variable of its own, declared before it when it refers to it.
func (l loc) container(local func(string) string, body func(inner loc) []jen.Code) []jen.Code {
	return l.containerWith(local, body, func(name string, value jen.Code) jen.Code { return jen.Id(name).Op(":=").Add(value) })
}

// containerWith is container, whose variable declare declares.
func (l loc) containerWith(local func(string) string, body func(inner loc) []jen.Code, declare func(name string, value jen.Code) jen.Code) []jen.Code {
	if !l.hasStep() {
		return body(l)
	}
	base := "at"
	if l.member != nil {
		if w := upperFirst(words(*l.member)); w != "" && len(w) <= 24 {
			base += w
		}
	} else if l.idx != nil {
		base = "atItem"
	}
	v := &locVar{base: base}
	code := body(loc{base: v})
	if v.name == "" {
		return code
	}
	return append([]jen.Code{declare(v.name, l.expr(local))}, code...)
}

// local returns a fresh local variable name based on base.
func (e *emitter) local(base string) string {
	return e.scope.local(e.fn.locals, base)
}

func (e *emitter) fail(at string, format string, args ...any) {
	e.errs.Add(e.pos, "schema at %s: %s", at, fmt.Sprintf(format, args...))
}

// The reporting of a validation error. A collecting function reports it in
// its toolimpl.Report r, at a location; a deciding function returns false. Every
// check reports through report or always with one of the error builders
// below, so that both kinds of function come from the same code.

// errorBuilder makes the statement that reports an error at the location at.
type errorBuilder func(at jen.Code) jen.Code

// report is how the current function reports an error at l.
func (e *emitter) report(l loc, build errorBuilder) jen.Code {
	if e.fn.mode == decide {
		return jen.Return(jen.False())
	}
	return build(e.at(l))
}

// always reports an error that happens whatever the value. In a decide
// function it is written "if true { return false }", not a bare return, so
// that the code after it stays reachable for the compiler and vet.
func (e *emitter) always(l loc, build errorBuilder) jen.Code {
	if e.fn.mode == decide {
		return jen.If(jen.True()).Block(jen.Return(jen.False()))
	}
	return build(e.at(l))
}

// reportValue reports a failed keyword, code, through Report.Value.
func (e *emitter) reportValue(code string, l loc, expected string, v jen.Code) jen.Code {
	return e.report(l, valueError(code, e.expected(code, expected), v))
}

// maxInlineText is the longest expected text of an enum or a const written
// where it is used; a longer one (it lists every value) is a package-level
// constant, written once however many checks report it.
const maxInlineText = 256

// expected is the Go expression of s, the expected text of an error of the
// keyword code.
func (e *emitter) expected(code, s string) jen.Code {
	if len(s) <= maxInlineText || code != "enum" && code != "const" {
		return jen.Lit(s)
	}
	key := "text:" + s
	if name, ok := e.consts[key]; ok {
		return jen.Id(name)
	}
	name := e.global(e.prefix + "Expected")
	e.consts[key] = name
	e.vars = append(e.vars, jen.Commentf("%s is the expected text of an error, too long to write at each check.", name),
		jen.Const().Id(name).Op("=").Lit(s))
	return jen.Id(name)
}

// addError reports a tool.Error of the given code and fields, written in
// tool.Error's order.
func addError(code string, fields jen.Dict) errorBuilder {
	byName := map[string]jen.Code{}
	for k, v := range fields {
		name := fmt.Sprintf("%#v", k)
		if !slices.Contains(errorFields, name) {
			panic("gen: tool.Error has no field " + name)
		}
		byName[name] = v
	}
	return func(at jen.Code) jen.Code {
		values := []jen.Code{jen.Id("Code").Op(":").Add(codeConst(code))}
		for _, name := range errorFields {
			if v, ok := byName[name]; ok {
				values = append(values, jen.Id(name).Op(":").Add(v))
			}
		}
		return jen.Id("r").Dot("Add").Call(at, jen.Qual(runtimePath, "Error").Values(values...))
	}
}

// errorFields are the fields of tool.Error after Code, in its order.
var errorFields = []string{"Path", "Name", "Expected", "Got", "Actual", "Reason"}

// typeError reports a value of the wrong type.
func typeError(expected string, v jen.Code) errorBuilder {
	return func(at jen.Code) jen.Code {
		return jen.Id("r").Dot("Type").Call(at, jen.Lit(expected), v)
	}
}

// valueError reports a value that breaks the keyword code.
func valueError(code string, expected, v jen.Code) errorBuilder {
	return func(at jen.Code) jen.Code {
		return jen.Id("r").Dot("Value").Call(codeConst(code), at, expected, v)
	}
}

// stopWhenFull ends a loop of a collecting function once its report is
// full: the validator stops walking the value.
func (e *emitter) stopWhenFull() []jen.Code {
	if e.fn.mode == decide {
		return nil
	}
	return []jen.Code{jen.If(jen.Id("r").Dot("Full").Call()).Block(jen.Break())}
}

// codeConst is an error code as generated code writes it: tool's constant
// where it has one (tool.CodeEnum), else the keyword's name ("minLength"),
// as runtime/tool documents the codes of keywords.
func codeConst(code string) jen.Code {
	if name, ok := codeConsts[tool.Code(code)]; ok {
		return jen.Qual(runtimePath, name)
	}
	return jen.Lit(code)
}

// codeConsts are the constants of runtime/tool's error codes, by code.
var codeConsts = map[tool.Code]string{
	tool.CodeMissing: "CodeMissing", tool.CodeUnexpected: "CodeUnexpected", tool.CodeType: "CodeType",
	tool.CodeEnum: "CodeEnum", tool.CodeUnknownTool: "CodeUnknownTool", tool.CodeDepth: "CodeDepth",
	tool.CodeInvalid: "CodeInvalid", tool.CodeBadJSON: "CodeBadJSON", tool.CodeBadNumber: "CodeBadNumber",
	tool.CodeBadShape: "CodeBadShape", tool.CodeTooManyErrors: "CodeTooManyErrors",
}

// Identifier turns a property name into a Go identifier for a local (the
// facade names a schema file's package with it).
func Identifier(name string) string {
	id := lowerFirst(words(name))
	if id == "" || reserved[id] || token.Lookup(id).IsKeyword() {
		id += "Arg"
	}
	return id
}

// words joins the letters and digits of a name in camel case:
// include_hourly -> includeHourly.
func words(name string) string {
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
	return b.String()
}

// reserved are names a local must not shadow in generated code.
var reserved = map[string]bool{
	"tool": true, "json": true, "regexp": true, "args": true, "errs": true, "ok": true, "v": true, "depth": true,
	"r": true, "at": true, "url": true,
	"len": true, "append": true, "nil": true, "true": true, "false": true, "string": true, "any": true, "int": true,
	"bool": true, "float64": true, "dup": true, "cap": true, "new": true, "make": true, "copy": true, "error": true,
	"format": true, "math": true, "depthPlusOne": true, "iota": true, "print": true, "println": true, "panic": true,
	"recover": true, "close": true, "delete": true, "complex": true, "real": true, "imag": true, "clear": true,
	"min": true, "max": true, "byte": true, "rune": true, "int64": true, "uint64": true, "float32": true,
	"uint": true, "uintptr": true, "int8": true, "int16": true, "int32": true, "uint8": true, "uint16": true,
	"uint32": true, "complex64": true, "complex128": true, "comparable": true,
}

// Camel turns a name into an exported identifier, each word capitalized and
// Go's initialisms in capitals: get_weather -> GetWeather, sql_query ->
// SQLQuery, user-id -> UserID.
func Camel(name string) string {
	var b strings.Builder
	word := func(w string) {
		if w == "" {
			return
		}
		if initialisms[strings.ToUpper(w)] && strings.ToLower(w) == w {
			b.WriteString(strings.ToUpper(w))
			return
		}
		b.WriteString(upperFirst(w))
	}
	start := -1
	for i, r := range name {
		letter := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			word(name[start:i])
			start = -1
		}
	}
	if start >= 0 {
		word(name[start:])
	}
	if b.Len() == 0 {
		return "X"
	}
	id := b.String()
	if r, _ := utf8.DecodeRuneInString(id); unicode.IsDigit(r) {
		id = "P" + id
	}
	return id
}

// initialisms are the words Go spells in capitals, as the Go wiki's code
// review comments and golint list them.
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "CSV": true, "DNS": true, "EOF": true,
	"GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true, "IP": true, "JSON": true, "JWT": true,
	"LHS": true, "MCP": true, "QPS": true, "RAM": true, "RHS": true, "RPC": true, "SLA": true, "SMTP": true,
	"SQL": true, "SSH": true, "TCP": true, "TLS": true, "TTL": true, "UDP": true, "UI": true, "UID": true,
	"URI": true, "URL": true, "UTF8": true, "UUID": true, "VM": true, "XML": true, "XMPP": true, "XSRF": true,
	"XSS": true, "YAML": true,
}

// upperPrefix capitalizes a lower-case prefix for a name after a verb,
// with a leading initialism in capitals: sqlQueryArgs -> SQLQueryArgs, as
// the type it comes from is spelled.
func upperPrefix(prefix string) string {
	end := strings.IndexFunc(prefix, func(r rune) bool { return !unicode.IsLower(r) && !unicode.IsDigit(r) })
	if end < 0 {
		end = len(prefix)
	}
	if initialisms[strings.ToUpper(prefix[:end])] {
		return strings.ToUpper(prefix[:end]) + prefix[end:]
	}
	return upperFirst(prefix)
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

// stringLit renders a string as a raw literal when it can, for readability.
func stringLit(s string) jen.Code {
	// A raw literal cannot hold a backtick or a carriage return, and Go
	// source cannot hold a byte order mark past its start.
	if strings.ContainsAny(s, "`\r\ufeff") || !utf8.ValidString(s) {
		return jen.Lit(s)
	}
	return jen.Op("`" + s + "`")
}

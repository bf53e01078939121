package gen

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"github.com/invopop/jsonschema"
)

const (
	runtimePath = "github.com/toolgen-go/toolgen/runtime/tool"
	formatPath  = "github.com/toolgen-go/toolgen/runtime/tool/format"
)

// BuiltTool is a tool with its schema and its definitions, ready to emit.
type BuiltTool struct {
	*ToolType
	Schema *jsonschema.Schema
	// Options of the validator; toolgen counts null optional members of a
	// tool as absent whatever NullAbsent says.
	Options Options
	// Forms are the tool's definitions, in the order of Shapes, as
	// BuildDefinitions chose them; for an output, its response formats.
	Forms []*Form
	// Result is the tool's result type, when its directive names one.
	Result *BuiltResult
}

// BuiltResult is the result type of one or more tools, with its schema.
type BuiltResult struct {
	// Obj is the type as the package names it (perhaps an alias).
	Obj    *types.TypeName
	Pos    token.Position
	Schema *jsonschema.Schema
}

// BuildDefinitions chooses the form of each of a tool's definitions, the
// strictest each provider accepts, and returns a note for each fallback
// (an error instead for a strict tool).
func BuildDefinitions(t *BuiltTool) ([]Note, Errors) {
	canonical, err := json.Marshal(t.Schema)
	if err != nil {
		return nil, Errors{{Pos: t.Pos, Msg: "encoding the schema: " + err.Error()}}
	}
	forms, notes, errs := chooseForms(t, canonical)
	t.Forms = forms
	return notes, errs
}

// names are the identifiers generated for one tool or output.
type names struct {
	validate string // ValidateT
	tool     string // <CamelToolName>Tool, or <CamelName>Output
	prefix   string // lower-case prefix of private helpers
}

func toolNames(t *ToolType) names {
	typeName := t.Obj.Name()
	exported := token.IsExported(typeName)
	// The tool variable is named as the type is spelled when the tool has
	// its default name (SQLQueryArgs -> SQLQueryTool), else from the name,
	// with Go's initialisms (sql_query -> SQLQueryTool).
	base, suffix := camel(t.Name), "Tool"
	switch {
	case t.Output:
		suffix = "Output"
		if t.Name == snakeCase(typeName) {
			base = upperFirst(typeName)
		}
	case t.Name == defaultToolName(typeName):
		base = upperFirst(trimToolSuffix(typeName))
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
func listName(tools []*BuiltTool) string {
	for _, t := range tools {
		if t.Obj.Exported() {
			return "Tools"
		}
	}
	return "tools"
}

// Emit renders the generated file of a package: for each tool its
// definition and validator (and its result type's schema and validator),
// then the package's tool list, then each structured output.
func Emit(pkgName string, tools, outputs []*BuiltTool) ([]byte, error) {
	f := jen.NewFile(pkgName)
	f.HeaderComment(Header[3:])
	f.ImportName(runtimePath, "tool")
	f.ImportName(formatPath, "format")
	f.Const().Id("_").Op("=").Qual(runtimePath, "SupportPackageIsVersion1")

	em := &fileEmitter{file: f, declared: map[string]owner{}, results: map[*BuiltResult]*resultNames{}}
	list := make([]jen.Code, len(tools))
	for i, t := range tools {
		list[i] = jen.Op("&").Id(toolNames(t.ToolType).tool).Dot("Tool")
		em.tool(t)
	}
	if len(tools) > 0 {
		f.Commentf("%s lists the tools of this package in declaration order.", listName(tools))
		f.Var().Id(listName(tools)).Op("=").Qual(runtimePath, "Tools").Values(list...)
	}
	for _, t := range outputs {
		em.output(t)
	}
	errs := em.errs
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

func (l loc) indexLit(i int) loc {
	path := append(append([]seg{}, l.path...), seg{lit: "/" + strconv.Itoa(i)})
	name := append(append([]seg{}, l.name...), seg{lit: "[" + strconv.Itoa(i) + "]"})
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
	n := e.fn.locals[base]
	e.fn.locals[base] = n + 1
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

// identifier turns a property name into a Go identifier for a local.
func identifier(name string) string {
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
	"len": true, "append": true, "nil": true, "true": true, "false": true, "string": true, "any": true, "int": true,
	"bool": true, "float64": true, "dup": true, "cap": true, "new": true, "make": true, "copy": true, "error": true,
	"format": true, "math": true, "depthPlusOne": true, "iota": true, "print": true, "println": true, "panic": true,
	"recover": true, "close": true, "delete": true, "complex": true, "real": true, "imag": true, "clear": true,
	"min": true, "max": true, "byte": true, "rune": true, "int64": true, "uint64": true, "float32": true,
	"uint": true, "uintptr": true, "int8": true, "int16": true, "int32": true, "uint8": true, "uint16": true,
	"uint32": true, "complex64": true, "complex128": true, "comparable": true,
}

// camel turns a name into an exported identifier, each word capitalized and
// Go's initialisms in capitals: get_weather -> GetWeather, sql_query ->
// SQLQuery, user-id -> UserID.
func camel(name string) string {
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

func plural(n uint64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.FormatUint(n, 10) + " " + noun + "s"
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

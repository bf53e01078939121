package gen

import (
	"encoding/json"
	"go/token"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

// mode says how the code being emitted reports a failure: by appending a
// tool.Error to errs and going on, or by returning false at once. The
// second is for subschemas whose verdict decides something (anyOf, oneOf,
// not, if, contains, propertyNames): it never builds an error.
type mode int

const (
	collect mode = iota // append errors to errs
	decide              // return false
)

// fnState is the function being emitted.
type fnState struct {
	mode     mode
	locals   map[string]int
	hasDepth bool // the function has a depth parameter
}

type fnKey struct {
	s    *schema
	mode mode
}

// emitter writes the validator of one schema document: an entry point and
// the package-level helpers it needs, all named after prefix.
type emitter struct {
	file      *jen.File
	doc       *document
	opts      Options
	prefix    string
	pos       token.Position
	errs      Errors
	fn        *fnState
	funcs     map[fnKey]string
	queue     []fnKey
	recursive map[*schema]bool // $ref targets that can reach themselves
	vars      []jen.Code       // package-level variables
	helpers   []jen.Code       // functions, after the entry point
	patterns  map[string]string
	consts    map[string]string
	used      map[string]bool // package-level names taken
	generated []string        // package-level names, for collision checks
	deep      bool            // a decide function bounds recursion: the entry point recovers
	counter   int
}

func newEmitter(f *jen.File, doc *document, prefix string, pos token.Position) *emitter {
	e := &emitter{
		file: f, doc: doc, opts: doc.opts, prefix: prefix, pos: pos,
		funcs: map[fnKey]string{}, recursive: map[*schema]bool{},
		patterns: map[string]string{}, consts: map[string]string{}, used: map[string]bool{},
	}
	for _, s := range doc.nodes {
		if s.refTarget != nil && reaches(s.refTarget, s.refTarget) {
			e.recursive[s.refTarget] = true
		}
	}
	return e
}

// reaches reports whether a schema reaches target through its subschemas
// and references: whether target is recursive, when from is target.
func reaches(from, target *schema) bool {
	seen := map[*schema]bool{}
	var walk func(s *schema) bool
	walk = func(s *schema) bool {
		if s == nil || seen[s] {
			return false
		}
		seen[s] = true
		for _, c := range s.children() {
			if c == target || walk(c) {
				return true
			}
		}
		return false
	}
	return walk(from)
}

// global reserves a package-level name.
func (e *emitter) global(name string) string {
	base := name
	for i := 2; e.used[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	e.used[name] = true
	e.generated = append(e.generated, name)
	return name
}

func (e *emitter) depthExpr() jen.Code {
	if e.fn.hasDepth {
		return jen.Id("depth")
	}
	return jen.Lit(0)
}

func (e *emitter) depthPlusOne() jen.Code {
	if e.fn.hasDepth {
		return jen.Id("depth").Op("+").Lit(1)
	}
	return jen.Lit(1)
}

// report is how the current function reports an error.
func (e *emitter) report(err jen.Code) jen.Code {
	if e.fn.mode == decide {
		return jen.Return(jen.False())
	}
	return appendErr(err)
}

// always reports an error that happens whatever the value. In a decide
// function it is written "if true { return false }", not a bare return, so
// that the code after it stays reachable for the compiler and vet.
func (e *emitter) always(err jen.Code) jen.Code {
	if e.fn.mode == decide {
		return jen.If(jen.True()).Block(jen.Return(jen.False()))
	}
	return appendErr(err)
}

// reportValue reports a failed keyword through tool.ValueError.
func (e *emitter) reportValue(code string, l loc, expected string, v jen.Code) jen.Code {
	if e.fn.mode == decide {
		return jen.Return(jen.False())
	}
	return valueErr(code, l, expected, v)
}

// flush emits the queued helper functions, which may queue more.
func (e *emitter) flush() {
	for len(e.queue) > 0 {
		k := e.queue[0]
		e.queue = e.queue[1:]
		e.emitFunc(k)
	}
}

// finish adds the entry point and its helpers to the file.
func (e *emitter) finish(entry jen.Code) {
	for _, v := range e.vars {
		e.file.Add(v)
	}
	e.file.Add(entry)
	for _, h := range e.helpers {
		e.file.Add(h)
	}
}

// entryBody wraps the checks of an entry point: errs, the recovery of a
// depth overflow in a decide function, the return.
func (e *emitter) entryBody(checks []jen.Code) (results jen.Code, body []jen.Code) {
	if e.deep {
		results = jen.Params(jen.Id("errs").Qual(runtimePath, "Errors"))
		body = append(body, jen.Defer().Qual(runtimePath, "RecoverTooDeep").Call(jen.Op("&").Id("errs")))
	} else {
		results = jen.Qual(runtimePath, "Errors")
		body = append(body, jen.Var().Id("errs").Qual(runtimePath, "Errors"))
	}
	body = append(body, checks...)
	return results, append(body, jen.Return(jen.Id("errs")))
}

// toolValidator emits ValidateT(args map[string]any) tool.Errors, for
// the object of a tool's arguments, a tool's result or an answer; doc is
// its doc comment.
func (e *emitter) toolValidator(name, doc string) {
	e.fn = &fnState{mode: collect, locals: map[string]int{"args": 1, "errs": 1}}
	root := e.doc.root
	var checks []jen.Code
	if e.recursive[root] {
		fn := e.funcFor(root, collect)
		checks = append(checks,
			jen.If(jen.Id("args").Op("==").Nil()).Block(
				jen.Comment("No arguments at all are an empty object, not null."),
				jen.Id("args").Op("=").Map(jen.String()).Any().Values(),
			),
			jen.Id("errs").Op("=").Id(fn).Call(jen.Id("args"), jen.Id("errs"), jen.Lit(0)))
	} else {
		// args is an object already: no type switch.
		checks = e.checkObjectValue(root, jen.Id("args"), jen.Any().Call(jen.Id("args")), loc{})
	}
	e.flush()
	results, body := e.entryBody(checks)
	entry := jen.Comment(doc).Line().
		Func().Id(name).Params(jen.Id("args").Map(jen.String()).Any()).Add(results).Block(body...)
	e.finish(entry)
}

// valueValidator emits ValidateX(v any) tool.Errors for a schema file.
func (e *emitter) valueValidator(name, source string) {
	e.fn = &fnState{mode: collect, locals: map[string]int{"v": 1, "errs": 1}}
	root := e.doc.root
	var checks []jen.Code
	if e.recursive[root] {
		fn := e.funcFor(root, collect)
		checks = append(checks, jen.Id("errs").Op("=").Id(fn).Call(jen.Id("v"), jen.Id("errs"), jen.Lit(0)))
	} else {
		checks = e.check(root, jen.Id("v"), loc{})
	}
	e.flush()
	results, body := e.entryBody(checks)
	entry := jen.Commentf("%s checks a value against the JSON Schema %s: nil when valid, else every error.", name, quoteComment(source)).Line().
		Func().Id(name).Params(jen.Id("v").Any()).Add(results).Block(body...)
	e.finish(entry)
}

// decideValidator emits ValidateX(v any) tool.Errors that only decides,
// through the match function of the root: for tests of decide functions on
// every schema.
func (e *emitter) decideValidator(name string) {
	e.fn = &fnState{mode: collect, locals: map[string]int{"v": 1, "errs": 1}}
	fn := e.funcFor(e.doc.root, decide)
	e.flush()
	results, body := e.entryBody([]jen.Code{jen.If(jen.Op("!").Id(fn).Call(jen.Id("v"), jen.Lit(0))).Block(
		appendErr(jen.Qual(runtimePath, "Error").Values(jen.Dict{jen.Id("Code"): jen.Lit("invalid")})))})
	e.finish(jen.Func().Id(name).Params(jen.Id("v").Any()).Add(results).Block(body...))
}

// funcFor names the helper function checking s in the given mode, and
// queues it for emission.
func (e *emitter) funcFor(s *schema, m mode) string {
	k := fnKey{s, m}
	if name, ok := e.funcs[k]; ok {
		return name
	}
	verb := "validate"
	if m == decide {
		verb = "match"
	}
	suffix := ""
	switch {
	case s == e.doc.root:
		suffix = "Root"
	case s.defName != "":
		suffix = upperFirst(identifier(s.defName))
	default:
		e.counter++
		suffix = strconv.Itoa(e.counter)
	}
	name := e.global(verb + upperPrefix(e.prefix) + suffix)
	e.funcs[k] = name
	e.queue = append(e.queue, k)
	return name
}

// emitFunc emits a helper function. A collect function takes and returns
// errs and reports errors relative to v; its caller nests them. A decide
// function reports whether v is valid. depth counts the $refs followed, so
// that a hostile, deeply nested value is an error, not a stack overflow.
func (e *emitter) emitFunc(k fnKey) {
	name := e.funcs[k]
	s := k.s
	saved := e.fn
	e.fn = &fnState{mode: k.mode, locals: map[string]int{"v": 1, "errs": 1, "depth": 1}, hasDepth: true}
	defer func() { e.fn = saved }()
	var body []jen.Code
	bounded := e.recursive[s]
	if k.mode == collect {
		if bounded {
			body = append(body, jen.If(jen.Id("depth").Op(">").Qual(runtimePath, "MaxDepth")).Block(
				jen.Return(jen.Append(jen.Id("errs"), jen.Qual(runtimePath, "TooDeep").Call()))))
		}
		body = append(body, e.check(s, jen.Id("v"), loc{})...)
		body = append(body, jen.Return(jen.Id("errs")))
		e.helpers = append(e.helpers, jen.Commentf("%s checks v against the schema at %s.", name, quoteComment(s.loc)).Line().
			Func().Id(name).Params(jen.Id("v").Any(), jen.Id("errs").Qual(runtimePath, "Errors"), jen.Id("depth").Int()).Qual(runtimePath, "Errors").Block(body...))
		return
	}
	if bounded {
		e.deep = true
		body = append(body, jen.If(jen.Id("depth").Op(">").Qual(runtimePath, "MaxDepth")).Block(
			jen.Qual(runtimePath, "PanicTooDeep").Call()))
	}
	body = append(body, e.check(s, jen.Id("v"), loc{})...)
	body = append(body, jen.Return(jen.True()))
	e.helpers = append(e.helpers, jen.Commentf("%s reports whether v is valid against the schema at %s.", name, quoteComment(s.loc)).Line().
		Func().Id(name).Params(jen.Id("v").Any(), jen.Id("depth").Int()).Bool().Block(body...))
}

// quoteComment makes a schema-derived string safe in a line comment.
func quoteComment(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// constVar returns the package-level variable holding a JSON value, as
// encoding/json would decode it, for comparisons with tool.Equal.
func (e *emitter) constVar(v any, at string, kind string) (jen.Code, bool) {
	code, ok := e.valueLit(v, at)
	if !ok {
		return nil, false
	}
	switch v.(type) {
	case nil, bool, string, json.Number:
		if kind != "enum" {
			return code, true // a constant: no variable needed
		}
	}
	key := kind + ":" + canonicalJSON(v)
	if name, ok := e.consts[key]; ok {
		return jen.Id(name), true
	}
	name := e.global(e.prefix + upperFirst(kind) + strconv.Itoa(len(e.consts)))
	e.consts[key] = name
	e.vars = append(e.vars, jen.Var().Id(name).Op("=").Add(code))
	return jen.Id(name), true
}

// valueLit renders a JSON value as a Go expression of the types
// encoding/json decodes into.
func (e *emitter) valueLit(v any, at string) (jen.Code, bool) {
	switch x := v.(type) {
	case nil:
		return jen.Nil(), true
	case bool, string:
		return jen.Lit(x), true
	case json.Number:
		lit, ok := e.numberLit(x, at, "value")
		if !ok {
			return nil, false
		}
		return jen.Float64().Call(lit), true
	case []any:
		items := make([]jen.Code, len(x))
		for i, item := range x {
			c, ok := e.valueLit(item, at)
			if !ok {
				return nil, false
			}
			items[i] = c
		}
		return jen.Index().Any().Values(items...), true
	case *object:
		d := jen.Dict{}
		for _, k := range x.keys {
			c, ok := e.valueLit(x.values[k], at)
			if !ok {
				return nil, false
			}
			d[jen.Lit(k)] = c
		}
		return jen.Map(jen.String()).Any().Values(d), true
	}
	e.fail(at, "unexpected value %v", v)
	return nil, false
}

// numberLit returns a JSON number as a Go constant expression: the number
// as written when it fits a float64.
func (e *emitter) numberLit(n json.Number, at, keyword string) (jen.Code, bool) {
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || math.IsInf(f, 0) {
		e.fail(at, "%s %s is out of the range of float64", keyword, n)
		return nil, false
	}
	if strings.ContainsAny(string(n), ".eE") || len(n) < 16 {
		return jen.Id(string(n)), true
	}
	// A long integer: written as float64 shows the value compared.
	return jen.Id(strconv.FormatFloat(f, 'g', -1, 64)), true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

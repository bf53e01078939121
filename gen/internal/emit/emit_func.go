package emit

import (
	"encoding/json"
	"fmt"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
	"github.com/toolgen-go/toolgen/internal/value"
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
	hasDepth bool    // the function has a depth parameter
	root     *locVar // the location of the function's value
	nest     int     // how deep check calls are nested in the function
	// hoist declares the location variables of containers at the top of
	// the function (hoisted), assigning them where they are used: in a
	// recursive function, a location declared in a loop, whose address a
	// recursive call receives, would be moved to the heap.
	hoist   bool
	hoisted []string
}

type fnKey struct {
	s    *jsonschema.Schema
	mode mode
	dyn  *dynScope // the dynamic scope it is emitted for
}

// emitter writes the validator of one schema document: an entry point and
// the package-level helpers it needs, all named after prefix.
type emitter struct {
	file      *jen.File
	scope     *scope
	doc       *jsonschema.Document
	opts      jsonschema.Options
	prefix    string
	pos       token.Position
	errs      ir.Errors
	fn        *fnState
	funcs     map[fnKey]string
	queue     []fnKey
	recursive map[*jsonschema.Schema]bool // $ref targets that can reach themselves
	vars      []jen.Code                  // package-level variables
	helpers   []jen.Code                  // functions, after the entry point
	patterns  map[string]string
	consts    map[string]string
	enums     map[string]string // the tables of enums, by kind and values (see enumTable)
	generated []string          // package-level names, for collision checks
	deep      bool              // a depth panic may occur (a bounded decide function, Equal, In, Duplicate): the entry point recovers
	counter   int
	// absentIfNull tells the next check that null, and a typed nil, is
	// absent there: the value of an optional member.
	absentIfNull bool
	dyn          *dynScope                              // the dynamic scope of the code being emitted
	dynScopes    map[string]*dynScope                   // interned
	needs        map[*jsonschema.Schema]map[string]bool // the dynamic anchor names read below each schema
	dynNames     map[string]bool                        // the names of the dynamic references
	shared       *sharedVerdicts                        // the branch verdicts of the value being checked
	tooLarge     map[*jsonschema.Schema]bool            // unevaluated keywords refused for the subschemas they look through
}

func newEmitter(f *jen.File, sc *scope, doc *jsonschema.Document, prefix string, pos token.Position) *emitter {
	e := &emitter{
		file: f, scope: sc, doc: doc, opts: doc.Options, prefix: prefix, pos: pos,
		funcs: map[fnKey]string{}, recursive: map[*jsonschema.Schema]bool{},
		patterns: map[string]string{}, consts: map[string]string{}, enums: map[string]string{},
		dynScopes: map[string]*dynScope{}, tooLarge: map[*jsonschema.Schema]bool{},
	}
	e.dyn = e.internScope(map[string]*jsonschema.Schema{})
	e.needs, e.dynNames = dynamicNeeds(doc.Reached)
	for _, s := range doc.Reached {
		for _, t := range append([]*jsonschema.Schema{s.RefTarget, s.DynTarget}, s.DynCandidates...) {
			if t != nil && reaches(t, t) {
				e.recursive[t] = true
			}
		}
	}
	return e
}

// reaches reports whether a schema reaches target through its subschemas
// and references: whether target is recursive, when from is target.
func reaches(from, target *jsonschema.Schema) bool {
	seen := map[*jsonschema.Schema]bool{}
	var walk func(s *jsonschema.Schema) bool
	walk = func(s *jsonschema.Schema) bool {
		if s == nil || seen[s] {
			return false
		}
		seen[s] = true
		for _, c := range s.Children() {
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
	name = e.scope.global(name)
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

// flush emits the queued helper functions, which may queue more.
func (e *emitter) flush() {
	for len(e.queue) > 0 {
		k := e.queue[0]
		e.queue = e.queue[1:]
		e.emitFunc(k)
	}
}

// finish adds the entry points and the helpers to the file.
func (e *emitter) finish(entries ...jen.Code) {
	for _, v := range e.vars {
		e.file.Add(v)
	}
	for _, entry := range entries {
		e.file.Add(entry)
	}
	for _, h := range e.helpers {
		e.file.Add(h)
	}
}

// newFunc starts a function whose value is at the location variable at,
// with the given names taken.
func (e *emitter) newFunc(m mode, hasDepth bool, taken ...string) *fnState {
	fn := &fnState{mode: m, locals: map[string]int{"r": 1, "at": 1}, hasDepth: hasDepth, root: &locVar{base: "at", name: "at"}}
	for _, name := range taken {
		fn.locals[name] = 1
	}
	return fn
}

// rootLoc is the location of the current function's value.
func (e *emitter) rootLoc() loc { return loc{base: e.fn.root} }

// checkBody wraps the checks of an entry point that reports into r: the
// recovery of a depth overflow in a decide function, and the root location
// when the checks refer to it.
func (e *emitter) checkBody(checks []jen.Code, declareRoot bool) []jen.Code {
	var body []jen.Code
	if e.deep {
		body = append(body, jen.Defer().Id("r").Dot("RecoverTooDeep").Call())
	}
	if declareRoot && e.fn.root.used {
		body = append(body, jen.Var().Id("at").Qual(implPath, "Loc"))
	}
	return append(body, checks...)
}

// toolValidator emits the validator of an object: check<T>(r, args, out),
// which validates it into r and, when out is not nil and it is valid, fills
// *out with fill (the decoder's statements); and ValidateT, check with a
// default Report and no decode. what names the object in comments ("a
// model's arguments for the get_weather tool"). Without out (a tool's
// result, which is checked and never decoded), check has no out parameter.
func (e *emitter) toolValidator(check, validate, what string, out jen.Code, fill func(locals map[string]int, at loc) []jen.Code) jen.Code {
	e.fn = e.newFunc(collect, false, "args", "out")
	root := e.doc.Root
	var checks []jen.Code
	if e.recursive[root] {
		fn := e.funcFor(root, collect)
		checks = append(checks,
			jen.If(jen.Id("args").Op("==").Nil()).Block(
				jen.Comment("No arguments at all are an empty object, not null."),
				jen.Id("args").Op("=").Map(jen.String()).Any().Values(),
			),
			jen.Id(fn).Call(jen.Id("r"), e.at(e.rootLoc()), jen.Id("args"), jen.Lit(0)))
	} else {
		// args is an object already: no type switch.
		checks = e.checkObjectValue(root, jen.Id("args"), jen.Any().Call(jen.Id("args")), e.rootLoc())
	}
	e.flush()
	params := []jen.Code{jen.Id("r").Op("*").Qual(implPath, "Report"), jen.Id("args").Map(jen.String()).Any()}
	call := []jen.Code{jen.Op("&").Id("r"), jen.Id("args")}
	body := e.checkBody(checks, true)
	doc := jen.Commentf("%s checks %s, reporting every error in r.", check, what)
	if out != nil {
		fillCode := fill(e.fn.locals, e.rootLoc())
		body = append(body, jen.If(jen.Id("out").Op("==").Nil().Op("||").Id("r").Dot("Len").Call().Op(">").Lit(0)).Block(jen.Return()))
		body = append(body, fillCode...)
		params = append(params, jen.Id("out").Op("*").Add(out))
		call = append(call, jen.Nil())
		doc = jen.Commentf("%s checks %s, reporting every error in r, and when they are valid and out is not nil, reads them into *out.", check, what)
	}
	core := doc.Line().Func().Id(check).Params(params...).Block(body...)
	entry := jen.Commentf("%s checks %s: nil when valid, else the errors (at most %s, then %s).",
		validate, what, "tool.DefaultMaxErrors", "tool.CodeTooManyErrors").Line().
		Func().Id(validate).Params(jen.Id("args").Map(jen.String()).Any()).Qual(runtimePath, "Errors").Block(
		jen.Var().Id("r").Qual(implPath, "Report"),
		jen.Id(check).Call(call...),
		jen.Return(jen.Id("r").Dot("Errors").Call()),
	)
	return jen.Add(entry).Line().Line().Add(core)
}

// valueValidator emits ValidateX(v any) tool.Errors for a schema file, and
// check, its body, which reports into a toolimpl.Report.
func (e *emitter) valueValidator(name, source string) {
	check := e.global("check" + upperPrefix(e.prefix))
	checks := e.rootChecks()
	what := quoteComment(plan.ShortLoc(source))
	entry := jen.Commentf("%s checks a value against the JSON Schema %s: nil when valid, else the errors (at most tool.DefaultMaxErrors, then tool.CodeTooManyErrors).", name, what).Line().
		Func().Id(name).Params(jen.Id("v").Any()).Qual(runtimePath, "Errors").Block(
		jen.Var().Id("r").Qual(implPath, "Report"),
		jen.Id(check).Call(jen.Op("&").Id("r"), jen.Id("v")),
		jen.Return(jen.Id("r").Dot("Errors").Call()),
	)
	core := jen.Commentf("%s checks a value against the JSON Schema %s, reporting every error in r.", check, what).Line().
		Func().Id(check).Params(jen.Id("r").Op("*").Qual(implPath, "Report"), jen.Id("v").Any()).Block(e.checkBody(checks, true)...)
	e.finish(entry, core)
}

// rootChecks starts the function of a value v, and returns the checks of
// the document's root on it (through the root's function when it is
// recursive), its helpers flushed.
func (e *emitter) rootChecks() []jen.Code {
	e.fn = e.newFunc(collect, false, "v")
	root := e.doc.Root
	var checks []jen.Code
	if e.recursive[root] {
		fn := e.funcFor(root, collect)
		checks = append(checks, jen.Id(fn).Call(jen.Id("r"), e.at(e.rootLoc()), jen.Id("v"), jen.Lit(0)))
	} else {
		checks = e.check(root, jen.Id("v"), e.rootLoc())
	}
	e.flush()
	return checks
}

// argsValidator emits ValidateT(args map[string]any) tool.Errors for a
// tool with schema=, and check, its body, which checks the arguments as
// valueValidator checks any value: the schema is a file's, and may say
// anything of the object, which toolValidator's objects do not.
func (e *emitter) argsValidator(name, check, what string) jen.Code {
	checks := e.rootChecks()
	entry := jen.Commentf("%s checks %s: nil when valid, else the errors (at most tool.DefaultMaxErrors, then tool.CodeTooManyErrors).", name, what).Line().
		Func().Id(name).Params(jen.Id("args").Map(jen.String()).Any()).Qual(runtimePath, "Errors").Block(
		jen.If(jen.Id("args").Op("==").Nil()).Block(
			jen.Comment("No arguments at all are an empty object, not null."),
			jen.Id("args").Op("=").Map(jen.String()).Any().Values(),
		),
		jen.Var().Id("r").Qual(implPath, "Report"),
		jen.Id(check).Call(jen.Op("&").Id("r"), jen.Id("args")),
		jen.Return(jen.Id("r").Dot("Errors").Call()),
	)
	core := jen.Commentf("%s checks %s, reporting every error in r.", check, what).Line().
		Func().Id(check).Params(jen.Id("r").Op("*").Qual(implPath, "Report"), jen.Id("v").Any()).Block(e.checkBody(checks, true)...)
	return jen.Add(entry).Line().Line().Add(core)
}

// decideValidator emits ValidateX(v any) tool.Errors that only decides,
// through the match function of the root: for tests of decide functions on
// every schema.
func (e *emitter) decideValidator(name string) {
	e.fn = e.newFunc(collect, false, "v")
	fn := e.funcFor(e.doc.Root, decide)
	e.flush()
	checks := []jen.Code{jen.If(jen.Op("!").Id(fn).Call(jen.Id("v"), jen.Lit(0))).Block(
		jen.Id("r").Dot("Add").Call(jen.Qual(implPath, "Loc").Values(), jen.Qual(runtimePath, "Error").Values(jen.Id("Code").Op(":").Add(codeConst("invalid")))))}
	check := e.global("check" + upperPrefix(e.prefix))
	e.finish(jen.Func().Id(name).Params(jen.Id("v").Any()).Qual(runtimePath, "Errors").Block(
		jen.Var().Id("r").Qual(implPath, "Report"),
		jen.Id(check).Call(jen.Op("&").Id("r"), jen.Id("v")),
		jen.Return(jen.Id("r").Dot("Errors").Call()),
	), jen.Func().Id(check).Params(jen.Id("r").Op("*").Qual(implPath, "Report"), jen.Id("v").Any()).Block(e.checkBody(checks, false)...))
}

// funcFor names the helper function checking s in the given mode, and
// queues it for emission.
func (e *emitter) funcFor(s *jsonschema.Schema, m mode) string {
	k := fnKey{s, m, e.scopeFor(s)}
	if name, ok := e.funcs[k]; ok {
		return name
	}
	verb := "validate"
	if m == decide {
		verb = "match"
	}
	suffix := ""
	switch {
	case s == e.doc.Root:
		suffix = "Root"
	case s.DefName != "" && len(s.DefName) <= 40:
		suffix = upperFirst(Identifier(s.DefName))
	default:
		e.counter++
		suffix = strconv.Itoa(e.counter)
	}
	name := e.global(verb + upperPrefix(e.prefix) + suffix)
	e.funcs[k] = name
	e.queue = append(e.queue, k)
	return name
}

// emitFunc emits a helper function. A collect function reports the errors
// of v, at the location at, in r. A decide function reports whether v is
// valid. depth counts the $refs followed, so that a hostile, deeply nested
// value is an error, not a stack overflow.
func (e *emitter) emitFunc(k fnKey) {
	name := e.funcs[k]
	s := k.s
	saved, savedDyn, savedShared := e.fn, e.dyn, e.shared
	e.fn = e.newFunc(k.mode, true, "v", "depth")
	e.dyn, e.shared = k.dyn, nil
	defer func() { e.fn, e.dyn, e.shared = saved, savedDyn, savedShared }()
	var body []jen.Code
	bounded := e.recursive[s]
	where := quoteComment(plan.ShortLoc(s.Loc))
	if k.mode == collect {
		if bounded {
			body = append(body, jen.If(jen.Id("depth").Op(">").Qual(valuePath, "MaxDepth")).Block(
				jen.Id("r").Dot("Add").Call(jen.Id("at"), jen.Qual(implPath, "TooDeep").Call()),
				jen.Return()))
		}
		body = append(body, e.check(s, jen.Id("v"), e.rootLoc())...)
		e.helpers = append(e.helpers, jen.Commentf("%s checks v, at the location at, against the schema at %s%s.", name, where, k.dyn.describe()).Line().
			Func().Id(name).Params(jen.Id("r").Op("*").Qual(implPath, "Report"), jen.Id("at").Qual(implPath, "Loc"), jen.Id("v").Any(), jen.Id("depth").Int()).Block(body...))
		return
	}
	if bounded {
		e.deep = true
		body = append(body, jen.If(jen.Id("depth").Op(">").Qual(valuePath, "MaxDepth")).Block(
			jen.Qual(valuePath, "PanicTooDeep").Call()))
	}
	body = append(body, e.check(s, jen.Id("v"), e.rootLoc())...)
	body = append(body, jen.Return(jen.True()))
	e.helpers = append(e.helpers, jen.Commentf("%s reports whether v is valid against the schema at %s%s.", name, where, k.dyn.describe()).Line().
		Func().Id(name).Params(jen.Id("v").Any(), jen.Id("depth").Int()).Bool().Block(body...))
}

// quoteComment makes a schema-derived string safe in a line comment.
func quoteComment(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// constVar returns the package-level variable holding a JSON value, as
// encoding/json would decode it, for comparisons with value.Equal.
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
	// Constants the run time calls equal are one variable.
	key, ok := jsonschema.ValueKey(v)
	if !ok {
		key = fmt.Sprint(len(e.consts)) // too deep to compare: a variable of its own
	}
	key = kind + ":" + key
	if name, ok := e.consts[key]; ok {
		return jen.Id(name), true
	}
	name := e.global(e.prefix + upperFirst(kind) + strconv.Itoa(len(e.consts)))
	e.consts[key] = name
	e.vars = append(e.vars, jen.Var().Id(name).Op("=").Add(code))
	return jen.Id(name), true
}

// enumTable returns the package-level table of an enum whose values are
// all of one kind, strings or numbers, for toolimpl's lookups: a []string
// for toolimpl.Enum, a toolimpl.NumberEnum for toolimpl.InNumbers and
// Num.In, sorted, so that a lookup is a binary search and the table static
// data, whatever the size of the enum. Tables of values the run time calls
// equal (see jsonschema.ValueKey) are one variable; base names a new one.
func (e *emitter) enumTable(kind string, values []any, base string) string {
	var table *jen.Statement
	var key strings.Builder
	key.WriteString(kind)
	if kind == jsonschema.KindString {
		sorted := make([]string, len(values))
		for i, v := range values {
			sorted[i] = v.(string)
		}
		slices.Sort(sorted)
		items := make([]jen.Code, len(sorted))
		for i, v := range sorted {
			items[i] = jen.Lit(v)
			k, _ := jsonschema.ValueKey(v)
			key.WriteString(k)
		}
		table = jen.Index().String().Values(items...)
	} else {
		// Sorted by value, exactly, which sorts the float64s too; numbers
		// of one float64 are found by Compare, in any order.
		sorted := make([]json.Number, len(values))
		for i, v := range values {
			sorted[i] = v.(json.Number)
		}
		slices.SortStableFunc(sorted, func(a, b json.Number) int { return value.Compare(a, string(b)) })
		items := make([]jen.Code, len(sorted))
		for i, n := range sorted {
			lit, _ := e.numberLit(n, "", "") // in range: numberRules said so
			items[i] = jen.Values(jen.Id("F").Op(":").Add(lit), jen.Id("N").Op(":").Lit(string(n)))
			k, _ := jsonschema.ValueKey(n)
			key.WriteString(k)
		}
		table = jen.Qual(implPath, "NumberEnum").Values(items...)
	}
	if name, ok := e.enums[key.String()]; ok {
		return name
	}
	name := e.global(base)
	e.enums[key.String()] = name
	e.vars = append(e.vars, jen.Commentf("%s are the values of an enum, sorted for a binary search.", name),
		jen.Var().Id(name).Op("=").Add(table))
	return name
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
		if !floatSafe(x) {
			// Compared exactly by value.Equal, as written.
			return jen.Qual("encoding/json", "Number").Call(jen.Lit(string(x))), true
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
	case *jsonschema.Object:
		d := jen.Dict{}
		for _, k := range x.Keys {
			c, ok := e.valueLit(x.Values[k], at)
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

// numberLit returns the float64 view of a JSON number (see jsonschema.FloatView) as a
// Go constant expression: the number as written, or, for a long integer,
// the float64 that generated code compares.
func (e *emitter) numberLit(n json.Number, at, keyword string) (jen.Code, bool) {
	f, ok := jsonschema.FloatView(n)
	if !ok {
		e.fail(at, "%s %s is out of the range of float64", keyword, n)
		return nil, false
	}
	if strings.ContainsAny(string(n), ".eE") || len(n) < 16 {
		return jen.Id(string(n)), true
	}
	return jen.Id(strconv.FormatFloat(f, 'g', -1, 64)), true
}

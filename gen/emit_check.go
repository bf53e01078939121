package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// The kinds of JSON value a validator tells apart, in the order it tries
// them. The number kind holds integers too.
const (
	kindString  = "string"
	kindNumber  = "number"
	kindObject  = "object"
	kindArray   = "array"
	kindBoolean = "boolean"
	kindNull    = "null"
)

var kinds = []string{kindString, kindNumber, kindObject, kindArray, kindBoolean, kindNull}

// allows reports whether a schema's types admit a kind, and whether a
// number must be an integer.
func allows(s *schema, kind string) (ok, integerOnly bool) {
	if s.types == nil {
		return true, false
	}
	for _, t := range s.types {
		if t == kind {
			return true, false
		}
	}
	if kind == kindNumber {
		for _, t := range s.types {
			if t == "integer" {
				return true, true
			}
		}
	}
	return false, false
}

// nullableForm recognizes oneOf [T, {type: null}] where T rejects null,
// invopop's form for a nullable field, and returns T.
func nullableForm(s *schema) (*schema, bool) {
	if len(s.oneOf) != 2 || s.types != nil || s.ref != "" || s.hasEnum || s.hasConst || len(s.allOf) > 0 ||
		len(s.anyOf) > 0 || s.not != nil || s.ifS != nil || hasKindKeywords(s) {
		return nil, false
	}
	null := s.oneOf[1]
	if null.boolean != nil || len(null.types) != 1 || null.types[0] != "null" || hasKindKeywords(null) ||
		null.ref != "" || null.hasEnum || null.hasConst || len(null.allOf)+len(null.anyOf)+len(null.oneOf) > 0 ||
		null.not != nil || null.ifS != nil {
		return nil, false
	}
	inner := s.oneOf[0]
	if inner.boolean != nil || inner.types == nil {
		return nil, false
	}
	if ok, _ := allows(inner, kindNull); ok {
		return nil, false
	}
	return inner, true
}

// expected names what a schema accepts, for type and missing errors.
func (e *emitter) expected(s *schema) string {
	for i := 0; s != nil && i < 8; i++ {
		if inner, ok := nullableForm(s); ok {
			if t := e.expected(inner); t != "" {
				return t + " or null"
			}
			return ""
		}
		if s.types != nil {
			return typeText(s)
		}
		s = s.refTarget
	}
	return ""
}

func typeList(types []string) string {
	if len(types) == 0 {
		return "nothing"
	}
	return strings.Join(types, " or ")
}

// maxNest is how deep the checks of nested schemas are written inline in
// one function; deeper ones go to a helper function, so that the generated
// code (and its indentation) grows linearly with the schema.
const maxNest = 6

// check emits the checks of schema s on the value v (an expression of type
// any) at location l.
func (e *emitter) check(s *schema, v jen.Code, l loc) []jen.Code {
	defer e.enter(s)()
	absent := e.absentIfNull
	e.absentIfNull = false
	if !e.inlines(v) && ownsVerdicts(s) {
		return e.withSharedVerdicts(s, v, func() []jen.Code { return e.checkEntered(s, v, l, absent) })
	}
	return e.checkEntered(s, v, l, absent)
}

// checkEntered is check, s's resource entered; absent says whether a null
// v counts as absent.
func (e *emitter) checkEntered(s *schema, v jen.Code, l loc, absent bool) []jen.Code {
	if s.isTrue() {
		return nil
	}
	if s.isFalse() {
		return []jen.Code{e.always(l, addError("false", jen.Dict{
			jen.Id("Expected"): jen.Lit("absent"),
			jen.Id("Got"):      jen.Qual(valuePath, "TypeName").Call(v),
		}))}
	}
	e.fn.nest++
	defer func() { e.fn.nest-- }()
	if e.fn.nest > maxNest && len(s.children()) > 0 && !e.inlines(v) {
		// (A value whose branch verdicts are shared stays inline.)
		return e.callHelper(s, v, l, absent)
	}
	if inner, ok := nullableForm(s); ok {
		e.absentIfNull = true
		checks := e.typed(inner, v, l, e.expected(s))
		if len(checks) == 0 {
			return nil
		}
		return []jen.Code{jen.If(jen.Add(v).Op("!=").Nil()).Block(checks...)}
	}
	e.absentIfNull = absent
	return e.typed(s, v, l, e.expected(s))
}

// callHelper checks v against s through a helper function of its own.
func (e *emitter) callHelper(s *schema, v jen.Code, l loc, absent bool) []jen.Code {
	fn := e.funcFor(s, e.fn.mode)
	var code jen.Code
	if e.fn.mode == decide {
		code = jen.If(jen.Op("!").Id(fn).Call(v, e.depthExpr())).Block(jen.Return(jen.False()))
	} else {
		code = jen.Id(fn).Call(jen.Id("r"), e.at(l), v, e.depthExpr())
	}
	if absent {
		// A typed nil put in the map by hand is null: absent here.
		return []jen.Code{jen.If(jen.Op("!").Qual(valuePath, "IsNull").Call(v)).Block(code)}
	}
	return []jen.Code{code}
}

// conversion is how a kind's value is read from an any.
type conversion struct {
	base string                    // the local's base name
	conv func(v jen.Code) jen.Code // the expression yielding (value, ok)
}

var conversions = map[string]conversion{
	kindString: {"s", func(v jen.Code) jen.Code { return jen.Add(v).Assert(jen.String()) }},
	kindNumber: {"num", func(v jen.Code) jen.Code { return jen.Qual(valuePath, "Number").Call(v) }},
	kindObject: {"obj", func(v jen.Code) jen.Code { return jen.Qual(valuePath, "Object").Call(v) }},
	kindArray:  {"list", func(v jen.Code) jen.Code { return jen.Qual(valuePath, "List").Call(v) }},
	kindBoolean: {"b", func(v jen.Code) jen.Code {
		return jen.Add(v).Assert(jen.Bool())
	}},
}

// typed emits the type check of s and, for a value of an allowed type, the
// keyword checks: at most one type error, and none of the other checks
// after it. expected names the accepted types in a type error.
func (e *emitter) typed(s *schema, v jen.Code, l loc, expected string) []jen.Code {
	if expected == "" {
		expected = typeList(s.types)
	}
	absent := e.absentIfNull
	e.absentIfNull = false
	// The type error is built only where it is written: building it
	// declares the location it refers to.
	typeErr := func() jen.Code {
		err := e.report(l, typeError(expected, v))
		if absent {
			// Where null counts as absent, so does a typed nil a map built
			// by hand holds ([]string(nil), (*string)(nil)): it fails every
			// conversion, and is not reported.
			err = jen.If(jen.Op("!").Qual(valuePath, "IsNull").Call(v)).Block(err)
		}
		return err
	}
	if s.types != nil && len(s.types) == 0 {
		return []jen.Code{e.always(l, typeError(expected, v))}
	}
	special := specialized(s)
	var allowed []string
	for _, k := range kinds {
		if ok, _ := allows(s, k); ok {
			allowed = append(allowed, k)
		}
	}
	generic := e.generic(s, v, l, special != "")
	restricted := s.types != nil

	// One kind: if x, ok := conv(v); !ok { type error } else { checks }.
	if restricted && len(allowed) == 1 {
		k := allowed[0]
		_, integerOnly := allows(s, k)
		if k == kindNull {
			stmt := jen.If(jen.Op("!").Qual(valuePath, "IsNull").Call(v)).Block(e.report(l, typeError(expected, v)))
			if len(generic) > 0 {
				stmt = stmt.Else().Block(generic...)
			}
			return []jen.Code{stmt}
		}
		c := conversions[k]
		x := e.local(c.base)
		kindChecks, uses := e.kindChecks(s, k, jen.Id(x), v, l, special == k)
		name := jen.Id("_")
		if uses {
			name = jen.Id(x)
		}
		checks := append(kindChecks, generic...)
		cond := jen.Op("!").Id("ok")
		if integerOnly {
			// Exactly: 1e-400 is a number whose float64 is 0.
			cond = jen.Op("!").Id("ok").Op("||").Op("!").Qual(valuePath, "IsInteger").Call(v)
		}
		return []jen.Code{ifTyped(jen.List(name, jen.Id("ok")).Op(":=").Add(c.conv(v)), cond, typeErr(), checks)}
	}

	// Several kinds, or any: an if-else chain over the kinds that have
	// checks (or, when the types are restricted, that are allowed), ending
	// in the type error.
	var out []jen.Code
	typedFlag := ""
	if restricted && len(generic) > 0 && e.fn.mode == collect {
		typedFlag = e.local("typed")
		out = append(out, jen.Id(typedFlag).Op(":=").True())
	}
	var failType []jen.Code
	if restricted {
		failType = []jen.Code{typeErr()}
		if typedFlag != "" {
			failType = append(failType, jen.Id(typedFlag).Op("=").False())
		}
	}
	var chain *jen.Statement
	add := func(init, cond jen.Code, body []jen.Code) {
		head := []jen.Code{cond}
		if init != nil {
			head = []jen.Code{init, cond}
		}
		if chain == nil {
			chain = jen.If(head...).Block(body...)
		} else {
			chain = chain.Else().If(head...).Block(body...)
		}
	}
	for _, k := range allowed {
		_, integerOnly := allows(s, k)
		if k == kindNull {
			if restricted {
				add(nil, jen.Qual(valuePath, "IsNull").Call(v), nil)
			}
			continue
		}
		c := conversions[k]
		x := e.local(c.base)
		checks, uses := e.kindChecks(s, k, jen.Id(x), v, l, false)
		if integerOnly {
			inner := jen.If(jen.Op("!").Qual(valuePath, "IsInteger").Call(v)).Block(failType...)
			if len(checks) > 0 {
				inner = inner.Else().Block(checks...)
			}
			checks = []jen.Code{inner}
		}
		if len(checks) == 0 && !restricted {
			continue
		}
		name := jen.Id("_")
		if uses {
			name = jen.Id(x)
		}
		add(jen.List(name, jen.Id("ok")).Op(":=").Add(c.conv(v)), jen.Id("ok"), checks)
	}
	if restricted {
		if chain == nil {
			out = append(out, failType...)
		} else {
			chain = chain.Else().Block(failType...)
		}
	}
	if chain != nil {
		out = append(out, chain)
	}
	if typedFlag != "" {
		out = append(out, jen.If(jen.Id(typedFlag)).Block(generic...))
	} else {
		out = append(out, generic...)
	}
	return out
}

// specialized returns the kind into whose checks enum and const compile as
// plain comparisons: the schema's only kind, when every listed value is of
// it. "" means they compile to value.Equal.
func specialized(s *schema) string {
	if !s.hasEnum && !s.hasConst {
		return ""
	}
	if len(s.types) != 1 {
		return ""
	}
	kind := s.types[0]
	if kind == "integer" {
		kind = kindNumber
	}
	if kind != kindString && kind != kindNumber {
		return ""
	}
	values := append([]any{}, s.enum...)
	if s.hasConst {
		values = append(values, s.constant)
	}
	for _, x := range values {
		if jsonType(x) != kind {
			return ""
		}
	}
	return kind
}

// ifTyped emits: if x, ok := conversion; !ok { type error } else { checks }.
func ifTyped(init, cond, typeErr jen.Code, checks []jen.Code) jen.Code {
	stmt := jen.If(init, cond).Block(typeErr)
	if len(checks) > 0 {
		stmt = stmt.Else().Block(checks...)
	}
	return stmt
}

// hasKindKeywords reports whether s has keywords that apply to one kind of
// value only.
func hasKindKeywords(s *schema) bool {
	return s.minimum != "" || s.maximum != "" || s.exclusiveMinimum != "" || s.exclusiveMaximum != "" ||
		s.multipleOf != "" || s.numberFormat != "" || s.minLength != nil || s.maxLength != nil || s.pattern != "" || s.format != "" ||
		s.contentEncoding != "" || s.contentMediaType != "" || s.contentSchema != nil || s.items != nil || len(s.prefixItems) > 0 ||
		s.contains != nil || s.minItems != nil || s.maxItems != nil || s.uniqueItems || len(s.properties) > 0 ||
		len(s.patternProperties) > 0 || s.additionalProperties != nil || s.propertyNames != nil ||
		len(s.required) > 0 || len(s.dependentRequired) > 0 || len(s.dependentSchemas) > 0 ||
		s.minProperties != nil || s.maxProperties != nil || s.unevaluatedProperties != nil || s.unevaluatedItems != nil
}

// kindChecks emits the keywords of s that apply to one kind of value, x
// being the value converted to it and v the value as any.
// It reports whether the checks use x.
func (e *emitter) kindChecks(s *schema, kind string, x, v jen.Code, l loc, withEnum bool) ([]jen.Code, bool) {
	var checks []jen.Code
	switch kind {
	case kindString:
		checks = e.stringChecks(s, x, v, l, withEnum)
	case kindNumber:
		checks = e.numberChecks(s, x, v, l, withEnum)
		// multipleOf reads the value itself, exactly.
		uses := withEnum && (s.hasEnum || s.hasConst) || s.minimum != "" || s.maximum != "" ||
			s.exclusiveMinimum != "" || s.exclusiveMaximum != "" || s.numberFormat != ""
		return checks, uses && len(checks) > 0
	case kindArray:
		return e.arrayChecks(s, x, v, l)
	case kindObject:
		checks = e.objectChecks(s, x, v, l)
	}
	return checks, len(checks) > 0
}

// checkObjectValue emits the checks of s on a value known to be an object:
// obj is it as a map[string]any, v as any.
func (e *emitter) checkObjectValue(s *schema, obj, v jen.Code, l loc) []jen.Code {
	defer e.enter(s)()
	if s.isTrue() {
		return nil
	}
	if ok, _ := allows(s, kindObject); !ok || s.isFalse() {
		return e.check(s, v, l)
	}
	return append(e.objectChecks(s, obj, v, l), e.generic(s, v, l, false)...)
}

// generic emits the keywords that apply to any kind of value: enum and
// const (unless specialized), $ref, allOf, anyOf, oneOf, not, if.
func (e *emitter) generic(s *schema, v jen.Code, l loc, enumDone bool) []jen.Code {
	var out []jen.Code
	if s.hasEnum && !enumDone {
		if name, ok := e.constVar(s.enum, s.loc+"/enum", "enum"); ok {
			e.deep = true // In walks hand-built values: a depth panic to recover
			out = append(out, jen.If(jen.Op("!").Qual(implPath, "In").Call(v, name)).Block(
				e.reportValue("enum", l, "one of "+enumText(s.enum), v)))
		}
	}
	if s.hasConst && !enumDone {
		if name, ok := e.constVar(s.constant, s.loc+"/const", "const"); ok {
			e.deep = true // Equal walks hand-built values: a depth panic to recover
			out = append(out, jen.If(jen.Op("!").Qual(valuePath, "Equal").Call(v, name)).Block(
				e.reportValue("const", l, shorten(compactJSON(s.constant)), v)))
		}
	}
	if s.refTarget != nil {
		out = append(out, e.callRef(s.refTarget, v, l)...)
	}
	if s.dynTarget != nil {
		out = append(out, e.callRef(e.dynamicTarget(s), v, l)...)
	}
	for _, sub := range s.allOf {
		out = append(out, e.check(sub, v, l)...)
	}
	if len(s.anyOf) > 0 && !anyTrue(s.anyOf) {
		var cond jen.Code
		for _, sub := range s.anyOf {
			if sub.isFalse() {
				continue
			}
			call := e.verdict(sub, v)
			if cond == nil {
				cond = call
			} else {
				cond = jen.Add(cond).Op("||").Add(call)
			}
		}
		fail := e.reportValue("anyOf", l, "any of: "+e.summaries(s.anyOf), v)
		if cond == nil {
			out = append(out, e.always(l, valueError("anyOf", "any of: "+e.summaries(s.anyOf), v)))
		} else {
			out = append(out, jen.If(jen.Op("!").Parens(cond)).Block(fail))
		}
	}
	if len(s.oneOf) > 0 {
		matched := e.local("matched")
		trues := 0
		for _, sub := range s.oneOf {
			if sub.isTrue() {
				trues++
			}
		}
		out = append(out, jen.Id(matched).Op(":=").Lit(trues))
		for _, sub := range s.oneOf {
			if sub.isTrue() || sub.isFalse() {
				continue
			}
			out = append(out, jen.If(e.verdict(sub, v)).Block(jen.Id(matched).Op("++")))
		}
		expected := "exactly one of: " + e.summaries(s.oneOf)
		out = append(out, jen.If(jen.Id(matched).Op("!=").Lit(1)).Block(e.report(l, func(at jen.Code) jen.Code {
			return jen.Id("r").Dot("OneOf").Call(at, jen.Lit(expected), jen.Id(matched), v)
		})))
	}
	if s.not != nil && !s.not.isFalse() {
		fail := e.reportValue("not", l, "not "+e.summary(s.not), v)
		if s.not.isTrue() {
			out = append(out, e.always(l, valueError("not", "not "+e.summary(s.not), v)))
		} else {
			out = append(out, jen.If(e.matchCall(s.not, v)).Block(fail))
		}
	}
	if s.ifS != nil && (s.thenS != nil || s.elseS != nil) {
		then := e.check(s.thenS, v, l)
		els := e.check(s.elseS, v, l)
		switch {
		case s.ifS.isTrue():
			out = append(out, then...)
		case s.ifS.isFalse():
			out = append(out, els...)
		case len(then) > 0 || len(els) > 0:
			cond := e.verdict(s.ifS, v)
			var stmt *jen.Statement
			if len(then) > 0 {
				stmt = jen.If(cond).Block(then...)
				if len(els) > 0 {
					stmt = stmt.Else().Block(els...)
				}
			} else {
				stmt = jen.If(jen.Op("!").Add(cond)).Block(els...)
			}
			out = append(out, stmt)
		}
	}
	return out
}

func anyTrue(list []*schema) bool {
	for _, s := range list {
		if s.isTrue() {
			return true
		}
	}
	return false
}

// matchCall is an expression of whether v is valid against s.
func (e *emitter) matchCall(s *schema, v jen.Code) jen.Code {
	if s.isTrue() {
		return jen.True()
	}
	if s.isFalse() {
		return jen.False()
	}
	return jen.Id(e.funcFor(s, decide)).Call(v, e.depthExpr())
}

// callRef emits the check of v against the target of a $ref, a function of
// its own, since references may recurse.
func (e *emitter) callRef(target *schema, v jen.Code, l loc) []jen.Code {
	if target.isTrue() {
		return nil
	}
	if e.inlines(v) {
		// Checked inline, to share the verdicts of its branches.
		return e.check(target, v, l)
	}
	if e.fn.mode == decide {
		fn := e.funcFor(target, decide)
		return []jen.Code{jen.If(jen.Op("!").Id(fn).Call(v, e.depthPlusOne())).Block(jen.Return(jen.False()))}
	}
	fn := e.funcFor(target, collect)
	return []jen.Code{jen.Id(fn).Call(jen.Id("r"), e.at(l), v, e.depthPlusOne())}
}

// summary describes a schema in a few words, for the messages of anyOf,
// oneOf and not.
func (e *emitter) summary(s *schema) string {
	switch {
	case s.isTrue():
		return "any value"
	case s.isFalse():
		return "no value"
	case s.hasConst:
		return shorten(compactJSON(s.constant))
	case s.hasEnum:
		return "one of " + enumText(s.enum)
	case len(s.types) == 1 && s.types[0] == "string" && s.format != "" && len(s.required) == 0:
		return formatSpecs[s.format].text
	case s.types != nil:
		t := typeList(s.types)
		if len(s.required) > 0 {
			t += " with " + quotedList(s.required)
		}
		return t
	case s.refTarget != nil && s.refTarget.defName != "":
		return s.refTarget.defName
	case s.refTarget != nil && s.refTarget != s:
		return e.summary(s.refTarget)
	case len(s.required) > 0:
		return "an object with " + quotedList(s.required)
	case s.title != "":
		return shorten(s.title)
	}
	return "the schema at " + shortLoc(s.loc)
}

func (e *emitter) summaries(list []*schema) string {
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = e.summary(s)
	}
	return strings.Join(parts, "; ")
}

func quotedList(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = "'" + n + "'"
	}
	return strings.Join(parts, ", ")
}

// shorten bounds a schema-derived text in a message.
func shorten(s string) string {
	const max = 80
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max]) + "…"
}

func enumText(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = compactJSON(v)
	}
	return shorten(strings.Join(parts, ", "))
}

package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// kinds are the kinds of JSON value a validator tells apart, in the order
// it tries them. The number kind holds integers too.
var kinds = []string{jsonschema.KindString, jsonschema.KindNumber, jsonschema.KindObject, jsonschema.KindArray, jsonschema.KindBoolean, jsonschema.KindNull}

// allows reports whether a schema's types admit a kind, and whether a
// number must be an integer.
func allows(s *jsonschema.Schema, kind string) (ok, integerOnly bool) {
	if s.Types == nil {
		return true, false
	}
	for _, t := range s.Types {
		if t == kind {
			return true, false
		}
	}
	if kind == jsonschema.KindNumber {
		for _, t := range s.Types {
			if t == "integer" {
				return true, true
			}
		}
	}
	return false, false
}

// nullableForm recognizes oneOf [T, {type: null}] where T rejects null,
// invopop's form for a nullable field, and returns T.
func nullableForm(s *jsonschema.Schema) (*jsonschema.Schema, bool) {
	if len(s.OneOf) != 2 || s.Types != nil || s.Ref != "" || s.HasEnum || s.HasConst || len(s.AllOf) > 0 ||
		len(s.AnyOf) > 0 || s.Not != nil || s.If != nil || hasKindKeywords(s) {
		return nil, false
	}
	null := s.OneOf[1]
	if null.Boolean != nil || len(null.Types) != 1 || null.Types[0] != "null" || hasKindKeywords(null) ||
		null.Ref != "" || null.HasEnum || null.HasConst || len(null.AllOf)+len(null.AnyOf)+len(null.OneOf) > 0 ||
		null.Not != nil || null.If != nil {
		return nil, false
	}
	inner := s.OneOf[0]
	if inner.Boolean != nil || inner.Types == nil {
		return nil, false
	}
	if ok, _ := allows(inner, jsonschema.KindNull); ok {
		return nil, false
	}
	return inner, true
}

// expected names what a schema accepts, for type and missing errors.
func (e *emitter) expected(s *jsonschema.Schema) string {
	for i := 0; s != nil && i < 8; i++ {
		if inner, ok := nullableForm(s); ok {
			if t := e.expected(inner); t != "" {
				return t + " or null"
			}
			return ""
		}
		if s.Types != nil {
			return typeText(s)
		}
		s = s.RefTarget
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
func (e *emitter) check(s *jsonschema.Schema, v jen.Code, l loc) []jen.Code {
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
func (e *emitter) checkEntered(s *jsonschema.Schema, v jen.Code, l loc, absent bool) []jen.Code {
	if s.IsTrue() {
		return nil
	}
	if s.IsFalse() {
		return []jen.Code{e.always(l, addError("false", jen.Dict{
			jen.Id("Expected"): jen.Lit("absent"),
			jen.Id("Got"):      jen.Qual(valuePath, "TypeName").Call(v),
		}))}
	}
	e.fn.nest++
	defer func() { e.fn.nest-- }()
	if e.fn.nest > maxNest && len(s.Children()) > 0 && !e.inlines(v) {
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
func (e *emitter) callHelper(s *jsonschema.Schema, v jen.Code, l loc, absent bool) []jen.Code {
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
	jsonschema.KindString: {"s", func(v jen.Code) jen.Code { return jen.Add(v).Assert(jen.String()) }},
	jsonschema.KindNumber: {"num", func(v jen.Code) jen.Code { return jen.Qual(valuePath, "Number").Call(v) }},
	jsonschema.KindObject: {"obj", func(v jen.Code) jen.Code { return jen.Qual(valuePath, "Object").Call(v) }},
	jsonschema.KindArray:  {"list", func(v jen.Code) jen.Code { return jen.Qual(valuePath, "List").Call(v) }},
	jsonschema.KindBoolean: {"b", func(v jen.Code) jen.Code {
		return jen.Add(v).Assert(jen.Bool())
	}},
}

// typed emits the type check of s and, for a value of an allowed type, the
// keyword checks: at most one type error, and none of the other checks
// after it. expected names the accepted types in a type error.
func (e *emitter) typed(s *jsonschema.Schema, v jen.Code, l loc, expected string) []jen.Code {
	if expected == "" {
		expected = typeList(s.Types)
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
	if s.Types != nil && len(s.Types) == 0 {
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
	restricted := s.Types != nil

	// One kind: if x, ok := conv(v); !ok { type error } else { checks }.
	if restricted && len(allowed) == 1 {
		k := allowed[0]
		_, integerOnly := allows(s, k)
		if k == jsonschema.KindNull {
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
		if k == jsonschema.KindNull {
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
func specialized(s *jsonschema.Schema) string {
	if !s.HasEnum && !s.HasConst {
		return ""
	}
	if len(s.Types) != 1 {
		return ""
	}
	kind := s.Types[0]
	if kind == "integer" {
		kind = jsonschema.KindNumber
	}
	if kind != jsonschema.KindString && kind != jsonschema.KindNumber {
		return ""
	}
	values := append([]any{}, s.Enum...)
	if s.HasConst {
		values = append(values, s.Const)
	}
	for _, x := range values {
		if jsonschema.JSONType(x) != kind {
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
func hasKindKeywords(s *jsonschema.Schema) bool {
	return s.Minimum != "" || s.Maximum != "" || s.ExclusiveMinimum != "" || s.ExclusiveMaximum != "" ||
		s.MultipleOf != "" || s.NumberFormat != "" || s.MinLength != nil || s.MaxLength != nil || s.Pattern != "" || s.Format != "" ||
		s.ContentEncoding != "" || s.ContentMediaType != "" || s.ContentSchema != nil || s.Items != nil || len(s.PrefixItems) > 0 ||
		s.Contains != nil || s.MinItems != nil || s.MaxItems != nil || s.UniqueItems || len(s.Properties) > 0 ||
		len(s.PatternProperties) > 0 || s.AdditionalProperties != nil || s.PropertyNames != nil ||
		len(s.Required) > 0 || len(s.DependentRequired) > 0 || len(s.DependentSchemas) > 0 ||
		s.MinProperties != nil || s.MaxProperties != nil || s.UnevaluatedProperties != nil || s.UnevaluatedItems != nil
}

// kindChecks emits the keywords of s that apply to one kind of value, x
// being the value converted to it and v the value as any.
// It reports whether the checks use x.
func (e *emitter) kindChecks(s *jsonschema.Schema, kind string, x, v jen.Code, l loc, withEnum bool) ([]jen.Code, bool) {
	var checks []jen.Code
	switch kind {
	case jsonschema.KindString:
		checks = e.stringChecks(s, x, v, l, withEnum)
	case jsonschema.KindNumber:
		checks = e.numberChecks(s, x, v, l, withEnum)
		// multipleOf reads the value itself, exactly.
		uses := withEnum && (s.HasEnum || s.HasConst) || s.Minimum != "" || s.Maximum != "" ||
			s.ExclusiveMinimum != "" || s.ExclusiveMaximum != "" || s.NumberFormat != ""
		return checks, uses && len(checks) > 0
	case jsonschema.KindArray:
		return e.arrayChecks(s, x, v, l)
	case jsonschema.KindObject:
		checks = e.objectChecks(s, x, v, l)
	}
	return checks, len(checks) > 0
}

// checkObjectValue emits the checks of s on a value known to be an object:
// obj is it as a map[string]any, v as any.
func (e *emitter) checkObjectValue(s *jsonschema.Schema, obj, v jen.Code, l loc) []jen.Code {
	defer e.enter(s)()
	if s.IsTrue() {
		return nil
	}
	if ok, _ := allows(s, jsonschema.KindObject); !ok || s.IsFalse() {
		return e.check(s, v, l)
	}
	return append(e.objectChecks(s, obj, v, l), e.generic(s, v, l, false)...)
}

// generic emits the keywords that apply to any kind of value: enum and
// const (unless specialized), $ref, allOf, anyOf, oneOf, not, if.
func (e *emitter) generic(s *jsonschema.Schema, v jen.Code, l loc, enumDone bool) []jen.Code {
	var out []jen.Code
	if s.HasEnum && !enumDone {
		if name, ok := e.constVar(s.Enum, s.Loc+"/enum", "enum"); ok {
			e.deep = true // In walks hand-built values: a depth panic to recover
			out = append(out, jen.If(jen.Op("!").Qual(implPath, "In").Call(v, name)).Block(
				e.reportValue("enum", l, "one of "+enumText(s.Enum), v)))
		}
	}
	if s.HasConst && !enumDone {
		if name, ok := e.constVar(s.Const, s.Loc+"/const", "const"); ok {
			e.deep = true // Equal walks hand-built values: a depth panic to recover
			out = append(out, jen.If(jen.Op("!").Qual(valuePath, "Equal").Call(v, name)).Block(
				e.reportValue("const", l, shorten(jsonschema.CompactJSON(s.Const)), v)))
		}
	}
	if s.RefTarget != nil {
		out = append(out, e.callRef(s.RefTarget, v, l)...)
	}
	if s.DynTarget != nil {
		out = append(out, e.callRef(e.dynamicTarget(s), v, l)...)
	}
	for _, sub := range s.AllOf {
		out = append(out, e.check(sub, v, l)...)
	}
	if len(s.AnyOf) > 0 && !anyTrue(s.AnyOf) {
		var cond jen.Code
		for _, sub := range s.AnyOf {
			if sub.IsFalse() {
				continue
			}
			call := e.verdict(sub, v)
			if cond == nil {
				cond = call
			} else {
				cond = jen.Add(cond).Op("||").Add(call)
			}
		}
		fail := e.reportValue("anyOf", l, "any of: "+e.summaries(s.AnyOf), v)
		if cond == nil {
			out = append(out, e.always(l, valueError("anyOf", "any of: "+e.summaries(s.AnyOf), v)))
		} else {
			out = append(out, jen.If(jen.Op("!").Parens(cond)).Block(fail))
		}
	}
	if len(s.OneOf) > 0 {
		matched := e.local("matched")
		trues := 0
		for _, sub := range s.OneOf {
			if sub.IsTrue() {
				trues++
			}
		}
		out = append(out, jen.Id(matched).Op(":=").Lit(trues))
		for _, sub := range s.OneOf {
			if sub.IsTrue() || sub.IsFalse() {
				continue
			}
			out = append(out, jen.If(e.verdict(sub, v)).Block(jen.Id(matched).Op("++")))
		}
		expected := "exactly one of: " + e.summaries(s.OneOf)
		out = append(out, jen.If(jen.Id(matched).Op("!=").Lit(1)).Block(e.report(l, func(at jen.Code) jen.Code {
			return jen.Id("r").Dot("OneOf").Call(at, jen.Lit(expected), jen.Id(matched), v)
		})))
	}
	if s.Not != nil && !s.Not.IsFalse() {
		fail := e.reportValue("not", l, "not "+e.summary(s.Not), v)
		if s.Not.IsTrue() {
			out = append(out, e.always(l, valueError("not", "not "+e.summary(s.Not), v)))
		} else {
			out = append(out, jen.If(e.matchCall(s.Not, v)).Block(fail))
		}
	}
	if s.If != nil && (s.Then != nil || s.Else != nil) {
		then := e.check(s.Then, v, l)
		els := e.check(s.Else, v, l)
		switch {
		case s.If.IsTrue():
			out = append(out, then...)
		case s.If.IsFalse():
			out = append(out, els...)
		case len(then) > 0 || len(els) > 0:
			cond := e.verdict(s.If, v)
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

func anyTrue(list []*jsonschema.Schema) bool {
	for _, s := range list {
		if s.IsTrue() {
			return true
		}
	}
	return false
}

// matchCall is an expression of whether v is valid against s.
func (e *emitter) matchCall(s *jsonschema.Schema, v jen.Code) jen.Code {
	if s.IsTrue() {
		return jen.True()
	}
	if s.IsFalse() {
		return jen.False()
	}
	return jen.Id(e.funcFor(s, decide)).Call(v, e.depthExpr())
}

// callRef emits the check of v against the target of a $ref, a function of
// its own, since references may recurse.
func (e *emitter) callRef(target *jsonschema.Schema, v jen.Code, l loc) []jen.Code {
	if target.IsTrue() {
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
func (e *emitter) summary(s *jsonschema.Schema) string {
	switch {
	case s.IsTrue():
		return "any value"
	case s.IsFalse():
		return "no value"
	case s.HasConst:
		return shorten(jsonschema.CompactJSON(s.Const))
	case s.HasEnum:
		return "one of " + enumText(s.Enum)
	case len(s.Types) == 1 && s.Types[0] == "string" && s.Format != "" && len(s.Required) == 0:
		return jsonschema.Formats[s.Format].Text
	case s.Types != nil:
		t := typeList(s.Types)
		if len(s.Required) > 0 {
			t += " with " + quotedList(s.Required)
		}
		return t
	case s.RefTarget != nil && s.RefTarget.DefName != "":
		return s.RefTarget.DefName
	case s.RefTarget != nil && s.RefTarget != s:
		return e.summary(s.RefTarget)
	case len(s.Required) > 0:
		return "an object with " + quotedList(s.Required)
	case s.Title != "":
		return shorten(s.Title)
	}
	return "the schema at " + shortLoc(s.Loc)
}

func (e *emitter) summaries(list []*jsonschema.Schema) string {
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
		parts[i] = jsonschema.CompactJSON(v)
	}
	return shorten(strings.Join(parts, ", "))
}

// pureRef follows a schema that is only a $ref (with annotations) to its
// target.
func pureRef(s *jsonschema.Schema) *jsonschema.Schema {
	for i := 0; i < 8 && s != nil && s.RefTarget != nil && onlyRef(s); i++ {
		s = s.RefTarget
	}
	return s
}

func onlyRef(s *jsonschema.Schema) bool {
	return s.Types == nil && !s.HasEnum && !s.HasConst && len(s.AllOf)+len(s.AnyOf)+len(s.OneOf) == 0 && s.Not == nil &&
		s.If == nil && !hasKindKeywords(s) && s.DynRef == "" && s.UnevaluatedItems == nil && s.UnevaluatedProperties == nil
}

// hasGeneric reports whether s has keywords that need the whole value: they
// apply to any kind of value and are checked by match functions. A
// specialized enum or const is checked as the value is read.
func hasGeneric(s *jsonschema.Schema) bool {
	return (s.HasEnum || s.HasConst) && specialized(s) == "" || s.RefTarget != nil || len(s.AllOf)+len(s.AnyOf)+len(s.OneOf) > 0 ||
		s.Not != nil || s.If != nil || len(s.DependentSchemas) > 0 || s.DynRef != "" || s.UnevaluatedItems != nil ||
		s.UnevaluatedProperties != nil
}

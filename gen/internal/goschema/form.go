package goschema

import (
	"encoding/json"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	invopop "github.com/invopop/jsonschema"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/load"
)

// This file checks that an output marked form=true fits what MCP
// elicitation takes as a form (the spec's PrimitiveSchemaDefinition: a
// flat object whose members are strings, numbers, integers, booleans,
// string enums, titled or not, and multi-selects of such enums) and builds
// its requestedSchema from the output's canonical schema. Each member that
// does not fit is an error at its field, with what to do instead.

// formFormats are the string formats a form takes.
var formFormats = []string{"email", "uri", "date", "date-time"}

// formKeywords are the keywords a form's member may have, by its type.
var formKeywords = map[string][]string{
	"string":  {"type", "title", "description", "format", "minLength", "maxLength", "default", "enum"},
	"number":  {"type", "title", "description", "minimum", "maximum", "default"},
	"integer": {"type", "title", "description", "minimum", "maximum", "default"},
	"boolean": {"type", "title", "description", "default"},
	"array":   {"type", "title", "description", "minItems", "maxItems", "items", "default"},
}

// FormSchema checks that the output root, whose canonical schema is s,
// fits MCP elicitation's forms, and returns its form: the requestedSchema
// of an elicitation, whose enums of constants with doc comments are
// titled (SEP-1330). Each member that does not fit is an error at its
// field.
func FormSchema(fset *token.FileSet, root *types.TypeName, s *invopop.Schema, docs *load.Docs) (*invopop.Schema, error) {
	named := root.Type().(*types.Named)
	st := named.Underlying().(*types.Struct)
	var errs ir.Errors
	form := &invopop.Schema{Type: "object", Properties: invopop.NewProperties(), Required: s.Required}
	for _, m := range gotype.Members(st, []*types.Named{named}) {
		if m.Refused != "" {
			continue // the schema reported it
		}
		pos := docs.Position(fset.Position(m.Var().Pos()), m.Var())
		prop, ok := s.Properties.Get(m.Name)
		if !ok {
			continue
		}
		if msg := formMemberRefusal(m, prop); msg != "" {
			errs.Add(pos, "field %s: %s", m.Var().Name(), msg)
			continue
		}
		form.Properties.Set(m.Name, formMember(fset, m, prop, docs))
	}
	return form, errs.Err()
}

// formMemberRefusal says why a member cannot be in a form; "" when it can.
func formMemberRefusal(m ir.Field, prop *invopop.Schema) string {
	const fix = "a form a person fills in (MCP elicitation) takes only strings, numbers, integers, booleans, string enums and lists of string enum values"
	t := types.Unalias(m.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if len(prop.OneOf) > 0 || len(prop.AnyOf) > 0 || len(prop.AllOf) > 0 {
		if m.Nullable {
			return "a form's member cannot be null; drop the nullable tag (an optional member is left out, not null)"
		}
		return "a form's member cannot be a choice of schemas (oneOf, anyOf, allOf); " + fix
	}
	switch {
	case prop.Ref != "":
		return "it is an object (a type that contains itself), and a form is a flat object: " + fix
	}
	switch prop.Type {
	case "object":
		return "it is an object, and a form is a flat object: " + fix + "; put its members in the form itself, or ask for it in a form of its own"
	case "array":
		if !stringEnumItems(prop.Items) {
			return "it is a list, which a form takes only as a multi-select of string values: make its items a string type with constants (an enum)"
		}
	case "string", "number", "integer", "boolean":
	case "":
		return "it takes any JSON value: " + fix
	default:
		return "its type is " + prop.Type + ": " + fix
	}
	if len(prop.Enum) > 0 && prop.Type != "string" {
		return "its enum values are " + prop.Type + "s, and a form's enums are strings: make it a string type with constants"
	}
	if prop.ContentEncoding != "" {
		return "it is a " + prop.ContentEncoding + "-encoded string ([]byte), which no one types into a form: " + fix
	}
	if prop.Format != "" && !slices.Contains(formFormats, prop.Format) {
		return "format " + prop.Format + " is not one a form takes (email, uri, date or date-time); drop it and check the value in the handler"
	}
	if names, ok := prop.Extras["enumNames"]; ok {
		// The titles of an enum before SEP-1330, which forms still take.
		if list, _ := names.([]string); len(prop.Enum) == 0 || len(list) != len(prop.Enum) {
			return "enumNames (the titles of an enum before SEP-1330) needs an enum, and one name for each of its values, as enumNames=... items of the jsonschema_extras tag; or title the values of a string type by their constants' comments"
		}
	}
	keys := schemaKeys(prop)
	for _, k := range keys {
		if k == "enumNames" && prop.Type == "string" {
			continue
		}
		if !slices.Contains(formKeywords[prop.Type], k) {
			return "a form's " + prop.Type + " member takes no " + k + " keyword (MCP elicitation allows " +
				strings.Join(formKeywords[prop.Type][1:], ", ") + "); drop the tag that gives it and check the value in the handler"
		}
	}
	if prop.Type == "array" {
		for _, k := range schemaKeys(prop.Items) {
			if k != "type" && k != "enum" {
				return "the items of a form's multi-select take no " + k + " keyword; drop the tag that gives it"
			}
		}
	}
	return ""
}

// stringEnumItems reports whether items is a schema of string enum values.
func stringEnumItems(items *invopop.Schema) bool {
	return items != nil && items.Type == "string" && len(items.Enum) > 0
}

// schemaKeys are the keywords of s, as it marshals.
func schemaKeys(s *invopop.Schema) []string {
	b, err := json.Marshal(s)
	if err != nil {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// formMember is a member of a form: the member's schema, whose enum is
// titled (oneOf of const and title; a multi-select's items an anyOf) when
// the constants of its type have doc comments.
func formMember(fset *token.FileSet, m ir.Field, prop *invopop.Schema, docs *load.Docs) *invopop.Schema {
	out := *prop
	t := types.Unalias(m.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if prop.Type == "array" {
		var elem types.Type
		switch x := t.Underlying().(type) {
		case *types.Slice:
			elem = x.Elem()
		case *types.Array:
			elem = x.Elem()
		}
		if titled := titledEnum(fset, elem, prop.Items.Enum, docs); titled != nil {
			out.Items = &invopop.Schema{AnyOf: titled}
		}
		return &out
	}
	if titled := titledEnum(fset, t, prop.Enum, docs); titled != nil {
		out.Enum, out.OneOf = nil, titled
	}
	return &out
}

// titledEnum is the enum values as SEP-1330's titled options, {const,
// title}, each titled by the doc comment (or line comment) of its
// constant of type t; nil when no constant of the values has one. A value
// without one is its own title.
func titledEnum(fset *token.FileSet, t types.Type, values []any, docs *load.Docs) []*invopop.Schema {
	named, _ := types.Unalias(t).(*types.Named)
	if named == nil || len(values) == 0 || named.Obj().Pkg() == nil {
		return nil
	}
	titles := map[string]string{}
	scope := named.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), named) {
			continue
		}
		title := strings.TrimSpace(docs.Lookup(docs.Position(fset.Position(c.Pos()), c), c))
		if v := constantString(c); title != "" && titles[v] == "" {
			titles[v] = strings.Join(strings.Fields(title), " ")
		}
	}
	if len(titles) == 0 {
		return nil
	}
	out := make([]*invopop.Schema, len(values))
	for i, v := range values {
		s, _ := v.(string)
		title := titles[s]
		if title == "" {
			title = s
		}
		out[i] = &invopop.Schema{Const: s, Title: title}
	}
	return out
}

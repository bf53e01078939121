package client

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/emit"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// This file declares the Go types of const and enum schemas: an enum of
// strings a named string type with a constant per value, any other its JSON
// type (see types.go).

// constType is the type of a const: its JSON type's, with the value in the
// field's doc (see fieldDoc).
func (b *builder) constType(s *jsonschema.Schema, at string) (jen.Code, kind) {
	switch s.Const.(type) {
	case string:
		return jen.String(), kindValue
	case bool:
		return jen.Bool(), kindValue
	case json.Number:
		if slices.Contains(s.Types, "integer") {
			return jen.Int64(), kindValue
		}
		return jen.Float64(), kindValue
	}
	return b.raw(at, "a const that is not a string, number or boolean"), kindRaw
}

// enumType is a named string type with a constant per value for an enum of
// strings; the JSON type of any other enum, whose values the field's doc
// lists.
func (b *builder) enumType(s *jsonschema.Schema, name, at string) (jen.Code, kind) {
	var values []string
	nullable := false
	for _, v := range s.Enum {
		switch v := v.(type) {
		case string:
			values = append(values, v)
		case nil:
			nullable = true
		default:
			values = nil
			goto other
		}
	}
	if len(values) > 0 {
		tn := b.names.fresh(name)
		doc := b.docLines(description(s))
		if len(doc) > 0 {
			doc = append(doc, "")
		}
		doc = append(doc, fmt.Sprintf("%s is one of the values of the constants below.", tn))
		b.decls = append(b.decls, comments(doc).Type().Id(tn).String())
		var consts []jen.Code
		for _, v := range values {
			c := b.names.fresh(tn + constName(v))
			consts = append(consts, jen.Id(c).Id(tn).Op("=").Lit(v))
		}
		b.decls = append(b.decls, jen.Const().Defs(consts...))
		if nullable {
			return jen.Id(tn), kindNullable
		}
		return jen.Id(tn), kindValue
	}
other:
	types := slices.DeleteFunc(slices.Clone(s.Types), func(t string) bool { return t == "null" })
	kinds := map[string]bool{}
	for _, v := range s.Enum {
		switch v := v.(type) {
		case string:
			kinds["string"] = true
		case bool:
			kinds["boolean"] = true
		case json.Number:
			if _, err := strconv.ParseInt(string(v), 10, 64); err == nil {
				kinds["integer"] = true
			} else {
				kinds["number"] = true
			}
		case nil:
			nullable = true
		default:
			kinds["other"] = true
		}
	}
	if kinds["integer"] && kinds["number"] {
		delete(kinds, "integer")
	}
	if len(kinds) == 1 && len(types) <= 1 {
		for t := range kinds {
			if len(types) == 1 && t != types[0] && !(t == "integer" && types[0] == "number") {
				break
			}
			if len(types) == 1 {
				t = types[0]
			}
			typ, k := b.shape(&jsonschema.Schema{Types: []string{t}}, []string{t}, name, at)
			if nullable && k == kindValue {
				k = kindNullable
			}
			return typ, k
		}
	}
	return b.raw(at, "an enum of values of several types"), kindRaw
}

// constName is the part of a constant's name a value gives: its camel
// case, Empty for "".
func constName(v string) string {
	if v == "" {
		return "Empty"
	}
	id := emit.Camel(v)
	if r, _ := utf8.DecodeRuneInString(id); !unicode.IsUpper(r) && !unicode.IsDigit(r) {
		id = "X" + id
	}
	return id
}

package client

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// This file declares the struct of an object schema, a field per property,
// and the doc comments of the generated types (see types.go).

// structType declares a struct for an object with properties, named name
// or, when taken, name2, ..., and returns its name.
func (b *builder) structType(s *jsonschema.Schema, name, at string) string {
	name = b.names.fresh(name)
	if _, top := b.building[s]; !top {
		b.building[s] = name
		defer delete(b.building, s)
	}
	doc := append(b.heads[name], b.docLines(description(s))...)
	req := required(s)
	if ap := s.AdditionalProperties; ap != nil && !ap.IsFalse() {
		b.notef(at, "additionalProperties beside properties: %s holds the properties only; the other members are checked by the validator and dropped when decoded", name)
	}
	if len(s.PatternProperties) > 0 {
		b.notef(at, "patternProperties beside properties: %s holds the properties only; the other members are checked by the validator and dropped when decoded", name)
	}
	if len(s.OneOf)+len(s.AnyOf) > 0 {
		b.notef(at, "oneOf/anyOf beside properties: %s holds the properties; the branches are checked by the validator", name)
	}
	var fields []field
	used := map[string]bool{}
	for _, m := range objectMembers(s) {
		where := at + "/properties/" + jsonschema.PointerToken(m.Name)
		if !validTagName(m.Name) {
			b.notef(where, "the member name %s cannot be a Go json tag: %s has no field for it, and cannot send or receive it", strconv.Quote(m.Name), name)
			continue
		}
		if m.Schema.IsFalse() {
			b.notef(where, "the schema false: the member may not be present, and has no field")
			continue
		}
		fname := exported(m.Name)
		for i := 2; used[fname]; i++ {
			fname = exported(m.Name) + strconv.Itoa(i)
		}
		used[fname] = true
		typ, k := b.typeOf(m.Schema, name+exported(m.Name), where)
		opt := ""
		switch {
		case k == kindNullable:
			typ = jen.Op("*").Add(typ)
			if !req[m.Name] {
				opt = ",omitempty"
			}
		case req[m.Name]:
		case k == kindValue:
			typ = jen.Op("*").Add(typ)
			opt = ",omitempty"
		default:
			opt = ",omitzero"
		}
		fields = append(fields, field{name: fname, json: m.Name, typ: typ, tag: m.Name + opt, doc: b.fieldDoc(deref(m.Schema), m.Schema)})
	}
	var codes []jen.Code
	for i, f := range fields {
		if i > 0 && len(f.doc) > 0 {
			codes = append(codes, jen.Line())
		}
		codes = append(codes, comments(f.doc).Id(f.name).Add(f.typ).Tag(map[string]string{"json": f.tag}))
	}
	b.decls = append(b.decls, comments(doc).Type().Id(name).Struct(codes...))
	return name
}

// validTagName reports whether encoding/json takes name as a tag's name:
// not empty, letters, digits and its punctuation only.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", r):
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			return false
		}
	}
	return true
}

// fieldDoc is the doc of a field: the description of its schema (of the
// reference, else of the target), and its const or enum values.
func (b *builder) fieldDoc(s, ref *jsonschema.Schema) []string {
	text := description(ref)
	if text == "" && s != nil {
		text = description(s)
	}
	doc := b.docLines(text)
	if s == nil {
		return doc
	}
	if s.HasConst {
		doc = append(doc, "Always "+clip(jsonschema.CompactJSON(s.Const), 200)+".")
	}
	if s.HasEnum {
		if _, isString := s.Enum[0].(string); !isString || len(s.Enum) == 0 {
			doc = append(doc, "One of "+clip(jsonschema.CompactJSON(s.Enum), 200)+".")
		}
	}
	return doc
}

// docLines are the lines of a doc comment of text: any text, a line per
// line, without control characters, at most b.comment bytes.
func (b *builder) docLines(text string) []string {
	text = clip(strings.TrimSpace(text), b.comment)
	if text == "" {
		return nil
	}
	var lines []string
	for _, l := range strings.FieldsFunc(strings.ReplaceAll(text, "\r\n", "\n"), func(r rune) bool {
		return r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029'
	}) {
		l = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return ' '
			}
			return r
		}, l)
		lines = append(lines, strings.TrimRight(l, " "))
	}
	return lines
}

// clip cuts text to at most n bytes, on a rune, with an ellipsis.
func clip(text string, n int) string {
	if len(text) <= n {
		return text
	}
	for n > 0 && !utf8.RuneStart(text[n]) {
		n--
	}
	return text[:n] + "…"
}

// comments starts a declaration with the doc lines.
func comments(lines []string) *jen.Statement {
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	s := &jen.Statement{}
	for _, l := range lines {
		if l == "" {
			s.Comment("").Line()
			continue
		}
		s.Comment(l).Line()
	}
	return s
}

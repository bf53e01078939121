package client

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// branches is the type of oneOf or anyOf. A null branch makes the type
// nullable; one other branch is that branch's type; branches that are all
// objects are a sum type: a struct with a pointer per branch, of which the
// caller sets one (encoded as that branch), and which decodes the branches
// a value fits (sumType); anything else is json.RawMessage.
//
// A struct of pointers rather than an interface: it is written as a
// literal (Shape{Circle: &ShapeCircle{...}}), read with an if, needs no
// type switch, no unexported marker method, and encoding/json's zero value
// of it is "none set", which a validator reports.
func (b *builder) branches(s *jsonschema.Schema, name, at string) (jen.Code, kind) {
	list, keyword := s.OneOf, "oneOf"
	if len(list) == 0 {
		list, keyword = s.AnyOf, "anyOf"
	} else if len(s.AnyOf) > 0 {
		return b.raw(at, "oneOf beside anyOf"), kindRaw
	}
	var rest []*jsonschema.Schema
	var restAt []string
	nullable := false
	for i, br := range list {
		if d := deref(br); d != nil && slices.Equal(d.Types, []string{"null"}) {
			nullable = true
			continue
		}
		rest = append(rest, br)
		restAt = append(restAt, at+"/"+keyword+"/"+strconv.Itoa(i))
	}
	types := slices.DeleteFunc(slices.Clone(s.Types), func(t string) bool { return t == "null" })
	nullable = nullable || len(types) < len(s.Types)
	if len(rest) == 1 {
		typ, k := b.typeOf(rest[0], name, restAt[0])
		if nullable && k == kindValue {
			k = kindNullable
		}
		return typ, k
	}
	for _, br := range rest {
		d := deref(br)
		if d == nil || soleType(d, slices.DeleteFunc(slices.Clone(d.Types), func(t string) bool { return t == "null" })) != "object" {
			return b.raw(at, keyword+" of branches that are not all objects"), kindRaw
		}
	}
	return b.sumType(rest, restAt, keyword, name, at, nullable)
}

// sumType declares the struct of pointers of branches that are objects.
func (b *builder) sumType(list []*jsonschema.Schema, listAt []string, keyword, name, at string, nullable bool) (jen.Code, kind) {
	tn := b.names.fresh(name)
	if b.fits == "" {
		b.fits = b.names.fresh("fitsMembers")
	}
	type branch struct {
		field             string
		typ               jen.Code
		required, known   []string
		open              bool
		constKeys, consts []string
	}
	var brs []branch
	used := map[string]bool{"MarshalJSON": true, "UnmarshalJSON": true}
	for i, br := range list {
		d := deref(br)
		fname := branchName(br, d, i)
		for j := 2; used[fname]; j++ {
			fname = branchName(br, d, i) + strconv.Itoa(j)
		}
		used[fname] = true
		typ, k := b.typeOf(br, tn+fname, listAt[i])
		if k == kindValue || k == kindNullable {
			typ = jen.Op("*").Add(typ)
		}
		r := branch{field: fname, typ: typ, open: d.AdditionalProperties == nil || !d.AdditionalProperties.IsFalse()}
		r.required = slices.Sorted(func(yield func(string) bool) {
			for n := range required(d) {
				if !yield(n) {
					return
				}
			}
		})
		for _, m := range objectMembers(d) {
			r.known = append(r.known, m.Name)
			if c := deref(m.Schema); c != nil && c.HasConst {
				r.constKeys = append(r.constKeys, m.Name)
				r.consts = append(r.consts, jsonschema.CompactJSON(c.Const))
			}
		}
		brs = append(brs, r)
	}
	var fields, names []jen.Code
	var fieldNames []string
	for _, r := range brs {
		fields = append(fields, jen.Id(r.field).Add(r.typ))
		names = append(names, jen.Id(r.field))
		fieldNames = append(fieldNames, r.field)
	}
	_ = names
	doc := []string{fmt.Sprintf("%s is one of its branches (%s): set one of them.", tn, keyword)}
	if keyword == "anyOf" {
		doc = append(doc, "Decoded, every branch the value fits is set.")
	} else {
		doc = append(doc, "Decoded, the first branch the value fits is set.")
	}
	b.decls = append(b.decls, comments(doc).Type().Id(tn).Struct(fields...))

	// MarshalJSON writes the branch set.
	var cases []jen.Code
	for _, r := range brs {
		cases = append(cases, jen.Case(jen.Id("v").Dot(r.field).Op("!=").Nil()).Block(jen.Return(jen.Qual(jsonPkg, "Marshal").Call(jen.Id("v").Dot(r.field)))))
	}
	b.decls = append(b.decls, jen.Commentf("MarshalJSON writes the branch of v that is set.").Line().
		Func().Params(jen.Id("v").Id(tn)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Switch().Block(cases...),
		jen.Return(jen.Nil(), jen.Qual("errors", "New").Call(jen.Lit(tn+": set one of "+strings.Join(fieldNames, ", ")))),
	))

	// UnmarshalJSON sets the branches the value fits.
	body := []jen.Code{jen.Op("*").Id("v").Op("=").Id(tn).Values()}
	strs := func(list []string) jen.Code {
		if len(list) == 0 {
			return jen.Nil()
		}
		var lits []jen.Code
		for _, s := range list {
			lits = append(lits, jen.Lit(s))
		}
		return jen.Index().String().Values(lits...)
	}
	for _, r := range brs {
		decode := jen.If(jen.Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(jen.Id("data"), jen.Op("&").Id("v").Dot(r.field)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
		block := []jen.Code{decode}
		if keyword == "oneOf" {
			block = append(block, jen.Return(jen.Nil()))
		}
		body = append(body, jen.If(jen.Id(b.fits).Call(jen.Id("data"), strs(r.required), strs(r.known), jen.Lit(r.open), strs(r.constKeys), strs(r.consts))).Block(block...))
	}
	if keyword == "anyOf" {
		var none []jen.Code
		for _, r := range brs {
			none = append(none, jen.Id("v").Dot(r.field).Op("==").Nil())
		}
		cond := jen.Add(none[0])
		for _, n := range none[1:] {
			cond = cond.Op("&&").Add(n)
		}
		body = append(body, jen.If(cond).Block(jen.Return(jen.Qual("errors", "New").Call(jen.Lit(tn+": the value fits none of the branches")))), jen.Return(jen.Nil()))
	} else {
		body = append(body, jen.Return(jen.Qual("errors", "New").Call(jen.Lit(tn+": the value fits none of the branches"))))
	}
	b.decls = append(b.decls, jen.Commentf("UnmarshalJSON sets the branches of v that data fits: its required members present, no member a closed branch does not name, its const members equal.").Line().
		Func().Params(jen.Id("v").Op("*").Id(tn)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(body...))
	if nullable {
		return jen.Id(tn), kindNullable
	}
	return jen.Id(tn), kindValue
}

// branchName names a branch's field: its $defs name, title, the value of a
// string const member (a discriminator), else Option<n>.
func branchName(br, d *jsonschema.Schema, i int) string {
	if br.RefTarget != nil && br.RefTarget.DefName != "" {
		return exported(br.RefTarget.DefName)
	}
	if d.DefName != "" {
		return exported(d.DefName)
	}
	if o, ok := d.Raw.(*jsonschema.Object); ok && o.Str("title") != "" {
		return exported(o.Str("title"))
	}
	for _, m := range objectMembers(d) {
		if c := deref(m.Schema); c != nil && c.HasConst {
			if s, ok := c.Const.(string); ok && s != "" {
				return exported(s)
			}
		}
	}
	return "Option" + strconv.Itoa(i+1)
}

// fitsHelper is the helper of the sum types' UnmarshalJSON.
func fitsHelper(name string) jen.Code {
	return jen.Commentf("%s reports whether data, a JSON object, may be a branch of a sum type: it has the members required, no other than known unless open, and the members constKeys equal to the JSON of consts.", name).Line().
		Func().Id(name).Params(jen.Id("data").Index().Byte(), jen.List(jen.Id("required"), jen.Id("known")).Index().String(), jen.Id("open").Bool(), jen.List(jen.Id("constKeys"), jen.Id("consts")).Index().String()).Bool().Block(
		jen.Var().Id("members").Map(jen.String()).Qual(jsonPkg, "RawMessage"),
		jen.If(jen.Qual(jsonPkg, "Unmarshal").Call(jen.Id("data"), jen.Op("&").Id("members")).Op("!=").Nil()).Block(jen.Return(jen.False())),
		jen.For(jen.List(jen.Id("_"), jen.Id("name")).Op(":=").Range().Id("required")).Block(
			jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("members").Index(jen.Id("name")), jen.Op("!").Id("ok")).Block(jen.Return(jen.False())),
		),
		jen.For(jen.Id("name").Op(":=").Range().Id("members")).Block(
			jen.If(jen.Op("!").Id("open").Op("&&").Op("!").Qual("slices", "Contains").Call(jen.Id("known"), jen.Id("name"))).Block(jen.Return(jen.False())),
		),
		jen.For(jen.List(jen.Id("i"), jen.Id("name")).Op(":=").Range().Id("constKeys")).Block(
			jen.Var().List(jen.Id("got"), jen.Id("want")).Any(),
			jen.If(jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Id("members").Index(jen.Id("name")), jen.Id("ok")).Block(
				jen.Qual(jsonPkg, "Unmarshal").Call(jen.Id("v"), jen.Op("&").Id("got")),
				jen.Qual(jsonPkg, "Unmarshal").Call(jen.Index().Byte().Parens(jen.Id("consts").Index(jen.Id("i"))), jen.Op("&").Id("want")),
				jen.If(jen.Op("!").Qual("reflect", "DeepEqual").Call(jen.Id("got"), jen.Id("want"))).Block(jen.Return(jen.False())),
			),
		),
		jen.Return(jen.True()),
	)
}

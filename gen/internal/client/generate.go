package client

import (
	"bytes"
	"fmt"
	"go/token"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/emit"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

const (
	mcpPkg     = "github.com/modelcontextprotocol/go-sdk/mcp"
	mcptoolPkg = "github.com/toolgen-go/toolgen/runtime/mcptool"
)

// maxComment is the most bytes of a description a doc comment keeps.
const maxComment = 4000

// Generate returns the Go file of package pkg that calls tools: their
// argument and result types, validators, the tools as listed (Tools) and
// the typed client (NewClient). source names the tools/list in errors and
// notes. A schema that does not compile is an error naming its tool; what
// a Go type cannot say is a note (the validators check it).
func Generate(tools []Tool, pkg, source string) ([]byte, []string, error) {
	if !token.IsIdentifier(pkg) || pkg == "_" {
		return nil, nil, fmt.Errorf("package name %q is not a Go identifier", pkg)
	}
	n := &names{taken: map[string]bool{}}
	// The names the generated code declares or uses at package level.
	for _, name := range []string{"Client", "NewClient", "Tools", "context", "mcp", "mcptool", "errors", "slices", "reflect"} {
		n.taken[name] = true
	}
	b := &builder{names: n, defs: map[string]string{}, building: map[*jsonschema.Schema]string{}, comment: maxComment, heads: map[string][]string{}}
	type plan struct {
		t                 Tool
		method            string
		args, result      string
		in, out           *jsonschema.Document
		checkIn, checkOut string
	}
	var plans []*plan
	methods := map[string]bool{}
	for _, t := range tools {
		p := &plan{t: t}
		m := exported(t.Name)
		p.method = m
		for i := 2; methods[p.method] || n.taken[p.method+"Args"] || n.taken[p.method+"Result"]; i++ {
			p.method = m + strconv.Itoa(i)
		}
		methods[p.method] = true
		p.args = n.fresh(p.method + "Args")
		b.heads[p.args] = []string{fmt.Sprintf("%s are the arguments of the tool %s.", p.args, strconv.Quote(t.Name)), ""}
		p.checkIn = n.fresh("validate" + p.method + "Args")
		if t.OutputSchema != nil {
			p.result = n.fresh(p.method + "Result")
			b.heads[p.result] = []string{fmt.Sprintf("%s is the structured result of the tool %s.", p.result, strconv.Quote(t.Name)), ""}
			p.checkOut = n.fresh("validate" + p.method + "Result")
		}
		plans = append(plans, p)
	}
	var errs ir.Errors
	var validators []emit.Validator
	// A schema listed again (two tools of one result, as a server that
	// builds both from one type lists them) is the first one's type under
	// an alias and its validator: one declaration of each.
	type firstOf struct{ typ, check string }
	first := map[string]firstOf{}
	declare := func(schema []byte, doc *jsonschema.Document, typ string, check *string, at, source string) {
		if d, ok := first[string(schema)]; ok {
			b.decls = append(b.decls, comments(append(b.heads[typ], fmt.Sprintf("Its schema is %s's.", d.typ))).Type().Id(typ).Op("=").Id(d.typ))
			*check = d.check
			return
		}
		first[string(schema)] = firstOf{typ, *check}
		b.declare(doc.Root, typ, at)
		validators = append(validators, emit.Validator{Doc: doc, Func: *check, Source: source})
	}
	for _, p := range plans {
		b.tool = p.t.Name
		compile := func(s *ir.Schema, which string) *jsonschema.Document {
			where := fmt.Sprintf("tool %s: %s", strconv.Quote(p.t.Name), which)
			for _, e := range s.Errs {
				errs = append(errs, ir.Error{Msg: source + ": " + where + ": " + e.Msg})
			}
			if s.Doc == nil || len(s.Errs) > 0 {
				return nil
			}
			for _, e := range s.Doc.Notes {
				b.notes = append(b.notes, where+": "+e.Error())
			}
			return s.Doc
		}
		p.in = compile(p.t.In, "inputSchema")
		if p.t.OutputSchema != nil {
			p.out = compile(p.t.Out, "outputSchema")
		}
		if p.in == nil || p.t.OutputSchema != nil && p.out == nil {
			continue
		}
		declare(p.t.InputSchema, p.in, p.args, &p.checkIn, "inputSchema", p.t.Name+" arguments")
		if p.out != nil {
			declare(p.t.OutputSchema, p.out, p.result, &p.checkOut, "outputSchema", p.t.Name+" result")
		}
	}
	if err := errs.Err(); err != nil {
		return nil, b.notes, err
	}
	decls := b.decls
	if b.fits != "" {
		decls = append(decls, fitsHelper(b.fits))
	}

	// The tools as listed, and the client.
	var listed []jen.Code
	for _, p := range plans {
		d := jen.Dict{jen.Id("Name"): jen.Lit(p.t.Name), jen.Id("InputSchema"): jen.Qual(jsonPkg, "RawMessage").Call(literal(p.t.InputSchema))}
		if p.t.Title != "" {
			d[jen.Id("Title")] = jen.Lit(p.t.Title)
		}
		if p.t.Description != "" {
			d[jen.Id("Description")] = jen.Lit(p.t.Description)
		}
		if p.t.OutputSchema != nil {
			d[jen.Id("OutputSchema")] = jen.Qual(jsonPkg, "RawMessage").Call(literal(p.t.OutputSchema))
		}
		listed = append(listed, jen.Values(d))
	}
	decls = append(decls,
		jen.Comment("Tools are the tools this client was generated from, as the server listed them: their schemas are those the validators check.").Line().
			Var().Id("Tools").Op("=").Index().Op("*").Qual(mcpPkg, "Tool").Values(listed...),
		jen.Comment("Client calls the tools of an MCP server through a session, typed: each method checks its arguments before it sends them and a structured result when it returns it (a *mcptool.ValidationError holding tool.Errors), and returns a result with isError as a *mcptool.ToolError.").Line().
			Type().Id("Client").Struct(jen.Id("session").Op("*").Qual(mcpPkg, "ClientSession")),
		jen.Comment("NewClient returns a client that calls tools through session.").Line().
			Func().Id("NewClient").Params(jen.Id("session").Op("*").Qual(mcpPkg, "ClientSession")).Op("*").Id("Client").Block(
			jen.Return(jen.Op("&").Id("Client").Values(jen.Dict{jen.Id("session"): jen.Id("session")}))),
	)
	for _, p := range plans {
		var doc []string
		recv := jen.Params(jen.Id("c").Op("*").Id("Client"))
		params := jen.Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Id(p.args))
		if p.result != "" {
			doc = append(doc, fmt.Sprintf("%s calls the tool %s and returns its structured result.", p.method, strconv.Quote(p.t.Name)), "")
			doc = append(doc, b.docLines(p.t.Description)...)
			decls = append(decls, comments(doc).Func().Add(recv).Id(p.method).Add(params).Params(jen.Id(p.result), jen.Error()).Block(
				jen.Var().Id("out").Id(p.result),
				jen.List(jen.Id("_"), jen.Err()).Op(":=").Qual(mcptoolPkg, "CallTool").Call(jen.Id("ctx"), jen.Id("c").Dot("session"), jen.Lit(p.t.Name), jen.Id("args"), jen.Id(p.checkIn), jen.Op("&").Id("out"), jen.Id(p.checkOut)),
				jen.Return(jen.Id("out"), jen.Err()),
			))
			continue
		}
		doc = append(doc, fmt.Sprintf("%s calls the tool %s and returns its content.", p.method, strconv.Quote(p.t.Name)), "")
		doc = append(doc, b.docLines(p.t.Description)...)
		decls = append(decls, comments(doc).Func().Add(recv).Id(p.method).Add(params).Params(jen.Index().Qual(mcpPkg, "Content"), jen.Error()).Block(
			jen.List(jen.Id("res"), jen.Err()).Op(":=").Qual(mcptoolPkg, "CallTool").Call(jen.Id("ctx"), jen.Id("c").Dot("session"), jen.Lit(p.t.Name), jen.Id("args"), jen.Id(p.checkIn), jen.Nil(), jen.Nil()),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("res").Dot("Content"), jen.Nil()),
		))
	}
	declared := map[string]token.Position{}
	for name := range n.taken {
		declared[name] = token.Position{}
	}
	for _, local := range []string{"c", "ctx", "args", "out", "res", "err", "data", "v"} {
		declared[local] = token.Position{}
	}
	for _, v := range validators {
		delete(declared, v.Func)
	}
	// A blank line after each declaration, which jennifer leaves out
	// after one without a comment (gofmt keeps one of two).
	var spaced []jen.Code
	for _, d := range decls {
		spaced = append(spaced, d, jen.Line())
	}
	src, err := emit.ValidatorsFile(pkg, declared, validators, spaced...)
	return src, b.notes, err
}

// literal is a string literal of JSON: raw, unless it holds a backquote
// or a carriage return.
func literal(data []byte) jen.Code {
	if bytes.ContainsAny(data, "`\r") {
		return jen.Lit(string(data))
	}
	return jen.Op("`" + string(data) + "`")
}

package forms

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestFormsAreTheFields: the table of forms has a row per field of
// tool.Dialects, in their order, each named as the field and its Dialect
// constant, and a row per field of tool.ResponseFormats; the readers of the
// table (Definition, Format, Dialects, Of) and tool's Get reach every
// field.
func TestFormsAreTheFields(t *testing.T) {
	constants := dialectConstants(t)
	var ds tool.Dialects
	dv := reflect.ValueOf(&ds).Elem()
	require.Equal(t, dv.NumField(), len(forms), "a row per field of Dialects")
	require.Equal(t, dv.NumField(), len(Dialects()))
	for i := range forms {
		f := &forms[i]
		field := dv.Type().Field(i)
		assert.Equal(t, field.Name, f.Name, "row %d is the field of its place", i)
		assert.Equal(t, string(f.Dialect), constants[f.Name], "%s names the constant of its dialect", f.Name)
		assert.Equal(t, f.Dialect, Dialects()[i])
		assert.Same(t, dv.Field(i).Addr().Interface(), f.definition(&ds), "%s: the field of its row", f.Name)
		assert.Same(t, dv.Field(i).Addr().Interface(), Definition(&ds, f.Dialect), "Definition(%s)", f.Dialect)
		dv.Field(i).Set(reflect.ValueOf(tool.Definition{Tool: []byte(`{"form":` + strconv.Quote(f.Name) + `}`)}))
		got, ok := ds.Get(f.Dialect)
		require.True(t, ok, f.Dialect)
		assert.Equal(t, `{"form":`+strconv.Quote(f.Name)+`}`, string(got.Tool), "Get(%s)", f.Dialect)
		row, ok := Of(f.Dialect)
		require.True(t, ok, f.Dialect)
		assert.Equal(t, f.Name, row.Name)
	}
	assert.Nil(t, Definition(&ds, "cohere"))
	_, ok := Of("cohere")
	assert.False(t, ok)

	var fs tool.ResponseFormats
	fv := reflect.ValueOf(&fs).Elem()
	outputs := 0
	for i := range forms {
		f := &forms[i]
		if !f.Output() {
			assert.Nil(t, Format(&fs, f.Dialect), "%s is no output format", f.Name)
			continue
		}
		outputs++
		field := fv.FieldByName(f.Name)
		require.True(t, field.IsValid(), "ResponseFormats has a field %s", f.Name)
		assert.Same(t, field.Addr().Interface(), Format(&fs, f.Dialect), "Format(%s)", f.Dialect)
		field.Set(reflect.ValueOf(tool.ResponseFormat{Format: []byte(strconv.Quote(f.Name))}))
		got, ok := fs.Get(f.Dialect)
		require.True(t, ok, f.Dialect)
		assert.Equal(t, strconv.Quote(f.Name), string(got.Format))
		assert.NotZero(t, f.Format, "%s: an output form has a format", f.Name)
	}
	assert.Equal(t, fv.NumField(), outputs, "a row per field of ResponseFormats")
}

// TestFormsFallBack: a fallback is a form of the table that falls back no
// further and is not strict, and says how a tool, or an output of a form
// that falls back to it, goes to the provider in it; forms of one
// dialects= option take one lowering under one title.
func TestFormsFallBack(t *testing.T) {
	lowerings := map[string]bool{"canonical": true, "openai-strict": true, "anthropic-strict": true, "gemini-openapi": true, "gemini-jsonschema": true}
	byOption := map[string]*Form{}
	for i := range forms {
		f := &forms[i]
		assert.True(t, lowerings[f.Lowering], "%s: lowering %q is one Form.Lowering documents", f.Name, f.Lowering)
		assert.NotEmpty(t, f.Title, f.Name)
		assert.NotEmpty(t, f.Option, f.Name)
		if first := byOption[f.Option]; first != nil {
			assert.Equal(t, first.Lowering, f.Lowering, "%s and %s: one option, one lowering", first.Name, f.Name)
			assert.Equal(t, first.Title, f.Title, "%s and %s: one option, one title", first.Name, f.Name)
		} else {
			byOption[f.Option] = f
		}
		if f.Fallback == "" {
			continue
		}
		to := of(f.Fallback)
		require.NotNil(t, to, "%s falls back to a form of the table", f.Name)
		assert.Empty(t, to.Fallback, "%s falls back no further", to.Name)
		assert.False(t, to.Strict, to.Name)
		assert.NotEmpty(t, to.Definition.Note, "%s: how a tool goes to the provider in it", to.Name)
		assert.NotEmpty(t, to.Definition.Comment, to.Name)
		if f.Output() {
			assert.NotEmpty(t, to.Format.Open, "%s: an output of %s falls back to its format", to.Name, f.Name)
			assert.NotEmpty(t, to.Format.Note, to.Name)
			assert.NotEmpty(t, to.Format.Comment, to.Name)
		}
	}
}

// TestFormsInGuides: the tables of forms of docs/providers.md and
// docs/results.md list every form of the table, with its dialects= option,
// and every output format; and nothing else.
func TestFormsInGuides(t *testing.T) {
	providers, err := os.ReadFile("../../docs/providers.md")
	require.NoError(t, err)
	dialects := guideTable(t, string(providers), "| `tool.Dialect` | `dialects=` |")
	listed := map[string]bool{}
	for _, row := range dialects {
		for _, name := range codeSpans(row[0]) {
			f := formByName(name)
			if !assert.NotNil(t, f, "docs/providers.md lists %s, which is no form", name) {
				continue
			}
			listed[name] = true
			assert.Equal(t, "`"+f.Option+"`", row[1], "docs/providers.md's dialects= of %s", name)
			assert.True(t, f.Strict == strings.Contains(row[2], `"strict":true`), "docs/providers.md's definition of %s: strict as the row", name)
		}
	}
	results, err := os.ReadFile("../../docs/results.md")
	require.NoError(t, err)
	formats := guideTable(t, string(results), "| `ResponseFormats` field |")
	outputs := map[string]bool{}
	for _, row := range formats {
		for _, name := range codeSpans(row[0]) {
			f := formByName(name)
			assert.True(t, f != nil && f.Output(), "docs/results.md lists %s as an output format", name)
			outputs[name] = true
		}
	}
	for i := range forms {
		f := &forms[i]
		assert.True(t, listed[f.Name], "docs/providers.md's table of dialects lists %s", f.Name)
		assert.Equal(t, f.Output(), outputs[f.Name], "docs/results.md's table of output formats lists %s as the row says", f.Name)
	}
}

func formByName(name string) *Form {
	for i := range forms {
		if forms[i].Name == name {
			return &forms[i]
		}
	}
	return nil
}

// guideTable returns the cells of the rows of the guide's table whose
// header line starts with header.
func guideTable(t *testing.T, guide, header string) [][]string {
	t.Helper()
	_, table, ok := strings.Cut(guide, "\n"+header)
	require.True(t, ok, "the guide has a table %s", header)
	lines := strings.Split(table, "\n")[2:] // the header's end, the separator
	var rows [][]string
	for _, line := range lines {
		if !strings.HasPrefix(line, "|") {
			break
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(line, "|"), " | ") {
			cells = append(cells, strings.TrimSpace(c))
		}
		rows = append(rows, cells)
	}
	require.NotEmpty(t, rows)
	return rows
}

// codeSpans are the `names` of a table cell.
func codeSpans(cell string) []string {
	var names []string
	for _, part := range strings.Split(cell, ",") {
		names = append(names, strings.Trim(strings.TrimSpace(part), "`"))
	}
	return names
}

// dialectConstants are the Dialect constants the package declares, by name.
func dialectConstants(t *testing.T) map[string]string {
	f, err := parser.ParseFile(token.NewFileSet(), "../../runtime/tool/dialect.go", nil, parser.SkipObjectResolution)
	require.NoError(t, err)
	out := map[string]string{}
	for _, decl := range f.Decls {
		g, ok := decl.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Dialect" {
				continue
			}
			for i, n := range v.Names {
				s, err := strconv.Unquote(v.Values[i].(*ast.BasicLit).Value)
				require.NoError(t, err)
				out[n.Name] = s
			}
		}
	}
	require.Len(t, out, len(forms), "a Dialect constant per form")
	return out
}

// Every form has its provider's name rule, the forms of one provider the
// same; a name of letters, digits, _ and - that starts with a letter or _
// and has at most 64 characters suits every rule, so tools named so go
// everywhere, as they did before the rules were per provider.
func TestNameRules(t *testing.T) {
	byTitle := map[string]string{}
	for _, f := range forms {
		require.NotEmpty(t, f.Names.Title, f.Name)
		re := regexp.MustCompile(f.Names.Pattern)
		if prev, ok := byTitle[f.Names.Title]; ok {
			assert.Equal(t, prev, f.Names.Pattern, "%s: one rule per provider", f.Name)
		}
		byTitle[f.Names.Title] = f.Names.Pattern
		for _, name := range []string{"get_weather", "_x", "A-b_9", strings.Repeat("a", 64)} {
			assert.True(t, re.MatchString(name), "%s takes %q", f.Name, name)
		}
		for _, name := range []string{"", "get weather", "wetter_für_morgen", strings.Repeat("a", 129)} {
			assert.False(t, re.MatchString(name), "%s refuses %q", f.Name, name)
		}
	}
	assert.Len(t, byTitle, 4, "OpenAI, Anthropic, Gemini and MCP")
}

package gen_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
)

// namesTools is a tool package whose generated file imports every package
// generated code may import and declares every kind of helper: constants,
// patterns (a loop and a regexp), match and validate functions of a
// recursive type, fill functions, enums, and decoders of time.Time,
// url.URL, math/big and json.Number. Its fields are named like the imports.
const namesTools = `package names

import (
	"encoding/json"
	"math/big"
	"net/url"
	"time"
)

// Units is an enum.
type Units string

const (
	Celsius    Units = "c"
	Fahrenheit Units = "f"
)

// Node is recursive.
type Node struct {
	Tool     string  ` + "`json:\"tool\" jsonschema:\"pattern=^[a-z]+$\"`" + `
	Children []*Node ` + "`json:\"children,omitempty\"`" + `
}

// Room is a place.
type Room struct {
	Floor int ` + "`json:\"floor\"`" + `
}

// ShowArgs shows things.
//
//toolgen:tool dialects=openai-nonstrict,anthropic,mcp
type ShowArgs struct {
	URL    *url.URL         ` + "`json:\"url\"`" + `
	Time   *time.Time       ` + "`json:\"time,omitempty\"`" + `
	JSON   json.Number      ` + "`json:\"json\" jsonschema:\"enum=1,enum=9007199254740993\"`" + `
	Math   *big.Int         ` + "`json:\"math,omitempty\"`" + `
	Big    *big.Float       ` + "`json:\"big,omitempty\"`" + `
	Format string           ` + "`json:\"format,omitempty\" jsonschema:\"format=email,pattern=^(a|b)+@\"`" + `
	Regexp []string         ` + "`json:\"regexp,omitempty\" jsonschema:\"pattern=^[a-z]+[0-9]?$\"`" + `
	Units  Units            ` + "`json:\"units,omitempty\"`" + `
	Tree   *Node            ` + "`json:\"tree,omitempty\"`" + `
	Where  any              ` + "`json:\"where,omitempty\" jsonschema:\"oneof_ref=#/$defs/Room\"`" + `
	R      int              ` + "`json:\"r,omitempty\" jsonschema:\"multipleOf=3\"`" + `
	At     int64            ` + "`json:\"at,omitempty\" jsonschema:\"maximum=1e18\"`" + `
	Keys   map[Units]int    ` + "`json:\"keys,omitempty\"`" + `
	Tools  []Room           ` + "`json:\"tools,omitempty\" jsonschema:\"uniqueItems=true\"`" + `
	Args   string           ` + "`json:\"args,omitempty\"`" + `
	Out    string           ` + "`json:\"out,omitempty\"`" + `
	OK     bool             ` + "`json:\"ok,omitempty\"`" + `
}
`

// TestGeneratedNamesAvoidThePackage generates a tool package, then declares
// in it every name the generated file declares or imports, except those the
// user calls, and generates and builds it again: the generated file must
// import under other names and rename its helpers. The names a user calls
// are positioned errors, as are Go's predeclared names the code uses.
func TestGeneratedNamesAvoidThePackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	dir := t.TempDir()
	writeModule(t, root, dir)
	pkg := filepath.Join(dir, "names")
	require.NoError(t, os.MkdirAll(pkg, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "tools.go"), []byte(namesTools), 0o644))

	files, err := gen.Generate(gen.Config{Dir: pkg})
	require.NoError(t, err)
	require.Len(t, files, 1)
	first := declaredNames(t, files[0].Content)
	public := map[string]bool{"ValidateShowArgs": true, "DecodeShowArgs": true, "DecodeShowArgsJSON": true, "ShowTool": true, "Tools": true}
	for name := range public {
		require.Contains(t, first, name)
	}
	for _, imp := range []string{"tool", "format", "json", "math", "regexp", "url", "time", "big"} {
		require.Contains(t, first, imp, "the first generation imports %s", imp)
	}

	// Every other name, declared by the package.
	var decls strings.Builder
	decls.WriteString("package names\n\n")
	var taken []string
	for name := range first {
		if !public[name] {
			taken = append(taken, name)
		}
	}
	sort.Strings(taken)
	for _, name := range taken {
		fmt.Fprintf(&decls, "var %s = %q\n", name, name)
	}
	// Code older than Go 1.21 declares these; generated code does not use
	// the predeclared ones.
	decls.WriteString("\nfunc min(a, b int) int { return a }\n\nfunc max(a, b int) int { return b }\n\nfunc clear() {}\n")
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "taken.go"), []byte(decls.String()), 0o644))
	// The user's tools.go imports some of those packages itself: it must
	// do so under other names now.
	aliased := strings.NewReplacer(`"encoding/json"`, `ej "encoding/json"`, `"math/big"`, `mb "math/big"`, `"net/url"`, `nu "net/url"`, `"time"`, `tm "time"`,
		"*url.URL", "*nu.URL", "*time.Time", "*tm.Time", "json.Number", "ej.Number", "*big.Int", "*mb.Int", "*big.Float", "*mb.Float").Replace(namesTools)
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "tools.go"), []byte(aliased), 0o644))

	files, err = gen.Generate(gen.Config{Dir: pkg})
	require.NoError(t, err)
	require.NoError(t, gen.Write(files))
	second := declaredNames(t, files[0].Content)
	for _, name := range taken {
		assert.NotContains(t, second, name, "the generated file declares or imports %s, which the package declares", name)
	}
	goCmd(t, dir, goEnv(), "vet", "./...")

	// A name the user calls cannot be renamed; a predeclared name the
	// generated code uses cannot be avoided.
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "public.go"), []byte("package names\n\nfunc DecodeShowArgs() {}\n\nvar len = 3\n"), 0o644))
	_, err = gen.Generate(gen.Config{Dir: pkg})
	require.Error(t, err)
	public_go := filepath.Join(pkg, "public.go")
	assert.Equal(t, public_go+":3:6: DecodeShowArgs collides with the identifier toolgen generates in tools_gen.go; rename it\n"+
		public_go+":5:5: len shadows Go's predeclared len, which the code toolgen generates in tools_gen.go uses; rename it", err.Error())
}

// TestSchemaFileNamesAvoidThePackage compiles, with toolgen schema, a
// schema whose members are named like every helper and import of its
// output, into a package that declares every name of an earlier output of
// the same schema (helpers and imports), then builds the package. An
// output whose validator has the name of another's is a positioned error
// naming -func.
func TestSchemaFileNamesAvoidThePackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	dir := t.TempDir()
	writeModule(t, root, dir)
	pkg := filepath.Join(dir, "outline")
	require.NoError(t, os.MkdirAll(filepath.Join(pkg, "a"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(pkg, "b"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "doc.go"), []byte("package outline\n"), 0o644))
	schema := func(props []string) string {
		var b strings.Builder
		b.WriteString(`{"$defs": {"node": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
			"type": "object", "additionalProperties": false, "properties": {"tree": {"$ref": "#/$defs/node"},
			"pick": {"oneOf": [{"type": "string", "pattern": "^(x|y)+z"}, {"type": "integer", "multipleOf": 3}]},
			"mail": {"type": "string", "format": "email", "pattern": "^[a-z]+$"}, "e": {"enum": [1, "a", [2]]}`)
		for _, p := range props {
			fmt.Fprintf(&b, ", %q: {\"type\": \"string\", \"maxLength\": 3}", p)
		}
		b.WriteString("}}")
		return b.String()
	}
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "a", "outline.json"), []byte(schema(nil)), 0o644))
	out := filepath.Join(pkg, "outline_gen.go")
	files, err := gen.GenerateSchemaFile(gen.SchemaFile{Input: filepath.Join(pkg, "a", "outline.json"), Output: out})
	require.NoError(t, err)
	require.NoError(t, gen.Write(files))
	names := declaredNames(t, files[0].Content)
	var props []string
	for name := range names {
		props = append(props, name)
	}
	sort.Strings(props)
	require.Contains(t, props, "ValidateOutline")
	require.Contains(t, props, "outlineMailPattern")
	require.Contains(t, props, "tool")

	// The same schema, its members named like those, as a second output of
	// the same base name: with the same function name, an error.
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "b", "outline.json"), []byte(schema(props)), 0o644))
	second := filepath.Join(pkg, "outline2_gen.go")
	_, err = gen.GenerateSchemaFile(gen.SchemaFile{Input: filepath.Join(pkg, "b", "outline.json"), Output: second})
	require.Error(t, err)
	assert.Regexp(t, `^`+regexpQuote(out)+`:\d+:6: ValidateOutline collides with the identifier toolgen generates in outline2_gen.go; choose another name for the validator with -func$`, err.Error())

	// With a function of its own, whose helpers take the same prefix, it
	// avoids every name of the first output.
	files, err = gen.GenerateSchemaFile(gen.SchemaFile{Input: filepath.Join(pkg, "b", "outline.json"), Output: second, Func: "validateOutline"})
	require.NoError(t, err)
	require.NoError(t, gen.Write(files))
	for name := range declaredNames(t, files[0].Content) {
		if name != "tool" && name != "toolimpl" && name != "value" && name != "format" && name != "regexp" {
			assert.NotContains(t, names, name, "declared by both outputs")
		}
	}
	// Regenerating the first output keeps it as it was: its names do not
	// chase the second's.
	files, err = gen.GenerateSchemaFile(gen.SchemaFile{Input: filepath.Join(pkg, "a", "outline.json"), Output: out})
	require.NoError(t, err)
	was, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, string(was), string(files[0].Content))

	// A package declaring the names of the imports too.
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "imports.go"), []byte("package outline\n\nvar tool, value, format, regexp = 1, 2, 3, 4\n"), 0o644))
	for _, c := range []struct{ in, out, fn string }{{"a", out, ""}, {"b", second, "validateOutline"}} {
		files, err = gen.GenerateSchemaFile(gen.SchemaFile{Input: filepath.Join(pkg, c.in, "outline.json"), Output: c.out, Func: c.fn})
		require.NoError(t, err)
		require.NoError(t, gen.Write(files))
	}
	goCmd(t, dir, goEnv(), "vet", "./...")
}

// declaredNames lists the package-level names of a Go file and the names
// its imports take.
func declaredNames(t *testing.T, src []byte) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
	require.NoError(t, err)
	names := map[string]bool{}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			names[d.Name.Name] = true
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.Name != "_" {
							names[n.Name] = true
						}
					}
				case *ast.ImportSpec:
					p, _ := strconv.Unquote(s.Path.Value)
					name := filepath.Base(p)
					if s.Name != nil {
						name = s.Name.Name
					}
					names[name] = true
				}
			}
		}
	}
	return names
}

func regexpQuote(s string) string {
	return strings.NewReplacer(`\`, `\\`, `.`, `\.`, `(`, `\(`, `)`, `\)`, `+`, `\+`, `*`, `\*`, `?`, `\?`, `[`, `\[`, `]`, `\]`, `^`, `\^`, `$`, `\$`, `|`, `\|`, `{`, `\{`, `}`, `\}`).Replace(s)
}

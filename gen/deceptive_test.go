package gen_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
)

// deceptiveRunes change how the text around them displays (the bidi
// controls of Trojan-source attacks) or end a line where a reader does not
// see one: generated source holds none of them raw.
var deceptiveRunes = []rune{
	0x202A, 0x202B, 0x202C, 0x202D, 0x202E, // embeddings, overrides
	0x2066, 0x2067, 0x2068, 0x2069, // isolates
	0x200E, 0x200F, 0x061C, // marks
	0x2028, 0x2029, 0x0085, // line and paragraph separators, next line
	0x1B, 0x7F, 0x9B, // escape, delete, control sequence introducer
}

// hostileText holds every deceptive rune, each between letters, so that
// the exact value can be checked where it arrives.
func hostileText(prefix string) string {
	var b strings.Builder
	b.WriteString(prefix)
	for _, r := range deceptiveRunes {
		b.WriteRune(r)
		b.WriteString("x")
	}
	return b.String()
}

// TestGeneratedSourceHasNoDeceptiveRunes generates from a package whose doc
// comments, descriptions, enum values, constants, patterns, defaults and
// member names hold every deceptive rune, and checks per class that the
// generated source holds none of them raw (comments spell them \u202e,
// strings escape them), that it builds and vets, and that the schemas it
// sends keep the exact text, as JSON escapes.
func TestGeneratedSourceHasNoDeceptiveRunes(t *testing.T) {
	// A doc comment's white space is collapsed (go/doc): its separators are
	// spaces, its other runes kept.
	doc := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, hostileText("doc"))
	q := func(s string) string { return strconv.Quote(s)[1 : len(strconv.Quote(s))-1] }
	desc, enum, pattern, def := hostileText("desc"), hostileText("enum"), hostileText("^pat"), hostileText("def")
	constant := hostileText("const")
	src := "package p\n\n" +
		"// Mode is a mode: " + doc + "\n" +
		"type Mode string\n\n" +
		"// The modes.\n" +
		"const (\n\tModeA Mode = " + strconv.Quote(constant) + "\n\tModeB Mode = \"b\"\n)\n\n" +
		"// XArgs " + doc + "\n//\n// " + doc + "\n//\n//toolgen:tool\n" +
		"type XArgs struct {\n" +
		"\t// " + doc + "\n" +
		"\tDoc string " + strconv.Quote(`json:"doc"`) + "\n" +
		"\tDesc string " + strconv.Quote(`json:"desc,omitempty" jsonschema:"description=`+q(desc)+`"`) + "\n" +
		"\tEnum string " + strconv.Quote(`json:"enum,omitempty" jsonschema:"enum=`+q(enum)+`,enum=plain"`) + "\n" +
		"\tPattern string " + strconv.Quote(`json:"pattern,omitempty" jsonschema:"pattern=`+q(pattern)+`"`) + "\n" +
		"\tDefault string " + strconv.Quote(`json:"dflt,omitempty" jsonschema:"default=`+q(def)+`"`) + "\n" +
		"\tMode Mode " + strconv.Quote(`json:"mode,omitempty"`) + "\n" +
		"}\n\n" +
		"// YAnswer " + doc + "\n//\n//toolgen:output\n" +
		"type YAnswer struct {\n\t// " + doc + "\n\tText string `json:\"text\"`\n}\n"

	root, err := filepath.Abs("..")
	require.NoError(t, err)
	dir := t.TempDir()
	writeModule(t, root, dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tools.go"), []byte(src), 0o644))
	files, err := gen.Generate(gen.Config{Dir: dir})
	require.NoError(t, err)
	require.NotEmpty(t, files)

	for _, f := range files {
		for _, r := range deceptiveRunes {
			for i, line := range strings.Split(string(f.Content), "\n") {
				if strings.ContainsRune(line, r) {
					t.Errorf("%s:%d holds U+%04X raw: %.200q", filepath.Base(f.Path), i+1, r, line)
					break
				}
			}
		}
		require.NoError(t, os.WriteFile(f.Path, f.Content, 0o644))
	}

	// Per class: the generated comments spell each rune, and every schema
	// constant decodes to the exact text.
	gen := string(files[0].Content)
	assert.Contains(t, gen, `\u202e`, "a comment or string spells the rune")
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, files[0].Path, files[0].Content, parser.ParseComments)
	require.NoError(t, err)
	schemas := 0
	ast.Inspect(file, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || len(spec.Values) != 1 || !strings.HasSuffix(spec.Names[0].Name, "Schema") {
			return true
		}
		lit, ok := spec.Values[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		text, err := strconv.Unquote(lit.Value)
		require.NoError(t, err)
		name := spec.Names[0].Name
		if !strings.HasPrefix(name, "xArgs") {
			return true
		}
		schemas++
		var v any
		require.NoError(t, json.Unmarshal([]byte(text), &v), name)
		var all []string
		var walk func(v any)
		walk = func(v any) {
			switch x := v.(type) {
			case string:
				all = append(all, x)
			case []any:
				for _, y := range x {
					walk(y)
				}
			case map[string]any:
				for k, y := range x {
					all = append(all, k)
					walk(y)
				}
			}
		}
		walk(v)
		holds := func(want string) bool {
			for _, s := range all {
				if strings.Contains(s, want) {
					return true
				}
			}
			return false
		}
		for class, want := range map[string]string{"doc comment": doc, "tag description": desc, "enum value": enum, "constant": constant, "pattern": pattern, "default": def} {
			if class == "pattern" && strings.Contains(name, "Gemini") || class == "default" && !strings.Contains(text, `"default"`) {
				continue // (a dialect without the keyword, or says it in the description)
			}
			assert.True(t, holds(want), "%s: the %s is not there exactly", name, class)
		}
		return true
	})
	assert.Positive(t, schemas)
	if testing.Short() {
		return
	}
	goCmd(t, dir, goEnv(), "vet", ".")
}

// TestSchemaFileSourceHasNoDeceptiveRunes: the same of toolgen schema,
// where member names, $defs names (in the comments that cite a location),
// const values and the file's name can hold every deceptive rune.
func TestSchemaFileSourceHasNoDeceptiveRunes(t *testing.T) {
	name, member, def := hostileText("name"), hostileText("member"), hostileText("def")
	schema := map[string]any{
		"description": hostileText("doc"),
		"properties": map[string]any{
			member: map[string]any{"$ref": "#/$defs/" + def},
			"c":    map[string]any{"const": hostileText("const")},
			"e":    map[string]any{"enum": []any{hostileText("enum"), 1}},
			"p":    map[string]any{"type": "string", "pattern": hostileText("^pat")},
			"n":    map[string]any{"not": map[string]any{"$ref": "#/$defs/" + def}},
		},
		"$defs": map[string]any{def: map[string]any{"type": "object", "properties": map[string]any{member: map[string]any{"minLength": 2}}, "required": []any{member}}},
	}
	data, err := json.Marshal(schema)
	require.NoError(t, err)
	for _, decide := range []bool{false, true} {
		var src []byte
		if decide {
			src, err = gen.CompileSchemaDecide(data, "p", "ValidateS", name+".json", gen.Options{})
		} else {
			src, _, err = gen.CompileSchema(data, "p", "ValidateS", name+".json", gen.Options{})
		}
		require.NoError(t, err)
		for _, r := range deceptiveRunes {
			for i, line := range strings.Split(string(src), "\n") {
				if strings.ContainsRune(line, r) {
					t.Errorf("decide=%v: line %d holds U+%04X raw: %.200q", decide, i+1, r, line)
					break
				}
			}
		}
		// The comments that cite the file and the locations spell the runes.
		comments := 0
		for _, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") && strings.Contains(line, `\u202e`) {
				comments++
			}
		}
		assert.Positive(t, comments, "decide=%v", decide)
		if decide || testing.Short() {
			continue
		}
		root, err := filepath.Abs("..")
		require.NoError(t, err)
		dir := t.TempDir()
		writeModule(t, root, dir)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "s_gen.go"), src, 0o644))
		goCmd(t, dir, goEnv(), "vet", ".")
	}
}

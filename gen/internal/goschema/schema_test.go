package goschema

import (
	"encoding/json"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"testing"

	invopop "github.com/invopop/jsonschema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/toolgen-go/toolgen/gen/internal/load"
	"github.com/toolgen-go/toolgen/internal/fixtures/structs"
)

// The tests of this file hold toolgen's schemas to invopop/jsonschema's: for
// the types of internal/fixtures/structs, toolgen's schema is the JSON invopop's
// Reflector builds, but for toolgen's additions, which are tested apart, as
// are the structs toolgen refuses (testdata/bad).

const corpusPath = "github.com/toolgen-go/toolgen/internal/fixtures/structs"

// equivalent are the corpus types whose toolgen schema is exactly the one
// invopop's Reflector builds with DoNotReference.
var equivalent = map[string]any{
	"Scalars":      structs.Scalars{},
	"Names":        structs.Names{},
	"Numbers":      structs.Numbers{},
	"Enums":        structs.Enums{},
	"Strings":      structs.Strings{},
	"Required":     structs.Required{},
	"Annotations":  structs.Annotations{},
	"Descriptions": structs.Descriptions{},
	"Point":        structs.Point{},
	"Arrays":       structs.Arrays{},
	"Extras":       structs.Extras{},
	"Nested":       structs.Nested{},
	"Outer":        structs.Outer{},
	"Middle":       structs.Middle{},
	"Base":         structs.Base{},
	"Audit":        structs.Audit{},
	"Inlined":      structs.Inlined{},
	"Deeper":       structs.Deeper{},
	"Base2":        structs.Base2{},
	"Embedding":    structs.Embedding{},
	"Tagged":       structs.Tagged{},
	"Maps":         structs.Maps{},
	"Bytes":        structs.Bytes{},
	"Anys":         structs.Anys{},
	"Pointers":     structs.Pointers{},
	"NamedTypes":   structs.NamedTypes{},
	"GroupedA":     structs.GroupedA{},
	"GroupedB":     structs.GroupedB{},
	"GroupedC":     structs.GroupedC{},
	"GroupedE":     structs.GroupedE{},
	"GroupedF":     structs.GroupedF{},
	"Deep":         structs.Deep{},
	"Everything":   structs.Everything{},
	"Shared":       structs.Shared{},
	"Empty":        structs.Empty{},
	"OnlyHidden":   structs.OnlyHidden{},
	"Order":        structs.Order{},
	"Escapes":      structs.Escapes{},
	"Person":       structs.Person{},
	"Member":       structs.Member{},
}

// recursive are the corpus types that refer to themselves, directly or not:
// invopop with DoNotReference would recurse forever on them, so toolgen's
// schema is held to the one it builds with references.
var recursive = map[string]any{
	"Node":     structs.Node{},
	"Thread":   structs.Thread{},
	"Comment":  structs.Comment{},
	"Drive":    structs.Drive{},
	"Folder":   structs.Folder{},
	"File":     structs.File{},
	"Forest":   structs.Forest{},
	"Ring":     structs.Ring{},
	"RingLink": structs.RingLink{},
	"Chain":    structs.Chain{},
	"Links":    structs.Links{},
}

// additions are the corpus types of toolgen's additions, tested below.
var additions = map[string]any{
	"SizedInts":    structs.SizedInts{},
	"Colors":       structs.Colors{},
	"DocAdditions": structs.DocAdditions{},
	"AltPoint":     structs.AltPoint{},
}

func loadPackage(t *testing.T, pattern string) *packages.Package {
	t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax | packages.NeedFiles}
	pkgs, err := packages.Load(cfg, pattern)
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	for _, e := range pkgs[0].Errors {
		t.Fatalf("loading %s: %v", pattern, e)
	}
	return pkgs[0]
}

func typeName(t *testing.T, pkg *packages.Package, name string) *types.TypeName {
	t.Helper()
	obj, ok := pkg.Types.Scope().Lookup(name).(*types.TypeName)
	require.True(t, ok, "no type %s in %s", name, pkg.PkgPath)
	return obj
}

// toolgenSchema is the JSON of toolgen's schema of the named type.
func toolgenSchema(t *testing.T, pkg *packages.Package, docs *load.Docs, name string) (string, error) {
	t.Helper()
	s, err := Schema(pkg.Fset, typeName(t, pkg, name), docs)
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(s)
	require.NoError(t, err)
	return string(b), nil
}

// invopopReflector is invopop's Reflector with the comments of the structs.
func invopopReflector(t *testing.T, pkg *packages.Package, doNotReference bool) *invopop.Reflector {
	t.Helper()
	r := &invopop.Reflector{DoNotReference: doNotReference, Anonymous: true}
	// AddGoComments keys the comments of a file by path.Join(base, the
	// file's directory as walked from path), so base is the package of the
	// working directory (gen/internal/goschema) and path relative to it.
	require.NoError(t, r.AddGoComments("github.com/toolgen-go/toolgen/gen/internal/goschema", "../../../internal/fixtures/structs", invopop.WithFullComment()))
	require.Equal(t, "Point is a point in the plane.", r.CommentMap[corpusPath+".Point"], "comment keys do not match the package path")
	require.Equal(t, "X is the abscissa.", r.CommentMap[corpusPath+".Point.X"])
	// toolgen's descriptions are doc comments as go doc shows them, and a
	// type's does not begin with its Go name: the comments invopop reads
	// are given the same form (the rule itself is TestToolDescription's).
	for key, doc := range r.CommentMap {
		name := strings.TrimPrefix(key, corpusPath+".")
		if !strings.Contains(name, ".") {
			r.CommentMap[key] = load.TypeDescription(name, doc)
		} else {
			r.CommentMap[key] = load.DocText(doc)
		}
	}
	// A member without a description of its own takes its type's (an
	// addition of toolgen's, the same for every type of the corpus, whose
	// doc comments are read as toolgen reads them: invopop misses some).
	docs := load.NewDocs("", nil)
	r.LookupComment = func(rt reflect.Type, field string) string {
		if field == "" || r.CommentMap[rt.PkgPath()+"."+rt.Name()+"."+field] != "" {
			return ""
		}
		f, ok := rt.FieldByName(field)
		if !ok || rt.Name() == "" {
			return ""
		}
		// A comment invopop misses (an embedded field's) is an addition.
		base, _, _ := strings.Cut(rt.Name(), "[") // Pair[string,…] is Pair
		if st, ok := typeName(t, pkg, base).Type().Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if v := st.Field(i); v.Name() == field && docs.Lookup(pkg.Fset.Position(v.Pos()), v) != "" {
					return ""
				}
			}
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.PkgPath() != corpusPath {
			return ""
		}
		name, _, _ := strings.Cut(ft.Name(), "[")
		obj := typeName(t, pkg, name)
		return docs.Lookup(pkg.Fset.Position(obj.Pos()), obj)
	}
	return r
}

// invopopSchema is the JSON of invopop's schema of v, without $schema and
// $id (Anonymous leaves $id out).
func invopopSchema(t *testing.T, r *invopop.Reflector, v any) string {
	t.Helper()
	s := r.Reflect(v)
	require.Equal(t, invopop.Version, s.Version)
	s.Version = ""
	require.Empty(t, s.ID)
	b, err := json.Marshal(s)
	require.NoError(t, err)
	return string(b)
}

func sortedNames(m map[string]any) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func TestSchemaMatchesInvopop(t *testing.T) {
	pkg := loadPackage(t, corpusPath)
	r := invopopReflector(t, pkg, true)
	docs := load.NewDocs("", nil)
	for _, name := range sortedNames(equivalent) {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, name, reflect.TypeOf(equivalent[name]).Name())
			got, err := toolgenSchema(t, pkg, docs, name)
			require.NoError(t, err)
			want := invopopSchema(t, r, equivalent[name])
			assert.JSONEq(t, want, got)
			// The same bytes: properties and extras in the same order.
			assert.Equal(t, want, got)
		})
	}
}

// TestCorpusCovered checks that every struct type of the corpus is a case
// of these tests, and that the corpus has no tool directive.
func TestCorpusCovered(t *testing.T) {
	pkg := loadPackage(t, corpusPath)
	scope := pkg.Types.Scope()
	n := 0
	for _, name := range scope.Names() {
		obj, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !obj.Exported() || obj.IsAlias() {
			continue
		}
		named := obj.Type().(*types.Named)
		if _, isStruct := named.Underlying().(*types.Struct); !isStruct || named.TypeParams().Len() > 0 {
			continue
		}
		n++
		_, inEquivalent := equivalent[name]
		_, inRecursive := recursive[name]
		_, inAdditions := additions[name]
		assert.True(t, inEquivalent || inRecursive || inAdditions, "corpus type %s is in no test", name)
	}
	assert.GreaterOrEqual(t, len(equivalent)+len(recursive), 25)
	assert.Equal(t, len(equivalent)+len(recursive)+len(additions), n)
	for _, f := range pkg.Syntax {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				assert.False(t, strings.HasPrefix(c.Text, "//toolgen:"), "the corpus must not declare tools: %s", c.Text)
			}
		}
	}
}

// expansionDepth is the nesting of JSON objects and arrays to which
// expandRefs expands the schemas of recursive types.
const expansionDepth = 16

// expandRefs returns a schema with its references replaced by what they
// refer to ("#" by the root) and without $defs, $schema and $id, cut at a
// nesting depth: objects and arrays at that depth are replaced by "…". So
// schemas of the same types compare, though they differ in what they define
// and reference: toolgen only the recursive types, invopop all of them.
//
// A reference that is a property (or its first oneOf, when nullable) took
// the field's description and tags in place of the definition's
// description, which DoNotReference would drop too: so does the expansion.
func expandRefs(t *testing.T, schema string, depth int) string {
	t.Helper()
	var root map[string]any
	require.NoError(t, json.Unmarshal([]byte(schema), &root))
	defs, _ := root["$defs"].(map[string]any)
	delete(root, "$defs")
	delete(root, "$schema")
	delete(root, "$id")
	var walk func(v any, level int, property bool) any
	walk = func(v any, level int, property bool) any {
		switch v := v.(type) {
		case []any:
			if level >= depth {
				return "…"
			}
			out := make([]any, len(v))
			for i, x := range v {
				out[i] = walk(x, level+1, false)
			}
			return out
		case map[string]any:
			if level >= depth {
				return "…"
			}
			if ref, ok := v["$ref"].(string); ok {
				target := any(root)
				if ref != "#" {
					target = defs[strings.TrimPrefix(ref, "#/$defs/")]
					require.NotNil(t, target, "no definition for %s", ref)
				}
				merged := map[string]any{}
				for k, x := range target.(map[string]any) {
					merged[k] = x
				}
				if property {
					delete(merged, "description")
				}
				for k, x := range v {
					if k != "$ref" {
						merged[k] = x
					}
				}
				return walk(merged, level, false)
			}
			out := map[string]any{}
			for k, x := range v {
				switch k {
				case "properties":
					props := map[string]any{}
					for name, p := range x.(map[string]any) {
						props[name] = walk(p, level+2, true)
					}
					out[k] = props
					if level+1 >= depth {
						out[k] = "…"
					}
				case "oneOf":
					list := make([]any, len(x.([]any)))
					for i, s := range x.([]any) {
						list[i] = walk(s, level+2, property && i == 0)
					}
					out[k] = list
					if level+1 >= depth {
						out[k] = "…"
					}
				default:
					out[k] = walk(x, level+1, false)
				}
			}
			return out
		}
		return v
	}
	b, err := json.Marshal(walk(root, 0, false))
	require.NoError(t, err)
	return string(b)
}

func TestRecursiveSchemaMatchesInvopop(t *testing.T) {
	pkg := loadPackage(t, corpusPath)
	r := invopopReflector(t, pkg, false)
	docs := load.NewDocs("", nil)
	for _, name := range sortedNames(recursive) {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, name, reflect.TypeOf(recursive[name]).Name())
			got, err := toolgenSchema(t, pkg, docs, name)
			require.NoError(t, err)
			require.Contains(t, got, `"$ref"`, "not recursive")
			want := invopopSchema(t, r, recursive[name])
			gotExpanded, wantExpanded := expandRefs(t, got, expansionDepth), expandRefs(t, want, expansionDepth)
			require.Contains(t, gotExpanded, `"…"`, "the expansion did not reach its depth")
			assert.JSONEq(t, wantExpanded, gotExpanded)
		})
	}
}

func TestExpandRefs(t *testing.T) {
	// The root, a definition, a property reference whose description
	// replaces the definition's, and items, which keep it.
	got := expandRefs(t, `{"$schema":"x","$defs":{"L":{"description":"L doc","properties":{"n":{"$ref":"#/$defs/L"}}}},
		"properties":{"l":{"$ref":"#/$defs/L","description":"field doc"},"ls":{"type":"array","items":{"$ref":"#/$defs/L"}},"self":{"$ref":"#"}}}`, 5)
	assert.JSONEq(t, `{"properties":{
		"l":{"description":"field doc","properties":{"n":{"properties":"…"}}},
		"ls":{"type":"array","items":{"description":"L doc","properties":{"n":"…"}}},
		"self":{"properties":{"l":{"description":"field doc","properties":"…"},"ls":{"type":"array","items":"…"},"self":{"properties":"…"}}}}}`, got)
}

// recursionSchemas are toolgen's schemas of recursive types: the definition
// of a recursive type other than the tool's own in $defs, the tool's own as
// "#", and other types inlined.
var recursionSchemas = map[string]string{
	"Node": `{
  "properties": {
    "name": {
      "type": "string",
      "minLength": 1
    },
    "children": {
      "items": {
        "$ref": "#"
      },
      "type": "array"
    },
    "next": {
      "$ref": "#",
      "description": "Next is the following sibling."
    },
    "meta": {
      "properties": {
        "x": {
          "type": "number",
          "description": "X is the abscissa."
        },
        "y": {
          "type": "number",
          "description": "Y is the ordinate."
        }
      },
      "additionalProperties": false,
      "type": "object",
      "required": [
        "x",
        "y"
      ],
      "description": "Meta is not recursive: inlined by toolgen, a definition for invopop."
    },
    "by_id": {
      "additionalProperties": {
        "$ref": "#"
      },
      "type": "object",
      "title": "Index"
    }
  },
  "additionalProperties": false,
  "type": "object",
  "required": [
    "name",
    "meta"
  ],
  "description": "A tree node: it refers to itself."
}`,
	"Thread": `{
  "$defs": {
    "Comment": {
      "properties": {
        "text": {
          "type": "string",
          "maxLength": 500
        },
        "author": {
          "properties": {
            "name": {
              "type": "string"
            }
          },
          "additionalProperties": false,
          "type": "object",
          "required": [
            "name"
          ],
          "description": "Referred to by Comment."
        },
        "replies": {
          "items": {
            "$ref": "#/$defs/Comment"
          },
          "type": "array"
        },
        "parent": {
          "$ref": "#/$defs/Comment",
          "description": "What this replies to"
        }
      },
      "additionalProperties": false,
      "type": "object",
      "required": [
        "text",
        "author"
      ],
      "description": "A comment with replies."
    }
  },
  "properties": {
    "title": {
      "type": "string"
    },
    "first": {
      "$ref": "#/$defs/Comment",
      "description": "First is the opening comment."
    },
    "more": {
      "items": {
        "$ref": "#/$defs/Comment"
      },
      "type": "array",
      "maxItems": 100
    }
  },
  "additionalProperties": false,
  "type": "object",
  "required": [
    "title",
    "first"
  ],
  "description": "Holds a recursive type that is not itself."
}`,
	"Forest": `{
  "$defs": {
    "Nest": {
      "items": {
        "$ref": "#/$defs/Nest"
      },
      "type": "array",
      "description": "A list of lists."
    },
    "Tree": {
      "additionalProperties": {
        "$ref": "#/$defs/Tree"
      },
      "type": "object",
      "description": "A map of trees."
    }
  },
  "properties": {
    "trees": {
      "$ref": "#/$defs/Tree",
      "description": "A map of trees."
    },
    "named": {
      "additionalProperties": {
        "$ref": "#/$defs/Tree"
      },
      "type": "object"
    },
    "nested": {
      "$ref": "#/$defs/Nest",
      "description": "A list of lists."
    }
  },
  "additionalProperties": false,
  "type": "object",
  "required": [
    "trees",
    "nested"
  ],
  "description": "Holds recursive maps and slices."
}`,
	"Ring": `{
  "$defs": {
    "RingLink": {
      "properties": {
        "name": {
          "type": "string"
        },
        "child": {
          "$ref": "#/$defs/RingLink",
          "description": "Embeds Ring."
        },
        "depth": {
          "type": "integer"
        }
      },
      "additionalProperties": false,
      "type": "object",
      "required": [
        "name",
        "depth"
      ],
      "description": "Embeds Ring."
    }
  },
  "properties": {
    "name": {
      "type": "string"
    },
    "child": {
      "$ref": "#/$defs/RingLink",
      "description": "Embeds Ring."
    }
  },
  "additionalProperties": false,
  "type": "object",
  "required": [
    "name"
  ],
  "description": "Refers to itself through a struct that embeds it."
}`,
	"Chain": `{
  "properties": {
    "next": {
      "$ref": "#",
      "description": "Embeds a struct that refers back to Chain."
    },
    "all": {
      "oneOf": [
        {
          "items": {
            "$ref": "#"
          },
          "type": "array"
        },
        {
          "type": "null"
        }
      ]
    },
    "id": {
      "type": "string"
    }
  },
  "additionalProperties": false,
  "type": "object",
  "required": [
    "id"
  ],
  "description": "Embeds a struct that refers back to Chain."
}`,
}

func TestSchemaRecursion(t *testing.T) {
	pkg := loadPackage(t, corpusPath)
	for _, name := range sortedNames(map[string]any{"Node": nil, "Thread": nil, "Forest": nil, "Ring": nil, "Chain": nil}) {
		t.Run(name, func(t *testing.T) {
			got, err := toolgenSchema(t, pkg, load.NewDocs("", nil), name)
			require.NoError(t, err)
			assert.JSONEq(t, recursionSchemas[name], got)
		})
	}
}

// at returns the JSON at a slash-separated path of keys in doc.
func at(t *testing.T, doc, path string) string {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(doc), &v))
	for _, key := range strings.Split(path, "/") {
		m, ok := v.(map[string]any)
		require.True(t, ok, "%s: %s is not in an object", path, key)
		v, ok = m[key]
		require.True(t, ok, "%s: no %s", path, key)
	}
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// without returns doc without the members at the given paths.
func without(t *testing.T, doc string, paths ...string) string {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(doc), &v))
	for _, path := range paths {
		keys := strings.Split(path, "/")
		m := v
		for _, key := range keys[:len(keys)-1] {
			next, ok := m[key].(map[string]any)
			require.True(t, ok, "%s: no object %s", path, key)
			m = next
		}
		_, ok := m[keys[len(keys)-1]]
		require.True(t, ok, "%s: nothing to remove", path)
		delete(m, keys[len(keys)-1])
	}
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// testAddition checks that toolgen's schema of a corpus type has the given
// members, and that without them it is invopop's (DoNotReference) schema:
// they are all toolgen adds.
func testAddition(t *testing.T, name string, added map[string]string) {
	pkg := loadPackage(t, corpusPath)
	got, err := toolgenSchema(t, pkg, load.NewDocs("", nil), name)
	require.NoError(t, err)
	paths := make([]string, 0, len(added))
	for path := range added {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		assert.JSONEq(t, added[path], at(t, got, path), path)
	}
	want := invopopSchema(t, invopopReflector(t, pkg, true), additions[name])
	assert.JSONEq(t, want, without(t, got, paths...))
}

// Sized integers get their type's range; unsigned ones without an upper
// bound a minimum of 0.
func TestSchemaSizedInts(t *testing.T) {
	testAddition(t, "SizedInts", map[string]string{
		"properties/i8/minimum":          `-128`,
		"properties/i8/maximum":          `127`,
		"properties/i16/minimum":         `-32768`,
		"properties/i16/maximum":         `32767`,
		"properties/i32/minimum":         `-2147483648`,
		"properties/i32/maximum":         `2147483647`,
		"properties/u8/minimum":          `0`,
		"properties/u8/maximum":          `255`,
		"properties/u16/minimum":         `0`,
		"properties/u16/maximum":         `65535`,
		"properties/u32/minimum":         `0`,
		"properties/u32/maximum":         `4294967295`,
		"properties/u/minimum":           `0`,
		"properties/u64/minimum":         `0`,
		"properties/b/minimum":           `0`,
		"properties/b/maximum":           `255`,
		"properties/r/minimum":           `-2147483648`,
		"properties/r/maximum":           `2147483647`,
		"properties/ptr/minimum":         `0`,
		"properties/ptr/maximum":         `65535`,
		"properties/items/items/minimum": `-32768`,
		"properties/items/items/maximum": `32767`,
		"properties/fixed/items/minimum": `0`,
		"properties/fixed/items/maximum": `255`,
		"properties/named/minimum":       `-128`,
		"properties/named/maximum":       `127`,
		"properties/enum/minimum":        `0`,
		"properties/enum/maximum":        `255`,
	})
	// Bounds of the tag replace the type's; int and int64 get none.
	pkg := loadPackage(t, corpusPath)
	got, err := toolgenSchema(t, pkg, load.NewDocs("", nil), "SizedInts")
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"integer","minimum":0,"maximum":10}`, at(t, got, "properties/tight"))
	assert.JSONEq(t, `{"type":"integer"}`, at(t, got, "properties/i"))
	assert.JSONEq(t, `{"type":"integer"}`, at(t, got, "properties/i64"))
	assert.JSONEq(t, `{"type":"integer","enum":[1,255],"minimum":0,"maximum":255}`, at(t, got, "properties/enum"))
}

// A named string type with typed constants is the enum of their values, in
// declaration order and without repeats; an enum tag replaces it.
func TestSchemaEnumFromConstants(t *testing.T) {
	colors := `["red","green","blue","violet"]`
	testAddition(t, "Colors", map[string]string{
		"properties/color/enum":                        colors,
		"properties/list/items/enum":                   colors,
		"properties/by_name/additionalProperties/enum": colors,
		"properties/ptr/enum":                          colors,
		"properties/default/enum":                      colors,
	})
	pkg := loadPackage(t, corpusPath)
	got, err := toolgenSchema(t, pkg, load.NewDocs("", nil), "Colors")
	require.NoError(t, err)
	// A member without a comment has its type's description.
	color := `"description":"A named string type with constants: toolgen makes them its enum, in declaration order."`
	assert.JSONEq(t, `{"type":"string","enum":["red","black"],`+color+`}`, at(t, got, "properties/override"))
	assert.JSONEq(t, `{"type":"string","enum":`+colors+`,"default":"green",`+color+`}`, at(t, got, "properties/default"))
	assert.JSONEq(t, `{"type":"string","description":"A named string type with no constants, so no derived enum."}`, at(t, got, "properties/plain"))
	// The items of a list have no description: the type's describes a
	// member, as invopop's describes a struct (items included).
	assert.JSONEq(t, `{"type":"string","enum":`+colors+`}`, at(t, got, "properties/list/items"))
}

// toolgen takes every doc comment of the types and fields it builds, where
// invopop's AddGoComments misses some.
func TestSchemaDocAdditions(t *testing.T) {
	testAddition(t, "DocAdditions", map[string]string{
		// An embedded field that is not inlined.
		"properties/member/description": `"Member is an embedded struct named by its tag."`,
		"properties/Word/description":   `"Word is embedded and not a struct."`,
		// An unexported type and its fields.
		"properties/loc/properties/city/description":        `"City is where."`,
		"properties/locs/items/description":                 `"An unexported type."`,
		"properties/locs/items/properties/city/description": `"City is where."`,
		// The fields of an anonymous struct.
		"properties/anon/properties/inner/description": `"Inner is a field of an anonymous struct."`,
		// An instance of a generic type and its fields.
		"properties/page/properties/items/description":        `"Items are on this page."`,
		"properties/pages/items/description":                  `"A generic type."`,
		"properties/pages/items/properties/items/description": `"Items are on this page."`,
		// A type defined as another struct type has the fields' comments.
		"properties/alt/properties/x/description": `"X is the abscissa."`,
		"properties/alt/properties/y/description": `"Y is the ordinate."`,
	})
	testAddition(t, "AltPoint", map[string]string{
		"properties/x/description": `"X is the abscissa."`,
		"properties/y/description": `"Y is the ordinate."`,
	})
}

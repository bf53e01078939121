// Package reference runs the reference implementation of JSON Schema
// (santhosh-tekuri/jsonschema v6, draft 2020-12) for toolgen's differential
// tests and fuzz targets.
//
// The reference reads patterns as toolgen does (ECMA-262 translated by
// internal/ecma) and checks formats with internal/format, so that a
// disagreement points at the compiler; the translator and the format
// checkers are tested on their own (the suite's optional files). Content
// (contentEncoding, contentMediaType) is asserted, as toolgen does.
package reference

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolgen-go/toolgen/internal/ecma"
	"github.com/toolgen-go/toolgen/internal/format"
)

// annotationFormats are formats the reference knows and toolgen does not
// check: annotations for both, so that they agree.
var annotationFormats = []string{"relative-json-pointer", "period", "iri", "iri-reference", "semver", "idn-email", "idn-hostname"}

// Options are the choices of a reference compilation.
type Options struct {
	// Draft of a schema without $schema; nil means draft 2020-12.
	Draft *jsonschema.Draft
	// Loader reads the documents of the URIs the schema references.
	Loader func(uri string) ([]byte, error)
}

// Compile compiles a schema document with the reference implementation.
func Compile(schema []byte) (*jsonschema.Schema, error) {
	return CompileWith(schema, Options{})
}

type loaderFunc func(uri string) ([]byte, error)

func (l loaderFunc) Load(uri string) (any, error) {
	data, err := l(uri)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(data))
}

// CompileWith compiles a schema document with the reference implementation,
// as the options say.
func CompileWith(schema []byte, o Options) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if o.Draft != nil {
		c.DefaultDraft(o.Draft)
	}
	if o.Loader != nil {
		c.UseLoader(loaderFunc(o.Loader))
	}
	c.AssertFormat()
	c.AssertContent()
	c.UseRegexpEngine(func(p string) (jsonschema.Regexp, error) {
		re2, err := ecma.Translate(p)
		if err != nil {
			return nil, err
		}
		return regexp.Compile(re2)
	})
	for _, name := range format.Names() {
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(v any) error {
			s, ok := v.(string)
			if !ok {
				return nil
			}
			if _, ok := format.Check(name, s); !ok {
				return errors.New("not a valid " + name)
			}
			return nil
		}})
	}
	for _, name := range format.NumberNames() {
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(v any) error {
			f, ok := number(v)
			if !ok {
				return nil
			}
			if _, ok := format.CheckNumber(name, f); !ok {
				return errors.New("not a valid " + name)
			}
			return nil
		}})
	}
	for _, name := range annotationFormats {
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(any) error { return nil }})
	}
	const url = "urn:toolgen:schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

// number reads a number as the reference holds it.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	case float64:
		return x, true
	case int:
		return float64(x), true
	}
	return 0, false
}

// MustCompile is Compile that panics on error.
func MustCompile(schema []byte) *jsonschema.Schema {
	s, err := Compile(schema)
	if err != nil {
		panic(fmt.Sprintf("reference compile: %v", err))
	}
	return s
}

// Instance decodes data as encoding/json does, the values toolgen
// validates, and returns them with the same values as the reference reads
// them (written by encoding/json and read back with exact numbers). ok is
// false when data is not JSON that encoding/json decodes.
func Instance(data []byte) (v, ref any, ok bool) {
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, nil, false
	}
	canonical, err := json.Marshal(exact(v))
	if err != nil {
		return nil, nil, false
	}
	ref, err = jsonschema.UnmarshalJSON(bytes.NewReader(canonical))
	if err != nil {
		return nil, nil, false
	}
	return v, ref, true
}

// exact returns v with each float64 integer beyond 2^53 as the integer it
// holds, which toolgen compares exactly: encoding/json would write the
// shortest decimal that reads back as the same float64 (1e17+16 as
// 100000000000000020), another number for the reference.
func exact(v any) any {
	switch x := v.(type) {
	case float64:
		if math.Abs(x) >= 1<<53 && x == math.Trunc(x) && !math.IsInf(x, 0) {
			return json.Number(strconv.FormatFloat(x, 'f', 0, 64))
		}
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = exact(item)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, item := range x {
			out[k] = exact(item)
		}
		return out
	}
	return v
}

// Depth is how deeply arrays and objects nest in v.
func Depth(v any) int {
	switch x := v.(type) {
	case []any:
		d := 0
		for _, item := range x {
			d = max(d, Depth(item))
		}
		return d + 1
	case map[string]any:
		d := 0
		for _, item := range x {
			d = max(d, Depth(item))
		}
		return d + 1
	}
	return 0
}

// DropNullOptional deletes, in v and the objects nested in it, every member
// that the schema declares, does not require, and whose value is null: the
// rule by which toolgen's struct tools count such members as absent.
func DropNullOptional(schema map[string]any, v any) {
	switch x := v.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		required := map[string]bool{}
		if req, ok := schema["required"].([]any); ok {
			for _, name := range req {
				if s, ok := name.(string); ok {
					required[s] = true
				}
			}
		}
		for name, sub := range props {
			val, ok := x[name]
			if !ok {
				continue
			}
			if val == nil && !required[name] {
				delete(x, name)
				continue
			}
			if subSchema, ok := sub.(map[string]any); ok {
				DropNullOptional(subSchema, val)
			}
		}
	case []any:
		if items, ok := schema["items"].(map[string]any); ok {
			for _, item := range x {
				DropNullOptional(items, item)
			}
		}
	}
}

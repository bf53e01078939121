package goschema

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	invopop "github.com/invopop/jsonschema"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/ecma"
	"github.com/toolgen-go/toolgen/internal/value"
)

// This file reads the tag grammar: the jsonschema, jsonschema_description
// and jsonschema_extras tags of a field, as invopop reads them.

// fieldKeywords applies the jsonschema, jsonschema_description and
// jsonschema_extras tags to a property, as invopop's structKeywordsFromTags.
func (b *schemaBuilder) fieldKeywords(prop, parent *invopop.Schema, f *types.Var, name string, tags reflect.StructTag, schemaTag string, pos token.Position) {
	prop.Description = tags.Get("jsonschema_description")
	fail := func(format string, args ...any) {
		b.errs.Add(pos, "field %s: %s", f.Name(), fmt.Sprintf(format, args...))
	}
	// The keywords go to the property, or for an array to its items when the
	// array has no such keyword.
	target := prop
	items := prop.Items
	goType := elemBasic(f.Type())
	var enums []any
	enumTarget := (*invopop.Schema)(nil)
	// Like invopop, the keys that apply to any field come first, so that
	// oneof_type (which clears the type) decides what the others apply to.
	var typed []string
	if msg := freeText(schemaTag); msg != "" {
		fail("%s", msg)
		return
	}
	tagged, ambiguous := gotype.TagItems(schemaTag, "required", "nullable")
	for _, msg := range ambiguous {
		fail("jsonschema tag: %s", msg)
	}
	if len(ambiguous) > 0 {
		return
	}
	for _, item := range tagged {
		if item == "" || item == "required" || item == "nullable" {
			continue
		}
		key, val, ok := strings.Cut(item, "=")
		if !ok {
			fail("%s", bareItem(item))
			continue
		}
		switch key {
		case "title":
			prop.Title = val
		case "description":
			prop.Description = val
		case "mcp_header":
			// MCP's x-mcp-header, on the member itself: the dialects
			// check it (a header name, on a string, integer or boolean).
			// Only a tool's arguments go into headers: the schema of a
			// result or an output, which may share the type, leaves it out.
			if !b.nanoseconds {
				setExtra(prop, "x-mcp-header", val)
			}
		case "oneof_required", "anyof_required":
			b.requiredGroup(parent, key, val, name)
		case "oneof_type", "anyof_type":
			if !holdsAnything(f.Type()) {
				fail("%s=%s on a field of type %s: the validator would accept values the field cannot hold; use it on an any or json.RawMessage field", key, val, f.Type())
				continue
			}
			var alts []*invopop.Schema
			for _, ty := range strings.Split(val, ";") {
				switch ty {
				case "string", "number", "integer", "boolean", "object", "array", "null":
				default:
					fail("%s=%s: %q is not a JSON Schema type", key, val, ty)
				}
				alts = append(alts, &invopop.Schema{Type: ty})
			}
			prop.Type = ""
			if key == "oneof_type" {
				prop.OneOf = append(prop.OneOf, alts...)
			} else {
				prop.AnyOf = append(prop.AnyOf, alts...)
			}
		case "oneof_ref", "anyof_ref":
			sub := prop
			if prop.Items != nil {
				sub = prop.Items
			}
			sub.Ref = ""
			for _, ref := range strings.Split(val, ";") {
				if !b.refDef(f, ref) {
					fail("%s=%s: toolgen resolves a reference #/$defs/<Type> to a struct type <Type> of the field's package, and there is none for %q", key, val, ref)
					continue
				}
				if key == "oneof_ref" {
					sub.OneOf = append(sub.OneOf, &invopop.Schema{Ref: ref})
				} else {
					sub.AnyOf = append(sub.AnyOf, &invopop.Schema{Ref: ref})
				}
			}
		case "type", "anchor":
			fail("jsonschema tag key %q is not supported", key)
		default:
			typed = append(typed, item)
		}
	}
	for _, item := range typed {
		key, val, _ := strings.Cut(item, "=")
		target = prop
		if prop.Type == "array" {
			switch key {
			case "minItems", "maxItems", "uniqueItems", "default":
			default:
				target = items
			}
		}
		if target == nil {
			target = prop
		}
		kind := target.Type
		switch key {
		case "minLength", "maxLength":
			if kind != "string" {
				fail("%s applies to strings, not %s", key, describeKind(kind))
				continue
			}
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				fail("%s=%s: want a non-negative integer", key, val)
				continue
			}
			if key == "minLength" {
				target.MinLength = &n
			} else {
				target.MaxLength = &n
			}
		case "pattern":
			if kind != "string" {
				fail("pattern applies to strings, not %s", describeKind(kind))
				continue
			}
			if _, err := ecma.Translate(val); err != nil {
				fail("pattern %q cannot be checked in Go: %v", val, err)
				continue
			}
			target.Pattern = val
		case "format":
			if kind != "string" {
				fail("format applies to strings, not %s", describeKind(kind))
				continue
			}
			if jsonschema.Formats[val].Kind != jsonschema.KindString && !b.opts.AnnotateUnknownFormats {
				fail("format=%s is not a format toolgen checks on strings (%s); toolgen refuses a constraint it cannot enforce, unless unknown formats are annotations (-annotate-unknown-formats)", val, strings.Join(jsonschema.CheckedFormats(jsonschema.KindString), ", "))
				continue
			}
			target.Format = val
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
			if gotype.HoldsDurations(f.Type()) {
				b.durationKeyword(target, key, val, fail)
				continue
			}
			if kind != "integer" && kind != "number" {
				fail("%s applies to numbers, not %s", key, describeKind(kind))
				continue
			}
			n, ok := parseNumber(val)
			if !ok {
				fail("%s=%s: want a number", key, val)
				continue
			}
			if key == "multipleOf" && value.Compare(n, "0") <= 0 {
				fail("multipleOf=%s: want a number greater than 0", val)
				continue
			}
			if msg := b.checkRange(key, n, goType); msg != "" {
				fail("%s", msg)
				continue
			}
			switch key {
			case "minimum":
				target.Minimum = n
			case "maximum":
				target.Maximum = n
			case "exclusiveMinimum":
				target.ExclusiveMinimum = n
			case "exclusiveMaximum":
				target.ExclusiveMaximum = n
			case "multipleOf":
				target.MultipleOf = n
			}
		case "enum":
			if kind == "boolean" {
				fail("enum applies to strings and numbers, not %s", describeKind(kind))
				continue
			}
			v, ok := parseValue(kind, val)
			if !ok {
				fail("enum value %q does not fit %s", val, describeKind(kind))
				continue
			}
			if n, isNum := v.(json.Number); isNum {
				if msg := b.checkRange("enum", n, goType); msg != "" {
					fail("%s", msg)
					continue
				}
			}
			enums = append(enums, v)
			enumTarget = target
		case "default", "example":
			if key == "example" && kind == "boolean" {
				fail("example applies to strings and numbers, not %s", describeKind(kind))
				continue
			}
			if target == prop && prop.Type == "array" && key == "default" {
				if d, ok := prop.Default.([]any); ok {
					prop.Default = append(d, val)
				} else {
					prop.Default = []any{val}
				}
				continue
			}
			v, ok := parseValue(kind, val)
			if !ok {
				fail("%s value %q does not fit %s", key, val, describeKind(kind))
				continue
			}
			if key == "default" {
				target.Default = v
			} else {
				target.Examples = append(target.Examples, v)
			}
		case "minItems", "maxItems":
			if prop.Type != "array" {
				fail("%s applies to arrays, not %s", key, describeKind(prop.Type))
				continue
			}
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				fail("%s=%s: want a non-negative integer", key, val)
				continue
			}
			if key == "minItems" {
				prop.MinItems = &n
			} else {
				prop.MaxItems = &n
			}
		case "uniqueItems":
			if prop.Type != "array" {
				fail("uniqueItems applies to arrays, not %s", describeKind(prop.Type))
				continue
			}
			if val != "true" {
				fail("uniqueItems=%s: the only value is true", val)
				continue
			}
			prop.UniqueItems = true
		case "readOnly", "writeOnly":
			if kind != "string" {
				fail("%s applies to strings, not %s", key, describeKind(kind))
				continue
			}
			v, err := strconv.ParseBool(val)
			if err != nil {
				fail("%s=%s: want true or false", key, val)
				continue
			}
			if key == "readOnly" {
				target.ReadOnly = v
			} else {
				target.WriteOnly = v
			}
		default:
			fail("unknown jsonschema tag key %q", key)
		}
	}
	if enumTarget != nil {
		// Enum tags replace the enum toolgen derives from constants.
		enumTarget.Enum = enums
	}
	extras, _ := gotype.TagItems(tags.Get("jsonschema_extras"))
	for _, item := range extras {
		key, val, ok := strings.Cut(item, "=")
		if item == "" {
			continue
		}
		if !ok {
			fail("jsonschema_extras item %q must be key=value", item)
			continue
		}
		if jsonschema.Assertions[key] {
			fail("jsonschema_extras key %q is a validation keyword: use the jsonschema tag, so the validator enforces it", key)
			continue
		}
		setExtra(prop, key, val)
	}
}

// freeText is the error of a jsonschema tag that is a description without
// its key, as the MCP Go SDK (google/jsonschema-go) writes one:
// jsonschema:"the person to greet". It is free text when no item has a
// value and none is an option or a key (required, omitempty, minimum); ""
// otherwise. The message shows the tag to write, in invopop's grammar.
func freeText(tag string) string {
	if strings.Contains(tag, "=") {
		return ""
	}
	items, _ := gotype.TagItems(tag, "required", "nullable")
	for _, item := range items {
		if item == "" || item == "required" || item == "nullable" || tagKeys[item] || jsonOptions[item] {
			// An option among the items (required,the person): each
			// item is told apart (see bareItem).
			return ""
		}
	}
	// No comma of the text can end an item after description=: only one
	// before a key= or an option does, and a free text has none.
	return fmt.Sprintf("jsonschema:%q is a description without its key, as the MCP Go SDK writes one; toolgen reads invopop's key=value grammar: write jsonschema:%q, or make the text the field's doc comment", tag, "description="+tag)
}

// tagKeys are the keys of a jsonschema tag, each written key=value.
var tagKeys = map[string]bool{
	"title": true, "description": true, "oneof_required": true, "anyof_required": true, "oneof_type": true, "anyof_type": true,
	"oneof_ref": true, "anyof_ref": true, "type": true, "anchor": true, "minLength": true, "maxLength": true, "pattern": true,
	"format": true, "minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"enum": true, "default": true, "example": true, "minItems": true, "maxItems": true, "uniqueItems": true,
	"readOnly": true, "writeOnly": true, "mcp_header": true,
}

// jsonOptions are the options of a json tag, which a jsonschema tag
// does not take.
var jsonOptions = map[string]bool{"omitempty": true, "omitzero": true, "inline": true, "string": true}

// bareItem is the error of a jsonschema tag item without a value that is
// no bare option: a key without its value, a json option, or text.
func bareItem(item string) string {
	switch {
	case tagKeys[item]:
		return fmt.Sprintf("jsonschema tag item %q must be key=value: write %s=<value>", item, item)
	case jsonOptions[item]:
		return fmt.Sprintf("jsonschema tag item %q must be key=value (or required, nullable); %s is an option of the json tag", item, item)
	}
	return fmt.Sprintf("jsonschema tag item %q must be key=value (or required, nullable); for a description, write description=%s", item, item)
}

// checkRange refuses a bound or enum value outside a sized integer type,
// comparing exactly (128 is outside int8, 127.0 inside).
func (b *schemaBuilder) checkRange(key string, n json.Number, goType *types.Basic) string {
	if goType == nil {
		return ""
	}
	r, ok := gotype.IntRanges[goType.Kind()]
	if !ok {
		return ""
	}
	min, max := r.Stated()
	switch key {
	case "minimum", "enum", "maximum":
		if min != "" && value.Compare(n, min) < 0 || max != "" && value.Compare(n, max) > 0 {
			return fmt.Sprintf("%s=%s is outside the range of %s", key, n, goType.Name())
		}
	}
	return ""
}

// parseNumber reads a tag value as a JSON number within float64's range, as
// written.
func parseNumber(s string) (json.Number, bool) {
	if _, ok := jsonschema.FloatView(json.Number(s)); !ok {
		return "", false
	}
	return json.Number(s), true
}

// parseValue reads a tag value as a JSON value of the given type, as invopop
// does: strings verbatim, numbers as json.Number, booleans true or false.
func parseValue(kind, s string) (any, bool) {
	switch kind {
	case "string":
		return s, true
	case "integer", "number":
		n, ok := parseNumber(s)
		if !ok || kind == "integer" && !value.IsInteger(n) {
			return nil, false
		}
		return n, true
	case "boolean":
		switch s {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}
	return nil, false
}

// setExtra mirrors invopop's handling of jsonschema_extras.
func setExtra(s *invopop.Schema, key, val string) {
	if s.Extras == nil {
		s.Extras = map[string]any{}
	}
	if existing, ok := s.Extras[key]; ok {
		switch existing := existing.(type) {
		case string:
			s.Extras[key] = []string{existing, val}
		case []string:
			s.Extras[key] = append(existing, val)
		case bool:
			s.Extras[key] = val == "true" || val == "t"
		}
		return
	}
	switch val {
	case "true":
		s.Extras[key] = true
	case "false":
		s.Extras[key] = false
	default:
		s.Extras[key] = val
	}
}

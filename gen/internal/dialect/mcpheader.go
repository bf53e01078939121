package dialect

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"unicode"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// maxSafe is the largest integer JavaScript holds exactly, 2^53-1: MCP's
// bound on an integer a client mirrors into a header.
const maxSafe = "9007199254740991"

// mcpHeaders checks the x-mcp-header annotations of a tool's canonical
// schema (the jsonschema tag's mcp_header=, or jsonschema_extras) as MCP
// 2026-07-28 requires clients to check them, since a client drops a tool
// that breaks one: a header name token (RFC 9110), case-insensitively
// unique in the tool, on a string, integer or boolean member reached from
// the root through properties alone, an integer bounded within ±(2^53-1)
// by its schema (the bound a client can read). A member whose name looks
// like a secret gets a note: the spec says such values should not be
// mirrored into headers, which every intermediary sees.
func mcpHeaders(t *ir.Tool) ([]ir.Note, ir.Errors) {
	if t.Output || t.Schema == nil {
		return nil, nil
	}
	c := headerCheck{t: t, seen: map[string]string{}}
	c.walk(t.Schema.Value, "", true)
	return c.notes, c.errs
}

type headerCheck struct {
	t     *ir.Tool
	seen  map[string]string // the header names, lower case, and where
	notes []ir.Note
	errs  ir.Errors
}

// schemaLists and schemaMaps are the keywords whose values hold schemas,
// as a list and by name; the other keywords that hold one hold it as
// their value.
var (
	schemaLists = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
	schemaMaps  = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true}
	schemaOne   = map[string]bool{"items": true, "additionalProperties": true, "not": true, "if": true, "then": true, "else": true,
		"contains": true, "propertyNames": true, "unevaluatedItems": true, "unevaluatedProperties": true, "additionalItems": true}
)

// walk checks the schema v at pointer, which is statically reachable when
// only properties lead to it from the root.
func (c *headerCheck) walk(v any, pointer string, static bool) {
	o, ok := v.(*jsonschema.Object)
	if !ok {
		return
	}
	if h, ok := o.Get("x-mcp-header"); ok {
		c.check(o, h, pointer, static)
	}
	for _, k := range o.Keys {
		at := pointer + "/" + escapePointer(k)
		switch {
		case schemaMaps[k]:
			if m, ok := o.Values[k].(*jsonschema.Object); ok {
				for _, name := range m.Keys {
					c.walk(m.Values[name], at+"/"+escapePointer(name), static && k == "properties")
				}
			}
		case schemaLists[k]:
			list, _ := o.Values[k].([]any)
			for i, s := range list {
				c.walk(s, fmt.Sprintf("%s/%d", at, i), false)
			}
		case schemaOne[k]:
			c.walk(o.Values[k], at, false)
		}
	}
}

func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// check checks one annotation h of the schema o at pointer.
func (c *headerCheck) check(o *jsonschema.Object, h any, pointer string, static bool) {
	pos, where := fieldWhere(c.t, pointer)
	fail := func(format string, args ...any) {
		c.errs.Add(pos, "%s: %s (schema at #%s); MCP clients drop a tool whose x-mcp-header breaks the rules", where, fmt.Sprintf(format, args...), pointer)
	}
	name, ok := h.(string)
	if !ok {
		fail("x-mcp-header must be one string, the header's name, and is %s: give it once", jsonText(h))
		return
	}
	if !headerToken(name) {
		fail("x-mcp-header %q is not an HTTP header name (RFC 9110 token: letters, digits and !#$%%&'*+-.^_`|~): use one such as Region", name)
		return
	}
	if !static {
		fail("x-mcp-header %q is on a member reached through an array, a union (nullable too), a map or a $ref: only a member reached from the arguments through properties alone can be mirrored into a header", name)
		return
	}
	switch typ, _ := o.Get("type"); typ {
	case "string", "boolean":
	case "integer":
		if !bounded(o, "minimum", "exclusiveMinimum", -1) || !bounded(o, "maximum", "exclusiveMaximum", 1) {
			fail("x-mcp-header %q is on an integer without bounds within ±(2^53-1), the integers a JavaScript client holds exactly: bound it with jsonschema:\"minimum=-%s,maximum=%s\" (or narrower), or use an int32", name, maxSafe, maxSafe)
			return
		}
	default:
		fail("x-mcp-header %q needs a member of type string, integer or boolean, and this one's type is %s: mirror a member of one of those types (without nullable)", name, jsonText(typ))
		return
	}
	key := strings.ToLower(name)
	if prev, dup := c.seen[key]; dup {
		fail("x-mcp-header %q is already the header of the member at #%s (header names are case-insensitive): give each member its own", name, prev)
		return
	}
	c.seen[key] = pointer
	member := pointer[strings.LastIndex(pointer, "/")+1:]
	if sensitive(member) || sensitive(name) {
		c.notes = append(c.notes, ir.Note{Pos: pos, Msg: fmt.Sprintf("%s: x-mcp-header %q mirrors %s into the header Mcp-Param-%s, which every proxy on the way sees and may log; MCP says a sensitive value should not be mirrored: drop the header unless the value is meant to be public", where, name, member, name)})
	}
}

// bounded reports whether the schema o bounds an integer on one side
// (sign -1: below, +1: above) within the safe range, by the keyword or its
// exclusive form.
func bounded(o *jsonschema.Object, keyword, exclusive string, sign int) bool {
	limit := maxSafe
	if sign < 0 {
		limit = "-" + maxSafe
	}
	for _, k := range []string{keyword, exclusive} {
		n, ok := o.Values[k].(json.Number)
		if !ok {
			continue
		}
		x, ok1 := new(big.Rat).SetString(string(n))
		l, _ := new(big.Rat).SetString(limit)
		if ok1 && x.Cmp(l)*sign <= 0 {
			return true
		}
	}
	return false
}

// headerToken reports whether s is an RFC 9110 token: 1*tchar.
func headerToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", b) >= 0) {
			return false
		}
	}
	return true
}

// sensitiveWords are the words of a name that mark a credential.
var sensitiveWords = map[string]bool{"password": true, "passwd": true, "pass": true, "passphrase": true, "secret": true, "token": true,
	"key": true, "apikey": true, "auth": true, "authorization": true, "credential": true, "credentials": true, "cookie": true,
	"session": true, "otp": true, "pin": true, "ssn": true, "bearer": true, "jwt": true}

// sensitive reports whether a name looks like a credential's: one of its
// words (split at case changes, digits and punctuation) is.
func sensitive(name string) bool {
	var words []string
	var w []rune
	prev := rune(0)
	for _, r := range name {
		if !unicode.IsLetter(r) || unicode.IsUpper(r) && unicode.IsLower(prev) {
			if len(w) > 0 {
				words = append(words, strings.ToLower(string(w)))
			}
			w = w[:0]
		}
		if unicode.IsLetter(r) {
			w = append(w, r)
		}
		prev = r
	}
	if len(w) > 0 {
		words = append(words, strings.ToLower(string(w)))
	}
	for _, w := range words {
		if sensitiveWords[w] {
			return true
		}
	}
	return false
}

// jsonText is v as JSON, for messages.
func jsonText(v any) string {
	if v == nil {
		return "none (a union, or any value)"
	}
	b, err := jsonschema.MarshalJSON(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

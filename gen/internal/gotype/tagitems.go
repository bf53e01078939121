package gotype

import (
	"fmt"
	"strings"
)

// TagItems splits a jsonschema (or jsonschema_extras) tag into its items.
// A comma ends an item only where what follows can begin one: a key and
// "=" (title=, x-order=), or one of the bare options a tag takes (required,
// nullable), or after an item without a value. Any other comma belongs to
// the value before it, so that
// pattern=^[a-z]{1,40}$ and description=red, green or blue need no escape;
// "\," is a comma of the value wherever it is, as in invopop's grammar.
//
// A comma that could end a pattern inside its brackets or braces and also
// begins an item (pattern=^(a,maxLength=3)$) is ambiguous: TagItems keeps
// the split and returns an error that shows both ways to write it.
func TagItems(tag string, bare ...string) ([]string, []string) {
	var items, ambiguous []string
	var cur strings.Builder
	for i := 0; i < len(tag); i++ {
		c := tag[i]
		switch {
		case c == '\\' && i+1 < len(tag) && tag[i+1] == ',':
			cur.WriteByte(',')
			i++
		case c == ',' && (beginsItem(tag[i+1:], bare) || !strings.Contains(cur.String(), "=")):
			item := cur.String()
			if open := openGroup(item); open != 0 {
				next, _, _ := strings.Cut(tag[i+1:], ",")
				ambiguous = append(ambiguous, fmt.Sprintf("the comma between %q and %q may be the pattern's (its \"%s\" is not closed) or end it: write \\\\, in the tag for a comma of the pattern, or close the pattern before the comma", item, next, string(open)))
			}
			items = append(items, item)
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(items, cur.String()), ambiguous
}

// beginsItem reports whether rest, the text after a comma, begins a tag
// item: a key (letters, digits, '_', '-', '$', not first a digit) and "=",
// or a bare option up to the next comma.
func beginsItem(rest string, bare []string) bool {
	word, _, _ := strings.Cut(rest, ",")
	for _, b := range bare {
		if word == b {
			return true
		}
	}
	key, _, ok := strings.Cut(word, "=")
	if !ok || key == "" || key[0] >= '0' && key[0] <= '9' {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '$') {
			return false
		}
	}
	return true
}

// openGroup is the bracket, parenthesis or brace a pattern item leaves
// open, or 0 when the item is no pattern or closes all it opens. Escaped
// characters and the contents of a class are skipped, as ECMA-262 reads
// them.
func openGroup(item string) byte {
	p, ok := strings.CutPrefix(item, "pattern=")
	if !ok {
		return 0
	}
	var stack []byte
	inClass := false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
				stack = stack[:len(stack)-1]
			}
		case c == '[':
			inClass = true
			stack = append(stack, c)
		case c == '(' || c == '{':
			stack = append(stack, c)
		case (c == ')' || c == '}') && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) == 0 {
		return 0
	}
	return stack[len(stack)-1]
}

// TagValue is the value of key= in a jsonschema tag.
func TagValue(tag, key string) (string, bool) {
	for _, item := range tagList(tag) {
		if k, v, ok := strings.Cut(item, "="); ok && k == key {
			return v, true
		}
	}
	return "", false
}

// tagList is the items of a jsonschema tag, ambiguous commas split as
// the schema builder splits them (and reports them).
func tagList(tag string) []string {
	items, _ := TagItems(tag, "required", "nullable")
	return items
}

package jsonschema

import (
	"maps"
	"slices"
	"sort"
	"strings"
)

// draft is a JSON Schema draft, in the order they were published.
type draft int

const (
	draft4 draft = iota
	draft6
	draft7
	draft2019
	draft2020
)

func (d draft) String() string {
	return [...]string{"draft-04", "draft-06", "draft-07", "draft 2019-09", "draft 2020-12"}[d]
}

// draftURIs are the $schema values of the drafts, normalized by
// normalizeMeta.
var draftURIs = map[string]draft{
	"http://json-schema.org/draft-04/schema":       draft4,
	"http://json-schema.org/draft-06/schema":       draft6,
	"http://json-schema.org/draft-07/schema":       draft7,
	"https://json-schema.org/draft/2019-09/schema": draft2019,
	"https://json-schema.org/draft/2020-12/schema": draft2020,
}

// normalizeMeta folds the spellings of a draft's URI: an empty fragment,
// https for the older drafts.
func normalizeMeta(s string) string {
	s = strings.TrimSuffix(s, "#")
	return strings.Replace(s, "https://json-schema.org/draft-0", "http://json-schema.org/draft-0", 1)
}

// draftNamed returns the draft of a name of Options.Draft.
func draftNamed(name string) (*meta, bool) {
	switch name {
	case "", "2020-12", "draft2020-12":
		return drafts[draft2020], true
	case "2019-09", "draft2019-09":
		return drafts[draft2019], true
	case "draft-07", "draft7", "7":
		return drafts[draft7], true
	case "draft-06", "draft6", "6":
		return drafts[draft6], true
	case "draft-04", "draft4", "4":
		return drafts[draft4], true
	}
	dr, ok := draftURIs[normalizeMeta(name)]
	return drafts[dr], ok
}

// meta is how a schema is read: its draft and the keywords in force, which
// a metaschema's $vocabulary may narrow.
type meta struct {
	draft    draft
	name     string // the draft, or the metaschema's URI
	keywords map[string]bool
}

func (m *meta) has(k string) bool { return m.keywords[k] }

func words2(lists ...string) map[string]bool {
	out := map[string]bool{}
	for _, l := range lists {
		for _, w := range strings.Fields(l) {
			out[w] = true
		}
	}
	return out
}

// The keywords of the vocabularies of drafts 2019-09 and 2020-12, by
// vocabulary URI, and of the older drafts, which have no vocabularies.
var (
	vocab2020 = map[string]string{
		"https://json-schema.org/draft/2020-12/vocab/core":              "$id $schema $ref $anchor $dynamicRef $dynamicAnchor $vocabulary $comment $defs",
		"https://json-schema.org/draft/2020-12/vocab/applicator":        "prefixItems items contains additionalProperties properties patternProperties dependentSchemas propertyNames if then else allOf anyOf oneOf not",
		"https://json-schema.org/draft/2020-12/vocab/unevaluated":       "unevaluatedItems unevaluatedProperties",
		"https://json-schema.org/draft/2020-12/vocab/validation":        "type const enum multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxContains minContains maxProperties minProperties required dependentRequired",
		"https://json-schema.org/draft/2020-12/vocab/meta-data":         "title description default deprecated readOnly writeOnly examples",
		"https://json-schema.org/draft/2020-12/vocab/format-annotation": "format",
		"https://json-schema.org/draft/2020-12/vocab/format-assertion":  "format",
		"https://json-schema.org/draft/2020-12/vocab/content":           "contentEncoding contentMediaType contentSchema",
	}
	vocab2019 = map[string]string{
		"https://json-schema.org/draft/2019-09/vocab/core":       "$id $schema $ref $anchor $recursiveRef $recursiveAnchor $vocabulary $comment $defs",
		"https://json-schema.org/draft/2019-09/vocab/applicator": "items additionalItems unevaluatedItems contains additionalProperties unevaluatedProperties properties patternProperties dependentSchemas propertyNames if then else allOf anyOf oneOf not",
		"https://json-schema.org/draft/2019-09/vocab/validation": "type const enum multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxContains minContains maxProperties minProperties required dependentRequired",
		"https://json-schema.org/draft/2019-09/vocab/meta-data":  "title description default deprecated readOnly writeOnly examples",
		"https://json-schema.org/draft/2019-09/vocab/format":     "format",
		"https://json-schema.org/draft/2019-09/vocab/content":    "contentEncoding contentMediaType contentSchema",
	}
	keywords7 = "$id $schema $ref $comment definitions type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum " +
		"maxLength minLength pattern items additionalItems maxItems minItems uniqueItems contains maxProperties minProperties " +
		"required properties patternProperties additionalProperties dependencies propertyNames if then else allOf anyOf oneOf not " +
		"format contentEncoding contentMediaType title description default readOnly writeOnly examples"
	keywords6 = "$id $schema $ref definitions type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum " +
		"maxLength minLength pattern items additionalItems maxItems minItems uniqueItems contains maxProperties minProperties " +
		"required properties patternProperties additionalProperties dependencies propertyNames allOf anyOf oneOf not " +
		"format title description default examples"
	keywords4 = "id $schema $ref definitions type enum multipleOf maximum exclusiveMaximum minimum exclusiveMinimum " +
		"maxLength minLength pattern items additionalItems maxItems minItems uniqueItems maxProperties minProperties " +
		"required properties patternProperties additionalProperties dependencies allOf anyOf oneOf not format title description default"
)

// drafts are the metas of the drafts with every vocabulary.
var drafts = func() map[draft]*meta {
	all := func(v map[string]string) string {
		var out []string
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out = append(out, v[k])
		}
		return strings.Join(out, " ")
	}
	return map[draft]*meta{
		draft4:    {draft4, draft4.String(), words2(keywords4)},
		draft6:    {draft6, draft6.String(), words2(keywords6)},
		draft7:    {draft7, draft7.String(), words2(keywords7)},
		draft2019: {draft2019, draft2019.String(), words2(all(vocab2019))},
		draft2020: {draft2020, draft2020.String(), words2(all(vocab2020))},
	}
}()

// anyDraft are the keywords of any draft, for the note that a keyword of
// another draft is ignored.
var anyDraft = func() map[string]bool {
	out := map[string]bool{}
	for _, m := range drafts {
		for k := range m.keywords {
			out[k] = true
		}
	}
	return out
}()

// annotationKeywords change no verdict: ignoring one needs no note.
var annotationKeywords = words2("$comment title description default deprecated readOnly writeOnly examples $vocabulary $schema definitions $defs $anchor $dynamicAnchor $recursiveAnchor")

// vocabularyMeta reads the $vocabulary of a metaschema of the given draft:
// the keywords of the vocabularies it lists. A required vocabulary toolgen
// does not know is an error; an optional one is left out.
func vocabularyMeta(base *meta, uri string, vocabulary *Object) (*meta, []string) {
	var known map[string]string
	switch base.draft {
	case draft2019:
		known = vocab2019
	case draft2020:
		known = vocab2020
	default:
		return base, nil
	}
	var list []string
	var problems []string
	for _, v := range vocabulary.Keys {
		words, ok := known[v]
		required, _ := vocabulary.Values[v].(bool)
		switch {
		case ok:
			list = append(list, words)
		case required:
			problems = append(problems, "the metaschema requires the vocabulary "+v+", which toolgen does not know")
		}
	}
	sort.Strings(problems)
	return &meta{draft: base.draft, name: uri, keywords: words2(list...)}, problems
}

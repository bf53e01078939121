package plan

import (
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/words"
)

// The rules of an array as a whole: minItems, maxItems, items false past
// prefixItems, uniqueItems, and contains with minContains and maxContains.
// Its items are checked against their own schemas.
type (
	// MinItems fails an array of fewer than N items.
	MinItems struct{ N uint64 }
	// MaxItems fails an array of more than N items.
	MaxItems struct{ N uint64 }
	// UniqueItems fails an array with two equal items.
	UniqueItems struct{}
)

func (MinItems) cond()    {}
func (MaxItems) cond()    {}
func (UniqueItems) cond() {}

// ArrayRules compiles the rules of s on an array as a whole: minItems,
// maxItems, items false past prefixItems (as a maximum), uniqueItems.
func ArrayRules(s *jsonschema.Schema) []Rule {
	var out []Rule
	if s.MinItems != nil {
		out = append(out, Rule{"minItems", words.MinItems(*s.MinItems), MinItems{*s.MinItems}})
	}
	if s.MaxItems != nil {
		out = append(out, Rule{"maxItems", words.MaxItems(*s.MaxItems), MaxItems{*s.MaxItems}})
	}
	if s.Items.IsFalse() {
		prefix := uint64(len(s.PrefixItems))
		out = append(out, Rule{"items", words.MaxItems(prefix), MaxItems{prefix}})
	}
	if s.UniqueItems {
		out = append(out, Rule{"uniqueItems", words.UniqueItems, UniqueItems{}})
	}
	return out
}

// Contains is the plan of contains: the items matching Schema are counted,
// and the count compared with Min (1 by default) and Max.
type Contains struct {
	Schema *jsonschema.Schema
	Min    Rule // Cond MinItems: fewer matching items fail; none when N is 0
	Max    *Rule
}

// ContainsOf compiles contains, minContains and maxContains; false when
// they check nothing.
func ContainsOf(s *jsonschema.Schema) (Contains, bool) {
	if s.Contains == nil {
		return Contains{}, false
	}
	min := uint64(1)
	if s.MinContains != nil {
		min = *s.MinContains
	}
	if min == 0 && s.MaxContains == nil {
		return Contains{}, false
	}
	what := Summary(s.Contains)
	code := "contains"
	if s.MinContains != nil {
		code = "minContains"
	}
	c := Contains{Schema: s.Contains, Min: Rule{code, "an array with at least " + words.Plural(min, "item") + " matching " + what, MinItems{min}}}
	if s.MaxContains != nil {
		c.Max = &Rule{"maxContains", "an array with at most " + words.Plural(*s.MaxContains, "item") + " matching " + what, MaxItems{*s.MaxContains}}
	}
	return c, true
}

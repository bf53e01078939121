package emit

import (
	"sort"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// Dynamic references ($dynamicRef, $recursiveRef) resolve through the
// dynamic scope: the schema resources entered on the way to the reference.
// Only the outermost resource that defines an anchor of the reference's
// name matters, and the way from the root to a schema is known when the
// code is generated, so toolgen resolves them statically: a helper function
// is emitted once per scope that can change what the references below it
// resolve to. No scope is tracked at run time.

// dynScope is the part of a dynamic scope references may read: for each
// dynamic anchor name, the anchor of the outermost resource entered that
// defines it. Scopes are interned, so that they compare as pointers.
type dynScope struct {
	anchors map[string]*jsonschema.Schema
	key     string
}

// describe says, for a helper's doc comment, what the dynamic references
// below it resolve to.
func (sc *dynScope) describe() string {
	if len(sc.anchors) == 0 {
		return ""
	}
	names := make([]string, 0, len(sc.anchors))
	for n := range sc.anchors {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		ref := "$dynamicRef #" + n
		if n == "" {
			ref = "$recursiveRef"
		}
		parts[i] = ref + " resolving to " + quoteComment(sc.anchors[n].Loc)
	}
	return ", " + strings.Join(parts, ", ")
}

// internScope returns the interned scope of the anchors.
func (e *emitter) internScope(anchors map[string]*jsonschema.Schema) *dynScope {
	names := make([]string, 0, len(anchors))
	for n := range anchors {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString(n + "\x00" + anchors[n].Loc + "\x00")
	}
	key := b.String()
	if sc, ok := e.dynScopes[key]; ok {
		return sc
	}
	sc := &dynScope{anchors: anchors, key: key}
	e.dynScopes[key] = sc
	return sc
}

// enter makes the resource of s part of the current scope, and returns
// what restores the scope before.
func (e *emitter) enter(s *jsonschema.Schema) func() {
	saved := e.dyn
	anchors := s.DynamicAnchors()
	if anchors == nil {
		return func() {}
	}
	var added map[string]*jsonschema.Schema
	for name, anchor := range anchors {
		if _, set := e.dyn.anchors[name]; set || !e.dynNames[name] {
			continue
		}
		if added == nil {
			added = map[string]*jsonschema.Schema{}
			for n, a := range e.dyn.anchors {
				added[n] = a
			}
		}
		added[name] = anchor
	}
	if added != nil {
		e.dyn = e.internScope(added)
	}
	return func() { e.dyn = saved }
}

// scopeFor is the scope a helper function of s is emitted for: the current
// one, with s's resource entered, narrowed to the names the dynamic
// references below s read.
func (e *emitter) scopeFor(s *jsonschema.Schema) *dynScope {
	restore := e.enter(s)
	sc := e.dyn
	restore()
	needs := e.needs[s]
	narrowed := map[string]*jsonschema.Schema{}
	for name, anchor := range sc.anchors {
		if needs[name] {
			narrowed[name] = anchor
		}
	}
	if len(narrowed) == len(sc.anchors) {
		return sc
	}
	return e.internScope(narrowed)
}

// dynamicTarget is what a dynamic reference of s resolves to in the
// current scope.
func (e *emitter) dynamicTarget(s *jsonschema.Schema) *jsonschema.Schema {
	if s.Dynamic {
		if anchor := e.dyn.anchors[s.DynName]; anchor != nil {
			return anchor
		}
	}
	return s.DynTarget
}

// dynamicNeeds computes, for each schema reached, the names of the dynamic
// references it can reach, which are the names its scope must keep.
func dynamicNeeds(reached []*jsonschema.Schema) (needs map[*jsonschema.Schema]map[string]bool, names map[string]bool) {
	needs = map[*jsonschema.Schema]map[string]bool{}
	names = map[string]bool{}
	for _, s := range reached {
		needs[s] = map[string]bool{}
		if s.Dynamic {
			needs[s][s.DynName] = true
			names[s.DynName] = true
		}
	}
	if len(names) == 0 {
		return needs, names
	}
	for changed := true; changed; {
		changed = false
		for _, s := range reached {
			for _, c := range s.Children() {
				for name := range needs[c] {
					if !needs[s][name] {
						needs[s][name] = true
						changed = true
					}
				}
			}
		}
	}
	return needs, names
}

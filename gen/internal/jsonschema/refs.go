package jsonschema

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"
)

func resolveURI(base, ref string) (*url.URL, error) {
	r, err := url.Parse(ref)
	if err != nil {
		return nil, err
	}
	b, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	return b.ResolveReference(r), nil
}

// errNoLoader is why a reference that leaves the document fails when no
// Loader was given.
var errNoLoader = errors.New("toolgen compiles references into the same document unless told where other documents are (toolgen schema -ref prefix=path)")

// read returns the JSON of the document at uri, through the Loader.
func (d *Document) read(uri string) (any, error) {
	if d.Options.Loader == nil {
		return nil, errNoLoader
	}
	data, err := d.Options.Loader(uri)
	if err != nil {
		return nil, err
	}
	if i := InvalidUTF8(data); i >= 0 {
		return nil, fmt.Errorf("%s: invalid UTF-8 at byte %d: a JSON document is UTF-8", uri, i)
	}
	raw, err := ParseJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", uri, err)
	}
	if d.sources == nil {
		d.sources = map[string][]byte{}
	}
	d.sources[d.display(uri)] = data // to position its errors
	return raw, nil
}

// display names a document in locations: relative to the compiled one when
// both are files, so that generated code holds no absolute path.
func (d *Document) display(uri string) string {
	u, err := url.Parse(uri)
	b, berr := url.Parse(d.rootBase)
	if err != nil || berr != nil || u.Scheme != "file" || b.Scheme != "file" || u.Host != b.Host {
		return uri
	}
	from := strings.Split(path.Dir(b.Path), "/")
	to := strings.Split(u.Path, "/")
	i := 0
	for i < len(from) && i < len(to)-1 && from[i] == to[i] {
		i++
	}
	rel := strings.Repeat("../", len(from)-i) + strings.Join(to[i:], "/")
	return rel
}

// resource returns the resource at uri (without fragment), loading the
// document through the Loader the first time. A document without $schema
// is read like the schema that references it.
func (d *Document) resource(uri string, from *Schema) (*resource, error) {
	if res, ok := d.resources[uri]; ok {
		return res, nil
	}
	raw, err := d.read(uri)
	if err != nil {
		return nil, err
	}
	saved := d.cur
	d.cur = nil // errors in another document belong to the schemas there
	d.parseDocument(raw, uri, d.display(uri), from.meta)
	d.cur = saved
	return d.resources[uri], nil
}

// resolve finds the schema a reference of s points to, in the document or
// in one the Loader reads.
func (d *Document) resolve(s *Schema, keyword, ref, base string) *Schema {
	at := s.Loc + "/" + keyword
	u, err := resolveURI(base, ref)
	if err != nil {
		d.fail(at, "%s %q is not a URI reference: %v", keyword, ref, err)
		return nil
	}
	fragment := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	res, err := d.resource(u.String(), s)
	if err != nil {
		d.fail(at, "%s %q is a remote reference (to %s, not in this document): %v", keyword, ref, u.String(), err)
		return nil
	}
	if fragment != "" && !strings.HasPrefix(fragment, "/") {
		target, ok := d.anchors[u.String()+"#"+fragment]
		if !ok {
			d.fail(at, "%s %q: no anchor %q in %s", keyword, ref, fragment, d.docName(res))
		}
		return target
	}
	raw, loc := res.raw, res.loc
	defName := ""
	if fragment != "" {
		tokens := strings.Split(fragment[1:], "/")
		for i, tok := range tokens {
			tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
			switch x := raw.(type) {
			case *Object:
				v, ok := x.Get(tok)
				if !ok {
					d.fail(at, "%s %q: nothing at %q in %s", keyword, ref, fragment, d.docName(res))
					return nil
				}
				raw = v
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(x) || strconv.Itoa(i) != tok {
					d.fail(at, "%s %q: nothing at %q in %s", keyword, ref, fragment, d.docName(res))
					return nil
				}
				raw = x[i]
			default:
				d.fail(at, "%s %q: nothing at %q in %s", keyword, ref, fragment, d.docName(res))
				return nil
			}
			loc += "/" + PointerToken(tok)
			if i == len(tokens)-2 && (tok == "$defs" || tok == "definitions") {
				defName = strings.NewReplacer("~1", "/", "~0", "~").Replace(tokens[i+1])
			}
		}
	}
	saved := d.cur
	d.cur = nil
	target := d.parse(raw, loc, res.base, res.meta, false)
	d.cur = saved
	if target.DefName == "" {
		target.DefName = defName
	}
	return target
}

func (d *Document) docName(res *resource) string {
	if strings.HasPrefix(res.loc, "#") {
		return "the document"
	}
	return strings.TrimSuffix(res.loc, "#")
}

// link resolves the references of the schemas reachable from the root,
// reading other documents as needed, and lists those schemas. The targets
// of a dynamic reference are the anchors of its name in the resources
// reached, which reaching more schemas may add to.
func (d *Document) link() {
	reached := map[*Schema]bool{}
	queue := []*Schema{d.Root}
	for {
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			if s == nil || reached[s] {
				continue
			}
			reached[s] = true
			d.Reached = append(d.Reached, s)
			if s.res != nil {
				s.res.reached = true
			}
			d.cur = s
			if s.Ref != "" && s.RefTarget == nil {
				s.RefTarget = d.resolve(s, "$ref", s.Ref, s.refBase)
			}
			if s.DynRef != "" && s.DynTarget == nil {
				d.resolveDynamic(s)
			}
			d.cur = nil
			queue = append(queue, s.Children()...)
		}
		// Dynamic references may reach the anchors of resources reached
		// since they were resolved.
		bases := make([]string, 0, len(d.resources))
		for b, res := range d.resources {
			if res.reached {
				bases = append(bases, b)
			}
		}
		sort.Strings(bases)
		for _, s := range d.Reached {
			if !s.Dynamic {
				continue
			}
			for _, b := range bases {
				x := d.resources[b].dynamic[s.DynName]
				if x != nil && !containsSchema(s.DynCandidates, x) {
					s.DynCandidates = append(s.DynCandidates, x)
					queue = append(queue, x)
				}
			}
		}
		if len(queue) == 0 {
			return
		}
	}
}

func containsSchema(list []*Schema, s *Schema) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// resolveDynamic resolves a $dynamicRef or $recursiveRef like a $ref, and
// makes it dynamic when its target bears the matching dynamic anchor (the
// "bookend" both drafts require).
func (d *Document) resolveDynamic(s *Schema) {
	s.DynTarget = d.resolve(s, s.dynKeyword, s.DynRef, s.dynBase)
	t := s.DynTarget
	if t == nil || t.res == nil {
		return
	}
	name := ""
	if s.dynKeyword == "$dynamicRef" {
		u, err := url.Parse(s.DynRef)
		if err != nil || u.Fragment == "" || strings.HasPrefix(u.Fragment, "/") {
			return
		}
		name = u.Fragment
	}
	if t.res.dynamic[name] == t {
		s.Dynamic, s.DynName = true, name
	}
}

// InPlace lists the subschemas that apply to the same value as s.
func (s *Schema) InPlace() []*Schema {
	var out []*Schema
	if s.RefTarget != nil {
		out = append(out, s.RefTarget)
	}
	if s.DynTarget != nil {
		out = append(out, s.DynTarget)
	}
	out = append(out, s.DynCandidates...)
	out = append(out, s.AllOf...)
	out = append(out, s.AnyOf...)
	out = append(out, s.OneOf...)
	for _, x := range []*Schema{s.Not, s.If, s.Then, s.Else} {
		if x != nil {
			out = append(out, x)
		}
	}
	for _, m := range s.DependentSchemas {
		out = append(out, m.Schema)
	}
	return out
}

// Children lists every subschema of s and the targets of its references.
func (s *Schema) Children() []*Schema {
	out := s.InPlace()
	for _, list := range [][]Member{s.Properties, s.PatternProperties} {
		for _, m := range list {
			out = append(out, m.Schema)
		}
	}
	out = append(out, s.PrefixItems...)
	for _, x := range []*Schema{s.Items, s.Contains, s.AdditionalProperties, s.PropertyNames, s.UnevaluatedProperties, s.UnevaluatedItems, s.ContentSchema} {
		if x != nil {
			out = append(out, x)
		}
	}
	return out
}

// checkLoops refuses schemas that apply themselves to the same value without
// end, such as a $ref to itself: no instance could ever be validated.
func (d *Document) checkLoops() {
	state := map[*Schema]int{} // 1 on the path, 2 done
	var path []*Schema
	var visit func(s *Schema)
	visit = func(s *Schema) {
		switch state[s] {
		case 1:
			var locs []string
			for i := len(path) - 1; i >= 0; i-- {
				locs = append([]string{path[i].Loc}, locs...)
				if path[i] == s {
					break
				}
			}
			d.errs = append(d.errs, Error{s.Loc, fmt.Sprintf("the schema applies itself to the same value without end (%s -> %s)", strings.Join(locs, " -> "), s.Loc), s})
			return
		case 2:
			return
		}
		state[s] = 1
		path = append(path, s)
		for _, c := range s.InPlace() {
			visit(c)
		}
		path = path[:len(path)-1]
		state[s] = 2
	}
	list := append([]*Schema{}, d.Reached...)
	sort.Slice(list, func(i, j int) bool { return list[i].Loc < list[j].Loc })
	for _, s := range list {
		if state[s] == 0 {
			visit(s)
		}
	}
}

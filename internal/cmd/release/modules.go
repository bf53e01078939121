package main

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// A mod is one of the repository's modules.
type mod struct {
	dir  string // as versions.txt lists it
	path string // its module path
}

func (m *mod) file(name string) string { return path.Join(m.dir, name) }

// A repo is a tree whose modules versions.txt lists.
type repo struct {
	tree     *tree
	versions *versions
	modules  []*mod // in versions.txt's order
	byPath   map[string]*mod
}

// loadRepo reads versions.txt and checks it against the tree: every module
// it lists has a go.mod, every go.mod of the tree is listed, and each
// module's path is the root's followed by its directory, as its tags
// require.
func loadRepo(t *tree) (*repo, error) {
	data, err := t.read(versionsFile)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, fmt.Errorf("%s: no such file at the repository's root %s", versionsFile, t.root)
	}
	v, err := parseVersions(data)
	if err != nil {
		return nil, err
	}
	r := &repo{tree: t, versions: v, byPath: map[string]*mod{}}
	found := t.goModDirs()
	var errs []string
	for _, dir := range found {
		if !slices.Contains(v.Modules, dir) {
			errs = append(errs, fmt.Sprintf("%s: a module %s does not list: add the line \"module %s\"", path.Join(dir, "go.mod"), versionsFile, dir))
		}
	}
	for _, dir := range v.Modules {
		if !slices.Contains(found, dir) {
			errs = append(errs, fmt.Sprintf("%s lists module %s, but %s does not exist", versionsFile, dir, path.Join(dir, "go.mod")))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	for _, dir := range v.Modules {
		f, err := r.modFile(&mod{dir: dir})
		if err != nil {
			return nil, err
		}
		if f.Module == nil {
			return nil, fmt.Errorf("%s: no module line", path.Join(dir, "go.mod"))
		}
		m := &mod{dir: dir, path: f.Module.Mod.Path}
		r.modules = append(r.modules, m)
		r.byPath[m.path] = m
	}
	root := r.root().path
	for _, m := range r.modules {
		if want := root + "/" + m.dir; m.dir != "." && m.path != want {
			errs = append(errs, fmt.Sprintf("%s: module %s; the module in directory %s of %s is %s, which its tags (%s) name", m.file("go.mod"), m.path, m.dir, root, want, tag(m.dir, v.Version)))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return r, nil
}

// root returns the root module.
func (r *repo) root() *mod {
	return r.modules[slices.Index(r.versions.Modules, ".")]
}

// modFile parses a module's go.mod as it is now in the tree.
func (r *repo) modFile(m *mod) (*modfile.File, error) {
	name := m.file("go.mod")
	data, err := r.tree.read(name)
	if err != nil {
		return nil, err
	}
	return modfile.Parse(name, data, nil)
}

// requires returns the modules of the repository that m's go.mod requires.
func (r *repo) requires(m *mod) ([]*mod, error) {
	f, err := r.modFile(m)
	if err != nil {
		return nil, err
	}
	var deps []*mod
	for _, req := range f.Require {
		if d := r.byPath[req.Mod.Path]; d != nil && !slices.Contains(deps, d) {
			deps = append(deps, d)
		}
	}
	return deps, nil
}

// graph returns, for each module, the modules of the repository it
// requires, and those modules in an order where each comes after all it
// requires. A cycle is an error: a module's go.sum holds the hashes of
// those it requires, computed from their files, go.sum included.
func (r *repo) graph() (map[*mod][]*mod, []*mod, error) {
	deps := map[*mod][]*mod{}
	for _, m := range r.modules {
		d, err := r.requires(m)
		if err != nil {
			return nil, nil, err
		}
		deps[m] = d
	}
	var order []*mod
	state := map[*mod]int{} // 1 visiting, 2 done
	var visit func(m *mod, stack []string) error
	visit = func(m *mod, stack []string) error {
		switch state[m] {
		case 1:
			return fmt.Errorf("the modules require each other in a cycle (%s): a release needs each go.sum to name modules already hashed", strings.Join(append(stack, m.dir), " -> "))
		case 2:
			return nil
		}
		state[m] = 1
		for _, d := range deps[m] {
			if err := visit(d, append(stack, m.dir)); err != nil {
				return err
			}
		}
		state[m] = 2
		order = append(order, m)
		return nil
	}
	for _, m := range r.modules {
		if err := visit(m, nil); err != nil {
			return nil, nil, err
		}
	}
	return deps, order, nil
}

// closure returns the modules of the repository m requires, directly or
// through others, sorted by path.
func closure(deps map[*mod][]*mod, m *mod) []*mod {
	var all []*mod
	var walk func(*mod)
	walk = func(m *mod) {
		for _, d := range deps[m] {
			if !slices.Contains(all, d) {
				all = append(all, d)
				walk(d)
			}
		}
	}
	walk(m)
	slices.SortFunc(all, func(a, b *mod) int { return strings.Compare(a.path, b.path) })
	return all
}

// relDir is the directory to, as a replace directive of the module in
// directory from names it.
func relDir(from, to string) string {
	split := func(dir string) []string {
		if dir == "." {
			return nil
		}
		return strings.Split(dir, "/")
	}
	f, t := split(from), split(to)
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	var parts []string
	for range f[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	switch {
	case len(parts) == 0:
		return "."
	case parts[0] != "..":
		return "./" + strings.Join(parts, "/")
	}
	return strings.Join(parts, "/")
}

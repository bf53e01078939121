package main

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// develop writes the development form of the repository, the one main
// holds: each go.mod requires the repository's modules at versions.txt's
// version and replaces every one of them it requires, directly or through
// another, with its directory, so that a module builds from this checkout
// alone (GOWORK=off) as it does in the workspace; go.sum has no line for
// them, since a directory has no checksum; go.work uses every module. It
// returns the files it changed.
func (r *repo) develop() ([]string, error) {
	deps, _, err := r.graph()
	if err != nil {
		return nil, err
	}
	var changed []string
	for _, m := range r.modules {
		gomod, err := r.rewriteMod(m, closure(deps, m), false)
		if err != nil {
			return nil, err
		}
		gosum, err := r.rewriteSum(m, nil)
		if err != nil {
			return nil, err
		}
		if changed, err = r.write(changed, m.file("go.mod"), gomod); err != nil {
			return nil, err
		}
		if gosum != nil {
			if changed, err = r.write(changed, m.file("go.sum"), gosum); err != nil {
				return nil, err
			}
		}
	}
	work, err := r.workFile()
	if err != nil {
		return nil, err
	}
	return r.write(changed, "go.work", work)
}

// release writes the release form of the repository, the one its tags
// point at: the same requirements, no replace (the go command ignores a
// dependency's replace directives, and refuses `go install pkg@version` of
// a module that has any), and go.sum lines for the repository's modules it
// requires, hashed from the files the release publishes, so that a
// released module builds as the main module too (go.mod and go.sum are
// tidy: no hash is left for the go command to fetch from a proxy that does
// not have the version yet). It returns the files it changed and each
// module's zip, made by golang.org/x/mod/zip as the go command makes it
// from the tagged commit.
func (r *repo) release() ([]string, map[*mod]moduleFiles, error) {
	if err := r.checkArchive(); err != nil {
		return nil, nil, err
	}
	deps, order, err := r.graph()
	if err != nil {
		return nil, nil, err
	}
	published := map[*mod]moduleFiles{}
	var changed []string
	for _, m := range order {
		gomod, err := r.rewriteMod(m, nil, true)
		if err != nil {
			return nil, nil, err
		}
		var sums []sumLine
		for _, d := range closure(deps, m) {
			p := published[d]
			sums = append(sums, sumLine{module.Version{Path: d.path, Version: r.versions.Version + "/go.mod"}, p.modHash})
			if slices.Contains(deps[m], d) {
				sums = append(sums, sumLine{module.Version{Path: d.path, Version: r.versions.Version}, p.zipHash})
			}
		}
		gosum, err := r.rewriteSum(m, sums)
		if err != nil {
			return nil, nil, err
		}
		if changed, err = r.write(changed, m.file("go.mod"), gomod); err != nil {
			return nil, nil, err
		}
		if gosum != nil {
			if changed, err = r.write(changed, m.file("go.sum"), gosum); err != nil {
				return nil, nil, err
			}
		}
		p, err := r.publish(m, gomod)
		if err != nil {
			return nil, nil, err
		}
		published[m] = p
	}
	return changed, published, nil
}

// checkArchive refuses the .gitattributes that would make the go command's
// zip of a tag differ from the files release hashes: the go command zips a
// commit with git archive, which export-ignore and export-subst change.
func (r *repo) checkArchive() error {
	for _, name := range r.tree.files {
		if path.Base(name) != ".gitattributes" {
			continue
		}
		data, err := r.tree.read(name)
		if err != nil {
			return err
		}
		for _, attr := range []string{"export-ignore", "export-subst"} {
			if strings.Contains(string(data), attr) {
				return fmt.Errorf("%s: %s changes what git archive, and so the go command, publishes of a tag, which release cannot hash: remove it", name, attr)
			}
		}
	}
	return nil
}

// rewriteMod returns m's go.mod requiring the repository's modules at
// versions.txt's version, with a replace directive for each of replace
// and none for another of the repository's modules. In the release form
// (released), any other replace directive is an error.
func (r *repo) rewriteMod(m *mod, replace []*mod, released bool) ([]byte, error) {
	f, err := r.modFile(m)
	if err != nil {
		return nil, err
	}
	var reqs []string
	for _, req := range f.Require {
		if r.byPath[req.Mod.Path] != nil {
			reqs = append(reqs, req.Mod.Path)
		}
	}
	for _, p := range reqs {
		if err := f.AddRequire(p, r.versions.Version); err != nil {
			return nil, err
		}
	}
	var drop []module.Version
	for _, rep := range f.Replace {
		if r.byPath[rep.Old.Path] == nil {
			if released {
				return nil, fmt.Errorf("%s:%d: replace %s: a released go.mod has no replace directive (the go command ignores it where the module is a dependency): remove it", m.file("go.mod"), rep.Syntax.Start.Line, rep.Old.Path)
			}
			continue
		}
		drop = append(drop, rep.Old)
	}
	for _, old := range drop {
		if err := f.DropReplace(old.Path, old.Version); err != nil {
			return nil, err
		}
	}
	// Dropped first and added after the rest, the replace directives end
	// the file in path order, whatever form the file was in.
	f.Cleanup()
	for _, d := range replace {
		if err := f.AddReplace(d.path, "", relDir(m.dir, d.dir), ""); err != nil {
			return nil, err
		}
	}
	f.Cleanup()
	groupReplaces(f)
	return f.Format()
}

// groupReplaces puts the replace lines that end the file into one block,
// as `go mod edit` leaves them on lines of their own.
func groupReplaces(f *modfile.File) {
	stmts := f.Syntax.Stmt
	i := len(stmts)
	for i > 0 {
		l, ok := stmts[i-1].(*modfile.Line)
		if !ok || len(l.Token) == 0 || l.Token[0] != "replace" {
			break
		}
		i--
	}
	if len(stmts)-i < 2 {
		return
	}
	block := &modfile.LineBlock{Token: []string{"replace"}}
	for _, s := range stmts[i:] {
		l := s.(*modfile.Line)
		l.Token, l.InBlock = l.Token[1:], true
		block.Line = append(block.Line, l)
	}
	f.Syntax.Stmt = append(stmts[:i], block)
}

// A sumLine is a line of a go.sum file.
type sumLine struct {
	mod  module.Version // Version ends in /go.mod for the hash of a go.mod
	hash string
}

// rewriteSum returns m's go.sum without lines for the repository's modules
// and with add; nil if m has no go.sum and nothing is added. The lines are
// in the go command's order.
func (r *repo) rewriteSum(m *mod, add []sumLine) ([]byte, error) {
	name := m.file("go.sum")
	data, err := r.tree.read(name)
	if err != nil {
		return nil, err
	}
	if data == nil && len(add) == 0 {
		return nil, nil
	}
	hashes := map[module.Version][]string{}
	for i, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want \"path version hash\", got %q", name, i+1, line)
		}
		if r.byPath[f[0]] == nil {
			mv := module.Version{Path: f[0], Version: f[1]}
			hashes[mv] = append(hashes[mv], f[2])
		}
	}
	for _, l := range add {
		hashes[l.mod] = append(hashes[l.mod], l.hash)
	}
	keys := make([]module.Version, 0, len(hashes))
	for k := range hashes {
		keys = append(keys, k)
	}
	module.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		h := hashes[k]
		slices.Sort(h)
		for _, h := range slices.Compact(h) {
			fmt.Fprintf(&b, "%s %s %s\n", k.Path, k.Version, h)
		}
	}
	return []byte(b.String()), nil
}

// workFile returns go.work using every module, in versions.txt's order,
// with the rest of the file as it is.
func (r *repo) workFile() ([]byte, error) {
	data, err := r.tree.read("go.work")
	if err != nil {
		return nil, err
	}
	if data == nil {
		f, err := r.modFile(r.root())
		if err != nil {
			return nil, err
		}
		if f.Go != nil {
			data = []byte("go " + f.Go.Version + "\n")
		}
	}
	w, err := modfile.ParseWork("go.work", data, nil)
	if err != nil {
		return nil, err
	}
	var uses []string
	for _, u := range w.Use {
		uses = append(uses, u.Path)
	}
	for _, u := range uses {
		if err := w.DropUse(u); err != nil {
			return nil, err
		}
	}
	for _, m := range r.modules {
		dir := "."
		if m.dir != "." {
			dir = "./" + m.dir
		}
		w.AddNewUse(dir, m.path)
	}
	w.Cleanup()
	return modfile.Format(w.Syntax), nil
}

// write writes a file of the tree and adds its name to changed if its
// content changed.
func (r *repo) write(changed []string, name string, data []byte) ([]string, error) {
	ok, err := r.tree.write(name, data)
	if err != nil {
		return changed, err
	}
	if ok {
		changed = append(changed, name)
	}
	return changed, nil
}

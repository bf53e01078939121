package main

import (
	stdzip "archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/zip"
)

// moduleFiles is what a module proxy serves of one release of a module,
// and the hashes go.sum records of it.
type moduleFiles struct {
	version          module.Version
	mod, zip         []byte
	modHash, zipHash string
}

// publish makes m's module zip at versions.txt's version from the tree's
// files, with gomod as its go.mod.
func (r *repo) publish(m *mod, gomod []byte) (moduleFiles, error) {
	p := moduleFiles{version: module.Version{Path: m.path, Version: r.versions.Version}, mod: gomod}
	var files []zip.File
	license := false
	for _, name := range r.tree.under(m.dir) {
		f, err := newTreeFile(r.tree, path.Join(m.dir, name), name)
		if err != nil {
			return p, err
		}
		files = append(files, f)
		license = license || name == "LICENSE"
	}
	// As the go command does, a module in a subdirectory without a LICENSE
	// gets the root's.
	if !license && m.dir != "." && slices.Contains(r.tree.files, "LICENSE") {
		f, err := newTreeFile(r.tree, "LICENSE", "LICENSE")
		if err != nil {
			return p, err
		}
		files = append(files, f)
	}
	var buf bytes.Buffer
	if err := zip.Create(&buf, p.version, files); err != nil {
		return p, err
	}
	p.zip = buf.Bytes()
	var err error
	if p.zipHash, err = hashZip(p.zip); err != nil {
		return p, err
	}
	p.modHash, err = dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(gomod)), nil
	})
	return p, err
}

// hashZip is dirhash.HashZip of a zip in memory: the h1: hash go.sum
// records of a module's files.
func hashZip(data []byte) (string, error) {
	zr, err := stdzip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", err
	}
	var names []string
	files := map[string]*stdzip.File{}
	for _, f := range zr.File {
		names = append(names, f.Name)
		files[f.Name] = f
	}
	return dirhash.Hash1(names, func(name string) (io.ReadCloser, error) { return files[name].Open() })
}

// treeFile is a file of a tree, named as a module zip names it.
type treeFile struct {
	name, file string
	info       fs.FileInfo
}

func newTreeFile(t *tree, treeName, name string) (treeFile, error) {
	file := t.path(treeName)
	info, err := os.Lstat(file)
	return treeFile{name: name, file: file, info: info}, err
}

func (f treeFile) Path() string                { return f.name }
func (f treeFile) Lstat() (fs.FileInfo, error) { return f.info, nil }
func (f treeFile) Open() (io.ReadCloser, error) {
	return os.Open(f.file)
}

// writeProxy writes a module release into dir laid out as a module proxy
// (go help goproxy) that GOPROXY=file://dir serves: the version's .info,
// .mod and .zip, and the version added to the module's list.
func writeProxy(dir string, p moduleFiles, when time.Time) error {
	escPath, err := module.EscapePath(p.version.Path)
	if err != nil {
		return err
	}
	escVersion, err := module.EscapeVersion(p.version.Version)
	if err != nil {
		return err
	}
	base := filepath.Join(dir, filepath.FromSlash(escPath), "@v")
	if err := os.MkdirAll(base, 0o755); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{p.version.Version, when.UTC()})
	if err != nil {
		return err
	}
	for ext, data := range map[string][]byte{".info": info, ".mod": p.mod, ".zip": p.zip} {
		if err := os.WriteFile(filepath.Join(base, escVersion+ext), data, 0o644); err != nil {
			return err
		}
	}
	list, err := os.ReadFile(filepath.Join(base, "list"))
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	versions := append(strings.Fields(string(list)), p.version.Version)
	semver.Sort(versions)
	versions = slices.Compact(versions)
	return os.WriteFile(filepath.Join(base, "list"), []byte(strings.Join(versions, "\n")+"\n"), 0o644)
}

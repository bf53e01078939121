package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// A tree is the files of a checkout that a release publishes: those Git
// tracks, and those it would track (not ignored), as they are on disk.
type tree struct {
	root  string
	files []string // slash-separated, relative to root, sorted
}

// gitTree lists the files of the checkout at root.
func gitTree(root string) (*tree, error) {
	out, err := git(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	t := &tree{root: root}
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if name == "" {
			continue
		}
		// A tracked file deleted from the work tree is not published.
		if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(name))); err == nil {
			t.files = append(t.files, name)
		}
	}
	slices.Sort(t.files)
	t.files = slices.Compact(t.files)
	return t, nil
}

// copyTo copies the tree's regular files into dir and returns the copy.
func (t *tree) copyTo(dir string) (*tree, error) {
	c := &tree{root: dir, files: slices.Clone(t.files)}
	for _, name := range t.files {
		src := filepath.Join(t.root, filepath.FromSlash(name))
		info, err := os.Lstat(src)
		if err != nil {
			return nil, err
		}
		if !info.Mode().IsRegular() {
			continue // a module zip holds regular files only
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return nil, err
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// path returns the file name of a slash-separated path of the tree.
func (t *tree) path(name string) string {
	return filepath.Join(t.root, filepath.FromSlash(name))
}

// read returns the content of a file of the tree, nil if it does not exist.
func (t *tree) read(name string) ([]byte, error) {
	data, err := os.ReadFile(t.path(name))
	if os.IsNotExist(err) {
		return nil, nil
	}
	return data, err
}

// write writes a file of the tree if its content differs, and reports
// whether it did.
func (t *tree) write(name string, data []byte) (bool, error) {
	old, err := os.ReadFile(t.path(name))
	if err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	if err := os.WriteFile(t.path(name), data, 0o644); err != nil {
		return false, err
	}
	if _, ok := slices.BinarySearch(t.files, name); !ok {
		t.files = append(t.files, name)
		slices.Sort(t.files)
	}
	return true, nil
}

// under returns the files of directory dir ("." for all), relative to it.
func (t *tree) under(dir string) []string {
	if dir == "." {
		return t.files
	}
	var files []string
	for _, name := range t.files {
		if rest, ok := strings.CutPrefix(name, dir+"/"); ok {
			files = append(files, rest)
		}
	}
	return files
}

// goModDirs returns the directories holding a go.mod, except where the go
// command looks for no package: testdata and directories whose names start
// with . or _.
func (t *tree) goModDirs() []string {
	var dirs []string
	for _, name := range t.files {
		if path.Base(name) != "go.mod" {
			continue
		}
		dir := path.Dir(name)
		ignored := false
		for elem := range strings.SplitSeq(dir, "/") {
			if elem == "testdata" || elem != "." && (strings.HasPrefix(elem, ".") || strings.HasPrefix(elem, "_")) {
				ignored = true
			}
		}
		if !ignored {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// git runs a git command in dir and returns its standard output.
func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, bytes.TrimSpace(stderr.Bytes()))
	}
	return out, nil
}

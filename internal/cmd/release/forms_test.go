package main

import (
	"archive/zip"
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/sumdb/dirhash"
)

// repoRoot is the checkout's root, from this package's directory.
const repoRoot = "../../.."

func TestParseVersions(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"version v0.1.0\nmodule .\nmodule runtime/mcptool # an adapter\n", ""},
		{"# none\nmodule .\n", "versions.txt: no version line"},
		{"version v0.1.0\nmodule a\n", "the root module (module .) is not listed"},
		{"version v0.1\nmodule .\n", "versions.txt:1: version \"v0.1\": want a canonical semantic version"},
		{"version v0.1.0+build\nmodule .\n", "versions.txt:1: version \"v0.1.0+build\""},
		{"version v2.0.0\nmodule .\n", "versions.txt:1: version v2.0.0: a v2 module needs the /v2 suffix"},
		{"version v0.1.0\nversion v0.2.0\n", "versions.txt:2: a second version line"},
		{"version v0.1.0\nmodule .\nmodule a\nmodule a\n", "versions.txt:4: module a listed again (first on line 3)"},
		{"version v0.1.0\nmodule ./a\n", "versions.txt:2: module \"./a\": want a clean slash-separated directory"},
		{"version v0.1.0\nmodule ../a\n", "versions.txt:2: module \"../a\""},
		{"version v0.1.0\nmodule\n", "versions.txt:2: want \"version vX.Y.Z\" or \"module dir\", got \"module\""},
		{"release v0.1.0\n", "versions.txt:1: unknown keyword \"release\""},
	} {
		v, err := parseVersions([]byte(tc.in))
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.in, err)
		case tc.err == "" && (v.Version != "v0.1.0" || !slices.Equal(v.Modules, []string{".", "runtime/mcptool"})):
			t.Errorf("%q: %+v", tc.in, v)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
		}
	}
}

func TestTag(t *testing.T) {
	if got := tag(".", "v0.1.0"); got != "v0.1.0" {
		t.Errorf("the root's tag: %s", got)
	}
	if got := tag("runtime/mcptool", "v0.1.0"); got != "runtime/mcptool/v0.1.0" {
		t.Errorf("an adapter's tag: %s", got)
	}
}

func TestRelDir(t *testing.T) {
	for _, tc := range []struct{ from, to, want string }{
		{"runtime/mcptool", ".", "../.."},
		{"examples", ".", ".."},
		{"examples", "runtime/mcptool", "../runtime/mcptool"},
		{"runtime/a", "runtime/b", "../b"},
		{".", "runtime/mcptool", "./runtime/mcptool"},
		{"a", "a/b", "./b"},
		{"a", "a", "."},
	} {
		if got := relDir(tc.from, tc.to); got != tc.want || !modfile.IsDirectoryPath(got) {
			t.Errorf("relDir(%s, %s) = %s, want %s", tc.from, tc.to, got, tc.want)
		}
	}
}

// newTree writes files into a new directory and returns their tree.
func newTree(t *testing.T, files map[string]string) *tree {
	t.Helper()
	tr := &tree{root: t.TempDir()}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		file := tr.path(name)
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		tr.files = append(tr.files, name)
	}
	return tr
}

// small is a repository of two modules: the root, and a, which requires it
// as adapters did before releases (v0.0.0 and a replace).
func small() map[string]string {
	return map[string]string{
		"versions.txt":            "version v0.1.0\nmodule .\nmodule a\n",
		"go.mod":                  "module example.com/r\n\ngo 1.26.0\n",
		"lib.go":                  "package r\n",
		"LICENSE":                 "the root's license\n",
		"a/go.mod":                "module example.com/r/a\n\ngo 1.26.0\n\nrequire (\n\texample.com/dep v1.0.0\n\texample.com/r v0.0.0\n)\n\nreplace example.com/r => ../\n",
		"a/go.sum":                "example.com/dep v1.0.0 h1:dep=\nexample.com/dep v1.0.0/go.mod h1:depmod=\nexample.com/r v0.0.9 h1:stale=\n",
		"a/a.go":                  "package a\n",
		"testdata/fixture/go.mod": "module fixture\n",
	}
}

func TestLoadRepo(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  map[string]string // "" removes the file
		error string
	}{
		{"ok", nil, ""},
		{"unlisted", map[string]string{"b/go.mod": "module example.com/r/b\n"}, `b/go.mod: a module versions.txt does not list: add the line "module b"`},
		{"missing", map[string]string{"versions.txt": "version v0.1.0\nmodule .\nmodule a\nmodule c\n"}, "versions.txt lists module c, but c/go.mod does not exist"},
		{"path", map[string]string{"a/go.mod": "module example.com/other\n"}, "a/go.mod: module example.com/other; the module in directory a of example.com/r is example.com/r/a, which its tags (a/v0.1.0) name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := small()
			for name, data := range tc.edit {
				files[name] = data
			}
			r, err := loadRepo(newTree(t, files))
			if tc.error == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := []string{r.modules[0].path, r.modules[1].path}; !slices.Equal(got, []string{"example.com/r", "example.com/r/a"}) {
					t.Errorf("modules %v", got)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.error) {
				t.Fatalf("error %v, want %q", err, tc.error)
			}
		})
	}
}

// snapshot returns the content of the tree's files.
func snapshot(t *testing.T, tr *tree) map[string]string {
	t.Helper()
	s := map[string]string{}
	for _, name := range tr.files {
		data, err := tr.read(name)
		if err != nil {
			t.Fatal(err)
		}
		s[name] = string(data)
	}
	return s
}

func TestForms(t *testing.T) {
	tr := newTree(t, small())
	r, err := loadRepo(tr)
	if err != nil {
		t.Fatal(err)
	}
	changed, err := r.develop()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a/go.mod", "a/go.sum", "go.work"}; !slices.Equal(changed, want) {
		t.Errorf("develop changed %v, want %v", changed, want)
	}
	dev := snapshot(t, tr)
	if want := "require (\n\texample.com/dep v1.0.0\n\texample.com/r v0.1.0\n)\n\nreplace example.com/r => ..\n"; !strings.HasSuffix(dev["a/go.mod"], want) {
		t.Errorf("a/go.mod, development form:\n%s\nwant it to end with\n%s", dev["a/go.mod"], want)
	}
	if want := "example.com/dep v1.0.0 h1:dep=\nexample.com/dep v1.0.0/go.mod h1:depmod=\n"; dev["a/go.sum"] != want {
		t.Errorf("a/go.sum, development form:\n%s\nwant\n%s", dev["a/go.sum"], want)
	}
	if want := "go 1.26.0\n\nuse (\n\t.\n\t./a\n)\n"; dev["go.work"] != want {
		t.Errorf("go.work:\n%s\nwant\n%s", dev["go.work"], want)
	}
	if changed, err := r.develop(); err != nil || len(changed) > 0 {
		t.Errorf("develop again: changed %v, %v", changed, err)
	}

	changed, published, err := r.release()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a/go.mod", "a/go.sum"}; !slices.Equal(changed, want) {
		t.Errorf("release changed %v, want %v", changed, want)
	}
	rel := snapshot(t, tr)
	if strings.Contains(rel["a/go.mod"], "replace") || !strings.Contains(rel["a/go.mod"], "\texample.com/r v0.1.0\n") {
		t.Errorf("a/go.mod, release form:\n%s", rel["a/go.mod"])
	}
	// The hashes are those dirhash gives of the zip the proxy serves.
	proxy := t.TempDir()
	root := published[r.root()]
	if err := writeProxy(proxy, root, time.Now()); err != nil {
		t.Fatal(err)
	}
	zipHash, err := dirhash.HashZip(filepath.Join(proxy, "example.com", "r", "@v", "v0.1.0.zip"), dirhash.Hash1)
	if err != nil {
		t.Fatal(err)
	}
	wantSum := "example.com/dep v1.0.0 h1:dep=\nexample.com/dep v1.0.0/go.mod h1:depmod=\n" +
		"example.com/r v0.1.0 " + zipHash + "\nexample.com/r v0.1.0/go.mod " + root.modHash + "\n"
	if rel["a/go.sum"] != wantSum || zipHash != root.zipHash {
		t.Errorf("a/go.sum, release form:\n%s\nwant\n%s", rel["a/go.sum"], wantSum)
	}
	// The module in a has the root's LICENSE, and neither the root's zip
	// nor a's holds the other module's files or the fixture's.
	names := func(p moduleFiles) []string { return zipEntries(t, p.zip) }
	if got, want := names(root), []string{"example.com/r@v0.1.0/LICENSE", "example.com/r@v0.1.0/go.mod", "example.com/r@v0.1.0/go.work", "example.com/r@v0.1.0/lib.go", "example.com/r@v0.1.0/versions.txt"}; !slices.Equal(got, want) {
		t.Errorf("the root's zip: %v, want %v", got, want)
	}
	if got, want := names(published[r.byPath["example.com/r/a"]]), []string{"example.com/r/a@v0.1.0/LICENSE", "example.com/r/a@v0.1.0/a.go", "example.com/r/a@v0.1.0/go.mod", "example.com/r/a@v0.1.0/go.sum"}; !slices.Equal(got, want) {
		t.Errorf("a's zip: %v, want %v", got, want)
	}
	if changed, _, err := r.release(); err != nil || len(changed) > 0 {
		t.Errorf("release again: changed %v, %v", changed, err)
	}

	// From the release form, develop writes main's files back as they were.
	if _, err := r.develop(); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, tr); !maps.Equal(got, dev) {
		t.Errorf("develop after release:\n%v\nwant\n%v", got, dev)
	}
}

func TestDevelopKeepsOtherReplaces(t *testing.T) {
	files := small()
	files["go.mod"] = "module example.com/r\n\ngo 1.26.0\n\nreplace example.com/dep => ./dep\n"
	tr := newTree(t, files)
	r, err := loadRepo(tr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.develop(); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, tr)["go.mod"]; got != files["go.mod"] {
		t.Errorf("go.mod, development form:\n%s\nwant it as it was", got)
	}
}

func TestReleaseRefuses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  map[string]string
		error string
	}{
		{"replace", map[string]string{"a/go.mod": "module example.com/r/a\n\ngo 1.26.0\n\nrequire example.com/r v0.0.0\n\nreplace example.com/dep => ../dep\n"},
			"a/go.mod:7: replace example.com/dep: a released go.mod has no replace directive"},
		{"cycle", map[string]string{"go.mod": "module example.com/r\n\ngo 1.26.0\n\nrequire example.com/r/a v0.0.0\n"},
			"the modules require each other in a cycle (. -> a -> .)"},
		{"gitattributes", map[string]string{"a/.gitattributes": "testdata/** export-ignore\n"},
			"a/.gitattributes: export-ignore changes what git archive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := small()
			maps.Copy(files, tc.edit)
			r, err := loadRepo(newTree(t, files))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := r.release(); err == nil || !strings.Contains(err.Error(), tc.error) {
				t.Fatalf("release: %v, want %q", err, tc.error)
			}
		})
	}
}

// TestRepository checks the forms of this repository: what main holds is
// the development form, the release form has no replace and requires each
// module at the version, and from it develop writes main's files back.
func TestRepository(t *testing.T) {
	src, err := gitTree(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := src.copyTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r, err := loadRepo(tr)
	if err != nil {
		t.Fatal(err)
	}
	if changed, err := r.develop(); err != nil || len(changed) > 0 {
		t.Fatalf("the committed files are not the development form (go run ./internal/cmd/release writes it): it changes %v (%v)", changed, err)
	}
	dev := snapshot(t, tr)
	if _, _, err := r.release(); err != nil {
		t.Fatal(err)
	}
	for _, m := range r.modules {
		f, err := r.modFile(m)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Replace) > 0 {
			t.Errorf("%s, release form: %d replace directives", m.file("go.mod"), len(f.Replace))
		}
		for _, req := range f.Require {
			if r.byPath[req.Mod.Path] != nil && req.Mod.Version != r.versions.Version {
				t.Errorf("%s, release form: requires %s", m.file("go.mod"), req.Mod)
			}
		}
	}
	if _, err := r.develop(); err != nil {
		t.Fatal(err)
	}
	got := snapshot(t, tr)
	for name, data := range dev {
		if got[name] != data {
			t.Errorf("%s: develop after release differs from the committed file", name)
		}
	}
}

func TestCheckClean(t *testing.T) {
	tr := newTree(t, small())
	gitIn := func(args ...string) {
		t.Helper()
		if _, err := git(tr.root, append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...); err != nil {
			t.Fatal(err)
		}
	}
	gitIn("init", "-q")
	gitIn("add", ".")
	gitIn("commit", "-q", "-m", "main")
	r, err := loadRepo(tr)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.release(); err != nil {
		t.Fatal(err)
	}
	if err := checkClean(r); err != nil {
		t.Errorf("a work tree changed by release alone: %v", err)
	}
	if err := os.WriteFile(tr.path("lib.go"), []byte("package r // changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tr.path("new.go"), []byte("package r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = checkClean(r)
	if err == nil || !strings.Contains(err.Error(), "\n\tlib.go\n\tnew.go") {
		t.Errorf("a work tree with other changes: %v, want lib.go and new.go listed", err)
	}
}

// zipEntries returns the names of a zip's files.
func zipEntries(t *testing.T, data []byte) []string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	slices.Sort(names)
	return names
}

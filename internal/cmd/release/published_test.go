package main

// The published experience, offline: the release of this checkout at
// versions.txt's version, zipped by golang.org/x/mod/zip and served by a
// module proxy directory (GOPROXY=file://...), and README's commands run in
// a new module with an empty module cache. Our modules come only from that
// directory; the third-party modules they require come from the local
// module cache's download directory (itself laid out as a module proxy),
// then, for any it lacks, from the proxy the go command is configured with
// (never "direct"). The checksum database is off: it does not know a
// release before it is published; the test compares the hashes go.sum
// records of our modules with those of the zips instead.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

var (
	testDir string // removed when the tests end

	// The module caches of the tests, at the same place from run to run,
	// since the build cache keys a package by its directory and go tool
	// builds a tool without -trimpath: in a new directory each time, every
	// run would build toolgen's dependencies anew. emptyCache is emptied
	// before each use; thirdPartyCache keeps the third-party modules, and
	// ours are removed from it before each use.
	emptyCache, thirdPartyCache string

	releaseOnce sync.Once
	released    *publication
	releaseErr  error
)

func TestMain(m *testing.M) {
	code, err := testMain(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(code)
}

func testMain(m *testing.M) (int, error) {
	var err error
	if testDir, err = os.MkdirTemp("", "toolgen-release-"); err != nil {
		return 0, err
	}
	defer os.RemoveAll(testDir)
	caches, err := os.UserCacheDir()
	if err != nil {
		caches = os.TempDir()
	}
	caches = filepath.Join(caches, "toolgen-release-test")
	if err := os.MkdirAll(caches, 0o755); err != nil {
		return 0, err
	}
	// One test process at a time uses the caches.
	unlock, err := lock(filepath.Join(caches, "lock"))
	if err != nil {
		return 0, err
	}
	defer unlock()
	emptyCache, thirdPartyCache = filepath.Join(caches, "empty"), filepath.Join(caches, "third-party")
	defer os.RemoveAll(emptyCache)
	return m.Run(), nil
}

// A publication is a release of this checkout and the module proxy
// directory that serves it.
type publication struct {
	repo  *repo // the release form, in a copy of the checkout
	proxy string
	files map[string]moduleFiles // by module path
}

// publish copies the checkout into dir, writes its release form there and
// the modules into dir/proxy; edit, if not nil, changes the released files
// before they are zipped.
func publish(dir string, edit func(*repo) error) (*publication, error) {
	src, err := gitTree(repoRoot)
	if err != nil {
		return nil, err
	}
	t, err := src.copyTo(filepath.Join(dir, "tree"))
	if err != nil {
		return nil, err
	}
	r, err := loadRepo(t)
	if err != nil {
		return nil, err
	}
	_, published, err := r.release()
	if err != nil {
		return nil, err
	}
	if edit != nil {
		if err := edit(r); err != nil {
			return nil, err
		}
		for _, m := range r.modules {
			gomod, err := r.tree.read(m.file("go.mod"))
			if err != nil {
				return nil, err
			}
			if published[m], err = r.publish(m, gomod); err != nil {
				return nil, err
			}
		}
	}
	p := &publication{repo: r, proxy: filepath.Join(dir, "proxy"), files: map[string]moduleFiles{}}
	for _, m := range r.modules {
		if err := writeProxy(p.proxy, published[m], time.Now()); err != nil {
			return nil, err
		}
		p.files[m.path] = published[m]
	}
	return p, nil
}

// release returns the publication of this checkout's release, made once.
func release(t *testing.T) *publication {
	t.Helper()
	releaseOnce.Do(func() {
		released, releaseErr = publish(filepath.Join(testDir, "release"), nil)
	})
	if releaseErr != nil {
		t.Fatal(releaseErr)
	}
	return released
}

// userEnv is the environment of a user of the release served by proxy,
// with the module cache modcache: none of the go command's settings but the
// build cache's (GOENV=off), so no workspace and no private modules; no
// checksum database, and the local toolchain.
func userEnv(t *testing.T, proxy, modcache string) []string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMODCACHE", "GOPROXY").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	local, upstream, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	proxies := []string{"file://" + filepath.ToSlash(proxy)}
	if download := filepath.Join(local, "cache", "download"); local != "" {
		if _, err := os.Stat(download); err == nil {
			proxies = append(proxies, "file://"+filepath.ToSlash(download))
		}
	}
	for _, p := range strings.FieldsFunc(upstream, func(r rune) bool { return r == ',' || r == '|' }) {
		if p != "direct" && p != "off" {
			proxies = append(proxies, p)
		}
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GO") || strings.HasPrefix(kv, "GOCACHE=") || strings.HasPrefix(kv, "GOROOT=") || strings.HasPrefix(kv, "GOPATH=") {
			env = append(env, kv)
		}
	}
	return append(env,
		"GOPROXY="+strings.Join(proxies, ","),
		"GOMODCACHE="+modcache,
		"GOFLAGS=-modcacherw", // so that the tests can empty the module cache
		"GOENV=off",
		"GOWORK=off",
		"GOSUMDB=off",
		"GOTOOLCHAIN=local",
		// The go command indexes the packages of the module cache once per
		// directory and never again, since a module version cannot change:
		// but these caches hold the modules of every release a test makes
		// at the same version and path, so the index would be stale.
		"GODEBUG=goindex=0",
	)
}

// newEmptyCache empties the empty module cache and returns it.
func newEmptyCache(t *testing.T) string {
	t.Helper()
	if err := os.RemoveAll(emptyCache); err != nil {
		t.Fatal(err)
	}
	return emptyCache
}

// goCmd runs the go command in dir.
func goCmd(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// readmeSteps is what README's "Use it in your module" shows a user: the Go
// files it shows whole, by package name, the commands to run, and the text
// the model reads of the rejected call.
type readmeSteps struct {
	files    map[string]string
	commands [][]string
	rejected string
}

// userSteps reads README's "Use it in your module" section.
func userSteps() (*readmeSteps, error) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		return nil, err
	}
	const section = "## Use it in your module"
	s := &readmeSteps{files: map[string]string{}}
	in, fence, info := false, false, ""
	var block []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case !fence && line == section:
			in = true
		case !fence && in && strings.HasPrefix(line, "## "):
			in = false
		case in && strings.HasPrefix(line, "```") && !fence:
			fence, info, block = true, strings.TrimPrefix(line, "```"), nil
		case in && line == "```" && fence:
			fence = false
			switch text := strings.Join(block, "\n"); {
			case info == "sh":
				for _, l := range block {
					if i := strings.Index(l, "#"); i >= 0 {
						l = l[:i]
					}
					f := strings.Fields(l)
					if len(f) == 0 {
						continue
					}
					if f[0] != "go" {
						return nil, fmt.Errorf("README's %q: a command that is not the go command: %s", section, l)
					}
					s.commands = append(s.commands, f[1:])
				}
			case info == "go" && strings.HasPrefix(text, "package "):
				pkg := strings.Fields(block[0])[1]
				s.files[pkg] = text + "\n"
			case info == "" && s.rejected == "":
				s.rejected = text + "\n"
			}
		case in && fence:
			block = append(block, line)
		}
	}
	if len(s.commands) == 0 || s.files["weather"] == "" || s.rejected == "" {
		return nil, fmt.Errorf("README's %q: want go commands in sh blocks, the whole file of package weather and the text of the rejected call", section)
	}
	return s, nil
}

// runREADME runs README's commands in a new module, example.com/agent,
// with README's package weather and the test of testdata/user. It returns
// the module's directory, the commands, and the index and output of the
// first command that failed (-1 if none did).
func runREADME(t *testing.T, proxy string) (dir string, commands [][]string, failed int, out string) {
	t.Helper()
	steps, err := userSteps()
	if err != nil {
		t.Fatal(err)
	}
	env := userEnv(t, proxy, newEmptyCache(t))
	dir = filepath.Join(t.TempDir(), "agent")
	userTest, err := os.ReadFile("testdata/user/weather_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"weather/weather.go":            steps.files["weather"],
		"weather/weather_test.go":       string(userTest),
		"weather/testdata/rejected.txt": steps.rejected,
	} {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := goCmd(dir, env, "mod", "init", "example.com/agent"); err != nil {
		t.Fatalf("go mod init: %v\n%s", err, out)
	}
	for i, args := range steps.commands {
		start := time.Now()
		out, err := goCmd(dir, env, args...)
		t.Logf("go %s (%.1fs)\n%s", strings.Join(args, " "), time.Since(start).Seconds(), out)
		if err != nil {
			return dir, steps.commands, i, out
		}
	}
	return dir, steps.commands, -1, ""
}

// TestPublished runs README's commands against the release.
func TestPublished(t *testing.T) {
	p := release(t)
	v := p.repo.versions.Version
	dir, commands, failed, out := runREADME(t, p.proxy)
	if failed >= 0 {
		t.Fatalf("go %s failed:\n%s", strings.Join(commands[failed], " "), out)
	}

	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	root, adapter := p.repo.root().path, p.repo.root().path+"/runtime/mcptool"
	var got []string
	for _, r := range f.Require {
		got = append(got, r.Mod.String())
	}
	for _, want := range []string{root + "@" + v, adapter + "@" + v} {
		if !slices.Contains(got, want) {
			t.Errorf("the module's go.mod requires %v, want %s among them", got, want)
		}
	}
	if len(f.Tool) != 1 || f.Tool[0].Path != root+"/cmd/toolgen" || len(f.Replace) != 0 {
		t.Errorf("the module's go.mod:\n%s\nwant the tool %s/cmd/toolgen and no replace", data, root)
	}

	// The go command hashed the zips it took as the release's: they came
	// from the proxy directory, and the go.sum lines release writes for
	// our modules are those the go command computes.
	sums, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{root, adapter} {
		pf := p.files[path]
		for _, want := range []string{
			fmt.Sprintf("%s %s %s\n", path, v, pf.zipHash),
			fmt.Sprintf("%s %s/go.mod %s\n", path, v, pf.modHash),
		} {
			if !strings.Contains(string(sums), want) {
				t.Errorf("go.sum lacks %q:\n%s", want, sums)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "weather", "tools_gen.go")); err != nil {
		t.Errorf("go generate wrote no tools_gen.go: %v", err)
	}
}

// TestPublishedMissingVersion publishes a release whose adapters require
// the library at versions the proxy does not hold, and shows the go command
// refuse each:
//   - runtime/mcptool requires a version above the release (a pseudo-version
//     of no commit), as it would in a release whose library tag was not
//     pushed: README's commands fail at the adapter's go get, naming it;
//   - runtime/openaitool requires v0.0.0, as the adapters did before releases
//     rewrote their requirements (a replace made it work in this repository;
//     the go command ignores a dependency's replace): in a new module, the
//     adapter's go get fails, naming it.
func TestPublishedMissingVersion(t *testing.T) {
	missing := map[string]string{}
	p, err := publish(t.TempDir(), func(r *repo) error {
		above := module.PseudoVersion("v0", r.versions.Version, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), "000000000000")
		for dir, v := range map[string]string{"runtime/mcptool": above, "runtime/openaitool": "v0.0.0"} {
			m := r.byPath[r.root().path+"/"+dir]
			f, err := r.modFile(m)
			if err != nil {
				return err
			}
			if err := f.AddRequire(r.root().path, v); err != nil {
				return err
			}
			data, err := f.Format()
			if err != nil {
				return err
			}
			if _, err := r.tree.write(m.file("go.mod"), data); err != nil {
				return err
			}
			missing[dir] = module.Version{Path: r.root().path, Version: v}.String()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("README", func(t *testing.T) {
		_, commands, failed, out := runREADME(t, p.proxy)
		if failed < 0 {
			t.Fatal("README's commands passed with an adapter that requires a version the proxy does not hold")
		}
		if cmd := strings.Join(commands[failed], " "); !strings.HasSuffix(cmd, "/runtime/mcptool") || !strings.Contains(out, missing["runtime/mcptool"]) {
			t.Fatalf("go %s failed, want the go get of runtime/mcptool to fail naming %s:\n%s", cmd, missing["runtime/mcptool"], out)
		}
	})

	t.Run("v0.0.0", func(t *testing.T) {
		env := userEnv(t, p.proxy, newEmptyCache(t))
		dir := t.TempDir()
		if out, err := goCmd(dir, env, "mod", "init", "example.com/agent"); err != nil {
			t.Fatalf("go mod init: %v\n%s", err, out)
		}
		adapter := p.repo.root().path + "/runtime/openaitool"
		out, err := goCmd(dir, env, "get", adapter)
		if err == nil || !strings.Contains(out, missing["runtime/openaitool"]) {
			t.Fatalf("go get %s: %v, want it to fail naming %s:\n%s", adapter, err, missing["runtime/openaitool"], out)
		}
	})
}

// TestReleaseTidy checks that each released module's go.mod and go.sum are
// what go mod tidy writes with the release served by the proxy: a release
// builds as the main module as it is tagged, with no checksum to add.
func TestReleaseTidy(t *testing.T) {
	p := release(t)
	root, err := module.EscapePath(p.repo.root().path)
	if err != nil {
		t.Fatal(err)
	}
	// Our modules come from the proxy directory only.
	extracted, err := filepath.Glob(filepath.Join(thirdPartyCache, filepath.FromSlash(root)+"@*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range append(extracted, filepath.Join(thirdPartyCache, filepath.FromSlash(root)), filepath.Join(thirdPartyCache, "cache", "download", filepath.FromSlash(root))) {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
	}
	env := userEnv(t, p.proxy, thirdPartyCache)
	for _, m := range p.repo.modules {
		out, err := goCmd(p.repo.tree.path(m.dir), env, "mod", "tidy", "-diff")
		if err != nil {
			t.Errorf("%s: go mod tidy -diff: %v\n%s", m.dir, err, out)
		}
	}
}

// TestReleaseFromGit releases a copy of the checkout as docs/releasing.md's Releasing
// says, commit and tags in a Git repository, and has the go command fetch
// every module from those tags, as a module proxy does: the hashes it
// computes are those release wrote in go.sum and that the proxy directory's
// zips have.
func TestReleaseFromGit(t *testing.T) {
	src, err := gitTree(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tr, err := src.copyTo(filepath.Join(dir, "repo"))
	if err != nil {
		t.Fatal(err)
	}
	gitIn := func(args ...string) string {
		t.Helper()
		out, err := git(tr.root, append([]string{"-c", "user.name=release", "-c", "user.email=release@example.com"}, args...)...)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	gitIn("init", "-q")
	gitIn("add", "-A")
	gitIn("commit", "-q", "-m", "main")
	if tr, err = gitTree(tr.root); err != nil {
		t.Fatal(err)
	}
	r, err := loadRepo(tr)
	if err != nil {
		t.Fatal(err)
	}
	_, published, err := r.release()
	if err != nil {
		t.Fatal(err)
	}
	if err := checkClean(r); err != nil {
		t.Fatal(err)
	}
	gitIn("add", "-A")
	gitIn("commit", "-q", "-m", "Release "+r.versions.Version)
	var mods []string
	for _, m := range r.modules {
		gitIn("tag", tag(m.dir, r.versions.Version))
		mods = append(mods, m.path+"@"+r.versions.Version)
	}

	// The go command fetches the root module's repository from
	// https://<root path>; Git reads it from the copy instead.
	config := filepath.Join(dir, "gitconfig")
	if err := os.WriteFile(config, []byte(fmt.Sprintf("[url %q]\n\tinsteadOf = https://%s\n", tr.root, r.root().path)), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(userEnv(t, filepath.Join(dir, "no-proxy"), filepath.Join(dir, "modcache")),
		"GIT_CONFIG_GLOBAL="+config, "GOPROXY=direct", "GOPRIVATE="+r.root().path)
	out, err := goCmd(dir, env, append([]string{"mod", "download", "-json"}, mods...)...)
	if err != nil {
		t.Fatalf("go mod download: %v\n%s", err, out)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	got := map[string][2]string{}
	for dec.More() {
		var d struct{ Path, Sum, GoModSum, Error string }
		if err := dec.Decode(&d); err != nil {
			t.Fatal(err)
		}
		if d.Error != "" {
			t.Errorf("%s: %s", d.Path, d.Error)
		}
		got[d.Path] = [2]string{d.Sum, d.GoModSum}
	}
	for _, m := range r.modules {
		p := published[m]
		if want := [2]string{p.zipHash, p.modHash}; got[m.path] != want {
			t.Errorf("%s: the go command hashes the tag %v, release %v", m.path, got[m.path], want)
		}
	}
}

// Package node gives tests npm packages to run with Node.js: the
// reference tools toolgen is checked against (ajv, the official MCP
// TypeScript SDK). A directory of the repository holds a package.json and
// its package-lock.json; Install runs npm ci on a copy of them, once per
// lock file content, in the user's cache directory, and returns where the
// packages are. Nothing is installed by hand and nothing is written into
// the repository.
//
// Without node and npm on the PATH, the tests that need them are skipped,
// unless TOOLGEN_REQUIRE_NODE is set (CI sets it): then they fail, as they
// do whenever the installation fails.
package node

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Node returns the path of node, skipping the test when node or npm is
// missing, or failing it when TOOLGEN_REQUIRE_NODE is set.
func Node(t testing.TB) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = exec.LookPath("npm")
	}
	if err != nil {
		if os.Getenv("TOOLGEN_REQUIRE_NODE") != "" {
			t.Fatalf("TOOLGEN_REQUIRE_NODE is set, but: %v", err)
		}
		t.Skipf("node and npm are needed: %v", err)
	}
	return node
}

// Install installs the packages that lockDir's package.json and
// package-lock.json name and returns the directory that holds their
// node_modules. A failure fails the test.
func Install(t testing.TB, lockDir string) string {
	t.Helper()
	Node(t)
	pkg, err := os.ReadFile(filepath.Join(lockDir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	lock, err := os.ReadFile(filepath.Join(lockDir, "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(append(append(pkg, 0), lock...))
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	root := filepath.Join(cache, "toolgen-nodetest")
	dir := filepath.Join(root, hex.EncodeToString(sum[:12]))
	if _, err := os.Stat(filepath.Join(dir, ".installed")); err == nil {
		return dir
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	// Installed in a directory of its own, then moved in place, so that
	// tests running at once never see half an installation.
	tmp, err := os.MkdirTemp(root, "install-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	for name, data := range map[string][]byte{"package.json": pkg, "package-lock.json": lock} {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm ci for %s: %v\n%s", lockDir, err, out)
	}
	if err := os.WriteFile(filepath.Join(tmp, ".installed"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, ".installed")); statErr != nil {
			t.Fatalf("installing into %s: %v", dir, errors.Join(err, statErr))
		}
		// Another test installed the same packages meanwhile.
	}
	return dir
}

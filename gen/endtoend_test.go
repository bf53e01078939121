package gen_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/internal/testkit/dump"
)

// TestEndToEnd compiles and runs what toolgen generates, as stringer's
// endtoend test does. It copies every golden case into one temporary module
// that requires this one through a replace directive, runs the toolgen
// command on it, checks that the output is the golden file, and then runs
// go vet, go build and go test on the module: each case's run_test.go calls
// the generated validators and asserts their exact errors.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the toolgen command and a module of every case")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	env := goEnv()

	toolgen := filepath.Join(tmp, "toolgen")
	goCmd(t, root, env, "build", "-o", toolgen, "./cmd/toolgen")

	mod := filepath.Join(tmp, "e2e")
	writeModule(t, root, mod)
	copyFile(t, filepath.Join(goldenDir, "_check", "check.go"), filepath.Join(mod, "check", "check.go"))
	cases := goldenCases(t)
	for _, name := range cases {
		copyCase(t, filepath.Join(goldenDir, name), filepath.Join(mod, name))
	}

	// The cases with directives in one run over the module, as
	// "go generate ./..." would; the -type cases one by one.
	run(t, mod, env, toolgen, "./...")
	for _, name := range cases {
		if types := goldenTypes[name]; types != nil {
			run(t, filepath.Join(mod, name), env, toolgen, "-type", strings.Join(types, ","))
		}
	}
	for _, name := range cases {
		got, err := os.ReadFile(filepath.Join(mod, name, "tools_gen.go"))
		if err != nil {
			t.Errorf("toolgen did not generate %s: %v", name, err)
			continue
		}
		golden := filepath.Join(goldenDir, name, goldenFile)
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("the toolgen command generated for %s other code than %s:\n%s", name, golden, lineDiff(golden, "toolgen", string(want), string(got)))
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	goCmd(t, mod, env, "vet", "./...")
	goCmd(t, mod, env, "build", "./...")
	// The cases' tests record their tools' definitions and their calls'
	// verdicts (see check's doc): a part of the behaviour dump.
	recorded := filepath.Join(tmp, "dump")
	if err := os.Mkdir(recorded, 0o755); err != nil {
		t.Fatal(err)
	}
	goCmd(t, mod, append(env, "TOOLGEN_E2E_DUMP="+recorded), "test", "-count=1", "./...")
	var all strings.Builder
	all.WriteString("# The golden cases' tools and the verdicts of their run_test.go calls: see gen/endtoend_test.go.\n")
	for _, name := range cases {
		data, err := os.ReadFile(filepath.Join(recorded, name+".txt"))
		if err != nil {
			t.Errorf("case %s recorded nothing: %v", name, err)
		}
		fmt.Fprintf(&all, "\n# case %s\n%s", name, data)
	}
	dump.Golden(t, filepath.Join("testdata", "behaviour", "golden.txt"), all.String())
}

// goEnv is the environment of the go commands: the real module cache and
// proxy, -mod=mod so that the temporary module's go.sum may be completed,
// no workspace.
func goEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
}

// writeModule writes a go.mod that requires toolgen from root, with root's
// go version and go.sum.
func writeModule(t *testing.T, root, dir string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goVersion := ""
	for _, line := range strings.Split(string(src), "\n") {
		if v, ok := strings.CutPrefix(line, "go "); ok {
			goVersion = strings.TrimSpace(v)
		}
	}
	if goVersion == "" {
		t.Fatalf("no go directive in %s/go.mod", root)
	}
	gomod := "module example.com/e2e\n\ngo " + goVersion + "\n\n" +
		"require (\n" +
		"\tgithub.com/santhosh-tekuri/jsonschema/v6 v6.0.3\n" +
		"\tgithub.com/toolgen-go/toolgen v0.0.0-00010101000000-000000000000\n" +
		")\n\n" +
		"replace github.com/toolgen-go/toolgen => " + root + "\n"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join(root, "go.sum"), filepath.Join(dir, "go.sum"))
}

// copyCase copies a case's Go files and the schema files of its
// schema= tools, not its golden file.
func copyCase(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), ".json") {
			copyFile(t, filepath.Join(from, e.Name()), filepath.Join(to, e.Name()))
		}
		if strings.HasSuffix(e.Name(), ".go") {
			n++
		}
	}
	if _, err := os.Stat(filepath.Join(from, "run_test.go")); err != nil {
		t.Errorf("case %s has no run_test.go to run its generated code", filepath.Base(from))
	}
	if n == 0 {
		t.Fatalf("no Go files in %s", from)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	src, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, src, 0o644); err != nil {
		t.Fatal(err)
	}
}

func goCmd(t *testing.T, dir string, env []string, args ...string) {
	t.Helper()
	run(t, dir, env, "go", args...)
}

// run runs a command in dir and fails the test with its output when it
// fails.
func run(t *testing.T, dir string, env []string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("%s %s (in %s): %v", filepath.Base(name), strings.Join(args, " "), dir, time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

package gen_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	toolformat "github.com/toolgen-go/toolgen/internal/format"
)

// The conformance test runs the official JSON Schema Test Suite's files of
// drafts 2020-12, 2019-09 and 7 through the compiler: it generates one
// package with a validator per suite schema (the code path of `toolgen
// schema`), builds it once in a temporary module, runs it over every case
// and compares the verdicts. The suite's remote documents are read from its
// remotes folder, as `toolgen schema -ref` reads them. Every case must pass
// except those in the expected-skip list, each with its reason; a listed
// case that passes is an error too, so that the list stays true.

var updateConformance = flag.Bool("update-conformance", false, "rewrite testdata/conformance.md from the results")

const suiteRoot = "../testdata/jsonschema-test-suite"

// suiteDrafts are the suite's folders and the draft of their schemas
// without $schema.
var suiteDrafts = []struct{ dir, draft string }{
	{"draft2020-12", "2020-12"},
	{"draft2019-09", "2019-09"},
	{"draft7", "draft-07"},
}

// suiteFiles lists the suite's files of a draft folder.
func suiteFiles(t *testing.T, dir string) []string {
	matches, err := filepath.Glob(filepath.Join(suiteRoot, dir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, matches)
	var files []string
	for _, m := range matches {
		files = append(files, filepath.Join(dir, filepath.Base(m)))
	}
	return files
}

// suiteLoader reads the suite's remote documents, which it serves at
// http://localhost:1234/, and the drafts' metaschemas, from the copy the
// reference implementation's module holds.
func suiteLoader(uri string) ([]byte, error) {
	if rest, ok := strings.CutPrefix(uri, "http://localhost:1234/"); ok {
		return os.ReadFile(filepath.Join(suiteRoot, "remotes", filepath.FromSlash(rest)))
	}
	for _, prefix := range []string{"http://json-schema.org/", "https://json-schema.org/"} {
		if rest, ok := strings.CutPrefix(uri, prefix); ok {
			return os.ReadFile(filepath.Join(metaschemaDir(), filepath.FromSlash(rest)))
		}
	}
	return nil, fmt.Errorf("not in the suite's remotes (toolgen fetches nothing over a network)")
}

// metaschemaDir is the folder of the drafts' metaschemas in the module of
// santhosh-tekuri/jsonschema, found with go list.
var metaschemaDir = sync.OnceValue(func() string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/santhosh-tekuri/jsonschema/v6").Output()
	if err != nil {
		return ""
	}
	return filepath.Join(strings.TrimSpace(string(out)), "metaschemas")
})

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

type suiteCase struct {
	File, Group, Test string
	Func              string
	Data              json.RawMessage
	Valid             bool
	Refused           string // the generation error, when the schema is refused
}

func (c suiteCase) key() string { return c.File + "\t" + c.Group + "\t" + c.Test }

// expectedSkips reads the committed list: file, group, test and reason,
// tab-separated, one case a line.
func expectedSkips(t *testing.T) map[string]string {
	data, err := os.ReadFile("testdata/conformance-skip.tsv")
	require.NoError(t, err)
	skips := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		require.Len(t, parts, 4, "skip line %q: want file, group, test, reason", line)
		require.NotEmpty(t, parts[3], "skip line %q has no reason", line)
		skips[strings.Join(parts[:3], "\t")] = parts[3]
	}
	return skips
}

// loadSuite compiles every schema of the files (paths under suiteRoot)
// into dir, one file per schema, reading a schema without $schema as draft
// says, and returns the cases.
func loadSuite(t *testing.T, files []string, dir, draft string) []suiteCase {
	var cases []suiteCase
	var registry []string
	for _, file := range files {
		data, err := os.ReadFile(filepath.Join(suiteRoot, file))
		require.NoError(t, err)
		var groups []suiteGroup
		require.NoError(t, json.Unmarshal(data, &groups), file)
		id := gen.Camel(file)
		for gi, g := range groups {
			fn := fmt.Sprintf("Validate%sG%02d", id, gi)
			opts := gen.Options{Draft: draft, Loader: suiteLoader}
			src, _, err := gen.CompileSchema(g.Schema, "main", fn, filepath.Base(file), opts)
			refused := ""
			if err != nil {
				refused = err.Error()
			} else {
				formatted, ferr := format.Source(src)
				require.NoError(t, ferr)
				require.Equal(t, string(formatted), string(src), "generated code for %s / %s is not gofmt clean", file, g.Description)
				require.NoError(t, os.WriteFile(filepath.Join(dir, strings.ToLower(fn)+"_gen.go"), src, 0o644))
				registry = append(registry, fn)
				// The same schema through its match functions only.
				dsrc, err := gen.CompileSchemaDecide(g.Schema, "main", "Decide"+fn[len("Validate"):], filepath.Base(file), opts)
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dir, "decide"+strings.ToLower(fn[len("Validate"):])+"_gen.go"), dsrc, 0o644))
				registry = append(registry, "Decide"+fn[len("Validate"):])
			}
			for _, c := range g.Tests {
				cases = append(cases, suiteCase{File: filepath.ToSlash(file), Group: g.Description, Test: c.Description, Func: fn,
					Data: c.Data, Valid: c.Valid, Refused: refused})
			}
		}
	}
	writeSuiteMain(t, dir, registry)
	return cases
}

// writeSuiteMain writes the main.go of the program that runs the
// validators named in registry.
func writeSuiteMain(t *testing.T, dir string, registry []string) {
	var main strings.Builder
	main.WriteString(suiteMain)
	main.WriteString("var validators = map[string]func(any) tool.Errors{\n")
	for _, fn := range registry {
		fmt.Fprintf(&main, "\t%q: %s,\n", fn, fn)
	}
	main.WriteString("}\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(main.String()), 0o644))
}

// suiteMain reads {"func", "data"} lines and prints, per line, "valid",
// "invalid" with the errors' Codes and Messages, or "panic: ...", or for a
// func "allocs:F" the allocations of F on the data.
const suiteMain = `package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<24)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var c struct {
			Func string
			Data json.RawMessage
		}
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			panic(err)
		}
		var v any
		if err := json.Unmarshal(c.Data, &v); err != nil {
			panic(err)
		}
		if name, ok := strings.CutPrefix(c.Func, "allocs:"); ok {
			fn := validators[name]
			fmt.Fprintln(out, strconv.Quote(fmt.Sprint(testing.AllocsPerRun(10, func() { fn(v) }))))
			continue
		}
		fmt.Fprintln(out, strconv.Quote(run(validators[c.Func], v)))
	}
}

func run(fn func(any) tool.Errors, v any) (verdict string) {
	defer func() {
		if r := recover(); r != nil {
			verdict = fmt.Sprintf("panic: %v", r)
		}
	}()
	if errs := fn(v); len(errs) > 0 {
		return "invalid, codes " + list(errs.Codes()) + ", messages " + list(errs.Messages())
	}
	return "valid"
}

// list writes texts as a JSON array, "<" and ">" as they are.
func list(texts []string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(texts); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

`

// buildTemp builds the package in dir as a module that replaces toolgen with
// this repository, and returns the binary.
func buildTemp(t *testing.T, dir string) string {
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	gomod := "module suite\n\ngo 1.24\n\nrequire github.com/toolgen-go/toolgen v0.0.0\n\nreplace github.com/toolgen-go/toolgen => " + root + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
	for _, args := range [][]string{{"vet", "."}, {"build", "-o", "suite.bin", "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
	}
	return filepath.Join(dir, "suite.bin")
}

// runCases runs the cases through the validators of the program bin and,
// when decide, through their match functions too, which must agree.
func runCases(t *testing.T, bin string, cases []suiteCase, decide bool) []string {
	var in bytes.Buffer
	var ran []int
	per := 1
	if decide {
		per = 2
	}
	for i, c := range cases {
		if c.Refused != "" {
			continue
		}
		fns := []string{c.Func}
		if decide {
			fns = append(fns, "Decide"+c.Func[len("Validate"):])
		}
		for _, fn := range fns {
			line, err := json.Marshal(map[string]any{"Func": fn, "Data": c.Data})
			require.NoError(t, err)
			in.Write(line)
			in.WriteByte('\n')
		}
		ran = append(ran, i)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = &in
	out, err := cmd.Output()
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	require.Len(t, lines, per*len(ran))
	verdicts := make([]string, len(cases))
	for k, i := range ran {
		verdicts[i], err = strconv.Unquote(lines[per*k])
		require.NoError(t, err)
		if !decide {
			continue
		}
		decided, err := strconv.Unquote(lines[per*k+1])
		require.NoError(t, err)
		if strings.HasPrefix(verdicts[i], "valid") != strings.HasPrefix(decided, "valid") || strings.HasPrefix(decided, "panic") {
			c := cases[i]
			t.Errorf("%s / %s / %s: the match functions decide %q, the validator %q", c.File, c.Group, c.Test, decided, verdicts[i])
		}
	}
	return verdicts
}

func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package of every suite schema")
	}
	dir := t.TempDir()
	var cases []suiteCase
	var main strings.Builder
	for _, d := range suiteDrafts {
		// One package: each draft's main.go is renamed, and merged below.
		cases = append(cases, loadSuite(t, suiteFiles(t, d.dir), dir, d.draft)...)
		data, err := os.ReadFile(filepath.Join(dir, "main.go"))
		require.NoError(t, err)
		main.Write(data)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(mergeMains(main.String())), 0o644))
	bin := buildTemp(t, dir)
	verdicts := runCases(t, bin, cases, true)
	checkVerdicts(t, "conformance", cases, verdicts)
	skips := expectedSkips(t)

	type tally struct{ cases, passed, skipped int }
	perFile := map[string]*tally{}
	reasons := map[string]map[string]int{} // draft -> reason -> cases
	seen := map[string]bool{}
	for i, c := range cases {
		tl := perFile[c.File]
		if tl == nil {
			tl = &tally{}
			perFile[c.File] = tl
		}
		tl.cases++
		seen[c.key()] = true
		verdict := verdicts[i]
		passed := c.Refused == "" && strings.HasPrefix(verdict, "valid") == c.Valid && !strings.HasPrefix(verdict, "panic")
		reason, skipped := skips[c.key()]
		switch {
		case strings.HasPrefix(verdict, "panic"):
			t.Errorf("%s / %s / %s: the validator panicked: %s", c.File, c.Group, c.Test, verdict)
		case passed && skipped:
			t.Errorf("%s / %s / %s passes but is in the skip list (%s): remove it", c.File, c.Group, c.Test, reason)
		case passed:
			tl.passed++
		case skipped:
			tl.skipped++
			draft := path.Dir(c.File)
			if reasons[draft] == nil {
				reasons[draft] = map[string]int{}
			}
			reasons[draft][reason]++
		case c.Refused != "":
			t.Errorf("%s / %s / %s: schema refused: %s", c.File, c.Group, c.Test, c.Refused)
		default:
			t.Errorf("%s / %s / %s: want valid=%v, got %s\n  schema: %s\n  data: %s", c.File, c.Group, c.Test, c.Valid, verdict,
				compactSchema(t, c), c.Data)
		}
	}
	for key := range skips {
		if !seen[key] {
			t.Errorf("skip list names a case the suite does not have: %q", key)
		}
	}
	var table strings.Builder
	for _, d := range suiteDrafts {
		fmt.Fprintf(&table, "### %s\n\n| file | cases | passed | skipped |\n|---|---:|---:|---:|\n", d.dir)
		var total tally
		var files []string
		for f := range perFile {
			if path.Dir(f) == d.dir {
				files = append(files, f)
			}
		}
		sort.Strings(files)
		for _, f := range files {
			tl := perFile[f]
			fmt.Fprintf(&table, "| %s | %d | %d | %d |\n", path.Base(f), tl.cases, tl.passed, tl.skipped)
			total.cases += tl.cases
			total.passed += tl.passed
			total.skipped += tl.skipped
		}
		fmt.Fprintf(&table, "| **total: %d files** | %d | %d | %d |\n\n", len(files), total.cases, total.passed, total.skipped)
		if len(reasons[d.dir]) > 0 {
			table.WriteString("Skipped:\n\n")
			for _, r := range sortedByCount(reasons[d.dir]) {
				fmt.Fprintf(&table, "- %d: %s\n", reasons[d.dir][r], r)
			}
			table.WriteString("\n")
		}
	}
	t.Logf("conformance:\n%s", table.String())
	if *updateConformance {
		require.NoError(t, os.WriteFile("testdata/conformance.md", []byte(table.String()), 0o644))
	}
	if !t.Failed() {
		want, err := os.ReadFile("testdata/conformance.md")
		require.NoError(t, err)
		require.Equal(t, string(want), table.String(), "testdata/conformance.md is stale: run go test ./gen -run TestConformance -update-conformance")
	}
}

// mergeMains joins the main.go of each draft into one: the first keeps its
// head, every validators map is merged.
func mergeMains(all string) string {
	parts := strings.Split(all, suiteMain)
	var entries strings.Builder
	for _, p := range parts {
		p = strings.TrimPrefix(p, "var validators = map[string]func(any) tool.Errors{\n")
		p = strings.TrimSuffix(p, "}\n")
		entries.WriteString(p)
	}
	return suiteMain + "var validators = map[string]func(any) tool.Errors{\n" + entries.String() + "}\n"
}

func sortedByCount(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

func compactSchema(t *testing.T, c suiteCase) string {
	data, err := os.ReadFile(filepath.Join(suiteRoot, c.File))
	require.NoError(t, err)
	var groups []suiteGroup
	require.NoError(t, json.Unmarshal(data, &groups))
	for _, g := range groups {
		if g.Description == c.Group {
			var b bytes.Buffer
			json.Compact(&b, g.Schema)
			return b.String()
		}
	}
	return strconv.Quote(c.Group)
}

// TestFormatFilesThroughCompiler runs the suite's optional/format files for
// the formats toolgen checks (when they are in testdata) through the
// compiler: each generated validator must give the verdict of the format's
// checker in internal/format, which is tested against these files on its
// own. It logs the suite's pass rate as well.
func TestFormatFilesThroughCompiler(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package of every format schema")
	}
	var files []string
	for _, name := range toolformat.Names() {
		f := filepath.Join("draft2020-12", "optional", "format", name+".json")
		if _, err := os.Stat(filepath.Join(suiteRoot, f)); err == nil {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Skip("the suite's optional/format files are not in testdata")
	}
	dir := t.TempDir()
	cases := loadSuite(t, files, dir, "2020-12")
	bin := buildTemp(t, dir)
	verdicts := runCases(t, bin, cases, true)
	checkVerdicts(t, "formats", cases, verdicts)
	passed := map[string]int{}
	total := map[string]int{}
	for i, c := range cases {
		require.Empty(t, c.Refused, "%s / %s", c.File, c.Group)
		var v any
		require.NoError(t, json.Unmarshal(c.Data, &v))
		name := strings.TrimSuffix(filepath.Base(c.File), ".json")
		want := true
		if s, ok := v.(string); ok {
			_, want = toolformat.Check(name, s)
		}
		got := strings.HasPrefix(verdicts[i], "valid")
		if got != want {
			t.Errorf("%s / %s / %s: the validator says valid=%v, format.Check %v (%q)", c.File, c.Group, c.Test, got, want, c.Data)
		}
		total[c.File]++
		if got == c.Valid {
			passed[c.File]++
		}
	}
	for _, f := range files {
		t.Logf("%s: %d of %d suite cases pass", f, passed[f], total[f])
	}
}

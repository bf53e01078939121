package emit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/ecma"
)

// runPatterns are simple patterns that compile to loops.
var runPatterns = []string{
	`^[a-z0-9_-]+$`, `^[a-z]*$`, `^[A-Za-z]{2,5}$`, `^[0-9]{3}$`, `^[0-9+ -]{6,20}$`, `^\d+$`, `^\w{1,}$`,
	`^[^,]+$`, `^.{0,10}$`, `^.+$`, `^a?$`, `^[\-\]\\]+$`, `^[é日-本]+$`, `^[-a]{2}$`, `^[a-]*$`, `^x$`,
	`^[\d.]{1,8}$`, `^[^a-z]*$`, `^😀*$`, `^[\w$]+$`,
}

// seqPatterns are sequences of runs that compile to a loop per run.
var seqPatterns = []string{
	`^ACC-[0-9]{6}$`, `^\+[0-9]{7,15}$`, `^[0-9]+\.[0-9]+\.[0-9]+$`, `^[a-z][a-z0-9-]{0,29}$`,
	`^[a-z][a-z0-9.]{1,31}$`, `^[a-z]+/[a-z0-9.+-]+$`, `^a?b$`, `^\d{2}-\d*$`, `^[A-Z]{2}\w?$`, `^a*_b{2,}$`,
	`^[ab]{1,3}z{1,2}$`, `^a\$$`,
}

func TestParseSeqRecognizes(t *testing.T) {
	for _, p := range seqPatterns {
		_, ok := parseSeq(p)
		assert.True(t, ok, p)
	}
	// Runs that could end in more than one place, groups, alternatives,
	// classes beyond ASCII, lazy or doubled quantifiers.
	for _, p := range []string{`^[a-z]+[a-z0-9]$`, `^a*a$`, `^a+b?a$`, `^[a-z]{2}(-[A-Z]{2})?$`, `^a|b$`,
		`^é+a$`, `^.+a$`, `^[^a]+a$`, `^a+?b$`, `^a{1,2}{3}b$`, `^a+\s$`, `^[a-z]+$`, `^a+\$`} {
		_, ok := parseSeq(p)
		assert.False(t, ok, p)
	}
}

func TestParseRunRecognizes(t *testing.T) {
	for _, p := range runPatterns {
		_, ok := parseRun(p)
		assert.True(t, ok, p)
	}
	for _, p := range []string{`^[a-z]+`, `[a-z]+$`, `[a-z]`, `^a+b$`, `^(a)+$`, `^[a-z]+?$`, `^[]$`, `^[a-z]{3,2}$`,
		`^\s+$`, `^[\s]+$`, `^a|b$`, `^[a-z]+\$`, `^[[:alpha:]]+$`, `^\p{L}+$`, `^[z-a]$`, `^a{1,2}{3}$`} {
		_, ok := parseRun(p)
		assert.False(t, ok, p)
	}
}

// TestRunLoopsMatchRegexp compiles the loop of every simple pattern and runs
// it against regexp, on all short strings over an alphabet of boundary and
// tricky characters (multi-byte, line terminators, invalid UTF-8) and on
// many random longer ones: the loop is a drop-in for the regexp.
func TestRunLoopsMatchRegexp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	f := jen.NewFile("main")
	var table []jen.Code
	for i, p := range runPatterns {
		run, ok := parseRun(p)
		require.True(t, ok, p)
		name := "p" + strconv.Itoa(i)
		f.Add(run.emit(name, p))
		re2, err := ecma.Translate(p)
		require.NoError(t, err, p)
		table = append(table, jen.Values(jen.Lit(p), jen.Lit(re2), jen.Id(name)))
	}
	for i, p := range seqPatterns {
		seq, ok := parseSeq(p)
		require.True(t, ok, p)
		name := "q" + strconv.Itoa(i)
		f.Add(seq.emit(name, p))
		re2, err := ecma.Translate(p)
		require.NoError(t, err, p)
		table = append(table, jen.Values(jen.Lit(p), jen.Lit(re2), jen.Id(name)))
	}
	f.Var().Id("loops").Op("=").Index().Struct(jen.Id("pattern").String(), jen.Id("re2").String(), jen.Id("fn").Func().Params(jen.String()).Bool()).Values(table...)
	dir := t.TempDir()
	require.NoError(t, f.Save(filepath.Join(dir, "loops.go")))
	root, err := filepath.Abs("../../..")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(loopDriver), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module loops\n\ngo 1.24\n\nrequire github.com/toolgen-go/toolgen v0.0.0\n\nreplace github.com/toolgen-go/toolgen => "+root+"\n"), 0o644))
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), fmt.Sprintf("%d patterns agree", len(runPatterns)+len(seqPatterns)))
}

const loopDriver = `package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
)

var alphabet = []string{"a", "b", "z", "A", "Z", "0", "9", "_", "-", " ", ".", ",", "+", "$", "\\", "]",
	"\n", "\r", "\t", "\u2028", "é", "日", "本", "😀", "\x00", "\xff", "\xc3", "` + "`" + `", "{", "~", "C", "/"}

func main() {
	rng := rand.New(rand.NewPCG(1, 2))
	var inputs []string
	var build func(prefix string, n int)
	build = func(prefix string, n int) {
		inputs = append(inputs, prefix)
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			build(prefix+c, n-1)
		}
	}
	build("", 3)
	for range 20000 {
		s := ""
		for range rng.IntN(24) {
			s += alphabet[rng.IntN(len(alphabet))]
		}
		inputs = append(inputs, s)
	}
	for _, l := range loops {
		re := regexp.MustCompile(l.re2)
		for _, s := range inputs {
			if l.fn(s) != re.MatchString(s) {
				fmt.Printf("pattern %q on %q: loop %v, regexp %v\n", l.pattern, s, l.fn(s), re.MatchString(s))
				os.Exit(1)
			}
		}
		// Strings of the class itself, at every length around the bounds.
		for n := 0; n < 25; n++ {
			for _, c := range alphabet {
				s := ""
				for range n {
					s += c
				}
				if l.fn(s) != re.MatchString(s) {
					fmt.Printf("pattern %q on %q: loop %v, regexp %v\n", l.pattern, s, l.fn(s), re.MatchString(s))
					os.Exit(1)
				}
			}
		}
	}
	fmt.Printf("%d patterns agree on %d strings\n", len(loops), len(inputs))
}
`

func TestRunEmitIsReadable(t *testing.T) {
	run, ok := parseRun(`^[a-z0-9_-]+$`)
	require.True(t, ok)
	f := jen.NewFile("p")
	f.Add(run.emit("tagPattern", `^[a-z0-9_-]+$`))
	src := f.GoString()
	assert.True(t, strings.Contains(src, `'a' <= c && c <= 'z'`), src)
	assert.True(t, strings.Contains(src, `if len(s) < 1 {`), src)
}

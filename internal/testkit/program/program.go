// Package program builds programs of generated code for the tests that run
// what toolgen generates: the code goes into a temporary module that
// requires this repository's module, replaced by its working tree.
package program

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Root is the root of the repository's working tree.
func Root(tb testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("program: no caller information")
	}
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", "..", ".."))
}

// Build writes a go.mod into dir, the folder of a main package, and builds
// it; it returns the binary.
func Build(tb testing.TB, dir string) string {
	tb.Helper()
	gomod := "module program\n\ngo 1.24\n\nrequire github.com/toolgen-go/toolgen v0.0.0\n\nreplace github.com/toolgen-go/toolgen => " + Root(tb) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		tb.Fatal(err)
	}
	bin := filepath.Join(dir, "main.bin")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, strings.TrimSpace(string(out)))
	}
	return bin
}

// WriteMain writes the main.go of a program that runs the validators named
// funcs (each a func(any) tool.Errors of the package in dir) on the Lines
// of its standard input, and prints a verdict per line (see Run).
func WriteMain(tb testing.TB, dir string, funcs []string) {
	tb.Helper()
	var b strings.Builder
	b.WriteString(validatorMain)
	b.WriteString("var validators = map[string]func(any) tool.Errors{\n")
	for _, fn := range funcs {
		fmt.Fprintf(&b, "\t%q: %s,\n", fn, fn)
	}
	b.WriteString("}\n")
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// Line is a value for a validator of the program: Data, JSON, decoded with
// numbers as json.Number (as tool.ParseArgs decodes them) or, when Float,
// as float64 (as encoding/json decodes them by default).
type Line struct {
	Func  string
	Float bool
	Data  string
}

// Run runs the program bin on lines and returns its verdict on each:
// "valid", "invalid " and the errors, or "panic: " and the panic.
func Run(tb testing.TB, bin string, lines []Line) []string {
	tb.Helper()
	var in bytes.Buffer
	for _, l := range lines {
		data, err := json.Marshal(map[string]any{"Func": l.Func, "Float": l.Float, "Data": json.RawMessage(l.Data)})
		if err != nil {
			tb.Fatalf("%s: %v", l.Data, err)
		}
		in.Write(data)
		in.WriteByte('\n')
	}
	cmd := exec.Command(bin)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("%s: %v", bin, err)
	}
	verdicts := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(verdicts) != len(lines) {
		tb.Fatalf("%s: %d verdicts for %d lines", bin, len(verdicts), len(lines))
	}
	for i, v := range verdicts {
		if verdicts[i], err = strconv.Unquote(v); err != nil {
			tb.Fatalf("%s: verdict %q: %v", bin, v, err)
		}
	}
	return verdicts
}

const validatorMain = `package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var c struct {
			Func  string
			Float bool
			Data  json.RawMessage
		}
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			panic(err)
		}
		dec := json.NewDecoder(bytes.NewReader(c.Data))
		if !c.Float {
			dec.UseNumber()
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			panic(err)
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
		return "invalid " + errs.Error()
	}
	return "valid"
}

`

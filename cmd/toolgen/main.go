// Command toolgen generates, for each Go struct annotated with
// //toolgen:tool, the tool's JSON Schema and a type-specialized validator of
// a model's arguments.
//
// Usage:
//
//	//go:generate go tool toolgen
//	toolgen [-output file] [-tags tags] [-type T1,T2] [packages]
//
// Packages are go/packages patterns, "." by default. The output, one file
// per package, is tools_gen.go unless -output says otherwise.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgen-go/toolgen/gen"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("toolgen: ")
	output := flag.String("output", "", "output file name; default <package dir>/"+gen.DefaultOutput)
	tags := flag.String("tags", "", "comma-separated list of build tags to apply")
	typeNames := flag.String("type", "", "comma-separated list of struct type names to generate tools for, in place of //toolgen:tool directives")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "Usage of toolgen:\n")
		fmt.Fprintf(os.Stderr, "\ttoolgen [-output file] [-tags tags] [-type T1,T2] [packages]\n")
		fmt.Fprintf(os.Stderr, "Flags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if filepath.Base(*output) != *output && flag.NArg() > 1 {
		log.Print("-output with a directory needs a single package")
		flag.Usage()
		os.Exit(2)
	}

	cfg := gen.Config{Patterns: flag.Args(), Output: *output, Tags: split(*tags), Types: split(*typeNames)}
	files, err := gen.Generate(cfg)
	if err != nil {
		// Like the Go compiler: one file:line:col: message per line.
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := gen.Write(files); err != nil {
		log.Fatal(err)
	}
}

func split(list string) []string {
	var out []string
	for _, s := range strings.Split(list, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Command benchchart turns the output of BenchmarkCall (examples/bench),
// one run or several (-count), into the table of docs/performance.md and a bar chart:
//
//	go run ./examples/internal/benchchart -doc docs/performance.md -svg docs/bench.svg docs/bench.txt
//
// It takes the median of each benchmark's runs. The table replaces what
// lies between the document's <!-- benchchart:begin --> and
// <!-- benchchart:end --> lines; the chart is an SVG of the valid calls'
// times on a log scale.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("benchchart: ")
	doc := flag.String("doc", "", "the markdown `file` whose benchchart section gets the table")
	svg := flag.String("svg", "", "the `file` to write the chart to")
	metric := flag.String("metric", "ns/op", "the time `unit` to show: ns/op, or cpu-ns/op")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: benchchart [-doc docs/performance.md] [-svg chart.svg] [-metric ns/op] bench.txt")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	in, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	set, err := Parse(bytes.NewReader(in))
	if err != nil {
		log.Fatalf("%s: %v", flag.Arg(0), err)
	}
	table, err := Table(set, *metric)
	if err != nil {
		log.Fatal(err)
	}
	if *doc == "" && *svg == "" {
		fmt.Print(table)
		return
	}
	if *doc != "" {
		text, err := os.ReadFile(*doc)
		if err != nil {
			log.Fatal(err)
		}
		out, err := ReplaceSection(text, table)
		if err != nil {
			log.Fatalf("%s: %v", *doc, err)
		}
		if err := os.WriteFile(*doc, out, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	if *svg != "" {
		chart, err := Chart(set, *metric)
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(*svg, []byte(chart), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

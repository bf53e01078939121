package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Set is the benchmarks of one `go test -bench` output.
type Set struct {
	// CPU is the output's cpu line, if any.
	CPU string
	// Benchmarks in the order of their first run.
	Benchmarks []*Benchmark
}

// Benchmark is one benchmark's runs.
type Benchmark struct {
	// Name is the name without the Benchmark prefix's GOMAXPROCS suffix.
	Name string
	// Keys are the name's key=value parts: tool, impl, call.
	Keys map[string]string
	// Samples holds each unit's values, one per run.
	Samples map[string][]float64
}

// Median is the median of the unit's values, and whether there are any.
func (b *Benchmark) Median(unit string) (float64, bool) {
	v := slices.Sorted(slices.Values(b.Samples[unit]))
	if len(v) == 0 {
		return 0, false
	}
	if len(v)%2 == 1 {
		return v[len(v)/2], true
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2, true
}

// Runs is how many runs the benchmark has.
func (b *Benchmark) Runs() int { return len(b.Samples["ns/op"]) }

// Parse reads the output of `go test -bench`, in the format
// golang.org/x/perf/benchfmt reads: a line per run, "BenchmarkName-P
// iterations value unit value unit...". Other lines are skipped; a
// benchmark line that does not parse is an error with its line number.
func Parse(r io.Reader) (*Set, error) {
	set := &Set{}
	index := map[string]*Benchmark{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if cpu, ok := strings.CutPrefix(line, "cpu: "); ok {
			set.CPU = strings.TrimSpace(cpu)
			continue
		}
		if !strings.HasPrefix(line, "Benchmark") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || len(f)%2 != 0 {
			return nil, fmt.Errorf("line %d: not a benchmark result: %q", n, line)
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			return nil, fmt.Errorf("line %d: iterations %q: %v", n, f[1], err)
		}
		name := trimProcs(f[0])
		b := index[name]
		if b == nil {
			b = &Benchmark{Name: name, Keys: keys(name), Samples: map[string][]float64{}}
			index[name] = b
			set.Benchmarks = append(set.Benchmarks, b)
		}
		for i := 2; i < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: value %q of %s: %v", n, f[i], f[i+1], err)
			}
			b.Samples[f[i+1]] = append(b.Samples[f[i+1]], v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(set.Benchmarks) == 0 {
		return nil, fmt.Errorf("no benchmark results")
	}
	return set, nil
}

// trimProcs removes the -P suffix go test adds when GOMAXPROCS is not 1.
func trimProcs(name string) string {
	i := strings.LastIndexByte(name, '-')
	if i < 0 {
		return name
	}
	if _, err := strconv.Atoi(name[i+1:]); err != nil {
		return name
	}
	return name[:i]
}

// keys reads the key=value parts of a benchmark's name.
func keys(name string) map[string]string {
	k := map[string]string{}
	for _, part := range strings.Split(name, "/")[1:] {
		if key, value, ok := strings.Cut(part, "="); ok {
			k[key] = value
		}
	}
	return k
}

package main

import (
	"encoding/xml"
	"flag"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/table.md")

// recorded is a run of BenchmarkCall, -count 6, as go test printed it.
func recorded(t *testing.T) *Set {
	t.Helper()
	f, err := os.Open("testdata/bench.txt")
	require.NoError(t, err)
	defer f.Close()
	set, err := Parse(f)
	require.NoError(t, err)
	return set
}

func TestParseRecorded(t *testing.T) {
	set := recorded(t)
	assert.Equal(t, "AMD EPYC", set.CPU)
	require.Len(t, set.Benchmarks, 3*(5*2+1), "3 tools, 5 validating implementations on 2 calls, encoding/json on 1")
	first := set.Benchmarks[0]
	assert.Equal(t, "BenchmarkCall/tool=get_weather/impl=onepass/call=valid", first.Name)
	assert.Equal(t, map[string]string{"tool": "get_weather", "impl": "onepass", "call": "valid"}, first.Keys)
	for _, b := range set.Benchmarks {
		for _, unit := range []string{"ns/op", "cpu-ns/op", "B/op", "allocs/op"} {
			assert.Len(t, b.Samples[unit], 6, "%s %s", b.Name, unit)
		}
	}
}

func TestDecade(t *testing.T) {
	for d, want := range map[float64]string{0: "1 ns", 2: "100 ns", 3: "1 µs", 4: "10 µs", 5: "100 µs", 6: "1 ms", 9: "1 s", 10: "10 s"} {
		assert.Equal(t, want, decade(d))
	}
}

func TestParseAndMedian(t *testing.T) {
	in := `goos: linux
cpu: Some CPU @ 2.0GHz
BenchmarkCall/tool=t/impl=a/call=valid-8   	 100	 300 ns/op	 2 allocs/op
BenchmarkCall/tool=t/impl=a/call=valid-8   	 100	 100 ns/op	 2 allocs/op
BenchmarkCall/tool=t/impl=b-x/call=valid   	 100	 50.5 ns/op	 0 allocs/op
BenchmarkCall/tool=t/impl=a/call=valid-8   	 100	 200 ns/op	 4 allocs/op
BenchmarkCall/tool=t/impl=b-x/call=valid   	 100	 49.5 ns/op	 0 allocs/op
PASS
ok  	example.com/x	1.2s
`
	set, err := Parse(strings.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, "Some CPU @ 2.0GHz", set.CPU)
	require.Len(t, set.Benchmarks, 2)
	a, b := set.Benchmarks[0], set.Benchmarks[1]
	assert.Equal(t, "BenchmarkCall/tool=t/impl=a/call=valid", a.Name, "the -8 of GOMAXPROCS is not part of the name")
	assert.Equal(t, "BenchmarkCall/tool=t/impl=b-x/call=valid", b.Name, "a dash not followed by a number is")
	assert.Equal(t, "b-x", b.Keys["impl"])
	m, ok := a.Median("ns/op")
	assert.True(t, ok)
	assert.Equal(t, 200.0, m, "the middle of three")
	m, _ = a.Median("allocs/op")
	assert.Equal(t, 2.0, m)
	m, _ = b.Median("ns/op")
	assert.Equal(t, 50.0, m, "the mean of the middle two of an even count")
	_, ok = b.Median("B/op")
	assert.False(t, ok)
}

func TestParseErrors(t *testing.T) {
	for in, want := range map[string]string{
		"PASS\n": "no benchmark results",
		"BenchmarkX-2 100 5 ns/op\nBenchmarkX-2 100 5\n":     "line 2: not a benchmark result",
		"BenchmarkX-2 many 5 ns/op\n":                        `line 1: iterations "many"`,
		"goos: linux\nBenchmarkX-2 100 5 ns/op 1.2.3 B/op\n": `line 2: value "1.2.3" of B/op`,
	} {
		_, err := Parse(strings.NewReader(in))
		if assert.Error(t, err, in) {
			assert.Contains(t, err.Error(), want, in)
		}
	}
}

func TestTable(t *testing.T) {
	in := `cpu: X
BenchmarkCall/tool=t/impl=onepass/call=valid-2 1 250 ns/op 1 allocs/op
BenchmarkCall/tool=t/impl=onepass/call=invalid-2 1 1500 ns/op 9 allocs/op
BenchmarkCall/tool=t/impl=encodingjson/call=valid-2 1 1000 ns/op 12 allocs/op
BenchmarkCall/tool=t/impl=mcpsdk/call=valid-2 1 123456 ns/op 700 allocs/op
BenchmarkCall/tool=t/impl=mcpsdk/call=invalid-2 1 2345678 ns/op 70 allocs/op
BenchmarkCall/tool=t/impl=setcall/call=valid-2 1 400 ns/op 3 allocs/op
BenchmarkCall/tool=t/impl=setcall/call=invalid-2 1 1000 ns/op 10 allocs/op
BenchmarkCall/tool=t/impl=gojson/call=valid-2 1 600 ns/op 6 allocs/op
BenchmarkCall/tool=t/impl=sonic/call=valid-2 1 500 ns/op 5 allocs/op
BenchmarkCall/tool=u/impl=other/call=valid-2 1 10 ns/op 0 allocs/op
`
	set, err := Parse(strings.NewReader(in))
	require.NoError(t, err)
	table, err := Table(set, "ns/op")
	require.NoError(t, err)
	assert.Equal(t, `Median of 1 runs, ns/op, cpu: X; × encoding/json is the valid call's time over encoding/json's; an invalid Set.Call includes rendering its FeedbackJSON.

| tool | implementation | valid call | allocs | × encoding/json | invalid call | allocs |
|---|---|---:|---:|---:|---:|---:|
| `+"`t`"+` | toolgen: DecodeTJSON, one pass | 250 ns | 1 | 0.25x | 1.50 µs | 9 |
| `+"`t`"+` | encoding/json, no validation | 1.00 µs | 12 | 1.00x | — | — |
| `+"`t`"+` | MCP Go SDK: map, google/jsonschema-go, struct | 123 µs | 700 | 123.46x | 2.35 ms | 70 |
| `+"`t`"+` | toolgen: Set.Call | 400 ns | 3 | 0.40x | 1.00 µs | 10 |
| `+"`t`"+` | goccy/go-json, no validation | 600 ns | 6 | 0.60x | — | — |
| `+"`t`"+` | bytedance/sonic, no validation | 500 ns | 5 | 0.50x | — | — |
| `+"`u`"+` | other | 10 ns | 0 | — | — | — |

The same medians, as ratios (the fastest decoder is the faster of goccy/go-json and bytedance/sonic, neither of which validates):

| tool | one pass ÷ encoding/json | one pass ÷ fastest decoder | Set.Call ÷ one pass | santhosh-tekuri path ÷ one pass | MCP Go SDK path ÷ one pass | invalid Set.Call ÷ valid Set.Call |
|---|---:|---:|---:|---:|---:|---:|
| `+"`t`"+` | 0.25x | 0.50x | 1.60x | — | 493.82x | 2.50x |
| `+"`u`"+` | — | — | — | — | — | — |
`, table)

	_, err = Table(&Set{Benchmarks: []*Benchmark{{Name: "BenchmarkX/impl=a", Keys: map[string]string{"impl": "a"}}}}, "ns/op")
	assert.ErrorContains(t, err, "want tool=, impl= and call=")
}

// TestTableRecorded renders the recorded run: every row's ratio is its
// valid call's median over encoding/json's, and the table is the one in
// testdata (go test -update rewrites it).
func TestTableRecorded(t *testing.T) {
	set := recorded(t)
	table, err := Table(set, "ns/op")
	require.NoError(t, err)
	perImpl, ratios, ok := strings.Cut(table, "The same medians")
	require.True(t, ok)
	rows := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| ([^|]+) \\| .*$").FindAllStringSubmatch(perImpl, -1)
	require.Len(t, rows, 3*6)
	for _, row := range rows {
		cells := strings.Split(row[0], " | ")
		tool, impl := row[1], strings.TrimSpace(row[2])
		var name string
		for k, v := range implNames {
			if v == impl {
				name = k
			}
		}
		require.NotEmpty(t, name, impl)
		g, _ := gridOf(set)
		v, _ := g.median(tool, name, "valid", "ns/op")
		base, _ := g.median(tool, baseline, "valid", "ns/op")
		ratio, err := strconv.ParseFloat(strings.TrimSuffix(cells[4], "x"), 64)
		require.NoError(t, err, row[0])
		assert.InDelta(t, v/base, ratio, 0.005, row[0])
		if name == baseline {
			assert.Equal(t, "—", cells[5], "encoding/json is not timed on the invalid call")
		}
	}
	ratioRows := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| .*$").FindAllStringSubmatch(ratios, -1)
	require.Len(t, ratioRows, 3)
	g, _ := gridOf(set)
	for _, row := range ratioRows {
		cells := strings.Split(strings.Trim(row[0], "| "), " | ")
		require.Len(t, cells, 7)
		invalid, _ := g.median(row[1], "setcall", "invalid", "ns/op")
		valid, _ := g.median(row[1], "setcall", "valid", "ns/op")
		ratio, err := strconv.ParseFloat(strings.TrimSuffix(cells[6], "x"), 64)
		require.NoError(t, err, row[0])
		assert.InDelta(t, invalid/valid, ratio, 0.005, row[0])
	}
	if *update {
		require.NoError(t, os.WriteFile("testdata/table.md", []byte(table), 0o644))
	}
	want, err := os.ReadFile("testdata/table.md")
	require.NoError(t, err)
	assert.Equal(t, string(want), table)
}

func TestReplaceSection(t *testing.T) {
	doc := "# Title\n\n" + beginMarker + "\nold table\nmore\n" + endMarker + "\n\nafter\n"
	out, err := ReplaceSection([]byte(doc), "| new |\n")
	require.NoError(t, err)
	assert.Equal(t, "# Title\n\n"+beginMarker+"\n| new |\n"+endMarker+"\n\nafter\n", string(out))
	again, err := ReplaceSection(out, "| new |\n")
	require.NoError(t, err)
	assert.Equal(t, string(out), string(again), "replacing is idempotent")

	for _, bad := range []string{"no markers\n", endMarker + "\n" + beginMarker + "\n", beginMarker + "\nno end\n"} {
		_, err := ReplaceSection([]byte(bad), "x")
		assert.Error(t, err, bad)
	}
}

// TestChart: the chart of the recorded run is well-formed SVG with a bar
// per valid call, each as long as the log of its time says, and a
// labelled line per decade.
func TestChart(t *testing.T) {
	set := recorded(t)
	svg, err := Chart(set, "ns/op")
	require.NoError(t, err)

	type bar struct {
		width float64
		title string
	}
	var bars []bar
	var texts []string
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range el.Attr {
			attr[a.Name.Local] = a.Value
		}
		switch el.Name.Local {
		case "rect":
			if attr["x"] == strconv.Itoa(labelWidth) {
				w, err := strconv.ParseFloat(attr["width"], 64)
				require.NoError(t, err)
				var title struct {
					Text string `xml:",chardata"`
				}
				require.NoError(t, dec.DecodeElement(&struct {
					Title *struct {
						Text string `xml:",chardata"`
					} `xml:"title"`
				}{&title}, &el))
				bars = append(bars, bar{w, title.Text})
			}
		case "text":
			var s string
			require.NoError(t, dec.DecodeElement(&s, &el))
			texts = append(texts, s)
		}
	}
	require.Len(t, bars, 3*6, "a bar per tool and implementation, valid calls")

	g, _ := gridOf(set)
	lo, hi := 1e18, 0.0
	for _, b := range set.Benchmarks {
		if b.Keys["call"] == "valid" {
			m, _ := b.Median("ns/op")
			lo, hi = min(lo, m), max(hi, m)
		}
	}
	low := pow10floor(lo) / 10
	assert.Contains(t, texts, decade(math.Log10(low)), "the scale starts a decade below the fastest call's")
	assert.Contains(t, texts, decade(math.Log10(pow10ceil(hi))), "and ends at the decade above the slowest call's")
	for _, b := range bars {
		tool, rest, _ := strings.Cut(b.title, ", ")
		impl, _, _ := strings.Cut(rest, ":")
		m, ok := g.median(tool, impl, "valid", "ns/op")
		require.True(t, ok, b.title)
		want := barsWidth * (log10(m) - log10(low)) / (log10(pow10ceil(hi)) - log10(low))
		assert.InDelta(t, want, b.width, 0.06, b.title)
	}
}

func log10(v float64) float64      { return math.Log10(v) }
func pow10floor(v float64) float64 { return math.Pow(10, math.Floor(math.Log10(v))) }
func pow10ceil(v float64) float64  { return math.Pow(10, math.Ceil(math.Log10(v))) }

// TestCommittedOutputs: the table of docs/performance.md and docs/bench.svg are what this
// program makes of docs/bench.txt, the benchmark output committed with
// them (examples/bench/regenerate.sh rewrites all three).
func TestCommittedOutputs(t *testing.T) {
	f, err := os.Open("../../../docs/bench.txt")
	require.NoError(t, err)
	defer f.Close()
	set, err := Parse(f)
	require.NoError(t, err)
	table, err := Table(set, "ns/op")
	require.NoError(t, err)
	doc, err := os.ReadFile("../../../docs/performance.md")
	require.NoError(t, err)
	current, err := ReplaceSection(doc, table)
	require.NoError(t, err)
	assert.Equal(t, string(doc), string(current), "docs/performance.md's table")
	chart, err := Chart(set, "ns/op")
	require.NoError(t, err)
	svg, err := os.ReadFile("../../../docs/bench.svg")
	require.NoError(t, err)
	assert.Equal(t, chart, string(svg), "docs/bench.svg")
}

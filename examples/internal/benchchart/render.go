package main

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// baseline is the implementation the ratios are taken to.
const baseline = "encodingjson"

// implNames are the table's and the chart's names of the implementations.
var implNames = map[string]string{
	"onepass":        "toolgen: DecodeTJSON, one pass",
	"parse+decode":   "toolgen: ParseArgs + DecodeT",
	"setcall":        "toolgen: Set.Call",
	"encodingjson":   "encoding/json, no validation",
	"encodingjsonv2": "encoding/json with GOEXPERIMENT=jsonv2, no validation",
	"gojson":         "goccy/go-json, no validation",
	"sonic":          "bytedance/sonic, no validation",
	"santhosh":       "encoding/json + santhosh-tekuri/jsonschema + encoding/json",
	"mcpsdk":         "MCP Go SDK: map, google/jsonschema-go, struct",
}

func implName(impl string) string {
	if n, ok := implNames[impl]; ok {
		return n
	}
	return impl
}

// grid is the benchmarks by tool and implementation, each in the order of
// its first appearance.
type grid struct {
	tools, impls []string
	at           map[[3]string]*Benchmark // tool, impl, call
}

func gridOf(set *Set) (*grid, error) {
	g := &grid{at: map[[3]string]*Benchmark{}}
	for _, b := range set.Benchmarks {
		tool, impl, call := b.Keys["tool"], b.Keys["impl"], b.Keys["call"]
		if tool == "" || impl == "" || call == "" {
			return nil, fmt.Errorf("benchmark %s: want tool=, impl= and call= in its name", b.Name)
		}
		if !contains(g.tools, tool) {
			g.tools = append(g.tools, tool)
		}
		if !contains(g.impls, impl) {
			g.impls = append(g.impls, impl)
		}
		g.at[[3]string{tool, impl, call}] = b
	}
	return g, nil
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// median is a benchmark's median for unit, if it ran.
func (g *grid) median(tool, impl, call, unit string) (float64, bool) {
	b := g.at[[3]string{tool, impl, call}]
	if b == nil {
		return 0, false
	}
	return b.Median(unit)
}

// Table renders the set as markdown: a table of the median time and
// allocations of the valid and the invalid call for each tool and
// implementation, with the valid call's time over encoding/json's; then, for
// each tool, the ratios that compare toolgen with the others, and an
// invalid call (feedback rendered) with a valid one through a Set.
func Table(set *Set, metric string) (string, error) {
	g, err := gridOf(set)
	if err != nil {
		return "", err
	}
	var w bytes.Buffer
	fmt.Fprintf(&w, "Median of %d runs, %s", set.runs(), metric)
	if set.CPU != "" {
		fmt.Fprintf(&w, ", cpu: %s", set.CPU)
	}
	fmt.Fprintf(&w, "; × encoding/json is the valid call's time over encoding/json's; an invalid Set.Call includes rendering its FeedbackJSON.\n\n")
	w.WriteString("| tool | implementation | valid call | allocs | × encoding/json | invalid call | allocs |\n")
	w.WriteString("|---|---|---:|---:|---:|---:|---:|\n")
	for _, tool := range g.tools {
		base, hasBase := g.median(tool, baseline, "valid", metric)
		for _, impl := range g.impls {
			if g.at[[3]string{tool, impl, "valid"}] == nil && g.at[[3]string{tool, impl, "invalid"}] == nil {
				continue
			}
			row := []string{"`" + tool + "`", implName(impl)}
			for _, call := range []string{"valid", "invalid"} {
				t, ok := g.median(tool, impl, call, metric)
				row = append(row, cell(ok, formatTime(t)))
				a, ok := g.median(tool, impl, call, "allocs/op")
				row = append(row, cell(ok, fmt.Sprintf("%.0f", a)))
				if call == "valid" {
					row = append(row, cell(ok && hasBase && base > 0, fmt.Sprintf("%.2fx", t/base)))
				}
			}
			fmt.Fprintf(&w, "| %s |\n", strings.Join(row, " | "))
		}
	}
	w.WriteString("\nThe same medians, as ratios (the fastest decoder is the faster of goccy/go-json and bytedance/sonic, neither of which validates):\n\n")
	w.WriteString("| tool | one pass ÷ encoding/json | one pass ÷ fastest decoder | Set.Call ÷ one pass | santhosh-tekuri path ÷ one pass | MCP Go SDK path ÷ one pass | invalid Set.Call ÷ valid Set.Call |\n")
	w.WriteString("|---|---:|---:|---:|---:|---:|---:|\n")
	for _, tool := range g.tools {
		row := []string{"`" + tool + "`"}
		for _, r := range [][2][2]string{
			{{"onepass", "valid"}, {baseline, "valid"}},
			{{"onepass", "valid"}, {fastest, "valid"}},
			{{"setcall", "valid"}, {"onepass", "valid"}},
			{{"santhosh", "valid"}, {"onepass", "valid"}},
			{{"mcpsdk", "valid"}, {"onepass", "valid"}},
			{{"setcall", "invalid"}, {"setcall", "valid"}},
		} {
			a, okA := g.fastestMedian(tool, r[0][0], r[0][1], metric)
			b, okB := g.fastestMedian(tool, r[1][0], r[1][1], metric)
			row = append(row, cell(okA && okB && b > 0, fmt.Sprintf("%.2fx", a/b)))
		}
		fmt.Fprintf(&w, "| %s |\n", strings.Join(row, " | "))
	}
	return w.String(), nil
}

// fastest stands, in a ratio, for the faster of the unvalidated decoders
// that users pick for speed.
const fastest = "fastest"

var fastestOf = []string{"gojson", "sonic"}

// fastestMedian is median, where impl fastest is the least median of those
// of fastestOf that ran.
func (g *grid) fastestMedian(tool, impl, call, unit string) (float64, bool) {
	if impl != fastest {
		return g.median(tool, impl, call, unit)
	}
	best, found := 0.0, false
	for _, i := range fastestOf {
		if t, ok := g.median(tool, i, call, unit); ok && (!found || t < best) {
			best, found = t, true
		}
	}
	return best, found
}

// runs is the largest number of runs of a benchmark.
func (set *Set) runs() int {
	n := 0
	for _, b := range set.Benchmarks {
		n = max(n, b.Runs())
	}
	return n
}

func cell(ok bool, s string) string {
	if !ok {
		return "—"
	}
	return s
}

// formatTime writes nanoseconds with three significant digits at most.
func formatTime(ns float64) string {
	switch {
	case ns < 1e3:
		return fmt.Sprintf("%.0f ns", ns)
	case ns < 1e6:
		return sig3(ns/1e3) + " µs"
	case ns < 1e9:
		return sig3(ns/1e6) + " ms"
	}
	return sig3(ns/1e9) + " s"
}

func sig3(v float64) string {
	switch {
	case v < 10:
		return fmt.Sprintf("%.2f", v)
	case v < 100:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.0f", v)
}

const (
	beginMarker = "<!-- benchchart:begin -->"
	endMarker   = "<!-- benchchart:end -->"
)

// ReplaceSection puts table between the document's begin and end markers,
// each alone on its line.
func ReplaceSection(doc []byte, table string) ([]byte, error) {
	begin := bytes.Index(doc, []byte(beginMarker+"\n"))
	end := bytes.Index(doc, []byte(endMarker))
	if begin < 0 || end < begin {
		return nil, fmt.Errorf("want a line %s, then a line %s", beginMarker, endMarker)
	}
	start := begin + len(beginMarker) + 1
	var out bytes.Buffer
	out.Write(doc[:start])
	out.WriteString(table)
	out.Write(doc[end:])
	return out.Bytes(), nil
}

// The chart's geometry, in pixels.
const (
	chartWidth = 940
	labelWidth = 410 // the implementations' names, left of the bars
	barsWidth  = 440 // the bars' scale; their values' labels go beyond it
	barHeight  = 16
	barGap     = 4
	groupGap   = 30 // above each tool's group, for its name
	topMargin  = 50
	axisHeight = 30
)

// colors are the implementations' bar colors, in order.
var colors = []string{"#1b7f3b", "#56b870", "#9fd8a8", "#7f7f7f", "#8e6c3a", "#b8860b", "#d98c2b", "#c0392b", "#6a5acd", "#2e86c1"}

// Chart draws the valid calls' median times as horizontal bars, grouped by
// tool, on a log scale whose decades are labelled.
func Chart(set *Set, metric string) (string, error) {
	g, err := gridOf(set)
	if err != nil {
		return "", err
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, tool := range g.tools {
		for _, impl := range g.impls {
			if t, ok := g.median(tool, impl, "valid", metric); ok && t > 0 {
				lo, hi = min(lo, t), max(hi, t)
			}
		}
	}
	if math.IsInf(lo, 1) {
		return "", fmt.Errorf("no valid call has a positive %s", metric)
	}
	// The scale runs from a decade below the fastest call's (so that its
	// bar is seen) to the decade above the slowest.
	dlo, dhi := math.Floor(math.Log10(lo))-1, math.Ceil(math.Log10(hi))
	x := func(ns float64) float64 {
		return labelWidth + barsWidth*(math.Log10(ns)-dlo)/(dhi-dlo)
	}

	height := topMargin
	for _, tool := range g.tools {
		height += groupGap + (barHeight+barGap)*g.count(tool, metric)
	}
	plotBottom := height
	height += axisHeight

	var w bytes.Buffer
	fmt.Fprintf(&w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		chartWidth, height, chartWidth, height)
	fmt.Fprintf(&w, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", chartWidth, height)
	fmt.Fprintf(&w, `<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", 10,
		esc(fmt.Sprintf("A valid call, raw bytes to a typed value: median %s of %d runs, log scale (shorter is faster)", metric, set.runs())))
	for d := dlo; d <= dhi; d++ {
		gx := x(math.Pow(10, d))
		fmt.Fprintf(&w, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#dddddd"/>`+"\n", gx, topMargin, gx, plotBottom)
		fmt.Fprintf(&w, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555555">%s</text>`+"\n", gx, plotBottom+18, esc(decade(d)))
	}
	y := topMargin
	for _, tool := range g.tools {
		y += groupGap
		fmt.Fprintf(&w, `<text x="10" y="%d" font-weight="bold">%s</text>`+"\n", y-8, esc(tool))
		for i, impl := range g.impls {
			t, ok := g.median(tool, impl, "valid", metric)
			if !ok || t <= 0 {
				continue
			}
			fmt.Fprintf(&w, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", labelWidth-8, y+barHeight-4, esc(implName(impl)))
			fmt.Fprintf(&w, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s</title></rect>`+"\n",
				labelWidth, y, x(t)-labelWidth, barHeight, colors[i%len(colors)], esc(tool+", "+impl+": "+formatTime(t)))
			fmt.Fprintf(&w, `<text x="%.1f" y="%d" fill="#333333">%s</text>`+"\n", x(t)+5, y+barHeight-4, esc(formatTime(t)))
			y += barHeight + barGap
		}
	}
	w.WriteString("</svg>\n")
	return w.String(), nil
}

// decade labels 10^d nanoseconds: 100 ns, 1 µs, 10 µs.
func decade(d float64) string {
	units := []string{"ns", "µs", "ms", "s"}
	i := min(int(d)/3, len(units)-1)
	return strconv.FormatFloat(math.Pow(10, d-3*float64(i)), 'f', -1, 64) + " " + units[i]
}

// count is how many bars a tool's group has.
func (g *grid) count(tool, metric string) int {
	n := 0
	for _, impl := range g.impls {
		if t, ok := g.median(tool, impl, "valid", metric); ok && t > 0 {
			n++
		}
	}
	return n
}

func esc(s string) string { return html.EscapeString(s) }

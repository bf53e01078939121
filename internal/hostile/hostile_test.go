package hostile

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Cost bounds of a call, whatever it holds: allocation grows linearly with
// the size of the arguments, plus a constant. They hold for every call of at
// most the default argument size (1 MiB) through Set.Call and through
// ParseArgs and DecodeT, and are documented in README's "Limits and
// guarantees".
const (
	// maxAllocPerByte bounds the bytes allocated per byte of arguments. The
	// most is spent building objects of one member nested in each other, as
	// ParseArgs does and as the one pass does for a member of type any:
	// each is a Go map of one group of 8 slots, 336 bytes for the 5 bytes
	// of {"": and }, 67.2 bytes per byte.
	maxAllocPerByte = 72
	// maxAllocFixed bounds the bytes allocated whatever the size: a call's
	// own machinery, and the bounded errors (at most DefaultMaxErrors, each
	// with a Path and Name of at most maxPathLength bytes).
	maxAllocFixed = 1 << 20
	// maxAllocsPerByte bounds the allocations per byte of arguments, which
	// the CPU a call costs follows (the garbage collector's work included).
	// The most are made for arrays of one item nested in each other: two
	// allocations (the items and the slice's box in an any) per [ and ].
	maxAllocsPerByte = 1
	// maxAllocsFixed bounds the allocations made whatever the size.
	maxAllocsFixed = 4096
)

// hostileSet is a set of the package's tools, as an application builds it.
func hostileSet(opts ...tool.Option) *tool.Set {
	return tool.NewSet(append([]tool.Option{
		SaveTreeTool.Handle(func(context.Context, TreeArgs) (any, error) { return "saved", nil }),
		SetLabelsTool.Handle(func(context.Context, LabelsArgs) (any, error) { return "set", nil }),
		DeleteFilesTool.Handle(func(context.Context, DeleteArgs) (any, error) { return "deleted", nil }),
		TransferTool.Handle(func(context.Context, TransferArgs) (any, error) { return "moved", nil }),
		SaveNoteTool.Handle(func(context.Context, NoteArgs) (any, error) { return "noted", nil }),
		RunScriptTool.Handle(func(context.Context, ScriptArgs) (any, error) { return "ran", nil }),
		tool.WithLogger(nil),
	}, opts...)...)
}

// decoders are the typed decodes of the tools, by name.
var decoders = map[string]func(map[string]any) tool.Errors{
	"save_tree":    func(a map[string]any) tool.Errors { _, errs := DecodeTreeArgs(a); return errs },
	"set_labels":   func(a map[string]any) tool.Errors { _, errs := DecodeLabelsArgs(a); return errs },
	"delete_files": func(a map[string]any) tool.Errors { _, errs := DecodeDeleteArgs(a); return errs },
	"transfer":     func(a map[string]any) tool.Errors { _, errs := DecodeTransferArgs(a); return errs },
	"save_note":    func(a map[string]any) tool.Errors { _, errs := DecodeNoteArgs(a); return errs },
	"run_script":   func(a map[string]any) tool.Errors { _, errs := DecodeScriptArgs(a); return errs },
}

type hostileCall struct {
	name, tool string
	args       []byte
}

// The bounds runtime/tool documents: a Set parses at most 1 MiB of
// arguments by default; an error's name is cut to 64 characters, its path
// and name to 2048 bytes; Feedback writes at most 1024 bytes besides its
// errors, 796 per message, and FeedbackJSON 3148 per error.
const (
	maxArgumentSize = 1 << 20
	maxKeyLength    = 64
	maxPathLength   = 2048
	maxFeedbackBase = 1024
	maxMessage      = 796
	maxJSONError    = 3148
)

// limit is the size of the hostile calls: just under the default limit.
const limit = maxArgumentSize - 64

// repeat builds head + item, item, ... + tail within n bytes.
func repeat(head string, item func(i int) string, tail string, n int) []byte {
	var b strings.Builder
	b.WriteString(head)
	for i := 0; ; i++ {
		s := item(i)
		if b.Len()+len(s)+1+len(tail) > n {
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s)
	}
	b.WriteString(tail)
	return []byte(b.String())
}

// hostileCalls are the attacks, each of about n bytes.
func hostileCalls(n int) []hostileCall {
	// A tree 120 levels deep whose every level holds invalid leaves.
	const depth = 120
	leaves := (n/depth - 40) / 12
	var tree strings.Builder
	for range depth {
		tree.WriteString(`{"name":"n","kids":[`)
		for range leaves {
			tree.WriteString(`{"name":""},`)
		}
	}
	tree.WriteString(`{"name":"leaf"}`)
	tree.WriteString(strings.Repeat("]}", depth))

	// A chain at the parse limit: 512 levels of objects and arrays.
	nest := strings.Repeat(`{"name":"n","kids":[`, 255) + `{"name":"x"}` + strings.Repeat("]}", 255)

	// Values nested 500 levels deep, under a member of type any, which
	// holds whatever JSON it is given: objects of one member (the most
	// allocation per byte), arrays of one item (the most allocations).
	objectChain := strings.Repeat(`{"":`, 500) + "0" + strings.Repeat("}", 500)
	arrayChain := strings.Repeat("[", 500) + strings.Repeat("]", 500)

	return []hostileCall{
		{"tree_leaves", "save_tree", []byte(tree.String())},
		{"unexpected_keys", "save_tree", repeat(`{"name":"x",`, func(i int) string { return `"k` + strconv.Itoa(i) + `":0` }, "}", n)},
		{"key_1MiB", "save_tree", []byte(`{"name":"x","` + strings.Repeat("k", n-20) + `":0}`)},
		{"parse_limit", "save_tree", []byte(nest)},
		{"max_items", "save_tree", repeat(`{"name":"x","kids":[`, func(int) string { return "1" }, "]}", n)},
		{"map_members", "set_labels", repeat(`{"labels":{`, func(i int) string { return `"k` + strconv.Itoa(i) + `":{"color":"red"}` }, "}}", n)},
		{"big_integers", "transfer", repeat(`{"amount":1000000000000000000,"account":10000000000000000000,"batch":[`,
			func(int) string { return "9007199254740992" }, "]}", n)},
		{"big_integers_invalid", "transfer", repeat(`{"amount":1000000000000000001,"account":10000000000000000001,"batch":[`,
			func(int) string { return "9007199254740993" }, "]}", n)},
		// Numbers whose float64 is the bound's, compared exactly: short, in
		// e-notation, and 600 digits long, beyond the digits a comparison
		// keeps on the stack.
		{"spelled_numbers", "transfer", repeat(`{"amount":1e18,"account":1e19,"batch":[`,
			func(int) string { return "9.007199254740992e15" }, "]}", n)},
		{"long_numbers", "transfer", repeat(`{"amount":1e18,"account":1e19,"batch":[`,
			func(int) string { return "9007199254740992." + strings.Repeat("0", 600) }, "]}", n)},
		// The most allocation per byte: objects of one member, each a Go map.
		{"tiny_objects", "save_tree", repeat(`{"name":"x","kids":[`, func(int) string { return `{"a":1}` }, "]}", n)},
		{"dangerous", "delete_files", repeat(`{"recursive":true,"paths":[`, func(i int) string { return `"/p` + strconv.Itoa(i) + `"` }, "]}", n)},
		{"any_tiny_objects", "save_note", repeat(`{"title":"x","data":[`, func(int) string { return `{"":0}` }, "]}", n)},
		{"any_object_chains", "save_note", repeat(`{"title":"x","data":[`, func(int) string { return objectChain }, "]}", n)},
		{"any_deep_arrays", "save_note", repeat(`{"title":"x","data":[`, func(int) string { return arrayChain }, "]}", n)},
		// The same, identified for its approval: its canonical form too.
		{"any_dangerous_chains", "run_script", repeat(`{"script":"x","env":[`, func(int) string { return objectChain }, "]}", n)},
	}
}

// allocations returns the bytes fn allocates and how many allocations it
// makes, the least of a few runs.
func allocations(fn func()) (bytes, count uint64) {
	bytes, count = ^uint64(0), ^uint64(0)
	for range 3 {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		fn()
		runtime.ReadMemStats(&after)
		bytes, count = min(bytes, after.TotalAlloc-before.TotalAlloc), min(count, after.Mallocs-before.Mallocs)
	}
	return bytes, count
}

// TestHostileCalls: every hostile call of up to 1 MiB allocates at most
// maxAllocPerByte per byte (plus maxAllocFixed), in at most
// maxAllocsPerByte allocations per byte (plus maxAllocsFixed), through Set.Call and
// through ParseArgs and DecodeT, and reports at most DefaultMaxErrors errors
// and then one too_many_errors; echoed keys and paths are shortened.
func TestHostileCalls(t *testing.T) {
	ctx := context.Background()
	set := hostileSet()
	for _, size := range []int{limit / 4, limit} {
		for _, c := range hostileCalls(size) {
			require.LessOrEqual(t, len(c.args), maxArgumentSize, c.name)
			var res tool.Result
			setBytes, setAllocs := allocations(func() { res = set.Call(ctx, c.tool, c.args) })
			var errs tool.Errors
			decodeBytes, decodeAllocs := allocations(func() {
				args, perrs := tool.ParseArgs(c.args)
				errs = perrs
				if perrs == nil {
					errs = decoders[c.tool](args)
				}
			})
			budget := uint64(maxAllocPerByte*len(c.args) + maxAllocFixed)
			allocsBudget := uint64(maxAllocsPerByte*len(c.args) + maxAllocsFixed)
			t.Logf("%-20s %8d bytes: Set.Call %5.1f B/B %4.2f allocs/B, ParseArgs+Decode %5.1f B/B %4.2f allocs/B, %s, %d errors",
				c.name, len(c.args), float64(setBytes)/float64(len(c.args)), float64(setAllocs)/float64(len(c.args)),
				float64(decodeBytes)/float64(len(c.args)), float64(decodeAllocs)/float64(len(c.args)), res.Status, len(res.Errors))
			assert.LessOrEqual(t, setBytes, budget, "%s: Set.Call allocates %d bytes for %d", c.name, setBytes, len(c.args))
			assert.LessOrEqual(t, decodeBytes, budget, "%s: ParseArgs+Decode allocates %d bytes for %d", c.name, decodeBytes, len(c.args))
			assert.LessOrEqual(t, setAllocs, allocsBudget, "%s: Set.Call makes %d allocations for %d bytes", c.name, setAllocs, len(c.args))
			assert.LessOrEqual(t, decodeAllocs, allocsBudget, "%s: ParseArgs+Decode makes %d allocations for %d bytes", c.name, decodeAllocs, len(c.args))
			assert.LessOrEqual(t, len(res.Errors), tool.DefaultMaxErrors+1, c.name)
			assert.LessOrEqual(t, len(errs), tool.DefaultMaxErrors+1, c.name)
			for _, e := range append(res.Errors, errs...) {
				assert.LessOrEqual(t, len(e.Path), maxPathLength+8, c.name)
				assert.LessOrEqual(t, len(e.Name), maxPathLength+8, c.name)
			}
		}
	}
}

// TestHostileVerdicts checks what each hostile call is told.
func TestHostileVerdicts(t *testing.T) {
	ctx := context.Background()
	set := hostileSet()
	calls := map[string]hostileCall{}
	for _, c := range hostileCalls(limit) {
		calls[c.name] = c
	}
	verdict := func(name string) tool.Result { c := calls[name]; return set.Call(ctx, c.tool, c.args) }

	// The first 100 errors, in order, then one that says there are more.
	res := verdict("tree_leaves")
	require.Len(t, res.Errors, tool.DefaultMaxErrors+1)
	assert.Equal(t, "minLength", res.Errors[0].Code)
	assert.Equal(t, "/kids/0/name", res.Errors[0].Path)
	last := res.Errors[tool.DefaultMaxErrors]
	assert.Equal(t, tool.CodeTooManyErrors, last.Code)
	assert.Contains(t, last.Message(), "more errors than the 100 reported")

	res = verdict("unexpected_keys")
	require.Len(t, res.Errors, tool.DefaultMaxErrors+1)
	assert.Equal(t, "/k0", res.Errors[0].Path, "by key")
	assert.Equal(t, "/k1", res.Errors[1].Path)
	assert.Equal(t, "/k10", res.Errors[2].Path)

	res = verdict("key_1MiB")
	require.Len(t, res.Errors, 1)
	assert.Equal(t, tool.CodeUnexpected, res.Errors[0].Code)
	assert.Equal(t, maxKeyLength+1, utf8.RuneCountInString(res.Errors[0].Name), "shortened")
	assert.Equal(t, "/"+strings.Repeat("k", maxKeyLength)+"…", res.Errors[0].Path)

	res = verdict("parse_limit")
	require.Len(t, res.Errors, 1)
	assert.Equal(t, tool.CodeDepth, res.Errors[0].Code)

	// Past maxItems, no item is checked: one error, not one per item.
	res = verdict("max_items")
	assert.Equal(t, "maxItems", res.Errors[0].Code)
	assert.Equal(t, tool.CodeTooManyErrors, res.Errors[len(res.Errors)-1].Code)
	assert.Len(t, res.Errors, tool.DefaultMaxErrors+1, "the first 1000 items are checked, up to the limit")
	assert.Equal(t, "/kids/98", res.Errors[tool.DefaultMaxErrors-1].Path)

	res = verdict("map_members")
	require.Len(t, res.Errors, tool.DefaultMaxErrors+1)
	assert.Equal(t, "/labels/k0/color", res.Errors[0].Path, "by key")

	assert.Equal(t, tool.StatusExecuted, verdict("big_integers").Status)
	assert.Equal(t, tool.StatusExecuted, verdict("spelled_numbers").Status)
	assert.Equal(t, tool.StatusExecuted, verdict("long_numbers").Status)
	res = verdict("big_integers_invalid")
	require.Len(t, res.Errors, tool.DefaultMaxErrors+1)
	assert.Equal(t, []string{"maximum", "maximum", "enum"}, []string{res.Errors[0].Code, res.Errors[1].Code, res.Errors[2].Code})

	res = verdict("dangerous")
	assert.Equal(t, []string{"maxItems:paths"}, res.Errors.Codes())

	// Whatever an any member holds, it is valid JSON: the call runs.
	for _, name := range []string{"any_tiny_objects", "any_object_chains", "any_deep_arrays"} {
		assert.Equal(t, tool.StatusExecuted, verdict(name).Status, name)
	}
	assert.Equal(t, tool.StatusNeedsConfirmation, verdict("any_dangerous_chains").Status)

	// A set's own limit.
	small := hostileSet(tool.WithMaxErrors(3))
	c := calls["tree_leaves"]
	res = small.Call(ctx, c.tool, c.args)
	assert.Len(t, res.Errors, 4)
	assert.Equal(t, tool.CodeTooManyErrors, res.Errors[3].Code)
	big := hostileSet(tool.WithMaxErrors(1000))
	assert.Len(t, big.Call(ctx, c.tool, c.args).Errors, 1001)
}

// BenchmarkHostile runs each hostile call of about 1 MiB through Set.Call
// and through ParseArgs and DecodeT.
func BenchmarkHostile(b *testing.B) {
	ctx := context.Background()
	set := hostileSet()
	for _, c := range hostileCalls(limit) {
		b.Run(c.name+"/SetCall", func(b *testing.B) {
			b.SetBytes(int64(len(c.args)))
			b.ReportAllocs()
			var res tool.Result
			cpu := cpuTime()
			for b.Loop() {
				res = set.Call(ctx, c.tool, c.args)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
			b.ReportMetric(float64(len(res.Errors)), "errors")
		})
		b.Run(c.name+"/ParseDecode", func(b *testing.B) {
			b.SetBytes(int64(len(c.args)))
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				if args, errs := tool.ParseArgs(c.args); errs == nil {
					decoders[c.tool](args)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// FuzzSetCall calls the tools of the set with arbitrary arguments: no
// panic, at most DefaultMaxErrors errors and then one, and allocation within
// the per-byte bounds.
func FuzzSetCall(f *testing.F) {
	for _, c := range hostileCalls(4096) {
		f.Add(c.tool, c.args)
	}
	f.Add("save_tree", []byte(`{"name":"a","kids":[{"name":"b"},{"name":""}]}`))
	f.Add("set_labels", []byte(`{"labels":{"a":{"color":"#00ff00"},"b":{}}}`))
	f.Add("transfer", []byte(`{"amount":9007199254740993,"account":1e19,"cents":9007199254740993}`))
	f.Add("delete_files", []byte(`{"paths":["/tmp/x"]}`))
	set := hostileSet()
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, name string, args []byte) {
		var res tool.Result
		n, count := allocatedOnce(func() { res = set.Call(ctx, name, args) })
		if len(res.Errors) > tool.DefaultMaxErrors+1 {
			t.Fatalf("%d errors", len(res.Errors))
		}
		if budget := uint64(maxAllocPerByte*len(args) + maxAllocFixed); n > budget {
			t.Fatalf("%d bytes allocated for %d bytes of arguments (%s)", n, len(args), fmt.Sprint(res.Errors.Codes()))
		}
		if budget := uint64(maxAllocsPerByte*len(args) + maxAllocsFixed); count > budget {
			t.Fatalf("%d allocations for %d bytes of arguments (%s)", count, len(args), fmt.Sprint(res.Errors.Codes()))
		}
		if res.Status == tool.StatusExecuted {
			return // the output is the handler's own
		}
		// The feedback a model reads is bounded by the number of errors,
		// which the limit bounds, whatever the arguments hold.
		errs := len(res.Errors)
		if got, max := len(res.Feedback()), maxFeedbackBase+errs*(maxMessage+3); got > max {
			t.Fatalf("Feedback of %d bytes for %d errors, more than %d", got, errs, max)
		}
		if got, max := len(res.FeedbackJSON()), maxFeedbackBase+errs*maxJSONError; got > max {
			t.Fatalf("FeedbackJSON of %d bytes for %d errors, more than %d", got, errs, max)
		}
		if strings.ContainsAny(res.Feedback(), "\r\v\f\u0085\u2028\u2029") {
			t.Fatalf("Feedback holds a line break other than its own: %q", res.Feedback())
		}
	})
}

func allocatedOnce(fn func()) (bytes, count uint64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs
}

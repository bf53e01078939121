package value_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

type oddStruct struct {
	A int
	b string
	C chan int
}

func deepList(depth int) any {
	var v any = 1.0
	for range depth {
		v = []any{v}
	}
	return v
}

func deepObject(depth int) any {
	var v any = "leaf"
	for range depth {
		v = map[string]any{"k": v}
	}
	return v
}

// oddValues are values no JSON decoder produces but an application may put
// in a map by hand, or that sit at the edges of the JSON ones.
func oddValues() []struct {
	name string
	v    any
} {
	var nilAny *any
	x := 5
	px := &x
	var stringer fmt.Stringer
	return []struct {
		name string
		v    any
	}{
		{"nil", nil},
		{"chan", make(chan int)},
		{"nil chan", (chan int)(nil)},
		{"receive-only chan", (<-chan string)(make(chan string))},
		{"func", func() {}},
		{"nil func", (func(int) error)(nil)},
		{"struct", oddStruct{A: 1, b: "x"}},
		{"empty struct", struct{}{}},
		{"pointer to struct", &oddStruct{}},
		{"nil pointer", (*oddStruct)(nil)},
		{"pointer to pointer", &px},
		{"nil *any", nilAny},
		{"pointer to any", new(any)},
		{"nil interface in slice", []fmt.Stringer{stringer}},
		{"nested typed maps", map[string]map[string][]int{"a": {"b": {1, 2}}, "c": nil}},
		{"map of chans", map[string]chan int{"a": make(chan int)}},
		{"object holding a chan", map[string]any{"x": make(chan int), "f": func() {}}},
		{"array holding funcs", []any{func() {}, make(chan int), nil}},
		{"slice of nil pointers", []*int{nil, nil}},
		{"huge slice", make([]int, 1<<18)},
		{"huge []any", make([]any, 1<<20)},
		{"big go array", [1 << 12]byte{}},
		{"array of any", [3]any{nil, 1, "x"}},
		{"nested nil", [][]any{{nil}, nil}},
		{"int-keyed map", map[int]string{1: "a"}},
		{"any-keyed map", map[any]any{1: 2, "a": nil}},
		{"array-keyed map", map[[2]int]int{{1, 2}: 3}},
		{"named-key map", map[value.NamedKey][]value.NamedKey{"a": {"b"}}},
		{"nil []any", []any(nil)},
		{"nil map[string]any", map[string]any(nil)},
		{"nil typed map", map[string]int(nil)},
		{"nil named slice", value.NamedSlice(nil)},
		{"named list", value.NamedList{1.0, value.NamedList{}}},
		{"complex128", complex(1, 2)},
		{"uintptr", uintptr(1)},
		{"unsafe pointer", unsafe.Pointer(&x)},
		{"nil unsafe pointer", unsafe.Pointer(nil)},
		{"reflect.Value", reflect.ValueOf(1)},
		{"zero reflect.Value", reflect.Value{}},
		{"error", errors.New("boom")},
		{"raw message", json.RawMessage(`{"a":1}`)},
		{"nil raw message", json.RawMessage(nil)},
		{"bytes", []byte("hello")},
		{"nil bytes", []byte(nil)},
		{"invalid json.Number", json.Number("x")},
		{"empty json.Number", json.Number("")},
		{"overflowing json.Number", json.Number("1e400")},
		{"NaN", math.NaN()},
		{"+Inf", math.Inf(1)},
		{"-Inf", math.Inf(-1)},
		{"float32 NaN", float32(math.NaN())},
		{"negative zero", math.Copysign(0, -1)},
		{"max uint64", uint64(math.MaxUint64)},
		{"min int64", int64(math.MinInt64)},
		{"deep list", deepList(10_000)},
		{"deep object", deepObject(1_000)},
		{"huge string", strings.Repeat("z", 10<<20)},
		{"invalid UTF-8", "\xff\xfe\xfd"},
		{"bool", true},
		{"string", "s"},
	}
}

func TestNeverPanics(t *testing.T) {
	values := oddValues()
	for _, tt := range values {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.v
			assert.NotPanics(t, func() {
				value.Number(v)
				l, isList := value.List(v)
				n, hasLen := value.ListLen(v)
				assert.Equal(t, []any{isList, len(l)}, []any{hasLen, n}, "listLen agrees with List")
				value.Object(v)
				assert.NotEmpty(t, value.TypeName(v))
				if v != json.Number("") { // see TestKnownBug_InvalidJSONNumberEchoedInFull
					assert.NotEmpty(t, value.Show(v))
				}
				if _, ok := value.Number(v); ok {
					value.IsInteger(v)
				}
			}, "value functions")

			// Equal and Duplicate stop on a value nested deeper than
			// MaxDepth with the panic a validator recovers as a depth
			// error; nothing else panics.
			walk := func(what string, f func()) {
				var errs tool.Errors
				assert.NotPanics(t, func() { errs = validated(f) }, what)
				for _, e := range errs {
					assert.Equal(t, tool.CodeDepth, e.Code, what)
				}
			}
			walk("Equal", func() {
				value.Equal(v, v)
				value.Equal(v, nil)
				value.Equal(nil, v)
				value.Equal(v, 1.0)
				value.Equal(v, []any{})
				value.Equal(v, map[string]any{})
				value.Equal([]any{v}, []any{v})
				value.Equal(map[string]any{"k": v}, map[string]any{"k": v})
			})
			for _, w := range values {
				if w.name == "huge slice" || w.name == "huge []any" {
					continue // quadratic in time, not interesting
				}
				walk("Equal with "+w.name, func() {
					value.Equal(v, w.v)
					value.Equal(w.v, v)
				})
			}
			walk("Duplicate", func() {
				value.Duplicate([]any{v})
				value.Duplicate([]any{v, v})
				value.Duplicate([]any{1.0, v, "x", v})
				value.Duplicate(append(append([]any{v}, fillers...), v))
			})

			assert.NotPanics(t, func() {
				var r toolimpl.Report
				root := toolimpl.Loc{}
				r.Type(root.Key("x"), "string", v)
				r.Value("maximum", root.Key("x"), "<= 1", v)
				r.Value(tool.CodeEnum, root, "", v)
				p := root.Key("p")
				r.Type(p.Key("x"), "string", v)
				r.Value("maximum", p.Index(-1), "<= 1", v)
				r.OneOf(root, "", 2, v)
				r.Invalid(p, errors.New("x"), v)
				r.Range(root, "0", "1", v)
				errs := r.Errors()
				errs.Codes()
				errs.Messages()
				_ = errs.Error()
				b, err := errs.MarshalJSON()
				assert.NoError(t, err)
				assert.True(t, json.Valid(b))

				ts := tool.Tools{{Name: "t", Validate: func(args map[string]any) tool.Errors {
					value.Object(args["x"])
					return errs
				}}}
				assert.Equal(t, errs, ts.Validate("t", map[string]any{"x": v}))
				assert.Len(t, ts.Validate("u", map[string]any{"x": v}), 1)
			}, "errors")
		})
	}
}

// validated runs f as a generated validator runs its checks: a depth
// overflow is a depth error.
func validated(f func()) tool.Errors {
	var r toolimpl.Report
	func() {
		defer r.RecoverTooDeep()
		f()
	}()
	return r.Errors()
}

func TestNeverPanics_Strings(t *testing.T) {
	for _, s := range []string{
		"", "~", "/", "~~//", "\x00", "\xff", "\xe6\x97", strings.Repeat("\xff", 1000),
		strings.Repeat("~/", 10_000), "\U0010FFFF", "\ufffd", strings.Repeat("日", 65),
	} {
		assert.NotPanics(t, func() {
			value.Show(s)
			value.TypeName(s)
			value.Equal(s, s)
			tool.Errors{{Code: tool.Code(s), Path: "/" + s, Name: s, Expected: s, Got: s, Actual: value.Show(s)}}.MarshalJSON()
			tool.Errors{{Code: tool.Code(s), Name: s}}.Codes()
			tool.Errors{{Code: tool.Code(s), Name: s}}.Messages()
			var r toolimpl.Report
			root := toolimpl.Loc{}
			k := root.Key(s)
			r.Type(k.Key(s), s, s)
			r.Errors().Codes()
		}, "%q", s)
	}
}

func TestNeverPanics_NonFinite(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.MaxFloat64, -math.MaxFloat64, math.Copysign(0, -1)} {
		assert.NotPanics(t, func() { value.IsInteger(f) })
	}
}

// fillers make a list long enough for Duplicate to bucket it.
var fillers = func() []any {
	var items []any
	for i := range 40 {
		items = append(items, float64(i), fmt.Sprint("f", i))
	}
	return items
}()

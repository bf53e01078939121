package toolimpl

import (
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/internal/testkit/race"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestLocRenders(t *testing.T) {
	root := Loc{}
	coords := root.Key("coords")
	points := root.Key("points")
	p0 := points.Index(0)
	matrix := root.Key("matrix")
	m1 := matrix.Index(1)
	slash := root.Key("x~y")
	first := root.Index(3)
	for _, c := range []struct {
		at         Loc
		path, name string
	}{
		{root, "", ""},
		{coords, "/coords", "coords"},
		{coords.Key("lat"), "/coords/lat", "coords.lat"},
		{p0.Key("lat"), "/points/0/lat", "points[0].lat"},
		{m1.Index(2), "/matrix/1/2", "matrix[1][2]"},
		{slash.Key("a/b"), "/x~0y/a~1b", "x~y.a/b"},
		{first.Key("k"), "/3/k", "[3].k"},
		{root.Key(""), "/", ""},
	} {
		var r Report
		r.Add(c.at, tool.Error{Code: tool.CodeMissing})
		e := r.Errors()[0]
		assert.Equal(t, c.path, e.Path)
		assert.Equal(t, c.name, e.Name)
	}
}

// TestLocShortensKeys: a member name is echoed at most maxKeyLength
// characters long, in Path and in Name, cut on a character boundary.
func TestLocShortensKeys(t *testing.T) {
	root := Loc{}
	for _, k := range []string{strings.Repeat("k", 1<<20), strings.Repeat("日", 1000), strings.Repeat("/", 500)} {
		var r Report
		r.Add(root.Key(k), tool.Error{Code: tool.CodeUnexpected})
		e := r.Errors()[0]
		assert.True(t, utf8.ValidString(e.Name) && utf8.ValidString(e.Path))
		assert.Equal(t, maxKeyLength+1, utf8.RuneCountInString(e.Name), "the name and an ellipsis")
		assert.True(t, strings.HasSuffix(e.Name, "…"))
		assert.LessOrEqual(t, len(e.Path), 1+2*4*maxKeyLength)
	}
}

// TestLocBoundsDeepPaths: the location of a deeply nested value keeps its
// first and last steps, within maxPathLength bytes.
func TestLocBoundsDeepPaths(t *testing.T) {
	locs := make([]Loc, 2000)
	at := &Loc{}
	for i := range locs {
		if i%2 == 0 {
			locs[i] = at.Key(strings.Repeat("x", 200))
		} else {
			locs[i] = at.Index(i)
		}
		at = &locs[i]
	}
	var r Report
	r.Add(*at, tool.Error{Code: tool.CodeType})
	e := r.Errors()[0]
	assert.LessOrEqual(t, len(e.Path), maxPathLength+8)
	assert.LessOrEqual(t, len(e.Name), maxPathLength+8)
	assert.True(t, strings.HasPrefix(e.Path, "/xxxx"), e.Path[:10])
	assert.True(t, strings.HasSuffix(e.Path, "/1999"), e.Path)
	assert.Contains(t, e.Path, "…")
	assert.True(t, strings.HasSuffix(e.Name, "[1999]"), e.Name)
}

// TestReportLimit: at most the limit, then one too_many_errors, then
// nothing; Full tells the generated code to stop walking.
func TestReportLimit(t *testing.T) {
	root := Loc{}
	for _, limit := range []int{0, 1, 3, 100} {
		r := NewReport(limit)
		want := limit
		if limit == 0 {
			want = tool.DefaultMaxErrors
		}
		for i := range want {
			require.False(t, r.Full(), "after %d errors", i)
			r.Type(root.Index(i), "string", 1.0)
		}
		assert.False(t, r.Full(), "exactly the limit is not more")
		assert.Equal(t, want, r.Len())
		r.Value("minimum", root.Key("x"), ">= 1", 0.0)
		assert.True(t, r.Full())
		r.Add(root, tool.Error{Code: "late"})
		r.OneOf(root, "x", 0, 1.0)
		errs := r.Errors()
		require.Len(t, errs, want+1)
		last := errs[want]
		assert.Equal(t, tool.CodeTooManyErrors, last.Code)
		assert.Contains(t, last.Message(), "more errors than the")

		// Truncating below the limit reopens the report.
		r.Truncate(0)
		assert.False(t, r.Full())
		assert.Nil(t, r.Errors())
	}
}

// TestReportNoAllocationUntilAnError: building locations costs nothing.
func TestReportNoAllocationUntilAnError(t *testing.T) {
	race.SkipAllocs(t)
	var r Report
	n := testing.AllocsPerRun(100, func() {
		root := Loc{}
		a := root.Key("a")
		b := a.Index(3)
		c := b.Key("c")
		if c.parent == nil || r.Full() {
			t.Fatal("unreachable")
		}
	})
	assert.Zero(t, n)
}

func TestKeysInOrder(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 10, 1000} {
		m := map[string]any{}
		for i := range n {
			m[strconv.Itoa(i*7919%1000)+"k"] = i
		}
		var got []string
		for k := range KeysInOrder(m) {
			got = append(got, k)
		}
		assert.Equal(t, slices.Sorted(maps.Keys(m)), got, "n=%d", n)
		// Stopping early.
		seen := 0
		for range KeysInOrder(m) {
			seen++
			if seen == 3 {
				break
			}
		}
		assert.Equal(t, min(3, len(m)), seen)
	}
}

// TestReportReset checks that reset, which putScanner calls field by field,
// leaves the zero Report: a field added to Report must be reset too.
func TestReportReset(t *testing.T) {
	r := Report{errs: tool.Errors{{Code: "x"}}, decode: []bool{true}, nvalid: 1, ndec: 1, max: 3,
		full: true, limitAtEnd: true, compactAt: 9, over: true, overDecode: true, dead: true, deadDecode: true,
		holding: true, floor: 2, halt: true, validating: true, text: []byte("x")}
	require.Equal(t, 17, reflect.TypeFor[Report]().NumField(), "a field was added to Report: set it above, and in reset")
	r.reset()
	assert.Equal(t, Report{}, r)
}

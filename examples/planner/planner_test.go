package main

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
	"github.com/toolgen-go/toolgen/internal/testkit/reference"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func decode(tb testing.TB, s string) map[string]any {
	tb.Helper()
	var m map[string]any
	require.NoError(tb, json.Unmarshal([]byte(s), &m))
	return m
}

const validEvent = `{"title": "Review", "start": "2026-05-01T09:00:00Z", "duration": "PT1H30M",
	"organizer": {"name": "Ana", "email": "ana@example.com", "phone": null},
	"attendees": ["bo@example.com", "cy@example.org"], "venue": {"building": "B2", "floor": 3},
	"attachment": "aGVsbG8=", "priority": 2, "id": "0b7f5e2a-3c1d-4e5f-8a9b-1c2d3e4f5a6b"}`

const validOutline = `{"title": "Guide", "sections": [{"heading": "Intro"}, {"heading": "Use", "sections": [{"heading": "Install"}]}]}`

const validNode = `{"label": "root", "kind": "branch", "children": [{"label": "a", "kind": "leaf"}, {"label": "b", "children": []}]}`

func TestCalls(t *testing.T) {
	assert.Empty(t, ValidatePlanEventArgs(decode(t, validEvent)))
	assert.Empty(t, ValidateSaveOutlineArgs(decode(t, validOutline)))
	assert.Empty(t, ValidateOutline(any(decode(t, validNode))))

	errs := ValidatePlanEventArgs(decode(t, `{"title": "", "start": "2026-13-01T09:00:00Z",
		"organizer": {"name": "Ana"}, "attendees": ["a@example.com", "a@example.com", "nobody"],
		"venue": {"building": "B2", "floor": 3, "meeting": "https://example.com/m"}, "priority": 2.5, "link": "relative/path"}`))
	assert.Equal(t, []string{
		"format:attendees[2]", "format:link", "format:start", "minLength:title", "oneOf:organizer",
		"oneOf:priority", "oneOf:venue", "uniqueItems:attendees",
	}, errs.Codes())
	assert.Contains(t, errs.Messages(), "argument 'organizer' should be exactly one of: an object with 'email'; an object with 'phone', got an object of 1 member")
	assert.Contains(t, errs.Messages(), "argument 'start' should be a date-time (RFC 3339, as 2024-05-01T12:00:00Z), got \"2026-13-01T09:00:00Z\"")
}

// TestLinkIsParsed: the link is a uri string in the schema; DecodeT parses
// it (encoding/json would read a url.URL as an object), never leaving it
// empty.
func TestLinkIsParsed(t *testing.T) {
	args := decode(t, validEvent)
	args["link"] = "https://example.com/events/42?tab=agenda"
	got, errs := DecodePlanEventArgs(args)
	require.Empty(t, errs)
	require.NotNil(t, got.Link)
	assert.Equal(t, "https://example.com/events/42?tab=agenda", got.Link.String())
	assert.Equal(t, "example.com", got.Link.Host)
}

// TestValidCallsDoNotAllocate proves that validating a valid call allocates
// nothing, formats, composition and recursion included.
func TestValidCallsDoNotAllocate(t *testing.T) {
	event, outline, node := decode(t, validEvent), decode(t, validOutline), any(decode(t, validNode))
	for name, fn := range map[string]func() tool.Errors{
		"plan_event":   func() tool.Errors { return ValidatePlanEventArgs(event) },
		"save_outline": func() tool.Errors { return ValidateSaveOutlineArgs(outline) },
		"outline.json": func() tool.Errors { return ValidateOutline(node) },
	} {
		require.Empty(t, fn(), name)
		if !race.Enabled {
			assert.Zero(t, testing.AllocsPerRun(100, func() { fn() }), name)
		}
	}
}

// nest builds a value nested depth levels deep: wrap(inner) makes a level.
func nest(depth int, leaf any, wrap func(any) any) any {
	v := leaf
	for range depth {
		v = wrap(v)
	}
	return v
}

// TestDeepValues checks that a hostile, 100,000 levels deep value is an
// error, quickly, for a recursive struct and a recursive schema file.
func TestDeepValues(t *testing.T) {
	const depth = 100_000
	section := nest(depth, map[string]any{"heading": "x"}, func(inner any) any {
		return map[string]any{"heading": "x", "sections": []any{inner}}
	})
	node := nest(depth, map[string]any{"label": "x"}, func(inner any) any {
		return map[string]any{"label": "x", "children": []any{inner}}
	})
	for name, validate := range map[string]func() tool.Errors{
		"save_outline": func() tool.Errors {
			return ValidateSaveOutlineArgs(map[string]any{"title": "t", "sections": []any{section}})
		},
		"outline.json": func() tool.Errors { return ValidateOutline(node) },
	} {
		start := time.Now()
		var errs tool.Errors
		require.NotPanics(t, func() { errs = validate() }, name)
		require.Len(t, errs, 1, name)
		assert.Equal(t, tool.CodeDepth, errs[0].Code, name)
		assert.Less(t, time.Since(start), 2*time.Second, name)
	}
	// Depth within the limit is fine.
	ok := nest(50, map[string]any{"label": "x"}, func(inner any) any {
		return map[string]any{"label": "x", "children": []any{inner}}
	})
	assert.Empty(t, ValidateOutline(ok))
}

// --- differential fuzzing against the reference ---------------------------

func toolReference(tb testing.TB, tl *tool.Tool) (*jsonschema.Schema, map[string]any) {
	ref, err := reference.Compile(tl.Schema)
	require.NoError(tb, err)
	var doc map[string]any
	require.NoError(tb, json.Unmarshal(tl.Schema, &doc))
	return ref, doc
}

// fuzzTool compares a tool's validator with the reference on arbitrary
// JSON objects; null optional members are dropped before the reference sees
// them (toolgen counts them as absent).
func fuzzTool(f *testing.F, tl *tool.Tool, seeds ...string) {
	ref, doc := toolReference(f, tl)
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var args map[string]any
		if json.Unmarshal(data, &args) != nil || reference.Depth(args) > 100 {
			return
		}
		errs := tl.Validate(args)
		canonical, err := json.Marshal(args)
		require.NoError(t, err)
		_, inst, ok := reference.Instance(canonical)
		if !ok {
			return
		}
		reference.DropNullOptional(doc, inst)
		refErr := ref.Validate(inst)
		if (len(errs) == 0) != (refErr == nil) {
			t.Fatalf("%s: toolgen valid=%v %v, reference valid=%v %v\ninstance: %s", tl.Name, len(errs) == 0, errs.Codes(), refErr == nil, refErr, data)
		}
	})
}

func FuzzPlanEvent(f *testing.F) {
	fuzzTool(f, &PlanEventTool.Tool, validEvent, `{}`, `{"title": "x", "start": "2026-05-01T09:00:00+02:00", "organizer": {"name": "A", "phone": "+33 123456"}}`,
		`{"title": "x", "start": "2026-05-01T09:00:00Z", "organizer": {"name": "A", "email": "a@b.c", "phone": "123456"}, "venue": {"meeting": "https://x.test/"}, "priority": "high"}`)
}

func FuzzSaveOutline(f *testing.F) {
	fuzzTool(f, &SaveOutlineTool.Tool, validOutline, `{"title": "t", "sections": []}`, `{"title": "t", "sections": [{"heading": ""}], "x": 1}`)
}

func FuzzOutline(f *testing.F) {
	schema, err := os.ReadFile("outline.json")
	require.NoError(f, err)
	ref := reference.MustCompile(schema)
	for _, s := range []string{validNode, `{"label": "a", "kind": "leaf", "children": [{"label": "b"}]}`, `[]`, `"x"`, `{"label": ""}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, inst, ok := reference.Instance(data)
		if !ok || reference.Depth(v) > 100 {
			return
		}
		errs := ValidateOutline(v)
		refErr := ref.Validate(inst)
		if (len(errs) == 0) != (refErr == nil) {
			t.Fatalf("toolgen valid=%v %v, reference valid=%v %v\ninstance: %s", len(errs) == 0, errs.Codes(), refErr == nil, refErr, data)
		}
	})
}

var sink tool.Errors

// BenchmarkValidate measures the plan_event validator (formats, oneOf,
// uniqueItems, base64) and the recursive outline, against the reference.
func BenchmarkValidate(b *testing.B) {
	event := decode(b, validEvent)
	outline := any(decode(b, validNode))
	b.Run("plan_event/toolgen", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = ValidatePlanEventArgs(event)
		}
	})
	b.Run("outline/toolgen", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = ValidateOutline(outline)
		}
	})
	ref, _ := toolReference(b, &PlanEventTool.Tool)
	_, inst, _ := reference.Instance([]byte(validEvent))
	b.Run("plan_event/reference", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = ref.Validate(inst)
		}
	})
	schema, err := os.ReadFile("outline.json")
	require.NoError(b, err)
	outlineRef := reference.MustCompile(schema)
	_, node, _ := reference.Instance([]byte(validNode))
	b.Run("outline/reference", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = outlineRef.Validate(node)
		}
	})
}

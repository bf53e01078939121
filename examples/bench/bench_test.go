package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"testing"

	gojson "github.com/goccy/go-json"
	googleschema "github.com/google/jsonschema-go/jsonschema"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/internal/cputime"
	"github.com/toolgen-go/toolgen/examples/internal/mcpsdk"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// BenchmarkCall measures, side by side, the ways from a model's raw
// argument bytes to a typed value, for each tool, on a valid call and on an
// invalid one (8 errors):
//
//   - onepass: the generated DecodeTJSON, one pass with no map in between;
//   - parse+decode: tool.ParseArgs, then the generated DecodeT of the map;
//   - setcall: a whole tool.Set call (one-pass decode, allow-list, handler,
//     result), the audit log off; an invalid call also renders its
//     FeedbackJSON, what an application sends back to the model;
//   - encodingjson: encoding/json into the struct, no validation (valid
//     calls only: it accepts most invalid ones); built with
//     GOEXPERIMENT=jsonv2, where encoding/json's v1 API runs on the v2
//     implementation, the row is encodingjsonv2 (see regenerate.sh);
//   - gojson, sonic: goccy/go-json and bytedance/sonic (its default
//     configuration) into the struct, no validation; sonic only where its
//     JIT builds (amd64 and arm64, Go before 1.28: see sonic_test.go);
//   - santhosh: encoding/json into an any, santhosh-tekuri/jsonschema v6
//     (formats asserted, as toolgen does), encoding/json into the struct;
//   - mcpsdk: the MCP Go SDK's typed-handler path (its JSON decoder into a
//     map, google/jsonschema-go's defaults and validation, json.Marshal,
//     its JSON decoder into the struct); google/jsonschema-go does not
//     check formats.
//
// Names are tool=<tool>/impl=<impl>/call=<valid|invalid>, so that benchstat
// pivots on any of them:
//
//	go test ./examples/bench -run '^$' -bench Call -benchmem -count 6 | benchstat -col /impl -
//
// Besides the wall clock, each reports the process's CPU time per call
// (cpu-ns/op), steadier on a machine shared with other work. Before timing,
// every validating implementation must agree on each call's validity and,
// for a valid call, decode the value encoding/json decodes.
func BenchmarkCall(b *testing.B) {
	benchTool(b, calls(&GetWeatherTool, DecodeGetWeatherArgsJSON, weatherValid, weatherInvalid, weatherInvalidCodes))
	benchTool(b, calls(&SaveOutlineTool, DecodeSaveOutlineArgsJSON, outlineValid, outlineInvalid, outlineInvalidCodes))
	benchTool(b, calls(&CreateTicketTool, DecodeCreateTicketArgsJSON, ticketValid, ticketInvalid, ticketInvalidCodes))
}

// TestImplementationsAgree runs the checks BenchmarkCall makes before it
// times anything, so that they run with the tests.
func TestImplementationsAgree(t *testing.T) {
	for _, c := range []interface{ check(testing.TB) }{
		calls(&GetWeatherTool, DecodeGetWeatherArgsJSON, weatherValid, weatherInvalid, weatherInvalidCodes),
		calls(&SaveOutlineTool, DecodeSaveOutlineArgsJSON, outlineValid, outlineInvalid, outlineInvalidCodes),
		calls(&CreateTicketTool, DecodeCreateTicketArgsJSON, ticketValid, ticketInvalid, ticketInvalidCodes),
	} {
		c.check(t)
	}
}

// toolCalls is a tool, its two calls, and the codes of the invalid call's
// errors.
type toolCalls[T any] struct {
	def            *tool.Def[T]
	decodeJSON     func([]byte) (T, tool.Errors)
	valid, invalid []byte
	codes          []string
}

func calls[T any](def *tool.Def[T], decodeJSON func([]byte) (T, tool.Errors), valid, invalid string, codes []string) toolCalls[T] {
	return toolCalls[T]{def, decodeJSON, []byte(valid), []byte(invalid), slices.Sorted(slices.Values(codes))}
}

// impl is one way from raw bytes to a T: it returns the value and whether
// the call was accepted.
type impl[T any] struct {
	name     string
	decode   func(raw []byte) (T, bool)
	validity bool // it validates: time it on the invalid call too
}

// impls builds the implementations for the tool of c; the Set's handler
// keeps the last value it was called with in *handled.
func (c toolCalls[T]) impls(tb testing.TB) []impl[T] {
	tb.Helper()
	name := c.def.Name

	var handled T
	set := tool.NewSet(c.def.Handle(func(_ context.Context, args T) (any, error) {
		handled = args
		return "ok", nil
	}), tool.WithLogger(nil))
	ctx := context.Background()

	ref := compileSanthosh(tb, c.def.Schema)
	var doc googleschema.Schema
	require.NoError(tb, json.Unmarshal(c.def.Schema, &doc))
	resolved, err := doc.Resolve(nil)
	require.NoError(tb, err, name)

	impls := []impl[T]{
		{"onepass", func(raw []byte) (T, bool) {
			v, errs := c.decodeJSON(raw)
			return v, errs == nil
		}, true},
		{"parse+decode", func(raw []byte) (T, bool) {
			args, errs := tool.ParseArgs(raw)
			if errs != nil {
				var zero T
				return zero, false
			}
			v, errs := c.def.Decode(args)
			return v, errs == nil
		}, true},
		{"setcall", func(raw []byte) (T, bool) {
			res := set.Call(ctx, name, raw)
			if res.Status != tool.StatusExecuted {
				feedbackSink = res.FeedbackJSON()
				var zero T
				return zero, false
			}
			return handled, true
		}, true},
		{encodingJSON, func(raw []byte) (T, bool) {
			var v T
			err := json.Unmarshal(raw, &v)
			return v, err == nil
		}, false},
		{"gojson", func(raw []byte) (T, bool) {
			var v T
			err := gojson.Unmarshal(raw, &v)
			return v, err == nil
		}, false},
	}
	if sonicUnmarshal != nil {
		impls = append(impls, impl[T]{"sonic", func(raw []byte) (T, bool) {
			var v T
			err := sonicUnmarshal(raw, &v)
			return v, err == nil
		}, false})
	}
	return append(impls, []impl[T]{
		{"santhosh", func(raw []byte) (T, bool) {
			var v T
			var m any
			if json.Unmarshal(raw, &m) != nil || ref.Validate(m) != nil {
				return v, false
			}
			err := json.Unmarshal(raw, &v)
			return v, err == nil
		}, true},
		{"mcpsdk", func(raw []byte) (T, bool) {
			v, err := mcpsdk.Decode[T](resolved, raw, mcpsdk.Unmarshal)
			return v, err == nil
		}, true},
	}...)
}

var feedbackSink string

// check asserts that every validating implementation accepts the valid
// call and decodes the value encoding/json decodes, that each refuses the
// invalid call, and that toolgen's paths report its 8 errors, the same.
func (c toolCalls[T]) check(tb testing.TB) {
	tb.Helper()
	name := c.def.Name
	var want T
	require.NoError(tb, json.Unmarshal(c.valid, &want), name)
	for _, im := range c.impls(tb) {
		got, ok := im.decode(c.valid)
		require.True(tb, ok, "%s: %s refuses the valid call", name, im.name)
		require.Equal(tb, want, got, "%s: %s decodes the valid call", name, im.name)
		if im.validity {
			_, ok := im.decode(c.invalid)
			require.False(tb, ok, "%s: %s accepts the invalid call", name, im.name)
		}
	}
	_, errs := c.decodeJSON(c.invalid)
	require.Equal(tb, c.codes, errs.Codes(), name)
	args, parseErrs := tool.ParseArgs(c.invalid)
	require.Nil(tb, parseErrs, name)
	_, mapErrs := c.def.Decode(args)
	require.Equal(tb, errs, mapErrs, name)
	res := tool.NewSet(c.def.Handle(func(context.Context, T) (any, error) { return "ok", nil }), tool.WithLogger(nil)).
		Call(context.Background(), name, c.invalid)
	require.Equal(tb, tool.StatusRejected, res.Status, name)
	require.Equal(tb, errs, res.Errors, name)
}

// benchTool checks the implementations, then times each on each call.
func benchTool[T any](b *testing.B, c toolCalls[T]) {
	c.check(b)
	if sonicUnmarshal == nil {
		b.Log(sonicNote)
	}
	var sink T
	for _, im := range c.impls(b) {
		for _, call := range []struct {
			name string
			raw  []byte
		}{{"valid", c.valid}, {"invalid", c.invalid}} {
			if call.name == "invalid" && !im.validity {
				continue
			}
			b.Run("tool="+c.def.Name+"/impl="+im.name+"/call="+call.name, func(b *testing.B) {
				b.ReportAllocs()
				cputime.Loop(b, func() { sink, _ = im.decode(call.raw) })
			})
		}
	}
	_ = sink
}

// compileSanthosh compiles a tool's schema with santhosh-tekuri/jsonschema,
// draft 2020-12, formats asserted.
func compileSanthosh(tb testing.TB, schema []byte) *jsonschema.Schema {
	tb.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	require.NoError(tb, err)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	require.NoError(tb, c.AddResource("urn:bench.json", doc))
	sch, err := c.Compile("urn:bench.json")
	require.NoError(tb, err)
	return sch
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/internal/cputime"
	"github.com/toolgen-go/toolgen/examples/internal/mcpsdk"
	"github.com/toolgen-go/toolgen/internal/testkit/race"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// BenchmarkGetWeatherCall measures, side by side, the ways from a model's
// raw argument bytes to a GetWeatherArgs: the one-pass decode, ParseArgs +
// DecodeGetWeatherArgs, encoding/json with no validation at all,
// encoding/json + santhosh-tekuri/jsonschema + encoding/json, and the MCP Go
// SDK's typed-handler path (its JSON decoder into a map, google/jsonschema-go,
// json.Marshal, its JSON decoder into the struct), with its JSON package and
// with encoding/json. An invalid call is also rendered as the JSON feedback
// a Set sends back.
//
//	go test ./examples/weather -run '^$' -bench GetWeatherCall -benchmem -count 6 | benchstat -col /impl -
//
// Besides the wall clock, each reports the process's CPU time per call
// (cpu-ns/op), steadier on a machine shared with other work.
func BenchmarkGetWeatherCall(b *testing.B) {
	valid, invalid := []byte(benchValidJSON), []byte(benchInvalidJSON)
	_, errs := DecodeGetWeatherArgsJSON(invalid)
	require.Len(b, errs, 8)
	rejected := tool.Result{Tool: "get_weather", Status: tool.StatusRejected, Errors: errs}

	ref := newRefValidator(b, &GetWeatherTool.Tool)
	var doc jsonschema.Schema
	require.NoError(b, json.Unmarshal(GetWeatherTool.Schema, &doc))
	resolved, err := doc.Resolve(nil)
	require.NoError(b, err)
	for _, raw := range [][]byte{valid, invalid} {
		_, errs := mapPath(raw)
		_, jsonErr := mcpsdk.Decode[GetWeatherArgs](resolved, raw, mcpsdk.Unmarshal)
		_, refErr := refDecode(ref, raw)
		require.Equal(b, errs == nil, jsonErr == nil, "%s: %v", raw, jsonErr)
		require.Equal(b, errs == nil, refErr == nil, "%s: %v", raw, refErr)
	}

	var out GetWeatherArgs
	var feedback string
	run := func(name string, raw []byte, fn func(raw []byte)) {
		call := "valid"
		if bytes.Equal(raw, invalid) {
			call = "invalid"
		}
		b.Run("impl="+name+"/call="+call, func(b *testing.B) {
			b.ReportAllocs()
			cputime.Loop(b, func() { fn(raw) })
		})
	}
	for _, raw := range [][]byte{valid, invalid} {
		run("onepass", raw, func(raw []byte) { out, benchSink = DecodeGetWeatherArgsJSON(raw) })
		run("mapdecode", raw, func(raw []byte) { out, benchSink = mapPath(raw) })
	}
	run("encodingjson", valid, func(raw []byte) {
		var v GetWeatherArgs
		if err := json.Unmarshal(raw, &v); err != nil {
			b.Fatal(err)
		}
		out = v
	})
	run("santhosh", valid, func(raw []byte) {
		v, err := refDecode(ref, raw)
		if err != nil {
			b.Fatal(err)
		}
		out = v
	})
	run("mcpsdk", valid, func(raw []byte) {
		v, err := mcpsdk.Decode[GetWeatherArgs](resolved, raw, mcpsdk.Unmarshal)
		if err != nil {
			b.Fatal(err)
		}
		out = v
	})
	run("mcpsdk-encodingjson", valid, func(raw []byte) {
		v, err := mcpsdk.Decode[GetWeatherArgs](resolved, raw, json.Unmarshal)
		if err != nil {
			b.Fatal(err)
		}
		out = v
	})
	// An invalid call and the feedback a Set renders for it: through the
	// one-pass decode, and through the map (which is also what a one-pass
	// decode that stops at the first error and then asks the map path for
	// the errors costs, at least).
	feedbackOf := func(errs tool.Errors) {
		feedback = tool.Result{Tool: "get_weather", Status: tool.StatusRejected, Errors: errs}.FeedbackJSON()
	}
	run("onepass+feedback", invalid, func(raw []byte) {
		out, benchSink = DecodeGetWeatherArgsJSON(raw)
		feedbackOf(benchSink)
	})
	run("mapdecode+feedback", invalid, func(raw []byte) {
		out, benchSink = mapPath(raw)
		feedbackOf(benchSink)
	})
	// The same handler alone, and through a Set.
	ctx := context.Background()
	handler := func(context.Context, GetWeatherArgs) (any, error) { return "ok", nil }
	set := tool.NewSet(GetWeatherTool.Handle(handler), tool.WithLogger(nil))
	run("onepass+handler", valid, func(raw []byte) {
		args, errs := DecodeGetWeatherArgsJSON(raw)
		if errs != nil {
			b.Fatal(errs)
		}
		setSink, _ = handler(ctx, args)
	})
	run("set", valid, func(raw []byte) {
		res := set.Call(ctx, "get_weather", raw)
		if res.Status != tool.StatusExecuted {
			b.Fatal(res.Errors)
		}
		setSink = res.Output
	})
	run("set+feedback", invalid, func(raw []byte) {
		res := set.Call(ctx, "get_weather", raw)
		if len(res.Errors) != 8 {
			b.Fatal(res.Errors)
		}
		feedback = res.FeedbackJSON()
	})
	run("feedbackonly", invalid, func([]byte) { feedbackOf(errs) })
	run("feedbackjson", invalid, func([]byte) { feedback = rejected.FeedbackJSON() })
	weatherSink = out
	feedbackSink = feedback
}

var (
	feedbackSink string
	setSink      any
)

// refDecode is what an application does with santhosh-tekuri/jsonschema:
// decode into a map, validate, decode into the struct.
func refDecode(ref *refValidator, raw []byte) (GetWeatherArgs, error) {
	var v GetWeatherArgs
	var m any
	if err := json.Unmarshal(raw, &m); err != nil {
		return v, err
	}
	if err := ref.schema.Validate(m); err != nil {
		return v, err
	}
	err := json.Unmarshal(raw, &v)
	return v, err
}

// TestOnePassValidCall: the valid call decodes to the struct encoding/json
// makes of it, with 3 allocations: one copy of the raw bytes that City and
// the two tags share, Coords and Tags. Units takes the constant's string.
func TestOnePassValidCall(t *testing.T) {
	raw := []byte(benchValidJSON)
	got, errs := DecodeGetWeatherArgsJSON(raw)
	require.Empty(t, errs)
	var want GetWeatherArgs
	require.NoError(t, json.Unmarshal(raw, &want))
	assert.Equal(t, want, got)
	if !race.Enabled {
		assert.Equal(t, 3.0, testing.AllocsPerRun(200, func() { weatherSink, _ = DecodeGetWeatherArgsJSON(raw) }))
		noSlices := []byte(`{"city":"Paris","units":"f","days":14,"include_hourly":false}`)
		assert.Equal(t, 1.0, testing.AllocsPerRun(200, func() { weatherSink, _ = DecodeGetWeatherArgsJSON(noSlices) }),
			"the copy City is in, and nothing for Units")
	}
}

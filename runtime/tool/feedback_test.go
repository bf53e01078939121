package tool

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFeedback(t *testing.T) {
	var c counter
	set := newTestSet(&c, nil, WithPolicy(PolicyFor(&moveDef, func(ctx context.Context, a moveArgs) error {
		if a.Speed > 0.5 {
			return Deny("speed_limit", "speed is limited to 0.5 while a person is near")
		}
		return nil
	})))
	ctx := context.Background()
	call := func(name, args string) Result { return set.Call(ctx, name, []byte(args), CallID("call_1")) }

	cases := []struct {
		res        Result
		text, json string
	}{
		{call("move", `{"x": 30, "speed": "fast"}`),
			"The call to move was rejected and not executed:\n" +
				"- argument 'x' should be <= 10, got 30\n" +
				"- argument 'speed' should be number, got string\n" +
				"Correct the arguments and call the tool again.",
			`{"status":"rejected","tool":"move","errors":[{"code":"maximum","path":"/x","expected":"<= 10","got":"integer","actual":"30"},{"code":"type","path":"/speed","expected":"number","got":"string"}],"instruction":"Correct the arguments and call the tool again."}`},
		{call("move", `{"x": 3`),
			"The call to move was rejected and not executed:\n" +
				"- the arguments are not valid JSON: unexpected end of input, expecting ',' or '}' after a member (byte 7)\n" +
				"Correct the call so that its arguments are one JSON object, and call the tool again.",
			`{"status":"rejected","tool":"move","errors":[{"code":"bad_json","path":"","reason":"the arguments are not valid JSON: unexpected end of input, expecting ',' or '}' after a member (byte 7)"}],"instruction":"Correct the call so that its arguments are one JSON object, and call the tool again."}`},
		{call("teleport", `{}`),
			"The call to teleport was rejected and not executed:\n" +
				"- unknown tool 'teleport'\n" +
				"Call one of the available tools instead: move, echo, door, step.",
			`{"status":"rejected","tool":"teleport","errors":[{"code":"unknown_tool","path":"","expected":"one of move, echo, door, step"}],"instruction":"Call one of the available tools instead: move, echo, door, step."}`},
		{call("move", `{"x": 3, "speed": 0.9}`),
			"The call to move was refused by the application and not executed:\n" +
				"- speed is limited to 0.5 while a person is near\n" +
				"Do not repeat this call; choose another action, or ask the user.",
			`{"status":"rejected","tool":"move","errors":[{"code":"speed_limit","path":"","reason":"speed is limited to 0.5 while a person is near"}],"instruction":"Do not repeat this call; choose another action, or ask the user."}`},
		{call("door", `{"text": "north"}`),
			"The call to door needs a person's approval and has not been executed.\n" +
				"Do not repeat the call: tell the user what you want to do and why; the application runs it once a person approves it.",
			`{"status":"needs_confirmation","tool":"door","instruction":"Do not repeat the call: tell the user what you want to do and why; the application runs it once a person approves it."}`},
		{call("move", `{"x": 3, "speed": 0.5}`),
			"moved to 3 at 0.5",
			`{"status":"executed","tool":"move","output":"moved to 3 at 0.5"}`},
		{Result{Tool: "move", Status: StatusFailed, Errors: Errors{{Code: CodeTimeout, Reason: "the tool did not finish within 2s; it may or may not have taken effect"}}},
			"The call to move failed:\n- the tool did not finish within 2s; it may or may not have taken effect\nCheck whether it took effect before calling it again.",
			`{"status":"failed","tool":"move","errors":[{"code":"timeout","path":"","reason":"the tool did not finish within 2s; it may or may not have taken effect"}],"instruction":"Check whether it took effect before calling it again."}`},
		{Result{Tool: "move", Status: StatusFailed, Err: errors.New("jammed"), Errors: Errors{{Code: CodeToolError, Reason: "the tool failed: jammed"}}},
			"The call to move failed:\n- the tool failed: jammed\nDo not repeat the same call unchanged more than once; choose another action if it fails again.",
			`{"status":"failed","tool":"move","errors":[{"code":"tool_error","path":"","reason":"the tool failed: jammed"}],"instruction":"Do not repeat the same call unchanged more than once; choose another action if it fails again."}`},
		{Result{Tool: "get", Status: StatusExecuted, Output: map[string]any{"a": "<b>", "n": 1}}, `{"a":"<b>","n":1}`,
			`{"status":"executed","tool":"get","output":{"a":"<b>","n":1}}`},
		{Result{Tool: "get", Status: StatusExecuted}, "done", `{"status":"executed","tool":"get","output":null}`},
		{Result{Tool: "get", Status: StatusExecuted, Output: json.RawMessage(`[1]`)}, "[1]", `{"status":"executed","tool":"get","output":[1]}`},
		{Result{Tool: "get", Status: StatusExecuted, Output: func() {}}, "<func>", `{"status":"executed","tool":"get","output":"<func>"}`},
	}
	for _, c := range cases {
		text, js := c.res.Feedback(), c.res.FeedbackJSON()
		if c.text == "<func>" {
			assert.NotEmpty(t, text)
			assert.True(t, json.Valid([]byte(js)), js)
			continue
		}
		assert.Equal(t, c.text, text)
		assert.Equal(t, c.json, js)
		assert.True(t, json.Valid([]byte(js)), js)
	}
}

func TestProviderShapes(t *testing.T) {
	var c counter
	set := newTestSet(&c, nil)
	ctx := context.Background()
	bad := set.Call(ctx, "move", []byte(`{"x": 30}`), CallID("call_abc"))
	good := set.Call(ctx, "echo", []byte(`{"text": "hi"}`), CallID("toolu_01"))

	marshal := func(v any) string {
		b, err := json.Marshal(v)
		assert.NoError(t, err)
		return string(b)
	}
	assert.Equal(t, `{"role":"tool","tool_call_id":"call_abc","content":"The call to move was rejected and not executed:\n- argument 'x' should be \u003c= 10, got 30\nCorrect the arguments and call the tool again."}`,
		marshal(bad.OpenAI()))
	assert.Equal(t, `{"role":"tool","tool_call_id":"toolu_01","content":"hi"}`, marshal(good.OpenAI()))
	assert.Equal(t, `{"type":"tool_result","tool_use_id":"call_abc","content":"The call to move was rejected and not executed:\n- argument 'x' should be \u003c= 10, got 30\nCorrect the arguments and call the tool again.","is_error":true}`,
		marshal(bad.Anthropic()))
	assert.Equal(t, `{"type":"tool_result","tool_use_id":"toolu_01","content":"hi"}`, marshal(good.Anthropic()))
	assert.Equal(t, `{"content":[{"type":"text","text":"The call to move was rejected and not executed:\n- argument 'x' should be \u003c= 10, got 30\nCorrect the arguments and call the tool again."}],`+
		`"structuredContent":{"status":"rejected","tool":"move","errors":[{"code":"maximum","path":"/x","expected":"\u003c= 10","got":"integer","actual":"30"}],"instruction":"Correct the arguments and call the tool again."},"isError":true}`,
		marshal(bad.MCP()), "the structured verdict: move has no result schema")
	assert.Equal(t, `{"content":[{"type":"text","text":"hi"}]}`, marshal(good.MCP()))
	assert.Equal(t, `{"id":"call_abc","name":"move","response":{"error":"The call to move was rejected and not executed:\n- argument 'x' should be \u003c= 10, got 30\nCorrect the arguments and call the tool again."}}`,
		marshal(bad.Gemini()))
	assert.Equal(t, `{"id":"toolu_01","name":"echo","response":{"output":"hi"}}`, marshal(good.Gemini()))
}

// BenchmarkFeedbackJSON renders a rejection of eight errors, as a model
// gets one for a call with many mistakes.
//
//	go test ./runtime/tool -run '^$' -bench FeedbackJSON -benchmem -count 6
func BenchmarkFeedbackJSON(b *testing.B) {
	res := Result{Status: StatusRejected, Tool: "get_weather", stage: stageArguments, Errors: Errors{
		{Code: "unexpected", Path: "/country", Name: "country", Got: "string"},
		{Code: "minLength", Path: "/city", Name: "city", Expected: "at least 1 character long", Got: "string", Actual: `""`},
		{Code: "minimum", Path: "/days", Name: "days", Expected: ">= 1", Got: "integer", Actual: "0"},
		{Code: "enum", Path: "/units", Name: "units", Expected: `one of "c", "f"`, Got: "string", Actual: `"kelvin"`},
		{Code: "type", Path: "/include_hourly", Name: "include_hourly", Expected: "boolean", Got: "string"},
		{Code: "maximum", Path: "/coords/lat", Name: "coords.lat", Expected: "<= 90", Got: "integer", Actual: "91"},
		{Code: "minimum", Path: "/coords/lon", Name: "coords.lon", Expected: ">= -180", Got: "integer", Actual: "-181"},
		{Code: "pattern", Path: "/tags/1", Name: "tags[1]", Expected: "a string matching the pattern ^[a-z0-9_-]+$", Got: "string", Actual: `"Not OK"`},
	}}
	b.ReportAllocs()
	for b.Loop() {
		feedbackSink = res.FeedbackJSON()
	}
}

var feedbackSink string

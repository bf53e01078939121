package anthropictool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/generated"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/anthropictool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Every definition of every generated fixture package in the Anthropic
// dialects, and every output's format (output_config.format, or the tool
// a request forces), survive the SDK's own param types: the union the
// adapter sends and the tool or format within it.
func TestSDKReadsEveryDefinition(t *testing.T) {
	n := generated.Definitions([]tool.Dialect{tool.Anthropic, tool.AnthropicNonStrict}, func(what string, def tool.Definition) {
		generated.RoundTrip[anthropic.ToolUnionParam](t, def.Tool, what)
		generated.RoundTrip[anthropic.ToolParam](t, def.Tool, what)
	})
	n += generated.Formats(tool.Anthropic, func(what string, f tool.ResponseFormat) {
		if f.Form == tool.Anthropic {
			generated.RoundTrip[anthropic.JSONOutputFormatParam](t, f.Format, what)
			return
		}
		generated.RoundTrip[anthropic.ToolUnionParam](t, f.Format, what)
		generated.RoundTrip[anthropic.ToolParam](t, f.Format, what)
	})
	assert.GreaterOrEqual(t, n, 75, "the fixtures' definitions were all read")
}

// The SDK's client sends the tools of every fixture set through Tools, and
// each output through SetOutput, as generated.
func TestRequestsSendEveryDefinition(t *testing.T) {
	ctx := context.Background()
	params := func() anthropic.MessageNewParams {
		return anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_5_20250929, MaxTokens: 1024,
			Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("hello"))}}
	}
	for _, pkg := range generated.Packages() {
		set := pkg.NewSet()
		var want []json.RawMessage
		for _, tl := range set.Tools() {
			if def, ok := tl.Dialects.Get(tool.Anthropic); ok {
				want = append(want, def.Tool)
			}
		}
		srv := replay.Server(t, replay.Step{Path: "/v1/messages", Response: "testdata/message_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var got []json.RawMessage
			require.NoError(t, json.Unmarshal(body["tools"], &got), pkg.Name)
			require.Len(t, got, len(want), pkg.Name)
			for i := range want {
				assert.JSONEq(t, string(want[i]), string(got[i]), "%s: tool %d", pkg.Name, i)
			}
		}})
		p := params()
		p.Tools = anthropictool.Tools(set)
		c := client(srv.URL)
		_, err := c.Messages.New(ctx, p)
		require.NoError(t, err, pkg.Name)

		for _, o := range pkg.Outputs {
			f := o.Formats.Anthropic
			srv := replay.Server(t, replay.Step{Path: "/v1/messages", Response: "testdata/message_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
				if f.Form == tool.Anthropic {
					var cfg struct{ Format json.RawMessage }
					require.NoError(t, json.Unmarshal(body["output_config"], &cfg))
					assert.JSONEq(t, string(f.Format), string(cfg.Format), o.Name)
					return
				}
				var tools []json.RawMessage
				require.NoError(t, json.Unmarshal(body["tools"], &tools))
				require.Len(t, tools, 1, o.Name)
				assert.JSONEq(t, string(f.Format), string(tools[0]), o.Name)
			}})
			p := params()
			anthropictool.SetOutput(&p, o)
			c := client(srv.URL)
			_, err := c.Messages.New(ctx, p)
			require.NoError(t, err, o.Name)
		}
	}
}

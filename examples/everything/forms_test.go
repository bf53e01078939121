package main

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formClient connects a client of protocol 2025-11-25, where a server asks
// while a call runs, that answers every form with res and keeps what it
// was asked.
func formClient(t *testing.T, res *mcp.ElicitResult, asked *[]*mcp.ElicitParams) *mcp.ClientSession {
	t.Helper()
	opts := &mcp.ClientOptions{ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		*asked = append(*asked, req.Params)
		return res, nil
	}}
	return connectWith(t, stateful, opts)
}

// The SEP-1034 and SEP-1330 tools ask for their generated forms, with the
// answers the conformance suite gives, and say what they got.
func TestForms(t *testing.T) {
	for _, c := range []struct {
		tool    string
		content map[string]any
		want    string
	}{
		{"test_elicitation_sep1034_defaults", map[string]any{"name": "Jane Smith", "age": 25, "score": 88, "status": "inactive", "verified": false},
			"Elicitation result: action=accept, content={Name:Jane Smith Age:25 Score:88 Status:inactive Verified:false}"},
		// What the person leaves out takes its default.
		{"test_elicitation_sep1034_defaults", map[string]any{},
			"Elicitation result: action=accept, content={Name:John Doe Age:30 Score:95.5 Status:active Verified:true}"},
		{"test_elicitation_sep1330_enums", map[string]any{"untitledSingle": "option1", "titledSingle": "value1", "legacyEnum": "opt1",
			"untitledMulti": []any{"option1", "option2"}, "titledMulti": []any{"value1", "value2"}},
			"Elicitation result: action=accept, content={UntitledSingle:option1 TitledSingle:value1 LegacyEnum:opt1 UntitledMulti:[option1 option2] TitledMulti:[value1 value2]}"},
	} {
		var asked []*mcp.ElicitParams
		res, text := call(t, formClient(t, &mcp.ElicitResult{Action: "accept", Content: c.content}, &asked), c.tool, map[string]any{})
		assert.False(t, res.IsError, text)
		assert.Equal(t, c.want, text)
		require.Len(t, asked, 1)
	}
	for _, action := range []string{"decline", "cancel"} {
		var asked []*mcp.ElicitParams
		res, text := call(t, formClient(t, &mcp.ElicitResult{Action: action}, &asked), "test_elicitation_sep1330_enums", map[string]any{})
		assert.False(t, res.IsError)
		assert.Equal(t, "Elicitation result: action="+action, text)
	}
	// A titled value the form does not list is refused.
	var asked []*mcp.ElicitParams
	res, _ := call(t, formClient(t, &mcp.ElicitResult{Action: "accept", Content: map[string]any{"titledSingle": "value9"}}, &asked),
		"test_elicitation_sep1330_enums", map[string]any{})
	assert.True(t, res.IsError)
}

package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func asJSON(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal(data, &v))
	return v
}

// The agent loop against the recorded responses: the declarations go out
// as generated; the second request answers each function call, the
// booking with its typed result, the search with what to correct.
func TestRun(t *testing.T) {
	set := travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))
	path := "/v1beta/models/" + model + ":generateContent"
	srv := replay.Server(t,
		replay.Step{Path: path, Response: "testdata/generate_content.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var tools []struct{ FunctionDeclarations json.RawMessage }
			require.NoError(t, json.Unmarshal(body["tools"], &tools))
			want, err := travel.Tools.For(tool.Gemini)
			require.NoError(t, err)
			assert.Equal(t, asJSON(t, want), asJSON(t, tools[0].FunctionDeclarations))
		}},
		replay.Step{Path: path, Response: "testdata/generate_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var contents []struct {
				Role  string
				Parts []struct{ FunctionResponse map[string]any }
			}
			require.NoError(t, json.Unmarshal(body["contents"], &contents))
			require.Len(t, contents, 3)
			parts := contents[2].Parts
			require.Len(t, parts, 2)
			assert.Equal(t, map[string]any{"id": "fc-0b7e2d", "name": "get_booking", "response": map[string]any{
				"output": map[string]any{"reference": "GJ5007", "flight_id": "GJ0117", "seats": 1.0, "status": "confirmed"}}}, parts[0].FunctionResponse)
			assert.Equal(t, map[string]any{"error": "The call to search_flights was rejected and not executed:\n" +
				"- argument 'max_price' should be > 0, got 0\n" +
				"- argument 'airlines' should be an array of unique items, got items 0 and 1 are equal\n" +
				"Correct the arguments and call the tool again."}, parts[1].FunctionResponse["response"])
		}},
	)
	client, err := genai.NewClient(context.Background(), &genai.ClientConfig{APIKey: "test", Backend: genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL}})
	require.NoError(t, err)
	text, err := run(context.Background(), client, set, "Check booking GJ5007, and find flights from Paris to New York on May 1st with AF.", nobody(t))
	require.NoError(t, err)
	assert.Contains(t, text, "Booking GJ5007 is confirmed")
}

// The generated declarations are what the SDK's FunctionDeclaration
// describes, every member kept through its round trip.
func TestDeclarations(t *testing.T) {
	for _, tl := range travel.Tools {
		var d genai.FunctionDeclaration
		require.NoError(t, json.Unmarshal(tl.Dialects.Gemini.Tool, &d), tl.Name)
		assert.Equal(t, tl.Name, d.Name)
		require.NotNil(t, d.Parameters, tl.Name)
		assert.Equal(t, genai.TypeObject, d.Parameters.Type)
		again, err := json.Marshal(&d)
		require.NoError(t, err)
		assert.JSONEq(t, string(tl.Dialects.Gemini.Tool), string(again), "the SDK's round trip keeps every member of %s", d.Name)
	}
}

// nobody is the approver of the recorded conversation, which calls no
// dangerous tool: asked, it fails the test.
func nobody(t *testing.T) tool.Approver {
	return func(ctx context.Context, req tool.ApprovalRequest) (bool, error) {
		t.Errorf("asked to approve %s", req.Confirmation)
		return false, nil
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The gemini dialect decodes into the SDK's Schema: one upper-case type,
// nullable instead of a union with null, the property order kept apart.
func TestDeclarations(t *testing.T) {
	decls, err := declarations()
	require.NoError(t, err)
	require.Len(t, decls, len(travel.Tools))
	search := decls[0]
	assert.Equal(t, "search_flights", search.Name)
	p := search.Parameters
	require.NotNil(t, p)
	assert.Equal(t, genai.TypeObject, p.Type)
	assert.Equal(t, []string{"from", "to", "date", "passengers", "cabin", "max_price", "airlines", "nonstop"}, p.PropertyOrdering)
	assert.Equal(t, []string{"from", "to", "date", "passengers"}, p.Required)
	assert.Equal(t, genai.TypeInteger, p.Properties["passengers"].Type)
	assert.Equal(t, 1.0, *p.Properties["passengers"].Minimum)
	assert.Equal(t, []string{"economy", "premium_economy", "business", "first"}, p.Properties["cabin"].Enum)
	assert.True(t, *p.Properties["nonstop"].Nullable)
	assert.Equal(t, genai.TypeBoolean, p.Properties["nonstop"].Type)
	// What the OpenAPI subset lacks is said in the descriptions.
	assert.Equal(t, "Highest total price, in euros. Must be a multiple of 0.01 and be greater than 0.", p.Properties["max_price"].Description)
	assert.Equal(t, "Only these airlines, by two-character code. Must not contain the same item twice.", p.Properties["airlines"].Description)

	for i, d := range decls {
		again, err := json.Marshal(d)
		require.NoError(t, err)
		assert.JSONEq(t, string(travel.Tools[i].Dialects.Gemini.Tool), string(again), "the SDK's round trip keeps every member of %s", d.Name)
	}
	body, err := json.Marshal(config(decls))
	require.NoError(t, err)
	assert.Contains(t, string(body), `"functionDeclarations":[{"description":"Searches the flights between two airports on a day."`)
}

func TestJSONSchemaDeclarations(t *testing.T) {
	body, err := json.Marshal(config(jsonSchemaDeclarations()))
	require.NoError(t, err)
	for _, tl := range travel.Tools {
		assert.True(t, bytes.Contains(body, tl.Dialects.GeminiJSONSchema.Parameters), "%s is sent as generated", tl.Name)
	}
	_, err = travel.Tools.For(tool.GeminiJSONSchema)
	assert.NoError(t, err)
}

// The recorded calls: the valid one runs, the invalid one is answered with
// what was wrong.
func TestAnswer(t *testing.T) {
	resp, err := decodeResponse(recorded)
	require.NoError(t, err)
	calls := resp.FunctionCalls()
	require.Len(t, calls, 2)
	assert.Equal(t, "get_booking", calls[0].Name)

	set := travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))
	content := answer(context.Background(), set, resp)
	assert.Equal(t, "user", content.Role)
	got, err := json.Marshal(content.Parts)
	require.NoError(t, err)
	assert.JSONEq(t, `[
		{"functionResponse": {"id": "fc-0b7e2d", "name": "get_booking", "response": {"output": {"reference": "GJ5007", "flight_id": "GJ0117", "seats": 1, "status": "confirmed"}}}},
		{"functionResponse": {"id": "fc-1c8f3e", "name": "search_flights", "response": {"error": "The call to search_flights was rejected and not executed:\n- argument 'max_price' should be > 0, got 0\n- argument 'airlines' should be an array of unique items, got items 0 and 1 are equal\nCorrect the arguments and call the tool again."}}}
	]`, string(got))
}

package travel

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/dialecttest"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestDialectsGolden(t *testing.T) {
	dialecttest.Golden(t, Tools, "testdata/dialects")
}

func TestDialectsAgree(t *testing.T) {
	reports := dialecttest.Agreement(t, Tools, dialecttest.Options{Calls: 4000, Seed: 7})
	for name, byDialect := range reports {
		for d, r := range byDialect {
			t.Logf("%s %-26s valid %4d invalid %4d moved %v undeclared %d omitted %d null %d",
				name, d, r.Valid, r.Invalid, r.Moved, r.Undeclared, r.OmittedNull, r.NullOptional)
		}
	}
	// What each dialect moves into descriptions for these tools, and the
	// validator still enforces.
	assert.Positive(t, reports["search_flights"][tool.OpenAI].Moved["uniqueItems"])
	assert.Positive(t, reports["search_flights"][tool.Gemini].Moved["exclusiveMinimum"])
	assert.Positive(t, reports["search_flights"][tool.Gemini].Moved["multipleOf"])
	assert.Positive(t, reports["book_flight"][tool.OpenAI].Moved["minLength"])
	assert.Positive(t, reports["book_flight"][tool.GeminiJSONSchema].Moved["pattern"])
}

func TestExecute(t *testing.T) {
	out, err := Execute("search_flights", map[string]any{"from": "CDG", "to": "JFK", "date": "2026-05-01", "passengers": 2.0, "nonstop": true})
	require.NoError(t, err)
	assert.JSONEq(t, `{"flights":[{"id":"AFC12","depart":"2026-05-01T09:40","arrive":"2026-05-01T12:05","nonstop":true,"price":841}]}`, out)
	out, err = Execute("book_flight", map[string]any{"flight_id": "AF1234", "passengers": []any{map[string]any{"name": "Ada", "birth_year": 1990.0}}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"reference":"AF1007","flight_id":"AF1234","seats":1}`, out)
	_, err = Execute("cancel", nil)
	assert.Error(t, err)
}

func TestStrictAjv(t *testing.T) {
	dialecttest.StrictAjv(t, Tools)
}

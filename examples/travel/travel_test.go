package travel

import (
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/differential"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestDialectsGolden(t *testing.T) {
	differential.Golden(t, Tools, "testdata/dialects")
}

func TestDialectsAgree(t *testing.T) {
	reports := differential.Agreement(t, Tools, differential.Options{Calls: 4000, Seed: 7})
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

// The tools run in a Set on typed arguments: a search, a booking a person
// approves, the booking looked up.
func TestSet(t *testing.T) {
	ctx := context.Background()
	set := NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))
	res := set.Call(ctx, "search_flights", []byte(`{"from": "CDG", "to": "JFK", "date": "2026-05-01", "passengers": 2, "nonstop": true}`))
	require.Equal(t, tool.StatusExecuted, res.Status, res.Feedback())
	assert.JSONEq(t, `{"flights":[{"id":"AFC12","depart":"2026-05-01T09:40","arrive":"2026-05-01T12:05","nonstop":true,"price":841}]}`, res.Feedback())

	book := []byte(`{"flight_id": "AF1234", "passengers": [{"name": "Ada", "birth_year": 1990}]}`)
	res = set.Call(ctx, "book_flight", book)
	require.Equal(t, tool.StatusNeedsConfirmation, res.Status)
	res = set.Call(ctx, "book_flight", book, tool.Approve(res.Approval))
	assert.Equal(t, Booking{Reference: "AF1007", FlightID: "AF1234", Seats: 1, Status: "confirmed"}, res.Output)

	res = set.Call(ctx, "get_booking", []byte(`{"reference": "AF1007"}`))
	assert.Equal(t, "confirmed", res.Output.(Booking).Status)
	res = set.Call(ctx, "get_booking", []byte(`{"reference": "ZZ0000"}`))
	assert.Equal(t, tool.StatusFailed, res.Status)
	res = set.Call(ctx, "cancel", []byte(`{}`))
	assert.Equal(t, []string{"unknown_tool:cancel"}, res.Errors.Codes())
}

func TestStrictAjv(t *testing.T) {
	differential.StrictAjv(t, Tools)
}

package main

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/differential"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

var outputs = []*tool.Output{&ItineraryOutput.Output}

func client(url string) openai.Client {
	return openai.NewClient(option.WithBaseURL(url+"/v1/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
}

// The request asks for the generated format; the first answer breaks two
// constraints strict mode cannot express (a passenger twice, a flight
// number too short), so the retry says what to correct; its answer
// decodes.
func TestExtract(t *testing.T) {
	srv := replay.Server(t,
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/answer_bad.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			assert.Equal(t, string(ItineraryOutput.Formats.OpenAI.Format), string(body["response_format"]))
		}},
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/answer_good.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var msgs []map[string]any
			require.NoError(t, json.Unmarshal(body["messages"], &msgs))
			require.Len(t, msgs, 3)
			assert.Equal(t, "Your answer does not match the format itinerary:\n"+
				"- member 'passengers' should be an array of unique items, got items 0 and 1 are equal\n"+
				"- member 'flights[0].flight' should be at least 4 characters long, got \"AF1\"\n"+
				"Answer again with only a JSON object that matches the format.", msgs[2]["content"])
		}},
	)
	got, err := extract(context.Background(), client(srv.URL), email)
	require.NoError(t, err)
	assert.Equal(t, Itinerary{Reference: "GJ5007", Passengers: []string{"Ada Lovelace"}, Total: 420.5,
		Flights: []Leg{{Flight: "AF1234", From: "CDG", To: "JFK", Depart: "2026-05-01T09:40:00+02:00"}}}, got)
}

// A second answer that does not match either ends the extraction with its
// errors.
func TestExtractGivesUp(t *testing.T) {
	srv := replay.Server(t,
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/answer_bad.json"},
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/answer_bad.json"},
	)
	_, err := extract(context.Background(), client(srv.URL), email)
	var errs tool.Errors
	require.True(t, errors.As(err, &errs), "%v", err)
	assert.Equal(t, []string{"minLength:flights[0].flight", "uniqueItems:passengers"}, errs.Codes())
}

func TestFormatsGolden(t *testing.T) {
	differential.OutputGolden(t, outputs, "testdata/formats")
}

func TestFormatsAgree(t *testing.T) {
	reports := differential.OutputAgreement(t, outputs, differential.Options{Calls: 3000, Seed: 31})
	openaiReport := reports["itinerary"][tool.OpenAI]
	assert.Positive(t, openaiReport.Moved["uniqueItems"])
	assert.Positive(t, openaiReport.Moved["minLength"])
}

func TestFormatsStrictAjv(t *testing.T) {
	differential.StrictAjvOutputs(t, outputs)
}

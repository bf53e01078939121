// Command extract reads a typed value out of a text with a structured
// output: the Itinerary of a booking confirmation, with
// github.com/openai/openai-go/v3 and runtime/openaitool. The request asks
// for the output's generated response format (strict); the answer is
// parsed, checked against the schema (constraints strict mode cannot
// express included) and decoded into an Itinerary; an answer that does not
// match gets one retry, with the feedback that says what to correct.
//
// Offline by default, it replays recorded responses on a local port: the
// first answer lists a passenger twice and a flight number too short, the
// retry corrects them. With TOOLGEN_LIVE=1 it talks to the API
// (OPENAI_API_KEY).
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"log"
	"os"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/toolgen-go/toolgen/examples/internal/recorded"
	"github.com/toolgen-go/toolgen/runtime/openaitool"
)

// extract asks the model for the itinerary of a confirmation email, and
// asks once more, with the feedback, when the answer does not match.
func extract(ctx context.Context, client openai.Client, email string) (Itinerary, error) {
	params := openai.ChatCompletionNewParams{
		Model:          openai.ChatModelGPT4o,
		Messages:       []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Extract the itinerary:\n\n" + email)},
		ResponseFormat: openaitool.ResponseFormat(&ItineraryOutput.Output),
	}
	for attempt := 1; ; attempt++ {
		completion, err := client.Chat.Completions.New(ctx, params)
		if err != nil {
			return Itinerary{}, err
		}
		answer, err := openaitool.ChatAnswer(completion)
		if err != nil {
			return Itinerary{}, err // no choice, or a refusal
		}
		itinerary, errs := ItineraryOutput.Parse(answer)
		if errs == nil {
			return itinerary, nil
		}
		if attempt == 2 {
			return Itinerary{}, errs
		}
		params.Messages = append(params.Messages, completion.Choices[0].Message.ToParam(),
			openai.UserMessage(ItineraryOutput.Feedback(errs)))
	}
}

const email = `Your booking GJ5007 is confirmed.
Passenger: Ada Lovelace
Flight AF1234, Paris CDG 2026-05-01 09:40 to New York JFK 12:05.
Total paid: 420.50 EUR.`

var (
	//go:embed testdata/answer_bad.json
	answerBad []byte
	//go:embed testdata/answer_good.json
	answerGood []byte
)

func main() {
	client := openai.NewClient()
	if os.Getenv("TOOLGEN_LIVE") == "" {
		url, stop := recorded.Serve(answerBad, answerGood)
		defer stop()
		client = openai.NewClient(option.WithBaseURL(url+"/v1/"), option.WithAPIKey("offline"))
	}
	itinerary, err := extract(context.Background(), client, email)
	if err != nil {
		log.Fatal(err)
	}
	out, _ := json.MarshalIndent(itinerary, "", "  ")
	fmt.Println(string(out))
}

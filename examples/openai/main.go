// Command openai is an agent loop with github.com/openai/openai-go/v3 and
// runtime/openaitool: the travel tools go to the model as generated (strict
// where OpenAI's strict mode expresses them), every tool call of each
// completion runs through a tool.Set, and its result (a typed result's
// JSON, or what to correct) goes back as a tool message, until the model
// answers; a tool.Guard bounds the loop.
//
// Offline by default, it replays recorded responses on a local port; with
// TOOLGEN_LIVE=1 it talks to the API (OPENAI_API_KEY).
package main

import (
	"context"
	_ "embed"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/toolgen-go/toolgen/examples/internal/recorded"
	"github.com/toolgen-go/toolgen/examples/internal/terminal"
	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/openaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// run asks the model, runs the tool calls it makes through set and asks
// again with their results, until the model answers. A person
// answers each dangerous call, through approve.
func run(ctx context.Context, client openai.Client, set *tool.Set, question string, approve tool.Approver) (string, error) {
	g := tool.NewGuard(tool.Limits{MaxSteps: 8, MaxDuration: 2 * time.Minute})
	ctx, cancel := g.Context(ctx)
	defer cancel()
	params := openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT4o,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(question)},
		Tools:    openaitool.ChatTools(set),
	}
	for {
		if err := g.Step(); err != nil {
			return "", err
		}
		completion, err := client.Chat.Completions.New(ctx, params)
		if err != nil {
			return "", err
		}
		if len(completion.Choices) > 0 && len(completion.Choices[0].Message.ToolCalls) == 0 {
			return completion.Choices[0].Message.Content, nil
		}
		more, err := openaitool.RunChat(ctx, set, completion, g, tool.Ask(approve))
		if err != nil {
			return "", err
		}
		params.Messages = append(params.Messages, more...)
	}
}

// Recorded responses: two tool calls, the second with arguments strict
// mode let through but the validator rejects (a flight number and a name
// too short); then the answer.
var (
	//go:embed testdata/chat_completion.json
	toolCalls []byte
	//go:embed testdata/chat_answer.json
	answer []byte
)

func main() {
	client := openai.NewClient()
	if os.Getenv("TOOLGEN_LIVE") == "" {
		url, stop := recorded.Serve(toolCalls, answer)
		defer stop()
		client = openai.NewClient(option.WithBaseURL(url+"/v1/"), option.WithAPIKey("offline"))
	}
	set := travel.NewAirline().NewSet()
	text, err := run(context.Background(), client, set, "Fly me from Paris to New York on May 1st, and book AF1 for Ada.", terminal.Approver(os.Stdin, os.Stderr))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(text)
}

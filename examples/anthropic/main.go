// Command anthropic is an agent loop with
// github.com/anthropics/anthropic-sdk-go/v2 and runtime/anthropictool: the
// travel tools go to the model as generated (strict where Anthropic's
// strict mode expresses them), the tool_use blocks of each message run
// through a tool.Set and are answered with tool_result blocks (is_error
// for a call the set refused), until the model answers; a tool.Guard
// bounds the loop.
//
// Offline by default, it replays recorded responses on a local port; with
// TOOLGEN_LIVE=1 it talks to the API (ANTHROPIC_API_KEY).
package main

import (
	"context"
	_ "embed"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/toolgen-go/toolgen/examples/internal/recorded"
	"github.com/toolgen-go/toolgen/examples/internal/terminal"
	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/anthropictool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// run asks the model, runs the tools it calls through set and asks again
// with their results, until the model answers. A person
// answers each dangerous call, through approve.
func run(ctx context.Context, client anthropic.Client, set *tool.Set, question string, approve tool.Approver) (string, error) {
	g := tool.NewGuard(tool.Limits{MaxSteps: 8, MaxDuration: 2 * time.Minute})
	ctx, cancel := g.Context(ctx)
	defer cancel()
	params := anthropic.MessageNewParams{
		Model:     anthropic.ModelClaudeSonnet4_5,
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(question))},
		Tools:     anthropictool.Tools(set),
	}
	for {
		if err := g.Step(); err != nil {
			return "", err
		}
		msg, err := client.Messages.New(ctx, params)
		if err != nil {
			return "", err
		}
		if msg.StopReason != anthropic.StopReasonToolUse {
			var text strings.Builder
			for _, block := range msg.Content {
				text.WriteString(block.Text)
			}
			return text.String(), nil
		}
		more, err := anthropictool.Run(ctx, set, msg, g, tool.Ask(approve))
		if err != nil {
			return "", err
		}
		params.Messages = append(params.Messages, more...)
	}
}

// Recorded responses: two tool_use blocks, the second's reference
// lower-case and with a member get_booking does not declare; then the
// answer.
var (
	//go:embed testdata/message.json
	toolUses []byte
	//go:embed testdata/message_answer.json
	answer []byte
)

func main() {
	client := anthropic.NewClient()
	if os.Getenv("TOOLGEN_LIVE") == "" {
		url, stop := recorded.Serve(toolUses, answer)
		defer stop()
		client = anthropic.NewClient(option.WithBaseURL(url), option.WithAPIKey("offline"))
	}
	set := travel.NewAirline().NewSet()
	text, err := run(context.Background(), client, set, "Find me a business flight for two from Paris to New York on May 1st, and check booking gj5007.", terminal.Approver(os.Stdin, os.Stderr))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(text)
}

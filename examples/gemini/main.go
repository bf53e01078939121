// Command gemini is an agent loop with google.golang.org/genai and
// runtime/genaitool: the travel tools go to the model as generated
// function declarations (parameters in Gemini's OpenAPI subset, or
// parametersJsonSchema where it cannot express a tool), the function calls
// of each response run through a tool.Set and are answered with function
// responses ({"output": ...}, or {"error": ...} with what to correct),
// until the model answers; a tool.Guard bounds the loop.
//
// Offline by default, it replays recorded responses on a local port; with
// TOOLGEN_LIVE=1 it talks to the API (GEMINI_API_KEY).
package main

import (
	"context"
	_ "embed"
	"fmt"
	"log"
	"os"
	"time"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/examples/internal/recorded"
	"github.com/toolgen-go/toolgen/examples/internal/terminal"
	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/genaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

const model = "gemini-2.5-flash"

// run asks the model, runs the functions it calls through set and asks
// again with their responses, until the model answers. A person
// answers each dangerous call, through approve.
func run(ctx context.Context, client *genai.Client, set *tool.Set, question string, approve tool.Approver) (string, error) {
	g := tool.NewGuard(tool.Limits{MaxSteps: 8, MaxDuration: 2 * time.Minute})
	ctx, cancel := g.Context(ctx)
	defer cancel()
	tools, err := genaitool.Tools(set)
	if err != nil {
		return "", err
	}
	config := &genai.GenerateContentConfig{Tools: tools}
	contents := []*genai.Content{genai.NewContentFromText(question, genai.RoleUser)}
	for {
		if err := g.Step(); err != nil {
			return "", err
		}
		resp, err := client.Models.GenerateContent(ctx, model, contents, config)
		if err != nil {
			return "", err
		}
		if len(resp.FunctionCalls()) == 0 {
			return resp.Text(), nil
		}
		more, err := genaitool.Run(ctx, set, resp, g, tool.Ask(approve))
		if err != nil {
			return "", err
		}
		contents = append(contents, more...)
	}
}

// Recorded responses: two function calls, the second breaking two
// constraints Gemini's parameters cannot express (a price of 0, an airline
// twice), which are in the descriptions instead; then the answer.
var (
	//go:embed testdata/generate_content.json
	calls []byte
	//go:embed testdata/generate_answer.json
	answer []byte
)

func main() {
	ctx := context.Background()
	config := &genai.ClientConfig{Backend: genai.BackendGeminiAPI}
	if os.Getenv("TOOLGEN_LIVE") == "" {
		url, stop := recorded.Serve(calls, answer)
		defer stop()
		config.APIKey, config.HTTPOptions.BaseURL = "offline", url
	}
	client, err := genai.NewClient(ctx, config)
	if err != nil {
		log.Fatal(err)
	}
	set := travel.NewAirline().NewSet()
	text, err := run(ctx, client, set, "Check booking GJ5007, and find flights from Paris to New York on May 1st with AF.", terminal.Approver(os.Stdin, os.Stderr))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(text)
}

// Command stream reads tool calls as a model streams them, over recorded
// streams of the Anthropic and OpenAI APIs served on a local port to their
// real SDK clients: a write_file call whose arguments arrive in some 150
// fragments, shown as a typed value that grows (tool.Stream.Snapshot), and
// the same call with a mode the tool does not have, rejected at the
// fragment that completes the bad value, long before the model would have
// finished writing the file's content: the bytes (and tokens) that
// cancelling there saves. A call runs only on the provider's end of it.
package main

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	anthropicoption "github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/openai/openai-go/v3"
	openaioption "github.com/openai/openai-go/v3/option"

	"github.com/toolgen-go/toolgen/examples/internal/recorded"
	"github.com/toolgen-go/toolgen/runtime/anthropictool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The recorded streams: write_file with valid arguments, and with
// "mode": "append", which Mode does not declare, written before the
// content.
var (
	//go:embed testdata/anthropic_write_file.sse
	anthropicGood []byte
	//go:embed testdata/anthropic_bad_mode.sse
	anthropicBad []byte
	//go:embed testdata/openai_write_file.sse
	openaiGood []byte
	//go:embed testdata/openai_bad_mode.sse
	openaiBad []byte
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(w io.Writer) error {
	ctx := context.Background()
	url, stop := recorded.Serve(openaiGood, openaiBad, anthropicGood, anthropicBad)
	defer stop()
	oai := openai.NewClient(openaioption.WithBaseURL(url+"/v1/"), openaioption.WithAPIKey("offline"))
	ant := anthropic.NewClient(anthropicoption.WithBaseURL(url), anthropicoption.WithAPIKey("offline"))

	fmt.Fprintln(w, "OpenAI Chat, write_file, typed snapshots as the arguments grow:")
	if err := openaiSnapshots(ctx, w, oai); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nOpenAI Chat, write_file with a bad mode:")
	if err := openaiSnapshots(ctx, w, oai); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nAnthropic Messages, write_file, through a tool.Set (anthropictool.Stream):")
	if err := anthropicSet(ctx, w, ant); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nAnthropic Messages, write_file with a bad mode:")
	return anthropicSet(ctx, w, ant)
}

// openaiSnapshots reads a streamed completion's one tool call with
// WriteFileTool.Stream, printing its snapshot every 500 bytes, and stops
// at the first fragment after which the call can no longer be valid.
func openaiSnapshots(ctx context.Context, w io.Writer, client openai.Client) error {
	stream := client.Chat.Completions.NewStreaming(ctx, openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT4_1,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Write the fox file.")},
	})
	defer stream.Close()
	args := WriteFileTool.Stream()
	next := 1
	for stream.Next() {
		for _, choice := range stream.Current().Choices {
			for _, call := range choice.Delta.ToolCalls {
				if _, err := args.Write([]byte(call.Function.Arguments)); err != nil {
					fmt.Fprintf(w, "  rejected after %d bytes: %v\n", args.Len(), err)
					rest := remaining(stream)
					fmt.Fprintf(w, "  cancelling there saves the %d bytes the model wrote after them (about %d tokens)\n", rest, rest/4)
					return nil
				}
				if args.Len() >= next {
					show(w, args)
					next += 500
				}
			}
			if choice.FinishReason != "" {
				v, errs := args.Close()
				verdict := "valid"
				if errs != nil {
					verdict = errs.Error()
				}
				fmt.Fprintf(w, "  finish_reason %s after %d bytes: path %q, %d bytes of content, mode %q: %s\n",
					choice.FinishReason, args.Len(), v.Path, len(v.Content), v.Mode, verdict)
			}
		}
	}
	return stream.Err()
}

// show prints what has arrived of a write_file call.
func show(w io.Writer, st *tool.Stream[WriteFileArgs]) {
	v, p := st.Snapshot()
	content := len(v.Content)
	if p.IsWriting("/content") {
		content = len(p.Partial)
	}
	fmt.Fprintf(w, "  %5d bytes: path %-16q complete %-20s writing %-12s content %4d bytes\n",
		st.Len(), v.Path, strings.Join(p.Complete, ","), strings.Join(p.Writing, ","), content)
}

// remaining counts the argument bytes of the rest of a stream: what the
// model goes on writing unless the request is cancelled.
func remaining(stream interface {
	Next() bool
	Current() openai.ChatCompletionChunk
}) int {
	n := 0
	for stream.Next() {
		for _, choice := range stream.Current().Choices {
			for _, call := range choice.Delta.ToolCalls {
				n += len(call.Function.Arguments)
			}
		}
	}
	return n
}

// anthropicSet reads a streamed message through anthropictool.Stream over
// a tool.Set: the write_file call runs only once its block stopped and the
// message ended with stop_reason tool_use. At a rejection it stops
// reading, as an application cancels the request, and sends the feedback.
func anthropicSet(ctx context.Context, w io.Writer, client anthropic.Client) error {
	set := tool.NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)), WriteFileTool.Handle(func(ctx context.Context, a WriteFileArgs) (any, error) {
		fmt.Fprintf(w, "  ran write_file(%q, %d bytes, %q)\n", a.Path, len(a.Content), a.Mode)
		return "written", nil
	}))
	stream := client.Messages.NewStreaming(ctx, anthropic.MessageNewParams{
		Model:     anthropic.ModelClaudeSonnet4_5,
		MaxTokens: 4096,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Write the fox file."))},
		Tools:     anthropictool.Tools(set, anthropictool.EagerInputStreaming()),
	})
	defer stream.Close()
	calls := anthropictool.NewStream(ctx, set, nil)
	for stream.Next() {
		ev := stream.Current()
		if err := calls.Event(ev); err != nil {
			var rejection *anthropictool.Rejection
			if !asRejection(err, &rejection) {
				return err
			}
			fmt.Fprintf(w, "  rejected after %d bytes of input: %v\n", rejection.At, rejection.Errors)
			rest := 0
			for stream.Next() {
				rest += len(stream.Current().Delta.PartialJSON)
			}
			fmt.Fprintf(w, "  cancelling there saves the %d bytes the model wrote after them (about %d tokens)\n", rest, rest/4)
			break
		}
	}
	if err := stream.Err(); err != nil {
		return err
	}
	msgs, err := calls.Finish()
	if err != nil {
		return err
	}
	for _, m := range msgs[1:] {
		if m.OfUser == nil {
			continue
		}
		for _, block := range m.OfUser.Content {
			if r := block.OfToolResult; r != nil {
				for _, c := range r.Content {
					if c.OfText != nil {
						fmt.Fprintf(w, "  tool_result (is_error %v): %s\n", r.IsError.Value, strings.ReplaceAll(c.OfText.Text, "\n", "\n    "))
					}
				}
			}
		}
	}
	return nil
}

func asRejection(err error, r **anthropictool.Rejection) bool {
	rej, ok := err.(*anthropictool.Rejection)
	*r = rej
	return ok
}

// Command everything is an MCP server for the official conformance suite
// (@modelcontextprotocol/conformance): every tool is a toolgen tool (the
// typed structs of tools.go, their generated code, typed handlers, served
// by mcptool.Register), and the resources, prompts and completion are the
// plain Go SDK's beside them, as an application would write them.
//
//	everything -http 127.0.0.1:0 [-stateless]
//
// serves streamable HTTP and prints, as its first line on standard output,
// "listening on http://HOST:PORT/mcp"; without -http it serves standard
// input and output. conformance.sh runs the suite against it.
package main

import (
	"context"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("everything: ")
	addr := flag.String("http", "", "serve streamable HTTP at this address (host:port) instead of standard input and output")
	stateless := flag.Bool("stateless", false, "serve streamable HTTP without sessions")
	flag.Parse()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	server, err := newServer(ctx, slog.New(slog.NewTextHandler(os.Stderr, nil)))
	if err != nil {
		log.Fatal(err)
	}
	if *addr == "" {
		if err := server.Run(ctx, &mcp.StdioTransport{}); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := serveHTTP(ctx, server, *addr, *stateless, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// serveHTTP serves server over streamable HTTP at addr, path /mcp, until
// ctx ends; its first line on out says where: "listening on
// http://HOST:PORT/mcp".
func serveHTTP(ctx context.Context, server *mcp.Server, addr string, stateless bool, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Stateless: stateless}))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		hs.Close()
	}()
	if _, err := fmt.Fprintf(out, "listening on http://%s/mcp\n", ln.Addr()); err != nil {
		ln.Close()
		return err
	}
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newServer returns the server, its tools, resources and prompts; ctx ends
// the updates of the watched resource.
func newServer(ctx context.Context, logger *slog.Logger) (*mcp.Server, error) {
	server := mcp.NewServer(&mcp.Implementation{Name: "toolgen-everything", Version: "v1.0.0"}, &mcp.ServerOptions{
		CompletionHandler:  complete,
		SubscribeHandler:   func(context.Context, *mcp.SubscribeRequest) error { return nil },
		UnsubscribeHandler: func(context.Context, *mcp.UnsubscribeRequest) error { return nil },
	})
	set := tool.NewSet(append(handlers(server, logger), tool.WithLogger(logger))...)
	if err := mcptool.Register(server, set); err != nil {
		return nil, err
	}
	addResources(server)
	addPrompts(server)
	go func() {
		// The watched resource changes every three seconds.
		tick := time.NewTicker(3 * time.Second)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				server.ResourceUpdated(ctx, &mcp.ResourceUpdatedNotificationParams{URI: watchedURI})
			}
		}
	}()
	return server, nil
}

// A 1x1 red PNG and a WAV of silence, as the suite's reference servers
// send them.
const (
	pngBase64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
	wavBase64 = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA="
)

// handlers are the handlers of the tools. A handler receives its typed
// arguments and returns its result, and content items (HandleContent); it
// reports progress and logs through its context (tool.ReportProgress,
// tool.Log), and asks the client's model through the MCP request
// (mcptool.Request). What a scenario needs beyond that (forms of the
// handler's own, its own multi round-trip requests, protocol errors, ...)
// the tool does as far as it can today and says what is missing.
func handlers(server *mcp.Server, logger *slog.Logger) []tool.Option {
	png, _ := base64.StdEncoding.DecodeString(pngBase64)
	wav, _ := base64.StdEncoding.DecodeString(wavBase64)
	return []tool.Option{
		TestSimpleTextTool.Handle(func(context.Context, TestSimpleTextArgs) (any, error) {
			return "This is a simple text response for testing.", nil
		}),
		// Content items alone: no output, so no text item before them.
		TestImageContentTool.HandleContent(func(context.Context, TestImageContentArgs) (any, []tool.Content, error) {
			return nil, []tool.Content{tool.Image(png, "image/png")}, nil
		}),
		TestAudioContentTool.HandleContent(func(context.Context, TestAudioContentArgs) (any, []tool.Content, error) {
			return nil, []tool.Content{tool.Audio(wav, "audio/wav")}, nil
		}),
		TestEmbeddedResourceTool.HandleContent(func(context.Context, TestEmbeddedResourceArgs) (any, []tool.Content, error) {
			return nil, []tool.Content{tool.Resource("test://embedded-resource", "text/plain", "This is an embedded resource content.")}, nil
		}),
		TestMultipleContentTypesTool.HandleContent(func(context.Context, TestMultipleContentTypesArgs) (any, []tool.Content, error) {
			return nil, []tool.Content{
				tool.Text("Multiple content types test:"),
				tool.Image(png, "image/png"),
				tool.Resource("test://mixed-content-resource", "application/json", `{"test":"data","value":123}`),
			}, nil
		}),
		// Three log messages, 50ms apart: notifications/message at the
		// level the client set.
		TestToolWithLoggingTool.Handle(func(ctx context.Context, _ TestToolWithLoggingArgs) (any, error) {
			for i, m := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
				if i > 0 {
					if err := sleep(ctx, 50*time.Millisecond); err != nil {
						return nil, err
					}
				}
				tool.Log(ctx, slog.LevelInfo, m)
			}
			return "Tool with logging executed successfully", nil
		}),
		// 0, 50 and 100 of 100, 50ms apart: notifications/progress when
		// the client sent a progress token, nothing otherwise.
		TestToolWithProgressTool.Handle(func(ctx context.Context, _ TestToolWithProgressArgs) (any, error) {
			for i, done := range []float64{0, 50, 100} {
				if i > 0 {
					if err := sleep(ctx, 50*time.Millisecond); err != nil {
						return nil, err
					}
				}
				tool.ReportProgress(ctx, done, 100, "")
			}
			return "Tool with progress executed successfully", nil
		}),
		TestErrorHandlingTool.Handle(func(context.Context, TestErrorHandlingArgs) (any, error) {
			return nil, errors.New("this tool intentionally returns an error for testing")
		}),
		// Asks the client's model: sampling exists only in MCP. The same
		// code asks by a request while the call runs (a session before
		// 2026-07-28) or by an input request of its result (2026-07-28).
		TestSamplingTool.Handle(func(ctx context.Context, args TestSamplingArgs) (any, error) {
			text, err := sample(ctx, "prompt", args.Prompt, 100)
			if err != nil {
				return nil, err
			}
			return "LLM response: " + text, nil
		}),
		// A dangerous tool: mcptool elicits the person's confirmation
		// (tool.Tool.Confirmation, an empty form) and runs the handler on
		// accept. The handler never sees the answer, nor asks a form of
		// its own.
		TestElicitationTool.Handle(func(context.Context, TestElicitationArgs) (any, error) {
			return "Elicitation result: action=accept", nil
		}),
		// Forms of the handler's own: the generated form of a
		// //toolgen:output form=true, with defaults (SEP-1034) and titled
		// or multi-select enums (SEP-1330).
		TestElicitationSep1034DefaultsTool.Handle(func(ctx context.Context, _ TestElicitationSep1034DefaultsArgs) (any, error) {
			return answered(DefaultsFormOutput.Ask(ctx, "Test defaults for primitives"))
		}),
		TestElicitationSep1330EnumsTool.Handle(func(ctx context.Context, _ TestElicitationSep1330EnumsArgs) (any, error) {
			return answered(EnumsFormOutput.Ask(ctx, "Test enum schemas"))
		}),
		// Its schema is the file json_schema_2020_12.schema.json, as the
		// suite gives it (SEP-1613, SEP-2106): $defs with an $anchor,
		// allOf, anyOf and if/then/else, which no struct tag expresses
		// (schema= on its directive). The struct only receives the
		// arguments that file's validator accepts. Gemini takes neither
		// allOf nor if/then/else: dialects= leaves it out.
		JSONSchema202012ToolTool.Handle(func(_ context.Context, args JSONSchema202012Args) (any, error) {
			return fmt.Sprintf("JSON Schema 2020-12 tool called with name=%q contactMethod=%q", args.Name, args.ContactMethod), nil
		}),
		// A handler cannot close its SSE stream (SEP-1699); the call
		// answers on the stream it came on.
		TestReconnectionTool.Handle(func(context.Context, TestReconnectionArgs) (any, error) {
			return "Reconnection test completed successfully.", nil
		}),
		TestXMcpHeaderTool.Handle(func(_ context.Context, args TestXMcpHeaderArgs) (any, error) {
			return "region=" + args.Region, nil
		}),
		// A handler cannot answer -32021 with requiredCapabilities: it
		// fails the call, which a client reads as executed.
		// needs=sampling: a client that did not declare it gets -32021
		// from mcptool, and this handler does not run.
		TestMissingCapabilityTool.Handle(func(context.Context, TestMissingCapabilityArgs) (any, error) {
			return "the client declared sampling", nil
		}),
		TestStreamingElicitationTool.Handle(func(context.Context, TestStreamingElicitationArgs) (any, error) {
			return "stream observed: result frames only, no top-level requests", nil
		}),
		// Logs; mcptool sends it only to a client that set a level
		// (logging/setLevel, or the request's _meta at 2026-07-28).
		TestLoggingToolTool.Handle(func(ctx context.Context, _ TestLoggingToolArgs) (any, error) {
			tool.Log(ctx, slog.LevelInfo, "test_logging_tool executed")
			return "Logged at info: a client that set no level receives nothing.", nil
		}),
		// Each call adds the transient tool again (or the prompt), which
		// sends list_changed to the subscribed clients.
		TestTriggerToolChangeTool.Handle(func(context.Context, TestTriggerToolChangeArgs) (any, error) {
			transient := tool.NewSet(TransientToolForListChangedTool.Handle(func(context.Context, TransientArgs) (any, error) { return "", nil }),
				tool.WithLogger(logger))
			if err := mcptool.Register(server, transient); err != nil {
				return nil, err
			}
			return "tools_list_changed published", nil
		}),
		TestTriggerPromptChangeTool.Handle(func(context.Context, TestTriggerPromptChangeArgs) (any, error) {
			server.AddPrompt(&mcp.Prompt{Name: "__transient_prompt_for_list_changed", Description: "Added by test_trigger_prompt_change."},
				func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
					return &mcp.GetPromptResult{}, nil
				})
			return "prompts_list_changed published", nil
		}),
		// Multi round-trip requests (SEP-2322): the handler asks, and from
		// 2026-07-28 on each question is an input request of the call's
		// result, named by its key (a form's key is its output's name);
		// the client calls again with the answers and the request state,
		// and the handler runs again from the start, finding them. It asks
		// before it acts.
		TestInputRequiredResultElicitationTool.Handle(func(ctx context.Context, _ TestInputRequiredResultElicitationArgs) (any, error) {
			who, err := UserNameOutput.Ask(ctx, "What is your name?")
			if err != nil {
				return nil, err
			}
			return "Hello, " + who.Name + "!", nil
		}),
		TestInputRequiredResultSamplingTool.Handle(func(ctx context.Context, _ TestInputRequiredResultSamplingArgs) (any, error) {
			return sample(ctx, "capital_question", "What is the capital of France?", 100)
		}),
		TestInputRequiredResultListRootsTool.Handle(func(ctx context.Context, _ TestInputRequiredResultListRootsArgs) (any, error) {
			roots, err := mcptool.ListRoots(ctx, "client_roots")
			if err != nil {
				return nil, err
			}
			return fmt.Sprintf("The client has %d roots.", len(roots.Roots)), nil
		}),
		// A dangerous tool: its confirmation is the one question, the
		// set's signed approval the request state.
		TestInputRequiredResultRequestStateTool.Handle(func(context.Context, TestInputRequiredResultRequestStateArgs) (any, error) {
			return "state-ok: confirmation accepted", nil
		}),
		// Three questions asked before the handler looks at their errors
		// go in one round.
		TestInputRequiredResultMultipleInputsTool.Handle(func(ctx context.Context, _ TestInputRequiredResultMultipleInputsArgs) (any, error) {
			who, err1 := UserNameOutput.Ask(ctx, "What is your name?")
			greeting, err2 := sample(ctx, "greeting", "Generate a greeting", 50)
			roots, err3 := mcptool.ListRoots(ctx, "client_roots")
			if err := errors.Join(err1, err2, err3); err != nil {
				return nil, err
			}
			return fmt.Sprintf("%s, %s (%d roots)", greeting, who.Name, len(roots.Roots)), nil
		}),
		// One question a round, each round's state another.
		TestInputRequiredResultMultiRoundTool.Handle(func(ctx context.Context, _ TestInputRequiredResultMultiRoundArgs) (any, error) {
			step1, err := Step1Output.Ask(ctx, "Step 1: What is your name?")
			if err != nil {
				return nil, err
			}
			step2, err := Step2Output.Ask(ctx, "Step 2: What is your favorite color?")
			if err != nil {
				return nil, err
			}
			return step1.Name + " likes " + step2.Color + ".", nil
		}),
		TestInputRequiredResultTamperedStateTool.Handle(func(context.Context, TestInputRequiredResultTamperedStateArgs) (any, error) {
			return "state-ok: confirmation accepted", nil
		}),
		// A client is asked only what its capabilities declare: a question
		// it does not take is tool.ErrCannotAsk, and the handler goes on
		// without it.
		TestInputRequiredResultCapabilitiesTool.Handle(func(ctx context.Context, _ TestInputRequiredResultCapabilitiesArgs) (any, error) {
			var parts []string
			who, err := UserNameOutput.Ask(ctx, "What is your name?")
			switch {
			case err == nil:
				parts = append(parts, "name: "+who.Name)
			case !errors.Is(err, tool.ErrCannotAsk):
				return nil, err
			}
			answer, err := sample(ctx, "capital_question", "What is the capital of France?", 100)
			switch {
			case err == nil:
				parts = append(parts, "model: "+answer)
			case !errors.Is(err, tool.ErrCannotAsk):
				return nil, err
			}
			if len(parts) == 0 {
				return "The client takes neither forms nor sampling.", nil
			}
			return strings.Join(parts, "; "), nil
		}),
	}
}

// sample asks the client's model prompt, under key, and returns its text.
func sample(ctx context.Context, key, prompt string, maxTokens int64) (string, error) {
	msg, err := mcptool.Sample(ctx, key, &mcp.CreateMessageParams{MaxTokens: maxTokens,
		Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: prompt}}}})
	if err != nil {
		return "", err
	}
	text, ok := msg.Content.(*mcp.TextContent)
	if !ok {
		return "", fmt.Errorf("the client's model answered %T, not text", msg.Content)
	}
	return text.Text, nil
}

// sleep waits d, or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// The resources.

const watchedURI = "test://watched-resource"

func addResources(server *mcp.Server) {
	textOf := func(mime, body string) mcp.ResourceHandler {
		return func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: mime, Text: body}}}, nil
		}
	}
	server.AddResource(&mcp.Resource{Name: "static-text", Description: "A static text resource.", MIMEType: "text/plain", URI: "test://static-text"},
		textOf("text/plain", "This is the content of the static text resource."))
	png, _ := base64.StdEncoding.DecodeString(pngBase64)
	server.AddResource(&mcp.Resource{Name: "static-binary", Description: "A static image.", MIMEType: "image/png", URI: "test://static-binary"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "image/png", Blob: png}}}, nil
		})
	server.AddResourceTemplate(&mcp.ResourceTemplate{Name: "template", Description: "A resource of each id.", MIMEType: "application/json", URITemplate: "test://template/{id}/data"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			id := templateID(req.Params.URI)
			body := fmt.Sprintf(`{"id":%q,"templateTest":true,"data":%q}`, id, "Data for ID: "+id)
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: body}}}, nil
		})
	server.AddResource(&mcp.Resource{Name: "watched-resource", Description: "A resource that changes every three seconds.", MIMEType: "text/plain", URI: watchedURI},
		textOf("text/plain", "Watched resource content"))
}

// templateID is the {id} of test://template/{id}/data.
func templateID(uri string) string {
	var id string
	const prefix, suffix = "test://template/", "/data"
	if len(uri) > len(prefix)+len(suffix) && uri[:len(prefix)] == prefix && uri[len(uri)-len(suffix):] == suffix {
		id = uri[len(prefix) : len(uri)-len(suffix)]
	}
	return id
}

// The prompts.

func addPrompts(server *mcp.Server) {
	user := func(c mcp.Content) *mcp.PromptMessage { return &mcp.PromptMessage{Role: "user", Content: c} }
	server.AddPrompt(&mcp.Prompt{Name: "test_simple_prompt", Title: "Simple Test Prompt", Description: "A prompt without arguments."},
		func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{user(&mcp.TextContent{Text: "This is a simple prompt for testing."})}}, nil
		})
	server.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_arguments", Title: "Prompt With Arguments", Description: "A prompt with two arguments.",
		Arguments: []*mcp.PromptArgument{{Name: "arg1", Description: "First test argument", Required: true}, {Name: "arg2", Description: "Second test argument", Required: true}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			a := req.Params.Arguments
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{user(&mcp.TextContent{Text: fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", a["arg1"], a["arg2"])})}}, nil
		})
	server.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_embedded_resource", Title: "Prompt With Embedded Resource", Description: "A prompt that embeds a resource.",
		Arguments: []*mcp.PromptArgument{{Name: "resourceUri", Description: "URI of the resource to embed", Required: true}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			r := &mcp.ResourceContents{URI: req.Params.Arguments["resourceUri"], MIMEType: "text/plain", Text: "Embedded resource content for testing."}
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				user(&mcp.EmbeddedResource{Resource: r}), user(&mcp.TextContent{Text: "Please process the embedded resource above."}),
			}}, nil
		})
	png, _ := base64.StdEncoding.DecodeString(pngBase64)
	server.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_image", Title: "Prompt With Image", Description: "A prompt with an image."},
		func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				user(&mcp.ImageContent{Data: png, MIMEType: "image/png"}), user(&mcp.TextContent{Text: "Please analyze the image above."}),
			}}, nil
		})
	// A prompt asks the client for input with the SDK's own multi
	// round-trip request (SEP-2322): prompts are the SDK's, not toolgen's.
	server.AddPrompt(&mcp.Prompt{Name: "test_input_required_result_prompt", Description: "Asks for context before it answers."},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			if answer, _ := req.Params.InputResponses["user_context"].(*mcp.ElicitResult); answer != nil && answer.Action == "accept" {
				c, _ := answer.Content["context"].(string)
				return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{user(&mcp.TextContent{Text: "Context: " + c})}}, nil
			}
			return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"user_context": &mcp.ElicitParams{
				Message:         "Please provide context for the prompt",
				RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"context": map[string]any{"type": "string"}}, "required": []string{"context"}},
			}}}, nil
		})
}

// complete completes nothing: the server declares the capability.
func complete(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{}}}, nil
}

// answered is what a tool that asked for a form answers: the person's
// answer, or what they did instead (tool.ErrDeclined, tool.ErrCanceled).
func answered[T any](answer T, err error) (any, error) {
	switch {
	case errors.Is(err, tool.ErrDeclined):
		return "Elicitation result: action=decline", nil
	case errors.Is(err, tool.ErrCanceled):
		return "Elicitation result: action=cancel", nil
	case err != nil:
		return nil, err
	}
	return fmt.Sprintf("Elicitation result: action=accept, content=%+v", answer), nil
}

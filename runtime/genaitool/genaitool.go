// Package genaitool connects a tool.Set and the structured outputs toolgen
// generates to google.golang.org/genai, one call each: the function
// declarations of a request, the function responses that answer every
// function call of a response, and the response schema of an output.
//
//	tools, err := genaitool.Tools(set)
//	config := &genai.GenerateContentConfig{Tools: tools}
//	for g.Step() == nil {
//		resp, err := client.Models.GenerateContent(ctx, model, contents, config)
//		...
//		if len(resp.FunctionCalls()) == 0 {
//			break // the answer: resp.Text()
//		}
//		more, err := genaitool.Run(ctx, set, resp, g, tool.Ask(approve))
//		...
//		contents = append(contents, more...)
//	}
//
// approve, a tool.Approver, asks a person about each dangerous call, which
// then runs or is declined within the turn; without tool.Ask, the model
// reads that the call awaits a person's approval.
//
// What runs is what the model's content says, one way for a whole response
// and a stream: a call runs only when its response ended with finish
// reason STOP and every call in it is whole. A stream (Stream) keeps no
// view of a call beside the content it returns: a streamed call's
// arguments in that content are the value of the very text the set's
// Pending checked and runs, its name and id those of the part that opened
// it, so that Run on the content runs the same calls. Where the parts do
// not make one whole call (a string still continuing at the call's end, a
// member sent twice, parts after the finish reason, ...), no call of the
// response runs, and each is answered with why, for the model to call
// again: genaitool never completes or repairs a value.
package genaitool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Declarations returns the function declarations of the set's tools: each
// tool's generated Gemini definition, with parameters in Gemini's OpenAPI
// subset, or parametersJsonSchema where the subset cannot express the
// tool. It fails for more than 128 tools, the most one Gemini request
// takes (send a subset), and for a tool whose dialects= option leaves
// gemini out.
func Declarations(set *tool.Set) ([]*genai.FunctionDeclaration, error) {
	tools := set.Tools()
	if _, err := tools.For(tool.Gemini); err != nil {
		return nil, err
	}
	decls := make([]*genai.FunctionDeclaration, len(tools))
	for i, t := range tools {
		def, _ := t.Dialects.Get(tool.Gemini)
		var d genai.FunctionDeclaration
		if err := json.Unmarshal(def.Tool, &d); err != nil {
			return nil, fmt.Errorf("genaitool: the Gemini definition of %s: %w", t.Name, err)
		}
		if def.Form == tool.GeminiJSONSchema {
			// As generated, members in their order.
			d.ParametersJsonSchema = def.Parameters
		}
		decls[i] = &d
	}
	return decls, nil
}

// Tools returns the set's declarations as the tools of a request.
func Tools(set *tool.Set) ([]*genai.Tool, error) {
	decls, err := Declarations(set)
	if err != nil {
		return nil, err
	}
	return []*genai.Tool{{FunctionDeclarations: decls}}, nil
}

// ToolConfig returns the tool config of a request that sends the set's
// tools in function calling mode mode, limited to the tools named when
// names are given (Gemini's allowedFunctionNames, which it reads with the
// modes ANY and VALIDATED only). With genai.FunctionCallingConfigModeValidated
// Gemini holds each call to its declaration, parameters or
// parametersJsonSchema alike, and the model may still answer in text. It
// fails for a name that is not one of the set's tools sent to Gemini, and
// for names with another mode.
func ToolConfig(set *tool.Set, mode genai.FunctionCallingConfigMode, names ...string) (*genai.ToolConfig, error) {
	if len(names) > 0 && mode != genai.FunctionCallingConfigModeAny && mode != genai.FunctionCallingConfigModeValidated {
		return nil, fmt.Errorf("genaitool: Gemini reads allowed function names in mode ANY or VALIDATED, not %s", mode)
	}
	tools := set.Tools()
	for _, name := range names {
		i := slices.IndexFunc(tools, func(t *tool.Tool) bool { return t.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("genaitool: allowed function %q is not a tool of the set", name)
		}
		if _, ok := tools[i].Dialects.Get(tool.Gemini); !ok {
			return nil, fmt.Errorf("genaitool: allowed function %q is not sent to Gemini (its dialects= option leaves gemini out)", name)
		}
	}
	return &genai.ToolConfig{FunctionCallingConfig: &genai.FunctionCallingConfig{Mode: mode, AllowedFunctionNames: slices.Clone(names)}}, nil
}

// ErrNoCandidate is Run's error for a response without a candidate.
var ErrNoCandidate = errors.New("genaitool: the response has no candidate")

// Run runs every function call of the response's first candidate through
// set, in order, and returns the contents that continue the conversation:
// the model's content, then a user content of one function response per
// call, {"output": ...} with the output (a typed result's JSON) or
// {"error": ...} with what to correct (see tool.Result.Gemini); an output
// that cannot be sent fails its call alone. The content items a handler
// returns (tool.Def.HandleContent) follow: PNG, JPEG and WebP images and
// PDF resources as the function response's parts (inline data), the
// others as its "content" member, the text of each (tool.Content.AsText:
// audio, other types and links as a JSON note of what they are). With a
// guard, each call runs through it (tool.Guard.CallArgs): once the guard
// stops the loop, and past the step's Limits.MaxCalls calls, a call does
// not run, and its response says why; every call is answered, and Run
// returns the guard's *tool.Stop.
//
// The calls run only when the candidate ended with finish reason STOP and
// each is whole: a response cut by MAX_TOKENS or CONTINUATION, stopped
// for any other reason (SAFETY, MALFORMED_FUNCTION_CALL, ...), or without
// a finish reason (the model had not finished), or holding a call in
// pieces (partialArgs, willContinue: read those with Stream), runs none of
// its calls, whatever their arguments; each is answered with why
// (tool.Pending.Abort), as Stream answers the calls of such a stream.
//
// opts apply to every call: tool.Ask(approver) has a person approve or
// decline each dangerous call within the turn, and the call runs (once,
// through the set's single-use token) or is declined before its function
// response is written; without it, the model reads that the call needs a
// person's approval. Each call's id is the function call's (tool.CallID):
// give no CallID or RequestID here.
func Run(ctx context.Context, set *tool.Set, resp *genai.GenerateContentResponse, guard *tool.Guard, opts ...tool.CallOption) ([]*genai.Content, error) {
	if len(resp.Candidates) == 0 || resp.Candidates[0].Content == nil {
		return nil, ErrNoCandidate
	}
	calls := resp.FunctionCalls()
	why := finishRefusal(resp.Candidates[0].FinishReason)
	for _, fc := range calls {
		if why == "" && !whole(fc) {
			why = "a call arrived in pieces (partialArgs): " + quote(fc.ID)
		}
	}
	var parts []*genai.Part
	for _, fc := range calls {
		res := runCall(ctx, set, guard, fc, opts, why)
		parts = append(parts, &genai.Part{FunctionResponse: functionResponse(res, fc.ID, fc.Name)})
	}
	contents := []*genai.Content{resp.Candidates[0].Content}
	if len(parts) > 0 {
		contents = append(contents, genai.NewContentFromParts(parts, genai.RoleUser))
	}
	return contents, guard.Err()
}

// runCall runs a whole function call through guard, with opts and its id,
// as Run and Stream run one; given why, it refuses the call instead, as a
// call whose response did not end (tool.Pending.Abort), and the model
// reads why.
func runCall(ctx context.Context, set *tool.Set, guard *tool.Guard, fc *genai.FunctionCall, opts []tool.CallOption, why string) tool.Result {
	opts = withID(opts, fc.ID)
	if why != "" {
		return set.Open(ctx, fc.Name, opts...).Abort(why)
	}
	return guard.CallArgs(ctx, set, fc.Name, fc.Args, opts...)
}

// finishRefusal says why the calls of a response with this finish reason
// do not run: any but STOP. (tool.Pending.Abort shows 64 characters of it.)
func finishRefusal(finish genai.FinishReason) string {
	switch finish {
	case genai.FinishReasonStop:
		return ""
	case "", genai.FinishReasonUnspecified:
		return "the response has no finish reason"
	}
	return "the response stopped with finish reason " + string(finish)
}

// withID returns opts and the call id, leaving opts' array as it is.
func withID(opts []tool.CallOption, id string) []tool.CallOption {
	return append(opts[:len(opts):len(opts)], tool.CallID(id))
}

// response is the response of a function response: the JSON of
// tool.Result.Gemini as the SDK's map, numbers exact (json.Number). JSON the
// map cannot hold (a set fails an output it cannot send, but a Result may
// come from elsewhere) is an error response of that call alone.
func response(res tool.Result) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(res.Gemini().Response))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return map[string]any{"error": "The output of the call to " + res.Tool + " could not be sent: " + err.Error()}
	}
	return m
}

// SetOutput makes config ask for the output: responseMimeType
// application/json and responseSchema, in Gemini's OpenAPI subset, or
// responseJsonSchema where the subset cannot express the output. Read the
// answer with resp.Text() and the output's Parse.
func SetOutput(config *genai.GenerateContentConfig, o *tool.Output) error {
	f := o.Formats.Gemini
	if f.Format == nil {
		return fmt.Errorf("genaitool: %s has no Gemini format: its //toolgen:output dialects= option leaves gemini out", o.Name)
	}
	var format struct {
		ResponseMimeType string        `json:"responseMimeType"`
		ResponseSchema   *genai.Schema `json:"responseSchema"`
	}
	if err := json.Unmarshal(f.Format, &format); err != nil {
		return fmt.Errorf("genaitool: the Gemini format of %s: %w", o.Name, err)
	}
	config.ResponseMIMEType = format.ResponseMimeType
	config.ResponseSchema = format.ResponseSchema
	config.ResponseJsonSchema = nil
	if f.Form == tool.GeminiJSONSchema {
		config.ResponseJsonSchema = f.Schema
	}
	return nil
}

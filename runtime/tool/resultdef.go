package tool

import (
	"context"
	"encoding/json"
	"fmt"
)

// ResultDef is the definition of a tool whose directive names its result
// type R (//toolgen:tool result=R): toolgen generates the JSON Schema of R
// (Tool.ResultSchema, an MCP tool's outputSchema) and its validator
// (Tool.ValidateResult), and a ResultDef[T, R] in place of a Def[T]:
//
//	var GetForecastTool = tool.ResultDef[GetForecastArgs, Forecast]{Def: tool.Def[GetForecastArgs]{...}}
//
// Its Handle takes a handler that returns an R, checked by the compiler.
// The embedded Def is what PolicyFor takes.
type ResultDef[T, R any] struct {
	Def[T]
}

// Handle binds fn to the tool, for NewSet, as Def.Handle does; fn returns
// the tool's result type. A Set checks the JSON of each result against the
// tool's result schema before it returns it (see Result.Structured); a
// result that does not match fails the call with code bad_result.
func (d *ResultDef[T, R]) Handle(fn func(ctx context.Context, args T) (R, error)) Handler {
	if fn == nil {
		panic("tool: Handle of " + d.Name + " with a nil function")
	}
	return bind(&d.Def, func(ctx context.Context, args T) (any, []Content, error) {
		r, err := fn(ctx, args)
		if err != nil {
			return nil, nil, err
		}
		return r, nil, nil
	})
}

// HandleContent binds fn to the tool, as Handle does; fn returns content
// items beside its result, as for Def.HandleContent. The model reads the
// result's checked JSON (an MCP result's structuredContent, and its first
// text item), then the items.
func (d *ResultDef[T, R]) HandleContent(fn func(ctx context.Context, args T) (R, []Content, error)) Handler {
	if fn == nil {
		panic("tool: HandleContent of " + d.Name + " with a nil function")
	}
	return bind(&d.Def, func(ctx context.Context, args T) (any, []Content, error) {
		r, items, err := fn(ctx, args)
		if err != nil {
			return nil, nil, err
		}
		return r, items, nil
	})
}

// checkResult renders a handler's output as JSON, as encoding/json does,
// and checks it against the tool's result schema. It returns the JSON, or
// why it does not match: the validator's Errors, or why it has no JSON.
func checkResult(t *Tool, out any) (json.RawMessage, error) {
	b, _, err := marshalOutput(out)
	if err != nil {
		return nil, fmt.Errorf("the result does not encode as JSON: %w", err)
	}
	obj, errs := parseObject(b, "the result is not valid JSON", "the result should be a JSON object")
	if errs != nil {
		return nil, errs
	}
	if errs := t.ValidateResult(obj); len(errs) > 0 {
		return nil, errs
	}
	return b, nil
}

// resultFailure is the result of a call whose handler's result does not
// match the tool's result schema, or cannot be sent.
func resultFailure(name string, err error) Result {
	if c, ok := err.(*contentError); ok {
		return Result{Status: StatusFailed,
			Err:    fmt.Errorf("tool %s returned content that cannot be sent: %w", name, err),
			Errors: Errors{{Code: CodeBadResult, Name: name, Reason: "the tool produced content that cannot be sent: " + c.reason}}}
	}
	if _, unsent := err.(*outputError); unsent {
		return Result{Status: StatusFailed,
			Err:    fmt.Errorf("tool %s returned an output that cannot be sent: %w", name, err),
			Errors: Errors{{Code: CodeBadResult, Name: name, Reason: "the tool produced an output that cannot be sent"}}}
	}
	return Result{Status: StatusFailed,
		Err:    fmt.Errorf("tool %s returned a result that does not match its result schema: %w", name, err),
		Errors: Errors{{Code: CodeBadResult, Name: name, Reason: "the tool produced a result that does not match its declared output schema"}}}
}

// resultProblems lists what is wrong with a result, for the audit log:
// the validator's errors (at most DefaultMaxErrors), each bounded as
// Message bounds it, or the encoding error, bounded likewise.
func resultProblems(err error) []string {
	if errs, ok := err.(Errors); ok {
		return errs.messagesAbout("member", "the result")
	}
	return []string{field(err.Error())}
}

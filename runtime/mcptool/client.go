package mcptool

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// CallTool calls the tool name through session, as the typed clients
// `toolgen client` generates do: args, encoded as JSON, must pass
// checkArgs before they are sent; when result is not nil, the call's
// structured content must pass checkResult and is decoded into result. An
// invalid value is a *ValidationError, a result with isError a *ToolError;
// an error of the protocol or the session is returned as the SDK returns
// it.
func CallTool(ctx context.Context, session *mcp.ClientSession, name string, args any, checkArgs func(any) tool.Errors, result any, checkResult func(any) tool.Errors) (*mcp.CallToolResult, error) {
	raw, err := json.Marshal(args)
	if err != nil {
		return nil, fmt.Errorf("calling %s: encoding the arguments: %w", name, err)
	}
	if string(raw) == "null" {
		raw = []byte("{}") // a nil map of arguments: none
	}
	if errs := check(raw, checkArgs); errs != nil {
		return nil, &ValidationError{Tool: name, Errors: errs}
	}
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(raw)})
	if err != nil {
		return nil, err
	}
	if res.IsError {
		return res, &ToolError{Tool: name, Result: res}
	}
	if result == nil {
		return res, nil
	}
	if res.StructuredContent == nil {
		return res, &ValidationError{Tool: name, Result: true, Errors: tool.Errors{{Code: tool.CodeMissing, Path: "", Name: "structuredContent", Reason: "the result has no structuredContent, which the tool's outputSchema requires"}}}
	}
	raw, err = json.Marshal(res.StructuredContent)
	if err != nil {
		return res, fmt.Errorf("calling %s: reading the structured result: %w", name, err)
	}
	if errs := check(raw, checkResult); errs != nil {
		return res, &ValidationError{Tool: name, Result: true, Errors: errs}
	}
	if err := json.Unmarshal(raw, result); err != nil {
		return res, fmt.Errorf("calling %s: decoding the structured result: %w", name, err)
	}
	return res, nil
}

// check runs a validator on the JSON raw, read with exact numbers.
func check(raw []byte, validate func(any) tool.Errors) tool.Errors {
	if validate == nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return tool.Errors{{Code: tool.CodeBadJSON, Reason: err.Error()}}
	}
	return validate(v)
}

// ValidationError is a call's arguments (before they are sent) or its
// structured result (when it returns) that do not pass the tool's schema.
type ValidationError struct {
	Tool   string
	Result bool // the result, not the arguments
	Errors tool.Errors
}

func (e *ValidationError) Error() string {
	what := "arguments"
	if e.Result {
		what = "result"
	}
	return fmt.Sprintf("calling %s: invalid %s: %v", e.Tool, what, e.Errors)
}

// Unwrap returns the tool.Errors, for errors.As.
func (e *ValidationError) Unwrap() error { return e.Errors }

// ToolError is a call whose result has isError: the tool ran, or was
// refused, and says why in its content.
type ToolError struct {
	Tool   string
	Result *mcp.CallToolResult
}

// Error is the text of the result's content.
func (e *ToolError) Error() string {
	var texts []string
	for _, c := range e.Result.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			texts = append(texts, t.Text)
		}
	}
	if len(texts) == 0 {
		return "tool " + e.Tool + " failed"
	}
	return "tool " + e.Tool + " failed: " + strings.Join(texts, "\n")
}

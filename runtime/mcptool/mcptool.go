// Package mcptool serves the tools of a tool.Set on an MCP server of
// github.com/modelcontextprotocol/go-sdk, in one call:
//
//	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
//	if err := mcptool.Register(server, set); err != nil { ... }
//
// Each tool is listed with its generated MCP definition: name, description,
// inputSchema, annotations, and, for a tool with a result type, its
// outputSchema; both schemas declare their dialect, "$schema" JSON Schema
// 2020-12. Each tools/call runs through the set: invalid arguments are
// a result with isError and what to correct (and, for a tool without an
// outputSchema, the errors as structuredContent), a typed result is the
// structuredContent of the result and, as JSON, its first text item; the
// content items a handler returns (tool.Def.HandleContent: images, audio,
// embedded resources, resource links, text) follow, as MCP's own. A
// dangerous tool asks the person at the client for confirmation, by MCP
// elicitation: accepting approves that exact call, declining or cancelling
// refuses it. The question is tool.Tool.Confirmation: every argument on a
// line of its own, sorted by name, each value cut on its own and escaped, so
// that the person sees what runs. A call whose _meta holds an id (CallIDKey)
// runs once however often a client retries it.
//
// What a handler reports while it runs (tool.ReportProgress, tool.Log)
// reaches the client: progress as notifications/progress on the request's
// progressToken, when the client sent one, and log messages as
// notifications/message, at or above the level the client set. What a
// handler asks the client (a form, tool.OutputDef.Ask, checked by the
// form's generated Decode; the client's model, Sample; its roots,
// ListRoots) is a request to the client while the call runs, on a session
// before protocol 2026-07-28; from then on, and on a server without
// sessions, it is an input request of the call's result, named by the
// question's key, with a request state signed for the call: the client
// calls again with the answers and the state, and the handler runs again
// from the start, finding its answers (tool.InRounds). A client is asked
// only what its capabilities declare; the handler gets tool.ErrCannotAsk
// for the rest. Request gives a handler the MCP request itself.
//
// The protocol's own errors answer what is not the model's to correct,
// and nothing runs: a client that lacks what a tool needs (a capability of
// Tool.Needs, or form elicitation to confirm a dangerous tool) gets -32021
// with the capabilities it lacks, before the set sees the call; a
// request state that fails verification (a confirmation's or a round's:
// forged, altered, another call's, used or expired) gets -32602, invalid
// params, once the set has refused it (and audited the refusal).
//
// On the client side, CallTool is what the typed clients `toolgen client`
// generates call: arguments checked before they are sent, a structured
// result checked and decoded, a *ValidationError or a *ToolError to
// inspect (see docs/clients.md).
package mcptool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// ConfirmKey is the key of the confirmation among the input requests of a
// tool call (MCP's multi round-trip requests), and of its answer among the
// input responses.
const ConfirmKey = "toolgen_confirm"

// CallIDKey is the key, in the _meta of a tools/call, of the call's id: the
// id of the model's tool call that the client runs (OpenAI's tool_call_id,
// Anthropic's tool_use id), a string. The set deduplicates the calls of a
// tool that is not idempotent by it, so that a client retrying a call with
// the same id, on any replica of a service sharing a tool.Store, runs it
// once and gets its first result; it names the call in the audit log and
// the telemetry. Without it, each tools/call is a call of its own.
const CallIDKey = "toolgen/call_id"

// multiRoundTrip is the first protocol version of multi round-trip
// requests (SEP-2322), from which a server no longer sends requests of its
// own while a call runs.
const multiRoundTrip = "2026-07-28"

// Register adds every tool of set to server. It fails, adding nothing, when
// a tool has no MCP definition (its dialects= option leaves mcp out).
//
// A call from a client that does not declare a capability of the tool's
// Needs, or, for a dangerous tool, form elicitation, which asks the person
// to confirm the call, is refused with the JSON-RPC error -32021, whose
// data.requiredCapabilities names what is missing; the handler does not
// run. Before protocol 2026-07-28 the capabilities are those of the
// session's initialize, so a stateless server (where nothing reaches an
// older client) refuses every client of an older protocol a dangerous
// tool, or a tool with Needs. HideUncallable leaves such tools out of that
// client's tools/list as well.
func Register(server *mcp.Server, set *tool.Set, opts ...Option) error {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	tools := set.Tools()
	defs := make([]*mcp.Tool, len(tools))
	for i, t := range tools {
		def, ok := t.Dialects.Get(tool.MCP)
		if !ok {
			return fmt.Errorf("mcptool: %s has no MCP definition: its //toolgen:tool dialects= option leaves mcp out", t.Name)
		}
		var mt mcp.Tool
		// The schemas as the definition holds them ("$schema" first,
		// members in their order), not as maps.
		var schemas struct{ InputSchema, OutputSchema json.RawMessage }
		if err := errors.Join(json.Unmarshal(def.Tool, &mt), json.Unmarshal(def.Tool, &schemas)); err != nil {
			return fmt.Errorf("mcptool: the MCP definition of %s: %w", t.Name, err)
		}
		mt.InputSchema, mt.OutputSchema = schemas.InputSchema, nil
		if schemas.OutputSchema != nil {
			mt.OutputSchema = schemas.OutputSchema
		}
		defs[i] = &mt
	}
	byName := make(map[string]*tool.Tool, len(tools))
	for i, t := range tools {
		server.AddTool(defs[i], handler(set, t))
		byName[t.Name] = t
	}
	if o.hide {
		server.AddReceivingMiddleware(hideUncallable(byName))
	}
	return nil
}

// handler runs the calls of one tool through the set.
func handler(set *tool.Set, t *tool.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		caps := clientCapabilities(req)
		if l := lacks(t, caps); !l.none() {
			return nil, l.refusal(t)
		}
		rep := &reporter{req: req, token: req.Params.GetProgressToken()}
		ctx = tool.WithReporter(context.WithValue(ctx, requestKey{}, rep), rep)
		args := req.Params.Arguments
		var opts []tool.CallOption
		if id, _ := req.Params.Meta[CallIDKey].(string); id != "" {
			opts = append(opts, tool.CallID(id))
		}
		state := req.Params.RequestState
		// The answer to a confirmation comes with the approval token as
		// state; any other state is the state of a round.
		answer, confirming := req.Params.InputResponses[ConfirmKey].(*mcp.ElicitResult)
		dangerous := t.Risk == tool.RiskDangerous
		rounds := inRounds(req)
		switch {
		case state == "":
		case confirming && dangerous:
			if answer.Action == "accept" {
				opts = append(opts, tool.Approve(state))
			} else { // decline, or cancel: the person dismissed the question
				opts = append(opts, tool.Decline(state))
			}
			state = ""
		case confirming:
			// A tool that asks no confirmation takes no approval: the call
			// runs as without one.
			state = ""
		case !rounds && dangerous:
			return nil, stateError(t, "it came without the answer to the confirmation, inputResponses."+ConfirmKey)
		case !rounds:
			state = "" // no round state is issued to such a client
		}
		if rounds {
			// The handler's questions are input requests of the result, and
			// the call is made again with their answers.
			opts = append(opts, tool.InRounds(tool.Round{State: state, Answers: answers(req.Params.InputResponses),
				Can: func(q tool.Question) bool { return canAnswer(caps, q) }}))
		} else {
			ctx = tool.WithAsker(ctx, asker{req, caps})
		}
		res := set.Call(ctx, req.Params.Name, args, opts...)
		switch {
		case res.Status == tool.StatusNeedsConfirmation && len(res.Errors) > 0 && req.Params.RequestState != "":
			// The set refused the state as an approval of this call (its
			// error says why: approval_invalid, _used, _expired).
			return nil, stateError(t, res.Errors[0].Reason)
		case res.Status == tool.StatusRejected && len(res.Errors) == 1 && isStateCode(res.Errors[0].Code):
			reason := res.Errors[0].Reason
			if dangerous && res.Errors[0].Code == tool.CodeStateInvalid {
				reason += "; or it is the state of a confirmation, sent without the answer to the confirmation, inputResponses." + ConfirmKey
			}
			return nil, stateError(t, reason)
		case res.Status == tool.StatusNeedsConfirmation:
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{ConfirmKey: &mcp.ElicitParams{
					Mode:            "form",
					Message:         res.Confirmation,
					RequestedSchema: json.RawMessage(`{"type":"object","properties":{}}`),
				}},
				RequestState: res.Approval,
			}, nil
		case res.Status == tool.StatusNeedsInput:
			requests := make(mcp.InputRequestMap, len(res.Input.Questions))
			for _, q := range res.Input.Questions {
				r, err := inputRequest(q)
				if err != nil {
					return nil, fmt.Errorf("mcptool: question %q of %s: %w", q.Key, t.Name, err)
				}
				requests[q.Key] = r
			}
			return &mcp.CallToolResult{InputRequests: requests, RequestState: res.Input.State}, nil
		}
		return Result(res), nil
	}
}

// isStateCode reports the code of a round's state the set refused.
func isStateCode(code tool.Code) bool {
	return code == tool.CodeStateInvalid || code == tool.CodeStateUsed || code == tool.CodeStateExpired
}

// inRounds reports whether the call's handler asks its questions through
// the call's result (multi round-trip requests, SEP-2322) rather than by
// requests to the client while it runs: from protocol 2026-07-28 on, when
// the SDK sends no such requests, and on a server without sessions, where
// none reaches the client.
func inRounds(req *mcp.CallToolRequest) bool {
	if req.Session == nil {
		return true
	}
	p := req.Session.InitializeParams()
	return p == nil || p.ProtocolVersion >= multiRoundTrip
}

// The methods of MCP's requests to the client that a handler can ask.
const (
	methodSampling = "sampling/createMessage"
	methodRoots    = "roots/list"
)

// canAnswer reports whether a client with caps takes the question q.
func canAnswer(caps *mcp.ClientCapabilities, q tool.Question) bool {
	switch {
	case q.Form != nil:
		return canElicitForm(caps)
	case q.Method == methodSampling:
		return has(caps, tool.CapabilitySampling)
	case q.Method == methodRoots:
		return has(caps, tool.CapabilityRoots)
	}
	return false
}

// inputRequest is the MCP input request of a question.
func inputRequest(q tool.Question) (mcp.InputRequest, error) {
	switch {
	case q.Form != nil:
		return &mcp.ElicitParams{Mode: "form", Message: q.Message, RequestedSchema: q.Form.Form}, nil
	case q.Method == methodSampling:
		var p mcp.CreateMessageParams
		if err := json.Unmarshal(q.Params, &p); err != nil {
			return nil, err
		}
		return &p, nil
	case q.Method == methodRoots:
		return &mcp.ListRootsParams{}, nil
	}
	return nil, fmt.Errorf("no MCP request has the method %q", q.Method)
}

// answers are the client's input responses as JSON, by key.
func answers(responses mcp.InputResponseMap) map[string]json.RawMessage {
	if len(responses) == 0 {
		return nil
	}
	out := make(map[string]json.RawMessage, len(responses))
	for k, r := range responses {
		if b, err := json.Marshal(r); err == nil { // the SDK decoded it from JSON
			out[k] = b
		}
	}
	return out
}

// asker asks a handler's questions of the client on the call's session,
// while the call runs: forms by elicitation/create, sampling and roots by
// their requests.
type asker struct {
	req  *mcp.CallToolRequest
	caps *mcp.ClientCapabilities
}

func (a asker) Ask(ctx context.Context, q tool.Question) (json.RawMessage, error) {
	ss := a.req.Session
	if !canAnswer(a.caps, q) || ss == nil {
		return nil, tool.ErrCannotAsk
	}
	switch q.Method {
	case methodSampling:
		var p mcp.CreateMessageParams
		if err := json.Unmarshal(q.Params, &p); err != nil {
			return nil, err
		}
		res, err := ss.CreateMessage(ctx, &p)
		if err != nil {
			return nil, fmt.Errorf("asking the client's model (%s) failed: %w", q.Key, err)
		}
		return json.Marshal(res)
	case methodRoots:
		res, err := ss.ListRoots(ctx, &mcp.ListRootsParams{})
		if err != nil {
			return nil, fmt.Errorf("asking the client for its roots (%s) failed: %w", q.Key, err)
		}
		return json.Marshal(res)
	}
	// The SDK checks the answer against the form too, and fills in the
	// defaults of the members left out, as the generated Decode does;
	// tool.OutputDef.Ask reads the result's action and content.
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: q.Message, RequestedSchema: q.Form.Form})
	if err != nil {
		return nil, fmt.Errorf("asking the user for form %s failed: %w", q.Form.Name, err)
	}
	return json.Marshal(res)
}

// Sample asks the client's model for a completion (MCP sampling) and
// returns it: a request to the client while the call runs, or, in a call
// that runs in rounds (protocol 2026-07-28, a stateless server), an input
// request of its result named key, answered when the call is made again
// (see tool.AskClient: the handler returns the error as it is, and runs
// again). A client that did not declare sampling gets no request: the
// error is tool.ErrCannotAsk.
func Sample(ctx context.Context, key string, p *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
	params, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return ask[mcp.CreateMessageResult](ctx, tool.Question{Key: key, Method: methodSampling, Params: params},
		"to ask the client's model (MCP sampling)", "a sampling result")
}

// ListRoots asks the client for its roots, as Sample asks for a
// completion: a client that did not declare roots gets no request, and
// the error is tool.ErrCannotAsk.
func ListRoots(ctx context.Context, key string) (*mcp.ListRootsResult, error) {
	return ask[mcp.ListRootsResult](ctx, tool.Question{Key: key, Method: methodRoots},
		"the client's roots (MCP roots)", "a list of roots")
}

// ask asks q and decodes the answer as a T: needs says what the tool
// needs of a client that cannot answer, answer what the answer should be.
func ask[T any](ctx context.Context, q tool.Question, needs, answer string) (*T, error) {
	raw, err := tool.AskClient(ctx, q)
	if errors.Is(err, tool.ErrCannotAsk) {
		return nil, cannotAsk(needs)
	} else if err != nil {
		return nil, err
	}
	var res T
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, fmt.Errorf("the client's answer to %s is not %s: %w", q.Key, answer, err)
	}
	return &res, nil
}

// cannotAsk is tool.ErrCannotAsk of a request other than a form: what the
// tool needs, which the client did not declare.
type cannotAsk string

func (e cannotAsk) Error() string {
	return "this tool needs " + string(e) + ", which this client did not declare; do the task without this tool"
}

func (e cannotAsk) Is(target error) bool { return target == tool.ErrCannotAsk }

// stateError is the JSON-RPC error of a call whose request state failed
// verification, for the reason given: invalid params, as the protocol
// requires of a state that fails its integrity check. Nothing ran; the
// message says what the model may do, since a client may show it one.
func stateError(t *tool.Tool, reason string) error {
	return &jsonrpc.Error{
		Code: jsonrpc.CodeInvalidParams,
		Message: "the requestState of this call of " + t.Name + " failed verification (" + reason + "), so the call did not run. " +
			"A person confirms each call anew: call the tool again if it still needs to run.",
	}
}

// Result shapes a tool.Result as the MCP SDK's CallToolResult (see
// tool.Result.MCP): its content is tool.Result.Items, a text item for the
// result (Feedback, or a typed result's JSON) and then each content item
// the handler returned (tool.Def.HandleContent) as MCP's TextContent,
// ImageContent, AudioContent, EmbeddedResource or ResourceLink;
// structuredContent, the checked JSON of a typed result or the structured
// verdict of a call that did not execute; isError unless the call
// executed.
func Result(res tool.Result) *mcp.CallToolResult {
	shaped := res.MCP()
	out := &mcp.CallToolResult{IsError: shaped.IsError}
	for _, c := range res.Items() {
		out.Content = append(out.Content, content(c))
	}
	if shaped.StructuredContent != nil {
		out.StructuredContent = shaped.StructuredContent
	}
	return out
}

// content is the MCP content item of c. The SDK base64-encodes the bytes.
func content(c tool.Content) mcp.Content {
	switch c.Kind {
	case tool.ContentImage:
		return &mcp.ImageContent{Data: c.Data, MIMEType: c.MIMEType}
	case tool.ContentAudio:
		return &mcp.AudioContent{Data: c.Data, MIMEType: c.MIMEType}
	case tool.ContentResource:
		return &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: c.URI, MIMEType: c.MIMEType, Text: c.Text, Blob: c.Data}}
	case tool.ContentResourceLink:
		return &mcp.ResourceLink{URI: c.URI, Name: c.Name, MIMEType: c.MIMEType, Description: c.Description}
	case tool.ContentText:
		return &mcp.TextContent{Text: c.Text}
	}
	// A Set checks the kind; a Result built otherwise says what it held.
	return &mcp.TextContent{Text: c.AsText()}
}

type requestKey struct{}

// Request returns the MCP request of the tools/call whose handler runs with
// ctx, or nil outside one: its _meta, its session, what the client
// declared. To ask the client's model or its roots, Sample and ListRoots
// work at every protocol version (the session's own requests are refused
// from 2026-07-28 on); what the handler reports (tool.ReportProgress,
// tool.Log) needs no request: mcptool sends it to the client.
func Request(ctx context.Context) *mcp.CallToolRequest {
	if rep, _ := ctx.Value(requestKey{}).(*reporter); rep != nil {
		return rep.req
	}
	return nil
}

// reporter sends the reports of a call's handler to its client.
type reporter struct {
	req   *mcp.CallToolRequest
	token any // the request's progressToken; nil when the client sent none

	mu   sync.Mutex
	sent bool    // a progress notification was sent
	last float64 // its progress
}

func (r *reporter) Report(ctx context.Context, rep tool.Report) {
	ss := r.req.Session
	if ss == nil {
		return
	}
	if !rep.Progress {
		// The session sends it when the client's level lets it through.
		_ = ss.Log(ctx, &mcp.LoggingMessageParams{Level: level(rep.Level), Logger: rep.Tool, Data: rep.Message})
		return
	}
	if r.token == nil {
		return // the client did not ask for progress
	}
	// The spec wants progress to increase with each notification: a report
	// that does not is dropped. The lock, held while sending, keeps the
	// notifications in the order of their values.
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sent && rep.Done <= r.last {
		return
	}
	r.sent, r.last = true, rep.Done
	_ = ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: r.token,
		Progress: rep.Done, Total: rep.Total, Message: rep.Message})
}

// levels are MCP's logging levels, from the highest, at the slog levels the
// SDK gives them (mcp.LevelNotice ...).
var levels = []struct {
	min  slog.Level
	name mcp.LoggingLevel
}{
	{mcp.LevelEmergency, "emergency"}, {mcp.LevelAlert, "alert"}, {mcp.LevelCritical, "critical"},
	{mcp.LevelError, "error"}, {mcp.LevelWarning, "warning"}, {mcp.LevelNotice, "notice"}, {mcp.LevelInfo, "info"},
}

// level is MCP's logging level of a slog level: the highest at or below it.
func level(l slog.Level) mcp.LoggingLevel {
	for _, lv := range levels {
		if l >= lv.min {
			return lv.name
		}
	}
	return "debug"
}

package tool

import (
	"encoding/json"

	"github.com/toolgen-go/toolgen/internal/value"
)

// Risk classifies a tool by the worst it can do with valid arguments.
type Risk string

const (
	// RiskRead tools only read: battery level, a map, documents.
	RiskRead Risk = "read"
	// RiskAct tools act reversibly and within bounds.
	RiskAct Risk = "act"
	// RiskDangerous tools are hard to reverse; a human confirms each call.
	RiskDangerous Risk = "dangerous"
)

// Capability is something a tool's handler needs from the client that
// calls it, by its MCP name: a tool lists them in Tool.Needs, from its
// directive's needs= option. An adapter whose client declares its
// capabilities (runtime/mcptool) refuses a call of a client that lacks one
// before the set sees it; the others ignore Needs.
type Capability string

const (
	// CapabilityElicitation: the handler asks the person at the client for
	// a form (MCP form elicitation).
	CapabilityElicitation Capability = "elicitation"
	// CapabilityRoots: the handler reads the client's roots (MCP roots).
	CapabilityRoots Capability = "roots"
	// CapabilitySampling: the handler asks the client's model for a
	// completion (MCP sampling).
	CapabilitySampling Capability = "sampling"
)

// Tool is the definition toolgen generates for one annotated struct: what to
// send to a model, and the validator for what comes back.
type Tool struct {
	// Name is the tool's name as the model calls it.
	Name string
	// Description is the struct's doc comment.
	Description string
	// Risk is the tool's risk class.
	Risk Risk
	// Schema is the canonical JSON Schema (draft 2020-12) of the arguments.
	Schema json.RawMessage
	// Validate checks a model's decoded arguments; nil means valid.
	Validate func(args map[string]any) Errors
	// Idempotent reports that calling the tool twice with the same arguments
	// leaves the same state as calling it once. toolgen sets it for a
	// risk=read tool, and for another when its directive says
	// idempotent=true; a Set deduplicates the calls of a tool that is not
	// idempotent by their request id.
	Idempotent bool
	// Needs lists what the handler needs from the client, from the
	// directive's needs= option, each once, sorted; nil for most tools.
	// A dangerous tool needs a way to ask the person besides: each adapter
	// says which it has.
	Needs []Capability
	// Dialects is the tool's definition as each provider's API takes it,
	// generated from Schema; see Dialect.
	Dialects Dialects
	// ResultSchema, for a tool whose directive names a result type
	// (result=R), is the canonical JSON Schema of R: the outputSchema of
	// the MCP definition. It is nil for a tool without one.
	ResultSchema json.RawMessage
	// ValidateResult checks the JSON of a result against ResultSchema, as
	// JSON Schema does (a null member is null); nil for a tool without a
	// result type. A Set calls it on each result before returning it.
	ValidateResult func(result map[string]any) Errors
}

// Tools is the list of the tools a package defines, in declaration order.
type Tools []*Tool

// Lookup returns the tool with the given name.
func (ts Tools) Lookup(name string) (*Tool, bool) {
	for _, t := range ts {
		if t != nil && t.Name == name {
			return t, true
		}
	}
	return nil, false
}

// Validate checks a whole call. A tool not in the list short-circuits: the
// result is the single error unknown_tool, whatever the arguments.
func (ts Tools) Validate(name string, args map[string]any) Errors {
	t, ok := ts.Lookup(name)
	if !ok {
		return Errors{{Code: CodeUnknownTool, Name: shorten(name), Expected: "a declared tool", Actual: value.Show(name)}}
	}
	return t.Validate(args)
}

package tool

import (
	"context"
	"fmt"
	"reflect"
)

// Policy is an application rule over a valid call: nil lets the call go on;
// an error rejects it, with the code and reason of a denial made by Deny
// (wrapped or not), or with CodePolicy and the error's text.
type Policy func(ctx context.Context, c *Call) error

// PolicyFor makes a Policy for one tool, with its typed arguments: fn runs
// for the calls of the tool named d.Name only. A call of a tool of that name
// whose arguments are not a T (the set holds another Def of the same name)
// is refused, not let through unchecked: the policy panics, and the set
// rejects the call with code panic and logs why.
func PolicyFor[T any](d *Def[T], fn func(ctx context.Context, args T) error) Policy {
	name := d.Name
	return func(ctx context.Context, c *Call) error {
		if c.Tool.Name != name {
			return nil
		}
		args, ok := c.Args.(T)
		if !ok {
			panic(fmt.Sprintf("tool: the policy PolicyFor(%s) takes arguments of type %s, but the set's tool %s takes %T: "+
				"give PolicyFor the Def the set's handler was made from", name, reflect.TypeFor[T](), name, c.Args))
		}
		return fn(ctx, args)
	}
}

// denial is a policy's refusal, made by Deny.
type denial struct {
	Code   Code
	Reason string
}

func (d *denial) Error() string { return d.Reason }

// Deny returns a policy's refusal, for a Policy to return: a code (such as
// "workspace" or "emergency_stop") and a sentence for the model, which the
// call's one error carries as its Code and Reason.
func Deny(code Code, reason string) error { return &denial{Code: code, Reason: reason} }

// Call is a call being run, as policies see it.
type Call struct {
	// Tool is the called tool.
	Tool *Tool
	// ID is the call's id (see CallID); RequestID its request id.
	ID, RequestID string
	// Args are the decoded arguments: the tool's argument struct, a T of Def[T].
	Args any

	arguments map[string]any // as parsed, or as CallArgs was given them
	raw       []byte         // the raw arguments, until Arguments parses them
}

// Arguments returns the arguments as parsed: the map ParseArgs makes of the
// call's raw JSON (numbers as json.Number), or the map CallArgs was given.
// A set reads raw arguments into Args in one pass, with no map: it parses
// them into this one the first time a policy asks for it, once per call
// (the set keeps it for what comes after: a Guard's key), so that a policy
// that reads only Args costs no second parse. A Call is
// its call's policies', which run one after another: Arguments is not for
// concurrent use, and its map is not to be changed.
func (c *Call) Arguments() map[string]any {
	if c.raw != nil {
		c.arguments, _ = ParseArgs(c.raw) // they parsed: they were decoded
		c.raw = nil
	}
	return c.arguments
}

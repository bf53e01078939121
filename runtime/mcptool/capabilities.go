package mcptool

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// This file refuses the calls of a client that lacks what a tool needs
// (SEP-2575's MissingRequiredClientCapabilityError, -32021), and, with
// HideUncallable, leaves such tools out of that client's tools/list.

// An Option changes how Register serves a set.
type Option func(*options)

type options struct {
	hide bool // HideUncallable
}

// HideUncallable leaves out of each client's tools/list the tools it cannot
// call: those that need a capability it did not declare (the directive's
// needs=), and the dangerous tools when the server cannot ask the person at
// that client to confirm a call (see Register). A call of such a tool is
// refused all the same, with -32021. Without it every tool is listed to
// every client, so that a client learns from the refusal what to declare;
// with it the model never sees a tool it cannot use, and the lists, which
// then depend on the client, are marked for the client's cache alone
// (cacheScope private).
func HideUncallable() Option { return func(o *options) { o.hide = true } }

// clientCapabilities are the client's capabilities as the server can use
// them during a request: before protocol 2026-07-28, those of the
// session's initialize, to which the SDK sends the session's requests (a
// stateless server has none: nothing reaches such a client); at
// 2026-07-28, which has no initialize, those the request declares in its
// _meta, answered by input requests in the result.
func clientCapabilities[P mcp.Params](req *mcp.ServerRequest[P]) *mcp.ClientCapabilities {
	if req.Session != nil {
		if p := req.Session.InitializeParams(); p != nil {
			return p.Capabilities
		}
	}
	return req.ClientCapabilities()
}

// canElicitForm reports whether caps take form elicitation: neither mode
// listed means form, as before modes existed.
func canElicitForm(caps *mcp.ClientCapabilities) bool {
	return caps != nil && caps.Elicitation != nil && (caps.Elicitation.Form != nil || caps.Elicitation.URL == nil)
}

// has reports whether caps declare c.
func has(caps *mcp.ClientCapabilities, c tool.Capability) bool {
	if caps == nil {
		return false
	}
	switch c {
	case tool.CapabilityElicitation:
		return canElicitForm(caps)
	case tool.CapabilityRoots:
		return caps.RootsV2 != nil
	case tool.CapabilitySampling:
		return caps.Sampling != nil
	}
	return false // a capability this package does not know cannot be relied on
}

// lacking is what a client lacks to call a tool: the capabilities of its
// Needs the client did not declare, and whether it is a dangerous tool that
// the server cannot have confirmed.
type lacking struct {
	needs   []tool.Capability
	confirm bool
}

func (l lacking) none() bool { return len(l.needs) == 0 && !l.confirm }

// lacks computes what a client with caps lacks to call t.
func lacks(t *tool.Tool, caps *mcp.ClientCapabilities) lacking {
	var l lacking
	for _, c := range t.Needs {
		if !has(caps, c) {
			l.needs = append(l.needs, c)
		}
	}
	l.confirm = t.Risk == tool.RiskDangerous && !canElicitForm(caps)
	return l
}

// refusal is the -32021 error of a call of t whose client lacks l: its
// data.requiredCapabilities names each missing capability (form
// elicitation for a confirmation), its message says why the call did not
// run and what the model should do instead, since a client may show it one.
func (l lacking) refusal(t *tool.Tool) error {
	required := map[string]any{}
	var reasons []string
	if len(l.needs) > 0 {
		names := make([]string, len(l.needs))
		for i, c := range l.needs {
			names[i] = string(c)
			required[string(c)] = map[string]any{}
		}
		list := strings.Join(names, ", ")
		if n := len(names); n > 1 {
			list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
		}
		reasons = append(reasons, "it needs the client to support "+list+", which this client did not declare")
	}
	if l.confirm || slices.Contains(l.needs, tool.CapabilityElicitation) {
		required[string(tool.CapabilityElicitation)] = map[string]any{"form": map[string]any{}}
	}
	if l.confirm {
		reasons = append(reasons, "a person must confirm each of its calls, and this client declared no form elicitation to ask them")
	}
	data, _ := json.Marshal(map[string]any{"requiredCapabilities": required}) // maps of maps: no error
	return &jsonrpc.Error{
		Code: mcp.CodeMissingRequiredClientCapabilities,
		Message: t.Name + " cannot run from this client: " + strings.Join(reasons, "; ") +
			" (a stateless server knows only what a client of protocol 2026-07-28 declares with each request)." +
			" The call did not run: do not repeat it; tell the user what you wanted to do.",
		Data: data,
	}
}

// hideUncallable is the receiving middleware of HideUncallable: it leaves
// out of a tools/list result the tools of byName the client lacks
// something to call.
func hideUncallable(byName map[string]*tool.Tool) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			list, isList := res.(*mcp.ListToolsResult)
			lr, isListReq := req.(*mcp.ListToolsRequest)
			if err != nil || !isList || !isListReq || list == nil {
				return res, err
			}
			caps := clientCapabilities(lr)
			out := *list
			out.Tools = make([]*mcp.Tool, 0, len(list.Tools))
			for _, mt := range list.Tools {
				if t, ours := byName[mt.Name]; ours && !lacks(t, caps).none() {
					continue
				}
				out.Tools = append(out.Tools, mt)
			}
			out.CacheScope = "private" // the list depends on the client
			return &out, nil
		}
	}
}

// Package generated lists the tools and outputs of the library's generated
// fixture packages, for the SDK adapters' tests that read every generated
// definition back with the provider SDK's own types and send every set
// through the adapters' request builders.
package generated

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/fixtures/decode"
	"github.com/toolgen-go/toolgen/internal/fixtures/dialects"
	"github.com/toolgen-go/toolgen/internal/fixtures/hostile"
	"github.com/toolgen-go/toolgen/internal/fixtures/manyerrors"
	"github.com/toolgen-go/toolgen/internal/fixtures/needs"
	"github.com/toolgen-go/toolgen/internal/fixtures/search"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Package is one generated fixture package.
type Package struct {
	Name    string
	Tools   tool.Tools
	Outputs []*tool.Output
	// NewSet returns a set of the package's tools (decode's unexported
	// empty tool aside), for a request that sends them.
	NewSet func() *tool.Set
}

// Packages returns every fixture package with a tools_gen.go.
func Packages() []Package {
	return []Package{
		{Name: "adapters", Tools: adapters.Tools,
			Outputs: []*tool.Output{&adapters.InvoiceOutput.Output, &adapters.ReceiptOutput.Output, &adapters.ProfileOutput.Output},
			NewSet:  func() *tool.Set { return adapters.NewSet(&adapters.Files{}) }},
		{Name: "decode", Tools: decode.Tools, NewSet: func() *tool.Set {
			return set(decode.ScalarsTool.Handle(nop), decode.ShapesTool.Handle(nop), decode.NodeTool.Handle(nop),
				decode.MethodsTool.Handle(nop), decode.NumbersTool.Handle(nop), decode.BoundsTool.Handle(nop),
				decode.SpelledTool.Handle(nop), decode.DurationsTool.Handle(nop), decode.DefaultsTool.Handle(nop),
				decode.RefundTool.Handle(nop))
		}},
		{Name: "dialects", Tools: dialects.Tools,
			Outputs: []*tool.Output{&dialects.ProfileOutput.Output, &dialects.CatalogOutput.Output},
			NewSet: func() *tool.Set {
				return set(dialects.PricingTool.Handle(nop), dialects.OrderTool.Handle(nop), dialects.TreeTool.Handle(nop),
					dialects.LabelTool.Handle(nop), dialects.ContactTool.Handle(nop), dialects.PingTool.Handle(nop),
					dialects.AuditTool.Handle(nop), dialects.SignupTool.Handle(nop), dialects.SurveyTool.Handle(nop),
					dialects.ShipTool.Handle(func(context.Context, dialects.ShipArgs) (dialects.Shipment, error) {
						return dialects.Shipment{}, nil
					}))
			}},
		{Name: "hostile", Tools: hostile.Tools, NewSet: func() *tool.Set {
			return set(hostile.SaveTreeTool.Handle(nop), hostile.SetLabelsTool.Handle(nop), hostile.DeleteFilesTool.Handle(nop),
				hostile.TransferTool.Handle(nop), hostile.SaveNoteTool.Handle(nop), hostile.RunScriptTool.Handle(nop))
		}},
		{Name: "manyerrors", Tools: manyerrors.Tools, NewSet: func() *tool.Set { return set(manyerrors.ManyTool.Handle(nop)) }},
		{Name: "needs", Tools: needs.Tools, NewSet: func() *tool.Set { return needs.NewSet(&needs.Runs{}) }},
		{Name: "search", Tools: search.Tools, NewSet: func() *tool.Set { return search.NewSet() }},
	}
}

// nop is a handler that does nothing: the tests send the tools, and run
// none.
func nop[T any](context.Context, T) (any, error) { return nil, nil }

func set(hs ...tool.Handler) *tool.Set {
	opts := []tool.Option{tool.WithLogger(slog.New(slog.DiscardHandler))}
	for _, h := range hs {
		opts = append(opts, h)
	}
	return tool.NewSet(opts...)
}

// Definitions calls fn with every tool definition of every package in each
// of the dialects ds its tool has, named package.tool dialect, and returns
// how many.
func Definitions(ds []tool.Dialect, fn func(what string, def tool.Definition)) int {
	n := 0
	for _, pkg := range Packages() {
		for _, tl := range pkg.Tools {
			for _, d := range ds {
				if def, ok := tl.Dialects.Get(d); ok {
					fn(pkg.Name+"."+tl.Name+" "+string(d), def)
					n++
				}
			}
		}
	}
	return n
}

// Formats calls fn with the format of every output of every package for
// the provider whose strictest dialect is d, named package.output form,
// and returns how many.
func Formats(d tool.Dialect, fn func(what string, f tool.ResponseFormat)) int {
	n := 0
	for _, pkg := range Packages() {
		for _, o := range pkg.Outputs {
			if f, ok := o.Formats.Get(d); ok {
				fn(pkg.Name+"."+o.Name+" "+string(f.Form), f)
				n++
			}
		}
	}
	return n
}

// RoundTrip reads raw into an SDK's type P and writes it back: the SDK
// must keep every member toolgen generates, and add none.
func RoundTrip[P any](t *testing.T, raw []byte, what string) {
	t.Helper()
	var p P
	require.NoError(t, json.Unmarshal(raw, &p), what)
	back, err := json.Marshal(p)
	require.NoError(t, err, what)
	assert.JSONEq(t, string(raw), string(back), "%s: read back by %T", what, p)
}

package onepass

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/dialects"
	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// recorder is a testing.TB that records a failure instead of failing the
// test; FailNow ends the goroutine, as it does in a test.
type recorder struct {
	testing.TB
	failed bool
	msg    string
}

func (r *recorder) Helper()      {}
func (r *recorder) Name() string { return "recorder" }

func (r *recorder) Errorf(format string, args ...any) {
	r.failed = true
	r.msg = fmt.Sprintf(format, args...)
}

func (r *recorder) FailNow() {
	r.failed = true
	runtime.Goexit()
}

// failures runs check on each call, each with a recorder of its own, and
// returns how many failed and the first failure's message.
func failures(calls [][]byte, check func(tb testing.TB, raw []byte)) (n int, first string) {
	for _, raw := range calls {
		r := &recorder{}
		done := make(chan struct{})
		go func() {
			defer close(done)
			check(r, raw)
		}()
		<-done
		if r.failed {
			if n == 0 {
				first = r.msg
			}
			n++
		}
	}
	return n, first
}

func pricingCalls(t *testing.T) [][]byte {
	raws, err := toolcalls.Raw(dialects.PricingTool.Schema, 300, 1)
	require.NoError(t, err)
	return raws
}

// TestCheckCatchesDisagreements: Check passes the generated decoder, and
// fails a one pass that reads another value, orders its errors otherwise or
// cuts them at another limit than the map path does.
func TestCheckCatchesDisagreements(t *testing.T) {
	calls := pricingCalls(t)
	good := dialects.PricingTool.Decoder
	n, msg := failures(calls, func(tb testing.TB, raw []byte) { Check(tb, good, raw) })
	require.Zero(t, n, msg)

	for name, bad := range map[string]func(map[string]any, []byte, *toolimpl.Feed, int) (dialects.PricingArgs, tool.Errors){
		"another value": func(args map[string]any, raw []byte, feed *toolimpl.Feed, limit int) (dialects.PricingArgs, tool.Errors) {
			v, errs := good(args, raw, feed, limit)
			if args == nil && errs == nil {
				v.Quantity++
			}
			return v, errs
		},
		"errors reordered": func(args map[string]any, raw []byte, feed *toolimpl.Feed, limit int) (dialects.PricingArgs, tool.Errors) {
			v, errs := good(args, raw, feed, limit)
			if args == nil && len(errs) > 1 {
				errs = slices.Clone(errs)
				errs[0], errs[1] = errs[1], errs[0]
			}
			return v, errs
		},
		"another limit": func(args map[string]any, raw []byte, feed *toolimpl.Feed, limit int) (dialects.PricingArgs, tool.Errors) {
			if args == nil && limit == 3 {
				limit = 1
			}
			return good(args, raw, feed, limit)
		},
	} {
		n, _ := failures(calls, func(tb testing.TB, raw []byte) { Check(tb, bad, raw) })
		assert.Positive(t, n, name)
		t.Logf("%s: %d of %d calls fail", name, n, len(calls))
	}
}

// TestValidateMustAgree: a row's check fails a Validate whose errors are
// not the decoding's.
func TestValidateMustAgree(t *testing.T) {
	calls := pricingCalls(t)
	def := &tool.Def[dialects.PricingArgs]{Tool: dialects.PricingTool.Tool, Decoder: dialects.PricingTool.Decoder}
	row := Of(def)
	n, msg := failures(calls, func(tb testing.TB, raw []byte) { row.check(tb, raw) })
	require.Zero(t, n, msg)

	validate := def.Validate
	def.Validate = func(args map[string]any) tool.Errors {
		errs := slices.Clone(validate(args))
		if len(errs) > 0 {
			errs[0].Code = "another"
		}
		return errs
	}
	n, _ = failures(calls, func(tb testing.TB, raw []byte) { row.check(tb, raw) })
	assert.Positive(t, n)
	t.Logf("%d of %d calls fail", n, len(calls))
}

// TestRows: a row reads its tool's Decoder; a tool without one has no check,
// which Test and Fuzz refuse.
func TestRows(t *testing.T) {
	row := Of(&dialects.PingTool)
	assert.Equal(t, "ping", row.name)
	assert.NotNil(t, row.check)
	bare := &tool.Def[dialects.PingArgs]{Tool: dialects.PingTool.Tool}
	assert.Nil(t, Of(bare).check)
	assert.Equal(t, "valid", classOf(nil))
	assert.Equal(t, "parse", classOf(tool.Errors{{Code: tool.CodeBadJSON}}))
	assert.Equal(t, "invalid", classOf(tool.Errors{{Code: tool.CodeBadJSON}, {Code: tool.CodeMissing}}))
	assert.Equal(t, "invalid", classOf(tool.Errors{{Code: tool.CodeMissing}}))
}

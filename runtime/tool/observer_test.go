package tool

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type observedKey struct{}

// watcher is an Observer that marks each call's context and records what
// it sees at the end.
type watcher struct {
	mu     sync.Mutex
	begun  int
	ended  []Observed
	marked []bool // End's context is Begin's
	panics bool
}

func (o *watcher) Begin(ctx context.Context) context.Context {
	o.mu.Lock()
	o.begun++
	o.mu.Unlock()
	if o.panics {
		panic("observer bug")
	}
	return context.WithValue(ctx, observedKey{}, true)
}

func (o *watcher) End(ctx context.Context, c Observed) {
	o.mu.Lock()
	o.ended = append(o.ended, c)
	o.marked = append(o.marked, ctx.Value(observedKey{}) == true)
	o.mu.Unlock()
	if o.panics {
		panic("observer bug")
	}
}

// The observer sees every call once, whatever its fate and however it was
// made, and the handler, the policies and the store run in the context
// Begin returned.
func TestObserverSeesEveryCallOnce(t *testing.T) {
	ctx := context.Background()
	o := &watcher{}
	inHandler, inPolicy := 0, 0
	set := NewSet(WithLogger(nil), WithObserver(o),
		echoDef.Handle(func(ctx context.Context, a textArgs) (any, error) {
			if ctx.Value(observedKey{}) == true {
				inHandler++
			}
			if a.Text == "fail" {
				return nil, errors.New("broken")
			}
			return a.Text, nil
		}),
		WithPolicy(func(ctx context.Context, c *Call) error {
			if ctx.Value(observedKey{}) == true {
				inPolicy++
			}
			if c.Arguments()["text"] == "panic" {
				panic("policy bug")
			}
			return nil
		}),
	)
	results := []Result{
		set.Call(ctx, "echo", []byte(`{"text": "a"}`), CallID("c1")),
		set.Call(ctx, "echo", []byte(`{"text": 1}`)),
		set.Call(ctx, "nope", []byte(`{}`)),
		set.Call(ctx, "echo", []byte(`{"text": "fail"}`)),
		set.Call(ctx, "echo", []byte(`{"text": "panic"}`)),
		set.CallArgs(ctx, "echo", map[string]any{"text": "b"}),
		set.CallJSON(ctx, []byte(`{"tool": "echo", "args": {"text": "c"}}`)),
		set.CallJSON(ctx, []byte(`[]`)),
	}
	require.Equal(t, len(results), o.begun)
	require.Len(t, o.ended, len(results))
	for i, res := range results {
		got := o.ended[i]
		assert.True(t, o.marked[i], "call %d: End gets Begin's context", i)
		assert.Equal(t, res.Status, got.Result.Status, i)
		assert.Equal(t, res.Errors, got.Result.Errors, i)
		assert.Nil(t, got.Args, "call %d: no redaction hook, no arguments", i)
	}
	assert.Equal(t, "c1", o.ended[0].Result.CallID)
	assert.Same(t, &echoDef.Tool, o.ended[0].Tool)
	assert.Nil(t, o.ended[2].Tool, "an unknown tool is none of the set's")
	assert.Equal(t, CodeUnknownTool, o.ended[2].Result.Errors[0].Code)
	assert.Equal(t, CodePanic, o.ended[4].Result.Errors[0].Code)
	assert.Nil(t, o.ended[7].Tool)
	assert.Equal(t, 4, inHandler, "every handler ran in Begin's context")
	assert.Equal(t, 5, inPolicy)
}

// The observer sees the arguments only as the redaction hook made them.
func TestObserverArgsAreRedacted(t *testing.T) {
	o := &watcher{}
	var c counter
	set := newTestSet(&c, nil, WithObserver(o), WithRedaction(func(tool string, args map[string]any) any {
		return map[string]any{"text": "<" + tool + ">"}
	}))
	set.Call(context.Background(), "echo", []byte(`{"text": "secret"}`))
	set.Call(context.Background(), "echo", []byte(`{"text": `)) // does not parse: no hook
	require.Len(t, o.ended, 2)
	assert.Equal(t, map[string]any{"text": "<echo>"}, o.ended[0].Args)
	assert.Nil(t, o.ended[1].Args)
}

// An observer that panics loses its own work, never the call.
func TestObserverPanics(t *testing.T) {
	o := &watcher{panics: true}
	var c counter
	set := newTestSet(&c, nil, WithObserver(o))
	res := set.Call(context.Background(), "echo", []byte(`{"text": "a"}`))
	assert.Equal(t, StatusExecuted, res.Status)
	assert.Equal(t, int64(1), c.n.Load())
	assert.Len(t, o.ended, 1, "End ran once")
}

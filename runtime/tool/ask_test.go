package tool

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// askerFunc is an Asker of a function.
type askerFunc func(ctx context.Context, q Question) (json.RawMessage, error)

func (f askerFunc) Ask(ctx context.Context, q Question) (json.RawMessage, error) { return f(ctx, q) }

type nameForm struct {
	Name string `json:"name"`
}

func nameFormDef(form json.RawMessage) *OutputDef[nameForm] {
	return &OutputDef[nameForm]{Output: Output{Name: "who", Form: form,
		Validate: func(answer map[string]any) Errors {
			if _, ok := answer["name"].(string); !ok {
				return Errors{{Code: CodeMissing, Name: "name"}}
			}
			return nil
		}}}
}

func TestAsk(t *testing.T) {
	def := nameFormDef(json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}}}`))
	ctx := context.Background()

	_, err := def.Ask(ctx, "?")
	assert.ErrorIs(t, err, ErrCannotAsk, "no asker in the context")

	var asked string
	answer := func(raw string, err error) context.Context {
		return WithAsker(ctx, askerFunc(func(_ context.Context, q Question) (json.RawMessage, error) {
			asked = q.Key + " " + q.Message + " " + string(q.Form.Form)
			return json.RawMessage(raw), err
		}))
	}
	v, err := def.Ask(answer(`{"action":"accept","content":{"name":"Ada"}}`, nil), "Who?")
	require.NoError(t, err)
	assert.Equal(t, nameForm{"Ada"}, v)
	assert.Equal(t, `who Who? {"type":"object","properties":{"name":{"type":"string"}}}`, asked)

	_, err = def.Ask(answer(`{"action":"accept"}`, nil), "Who?")
	var ae *AnswerError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, []string{"missing:name"}, ae.Errors.Codes())

	_, err = def.Ask(answer(`{"action":"accept","content":{"name":"Ada","name":"Bob"}}`, nil), "Who?")
	require.ErrorAs(t, err, &ae, "an answer is parsed strictly")

	_, err = def.Ask(answer(`{"action":"decline"}`, nil), "Who?")
	assert.ErrorIs(t, err, ErrDeclined, "the answer's action")

	_, err = def.Ask(answer(`{"action":"accept","content":{"name":"`+strings.Repeat("a", maxAnswer)+`"}}`, nil), "Who?")
	assert.ErrorContains(t, err, "more than the 65536")

	_, err = def.Ask(answer("", ErrDeclined), "Who?")
	assert.ErrorIs(t, err, ErrDeclined)

	_, err = nameFormDef(nil).Ask(answer(`{"name":"Ada"}`, nil), "Who?")
	assert.ErrorContains(t, err, "form=true")
	assert.False(t, errors.Is(err, ErrCannotAsk))
}

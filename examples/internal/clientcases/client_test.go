package clientcases

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Names: Go's initialisms, collisions numbered, keywords exported.
func TestNames(t *testing.T) {
	client := reflect.TypeFor[*Client]()
	for _, m := range []string{"GetSum", "GetSum2", "Type", "Draw"} {
		_, ok := client.MethodByName(m)
		assert.True(t, ok, m)
	}
	args := reflect.TypeFor[TypeArgs]()
	for name, tag := range map[string]string{"AB": "a-b,omitempty", "AB2": "a_b,omitempty", "Type": "type,omitempty"} {
		f, ok := args.FieldByName(name)
		require.True(t, ok, name)
		assert.Equal(t, tag, f.Tag.Get("json"))
	}
	assert.Equal(t, []TypeArgsMode{"a-b", "A_B", ""}, []TypeArgsMode{TypeArgsModeAB, TypeArgsModeAB2, TypeArgsModeEmpty})
}

// Arguments encode as the schema says: required members always, optional
// ones only when set, a required nullable member as null, the branch of a
// sum type set; the validator accepts them.
func TestEncode(t *testing.T) {
	args := DrawArgs{Shape: DrawArgsShape{Square: &DrawArgsShapeSquare{Kind: "square", Side: 2}},
		Tags: map[string]string{"k": "v"}, Tree: &Node{Name: "root", Children: []*Node{{Name: "leaf"}}}}
	raw, err := json.Marshal(args)
	require.NoError(t, err)
	assert.JSONEq(t, `{"shape":{"kind":"square","side":2},"tags":{"k":"v"},"note":null,"tree":{"name":"root","children":[{"name":"leaf"}]}}`, string(raw))
	var v any
	require.NoError(t, json.Unmarshal(raw, &v))
	assert.Nil(t, validateDrawArgs(v))

	// No branch set: an error, not an empty object.
	_, err = json.Marshal(DrawArgs{})
	assert.ErrorContains(t, err, "DrawArgsShape: set one of Circle, Square")

	// What the types cannot stop, the validator does.
	require.NoError(t, json.Unmarshal([]byte(`{"shape":{"kind":"square","r":1},"note":null,"mixed":true}`), &v))
	assert.Equal(t, []string{"oneOf:shape", "type:mixed"}, validateDrawArgs(v).Codes())
}

// A result decodes into the branches it fits: the first for oneOf, every
// one for anyOf.
func TestDecode(t *testing.T) {
	var args DrawArgs
	require.NoError(t, json.Unmarshal([]byte(`{"shape":{"kind":"circle","r":1},"note":"n"}`), &args))
	require.NotNil(t, args.Shape.Circle)
	assert.Nil(t, args.Shape.Square)
	assert.Equal(t, 1.0, args.Shape.Circle.R)
	assert.Equal(t, "n", *args.Note)
	assert.Error(t, json.Unmarshal([]byte(`{"shape":{"kind":"triangle","r":1}}`), &args))

	var res DrawResult
	require.NoError(t, json.Unmarshal([]byte(`{"shape":{"r":1,"side":2}}`), &res))
	require.NotNil(t, res.Shape.Circle)
	require.NotNil(t, res.Shape.Square)
	assert.Equal(t, 2.0, res.Shape.Square.Side)
}

// Every tool is listed as read.
func TestTools(t *testing.T) {
	require.Len(t, Tools, 4)
	assert.Equal(t, "get-sum", Tools[0].Name)
	assert.Contains(t, Tools[2].Description, "*/")
	assert.JSONEq(t, `{"type":"object"}`, string(Tools[1].InputSchema.(json.RawMessage)))
}

package gen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An output marked form=true whose member does not fit MCP elicitation's
// forms is an error at the field, one per class of member, with the fix.
func TestFormRefusals(t *testing.T) {
	_, err, dir := generate(t, "package tools\n\n"+strings.ReplaceAll(`import "encoding/json"

type Inner struct{ A string }

type Tree struct{ Kids []Tree }

type Level int

const (
	Low  Level = 1
	High Level = 2
)

// Bad is a form toolgen refuses, field by field.
//
//toolgen:output form=true
type Bad struct {
	Nested   Inner             'json:"nested"'
	Map      map[string]string 'json:"map"'
	List     []string          'json:"list"'
	Any      any               'json:"any"'
	Raw      json.RawMessage   'json:"raw"'
	Bytes    []byte            'json:"bytes"'
	Levels   Level             'json:"levels"'
	Pattern  string            'json:"pattern" jsonschema:"pattern=^a+$"'
	IPv4     string            'json:"ipv4" jsonschema:"format=ipv4"'
	Nullable *string           'json:"nullable" jsonschema:"nullable"'
	Multiple float64           'json:"multiple" jsonschema:"multipleOf=2"'
	Fine     string            'json:"fine" jsonschema:"format=email"'
	Legacy   Pick              'json:"legacy" jsonschema_extras:"enumNames=Only one"'
	Tree     *Tree             'json:"tree,omitempty"'
}

type Pick string

const (
	PickA Pick = "a"
	PickB Pick = "b"
)
`, "'", "`"))
	require.Error(t, err)
	got := strings.Split(strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""), "\n")
	want := []string{
		`tools.go:20:2: field Nested: it is an object, and a form is a flat object`,
		`tools.go:21:2: field Map: it is an object, and a form is a flat object`,
		`tools.go:22:2: field List: it is a list, which a form takes only as a multi-select of string values: make its items a string type with constants (an enum)`,
		`tools.go:23:2: field Any: it takes any JSON value`,
		`tools.go:24:2: field Raw: it takes any JSON value`,
		`tools.go:25:2: field Bytes: it is a base64-encoded string ([]byte)`,
		`tools.go:26:2: field Levels: its enum values are integers, and a form's enums are strings`,
		`tools.go:27:2: field Pattern: a form's string member takes no pattern keyword`,
		`tools.go:28:2: field IPv4: format ipv4 is not one a form takes (email, uri, date or date-time)`,
		`tools.go:29:2: field Nullable: a form's member cannot be null; drop the nullable tag`,
		`tools.go:30:2: field Multiple: a form's number member takes no multipleOf keyword`,
		`tools.go:32:2: field Legacy: enumNames (the titles of an enum before SEP-1330) needs an enum, and one name for each of its values`,
		`tools.go:33:2: field Tree: it is an object`,
	}
	require.Len(t, got, len(want), "%s", err)
	for i := range want {
		assert.True(t, strings.HasPrefix(got[i], want[i]), "got  %s\nwant %s...", got[i], want[i])
	}
}

// A form's requestedSchema: defaults (SEP-1034), a plain enum, an enum
// titled by its constants' comments and a titled multi-select (SEP-1330).
func TestFormSchema(t *testing.T) {
	files, err, _ := generate(t, "package tools\n\n"+strings.ReplaceAll(`import "time"

type Color string

const (
	// Bright red
	Red  Color = "red"
	Blue Color = "blue" // Deep blue
)

type Size string

const (
	Small Size = "s"
	Large Size = "l"
)

// Order is what a person orders.
//
//toolgen:output form=true
type Order struct {
	Name   string    'json:"name" jsonschema:"default=John Doe,maxLength=20"'
	Count  int       'json:"count,omitempty" jsonschema:"default=1,minimum=1,maximum=9"'
	Size   Size      'json:"size,omitempty"'
	Color  Color     'json:"color"'
	Colors []Color   'json:"colors,omitempty" jsonschema:"minItems=1"'
	When   time.Time 'json:"when,omitempty"'
	Gift   bool      'json:"gift,omitempty" jsonschema:"default=false"'
}
`, "'", "`"))
	require.NoError(t, err)
	src := string(files[0].Content)
	for _, want := range []string{
		`\"name\":{\"type\":\"string\",\"maxLength\":20,\"default\":\"John Doe\"}`,
		`\"count\":{\"type\":\"integer\",\"maximum\":9,\"minimum\":1,\"default\":1}`,
		`\"size\":{\"type\":\"string\",\"enum\":[\"s\",\"l\"]}`,
		`\"color\":{\"oneOf\":[{\"const\":\"red\",\"title\":\"Bright red\"},{\"const\":\"blue\",\"title\":\"Deep blue\"}],\"type\":\"string\"}`,
		`\"colors\":{\"items\":{\"anyOf\":[{\"const\":\"red\",\"title\":\"Bright red\"},{\"const\":\"blue\",\"title\":\"Deep blue\"}]},\"type\":\"array\",\"minItems\":1}`,
		`\"when\":{\"type\":\"string\",\"format\":\"date-time\"}`,
		`\"gift\":{\"type\":\"boolean\",\"default\":false}`,
	} {
		assert.Contains(t, src, want)
	}
}

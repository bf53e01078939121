package goschema

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTagCommas: a user's tags with commas in their values give the schema
// they mean.
func TestTagCommas(t *testing.T) {
	pkg := loadPackage(t, "./testdata/tagcommas")
	doc, err := toolgenSchema(t, pkg, nil, "Commas")
	require.NoError(t, err)
	str := func(path string) string {
		var s string
		require.NoError(t, json.Unmarshal([]byte(at(t, doc, path)), &s), path)
		return s
	}
	assert.Equal(t, "^[a-z][a-z0-9-]{1,40}$", str("properties/name/pattern"))
	assert.Equal(t, "2", at(t, doc, "properties/name/minLength"))
	assert.Equal(t, "red, green or blue", str("properties/color/description"))
	assert.JSONEq(t, `["red","green","blue"]`, at(t, doc, "properties/color/enum"))
	assert.Equal(t, "^[0-9]{1,2}$", str("properties/code/pattern"))
	assert.Contains(t, at(t, doc, "properties/note"), `"title":"Note, or remark"`)
	assert.Equal(t, "a,b", str("properties/tags/x-examples"))
	assert.Equal(t, "2", str("properties/tags/x-order"))
}

package toolimpl

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestLength: a string's length is counted as minLength and maxLength
// count it, in code points, an invalid byte counting as one.
func TestLength(t *testing.T) {
	for _, v := range []string{"", "abc", "héllo", "🙂x", "\xffa\xc3", strings.Repeat("ü", 100)} {
		assert.Equal(t, utf8.RuneCountInString(v), Length(v), "%q", v)
	}
	assert.Equal(t, 3, Length("\xffa\xc3"))
}

func TestIntKeyAndBytes(t *testing.T) {
	n, ok := IntKey("007", math.MinInt64, math.MaxInt64)
	assert.True(t, ok)
	assert.Equal(t, int64(7), n)
	for _, k := range []string{"", "x", "1.5", "99999999999999999999", "128"} {
		_, ok = IntKey(k, math.MinInt8, math.MaxInt8)
		assert.False(t, ok, k)
	}
	b, ok := Bytes("aGk=")
	assert.True(t, ok)
	assert.Equal(t, []byte("hi"), b)
	b, ok = Bytes("")
	assert.True(t, ok)
	assert.Equal(t, []byte{}, b)
	_, ok = Bytes("aGk")
	assert.False(t, ok)
}

func TestDecodeErrorsRender(t *testing.T) {
	var r Report
	root := Loc{}
	r.Range(root.Key("n"), "-128", "127", json.Number("300"))
	r.Range(root.Key("n"), "-128", "127", -300.0)
	r.Invalid(root.Key("t"), errors.New("too hot"), 2000.0)
	r.Invalid(root, errors.New(strings.Repeat("é", 300)), "x")
	errs := r.Errors()
	assert.Equal(t, tool.Error{Code: "maximum", Path: "/n", Name: "n", Expected: "<= 127", Got: "integer", Actual: "300"}, errs[0])
	assert.Equal(t, "argument 'n' should be >= -128, got -300", errs[1].Message())
	assert.Equal(t, "argument 't' does not decode: too hot", errs[2].Message())
	assert.Equal(t, `{"code":"invalid","path":"/t","got":"integer","actual":"2000","reason":"argument 't' does not decode: too hot"}`, tool.Errors{errs[2]}.JSON()[1:len(tool.Errors{errs[2]}.JSON())-1])
	assert.True(t, strings.HasPrefix(errs[3].Message(), "the arguments do not decode: ééé"), errs[3].Message())
	assert.True(t, utf8.ValidString(errs[3].Reason))
	assert.LessOrEqual(t, len(errs[3].Reason), maxReason+40, "a method's error is shortened")
}

package toolimpl

import (
	"encoding/base64"
	"testing"

	"github.com/toolgen-go/toolgen/internal/value"

	"github.com/stretchr/testify/assert"
	"github.com/toolgen-go/toolgen/internal/testkit/race"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestBase64MatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "QQ==", "QUI=", "QUJD", "QQ", "QQ=", "Q===", "====", "=QQ=", "QQ==QQ==", "QQ==\n", "Q\nQ=\r\n=",
		"aGVsbG8=", "aGVsbG8", "a GVsbG8=", "aGVs bG8=", "-_-_", "+/+/", "QQ==\x00", "é", "QUJD\n\n", "\n", "QUJDRA==", "QUJDRA=A"} {
		_, err := base64.StdEncoding.DecodeString(s)
		assert.Equal(t, err == nil, Base64(s), "%q", s)
	}
}

func FuzzBase64(f *testing.F) {
	for _, s := range []string{"", "QQ==", "QUI=", "Q\nQ=\r\n=", "QQ==QQ=="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, err := base64.StdEncoding.DecodeString(s)
		if (err == nil) != Base64(s) {
			t.Fatalf("%q: encoding/base64 says %v, Base64 %v", s, err, Base64(s))
		}
	})
}

func TestBase64DoesNotAllocate(t *testing.T) {
	race.SkipAllocs(t)
	assert.Zero(t, testing.AllocsPerRun(100, func() { Base64("aGVsbG8gd29ybGQ=\n") }))
}

func TestJSONContent(t *testing.T) {
	assert.True(t, JSONContent(`{"a": [1, null]}`, false))
	assert.False(t, JSONContent(`{:}`, false))
	assert.True(t, JSONContent("eyJmb28iOiAiYmFyIn0K", true))
	assert.False(t, JSONContent("ezp9Cg==", true))
	assert.False(t, JSONContent("{}", true))
}

func TestIn(t *testing.T) {
	values := []any{1.0, "a", nil, []any{false}, map[string]any{"x": 1.0}}
	assert.True(t, In(1, values))
	assert.True(t, In(map[string]any{"x": 1}, values))
	assert.True(t, In(nil, values))
	assert.False(t, In(false, values))
	assert.False(t, In([]any{0.0}, values))
	assert.False(t, In("b", values))
	assert.False(t, In(1, nil))
}

func TestOneOfReport(t *testing.T) {
	var r Report
	root := Loc{}
	r.OneOf(root.Key("p"), "exactly one of: a; b", 0, 3.0)
	r.OneOf(root.Key("p"), "exactly one of: a; b", 2, 3.0)
	errs := r.Errors()
	assert.Equal(t, "argument 'p' should be exactly one of: a; b, got 3", errs[0].Message())
	assert.Equal(t, "argument 'p' should be exactly one of: a; b, got a value valid against 2 of them", errs[1].Message())
	assert.Equal(t, tool.Code("oneOf"), errs[1].Code)
}

func TestRecoverTooDeep(t *testing.T) {
	validate := func() tool.Errors {
		var r Report
		func() {
			defer r.RecoverTooDeep()
			r.Add(Loc{}, tool.Error{Code: "first"})
			value.PanicTooDeep()
		}()
		return r.Errors()
	}
	errs := validate()
	assert.Equal(t, []string{"depth", "first"}, errs.Codes())
	assert.PanicsWithValue(t, "other", func() {
		var r Report
		defer r.RecoverTooDeep()
		panic("other")
	})
}

func TestMessageOfTheWholeValue(t *testing.T) {
	assert.Equal(t, "the arguments should be an object of at least 1 member, got an object of 0 members",
		valueError("minProperties", "an object of at least 1 member", map[string]any{}).Message())
	assert.Equal(t, "argument 'bar' should be present when 'foo' is present",
		tool.Error{Code: "dependentRequired", Path: "/bar", Name: "bar", Expected: "present when 'foo' is present"}.Message())
}

package suitefuzz

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/reference"
)

// FuzzNumbers compares the validators of the number keyword schemas with
// the reference on arbitrary JSON decoded as tool.ParseArgs decodes it,
// numbers as json.Number, exactly as written: the first byte picks the
// schema, the rest is the instance. Numbers beyond float64's range are left
// out (toolgen refuses them, as bad_number, where the reference goes on), as
// are exponents beyond a thousand, which the reference's big.Rat refuses.
func FuzzNumbers(f *testing.F) {
	refs := make([]*jsonschema.Schema, len(NumberSchemas))
	for i, s := range NumberSchemas {
		data, err := os.ReadFile(filepath.Join("schemas", s.Name+".json"))
		require.NoError(f, err)
		refs[i], err = reference.Compile(data)
		require.NoError(f, err, s.Name)
	}
	for _, seed := range []string{
		`{"min":1e23}`, `{"min":99999999999999991611392}`, `{"max":1e308}`, `{"exmax":8e24}`, `{"exmax":7.9999999999999999e24}`,
		`{"exmin":1e-400}`, `{"exmin":-0.0}`, `{"near":0.30000000000000004}`, `{"near":0.3000000000000000444}`,
		`{"enum":6e24}`, `{"enum":"6e24"}`, `{"enum":6000000000000000000000001}`, `{"nums":-1e-400}`, `{"nums":1e-400}`,
		`{"const":1e23}`, `{"const":99999999999999991611392.0}`, `{"milli":0.0015}`, `{"milli":1.00000000000000000001}`,
		`{"tiny":1e-399}`, `{"tiny":1.5e-400}`, `{"int":1e-400}`, `{"int":1.5e1}`, `{"int":1e18}`, `{"either":9007199254740993}`,
		`{"either":9.007199254740993e15}`, `{"either":"x"}`, `{"set":[1e23,100000000000000000000000]}`, `{"set":[0.1,0.10000000000000001]}`,
		`{"above":1e23}`, `{"above":1.0000000000000000000001e23}`, `{"below":0.1}`, `{"below":0.09999999999999999999}`,
		`{"upto":8e24}`, `{"int":1e3}`, `{"int":0}`, `{"int":2e3}`,
	} {
		for i := range NumberSchemas {
			f.Add(append([]byte{byte(i)}, seed...))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		i := int(data[0]) % len(NumberSchemas)
		dec := json.NewDecoder(bytes.NewReader(data[1:]))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil || dec.More() || !fitsReference(v) {
			return
		}
		ref, err := jsonschema.UnmarshalJSON(bytes.NewReader(data[1:]))
		if err != nil {
			return
		}
		errs := NumberSchemas[i].Validate(v)
		refErr := refs[i].Validate(ref)
		if (len(errs) == 0) != (refErr == nil) {
			t.Fatalf("%s: toolgen valid=%v %v, reference valid=%v %v\ninstance: %s",
				NumberSchemas[i].Name, len(errs) == 0, errs, refErr == nil, refErr, data[1:])
		}
	})
}

// fitsReference reports whether the numbers of v are within float64's range
// and their exponents within a thousand.
func fitsReference(v any) bool {
	switch x := v.(type) {
	case json.Number:
		if _, err := strconv.ParseFloat(string(x), 64); err != nil {
			return false
		}
		if i := strings.IndexAny(string(x), "eE"); i >= 0 {
			e, err := strconv.Atoi(strings.TrimPrefix(string(x)[i+1:], "+"))
			return err == nil && e > -1000 && e < 1000
		}
		return len(x) < 1000
	case []any:
		for _, item := range x {
			if !fitsReference(item) {
				return false
			}
		}
	case map[string]any:
		for _, item := range x {
			if !fitsReference(item) {
				return false
			}
		}
	}
	return true
}

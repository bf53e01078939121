// Package mcpsdk does to a typed tool's arguments what the MCP Go SDK
// (v1.8) does before it calls the handler, for benchmarks to compare with.
package mcpsdk

import (
	"bytes"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	segjson "github.com/segmentio/encoding/json"
)

// Decode is mcp.applySchema, then the handler's unmarshal: raw into a map,
// the schema's defaults and validation, json.Marshal, and the JSON into a
// T. unmarshal is the JSON decoder: Unmarshal, as the SDK has it, or
// encoding/json's.
func Decode[T any](resolved *jsonschema.Resolved, raw []byte, unmarshal func([]byte, any) error) (T, error) {
	var in T
	m := make(map[string]any)
	if err := unmarshal(raw, &m); err != nil {
		return in, err
	}
	var v any = m
	if err := resolved.ApplyDefaults(&v); err != nil {
		return in, err
	}
	if err := resolved.Validate(&v); err != nil {
		return in, err
	}
	data, err := json.Marshal(v)
	if err != nil {
		return in, err
	}
	err = unmarshal(data, &in)
	return in, err
}

// Unmarshal is the SDK's internal json.Unmarshal, less its depth check (a
// scan of the bytes): a segmentio/encoding decoder per call.
func Unmarshal(data []byte, v any) error {
	dec := segjson.NewDecoder(bytes.NewReader(data))
	dec.DontMatchCaseInsensitiveStructFields()
	return dec.Decode(v)
}

// Package hostile holds the tools that the hostile calls of the tests and
// benchmarks attack: a recursive tool, a map tool, a dangerous tool and
// tools with integer bounds beyond 2^53, as a model could be told to call
// them.
package hostile

//go:generate go tool toolgen
//go:generate go tool toolgen schema -o bounds_gen.go -func ValidateBounds bounds.json

// TreeArgs saves a tree of named nodes.
//
//toolgen:tool name=save_tree dialects=openai-nonstrict,anthropic,mcp
type TreeArgs struct {
	Name string      `json:"name" jsonschema:"minLength=1,maxLength=16"`
	Kids []*TreeArgs `json:"kids,omitempty" jsonschema:"maxItems=1000"`
}

// LabelsArgs sets the color of labels.
//
//toolgen:tool name=set_labels dialects=openai-nonstrict,anthropic,mcp
type LabelsArgs struct {
	Labels map[string]Label `json:"labels"`
}

// Label is a label's color.
type Label struct {
	Color string `json:"color" jsonschema:"pattern=^#[0-9a-f]{6}$"`
}

// DeleteArgs deletes files.
//
//toolgen:tool name=delete_files risk=dangerous idempotent=false
type DeleteArgs struct {
	Paths     []string `json:"paths" jsonschema:"minItems=1,maxItems=100,maxLength=256"`
	Recursive bool     `json:"recursive,omitempty"`
}

// TransferArgs moves an amount between accounts: amounts and account
// numbers beyond 2^53.
//
//toolgen:tool name=transfer dialects=openai-nonstrict,anthropic,mcp
type TransferArgs struct {
	Amount  int64    `json:"amount" jsonschema:"minimum=1,maximum=1000000000000000000"`
	Account uint64   `json:"account" jsonschema:"maximum=1e19"`
	Cents   int64    `json:"cents,omitempty" jsonschema:"multipleOf=2"`
	Batch   []uint64 `json:"batch,omitempty" jsonschema:"enum=9007199254740992,enum=1"`
}

// NoteArgs saves a note with data of any shape: what a model writes there
// is checked only as JSON.
//
//toolgen:tool name=save_note dialects=openai-nonstrict,anthropic,mcp
type NoteArgs struct {
	Title string `json:"title" jsonschema:"maxLength=64"`
	Data  any    `json:"data"`
}

// ScriptArgs runs a script in an environment of any shape: a dangerous
// tool, whose calls are identified, all their values, for their approval.
//
//toolgen:tool name=run_script risk=dangerous idempotent=false dialects=openai-nonstrict,anthropic,mcp
type ScriptArgs struct {
	Script string `json:"script" jsonschema:"maxLength=256"`
	Env    any    `json:"env"`
}

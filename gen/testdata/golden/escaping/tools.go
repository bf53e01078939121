// Package escaping has a tool whose property names, descriptions, enum
// values and patterns need escaping in Go strings, in JSON and in JSON
// Pointers, and whose property names collide as Go identifiers.
package escaping

// QueryArgs runs a "query"; a backslash \ and `backquotes` are text.
// It ends the comment */ here, in the Unicode: é ∑ 日本.
//
//toolgen:tool name=query-v2
type QueryArgs struct {
	Slash    string `json:"a/b"`
	Tilde    string `json:"a~b,omitempty"`
	Both     string `json:"~/,omitempty"`
	Unicode  string `json:"città,omitempty" jsonschema:"maxLength=3"`
	Space    string `json:"with space,omitempty"`
	Dotted   int    `json:"x.y,omitempty" jsonschema:"minimum=0"`
	Brackets int    `json:"x[0],omitempty" jsonschema:"minimum=0"`
	Symbols  string `json:"<&>%$#,omitempty"`
	Dash     string `json:"a-b,omitempty"`
	Under    string `json:"a_b,omitempty"`
	Camel    string `json:"aB,omitempty"`
	Type     string `json:"type,omitempty"`
	Func     string `json:"func,omitempty"`
	Errs     string `json:"errs,omitempty"`
	Args     string `json:"args,omitempty"`
	Ok       string `json:"ok,omitempty"`
	Tool     string `json:"tool,omitempty"`
	Len      string `json:"len,omitempty"`
	Present  string `json:"present,omitempty"`
	Digit    string `json:"1st,omitempty"`
	// Says "hi" with a \ backslash.
	Quoted string `json:"quoted,omitempty" jsonschema:"enum=say \"hi\",enum=back\\slash,enum=comma\\, here"`
	// Digits, written with a backslash class.
	Digits string `json:"digits,omitempty" jsonschema:"pattern=^\\d+$"`
	Empty  string `json:"empty,omitempty" jsonschema:"enum="`
}

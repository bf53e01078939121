package schemafile

// ContactArgs reaches a contact by the method it names.
//
//toolgen:tool name=contact risk=act schema=contact.schema.json dialects=openai,anthropic,mcp
type ContactArgs map[string]any

// Contact is the same tool's arguments as a struct: a view of what the
// schema file accepts, decoded with encoding/json.
//
//toolgen:tool name=contact_view risk=read schema=contact.schema.json dialects=mcp
type Contact struct {
	Name   string   `json:"name,omitempty"`
	Home   *Address `json:"home,omitempty"`
	Work   *Address `json:"work,omitempty"`
	Method string   `json:"method,omitempty"`
	Phone  string   `json:"phone,omitempty"`
	Email  string   `json:"email,omitempty"`
}

// Address is where a contact lives or works.
type Address struct {
	Street string `json:"street,omitempty"`
	City   string `json:"city"`
}

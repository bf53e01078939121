// Package nullable has a tool whose fields accept null as well as a value.
package nullable

// UpdateProfileArgs updates a profile; null clears a field.
//
//toolgen:tool
type UpdateProfileArgs struct {
	// Display name; null clears it.
	Nickname *string `json:"nickname" jsonschema:"nullable,minLength=1"`
	// Age in years.
	Age *int `json:"age,omitempty" jsonschema:"nullable,minimum=0,maximum=150"`
	// Home location.
	Home *Place `json:"home" jsonschema:"nullable"`
	// Interests.
	Interests []string `json:"interests,omitempty" jsonschema:"nullable"`
}

// Place is a location.
type Place struct {
	City string `json:"city"`
}

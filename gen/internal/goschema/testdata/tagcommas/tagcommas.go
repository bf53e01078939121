// Package tagcommas has tags whose values hold commas, written as a user
// writes them: no escape where the comma cannot begin an item.
package tagcommas

type Commas struct {
	// A pattern with a quantifier, the most ordinary regular expression.
	Name string `json:"name" jsonschema:"pattern=^[a-z][a-z0-9-]{1,40}$,minLength=2"`
	// A description that is a list, and an enum after it.
	Color string `json:"color" jsonschema:"description=red, green or blue,enum=red,enum=green,enum=blue"`
	// An escaped comma, as invopop's grammar writes it, still works.
	Code string `json:"code" jsonschema:"pattern=^[0-9]{1\\,2}$,required"`
	// A comma after a bare option ends it.
	Note string `json:"note,omitempty" jsonschema:"nullable,title=Note, or remark"`
	// Extras: a comma that cannot begin key=value belongs to the value.
	Tags []string `json:"tags" jsonschema_extras:"x-examples=a,b,x-order=2"`
}

// Package corpus holds tools that exercise every rule of the provider
// dialects: keywords each dialect lacks, nullable and optional members,
// nested objects and arrays of them, recursion, maps, unions, a tool
// without arguments, the fallback forms, and the dialects= option. Its
// tests run the dialect golden files and the agreement test on them.
package corpus

//go:generate go tool toolgen

// PricingArgs prices an item: the numeric and string keywords some
// dialects lack.
//
//toolgen:tool risk=read
type PricingArgs struct {
	// Unit price.
	Price float64 `json:"price" jsonschema:"exclusiveMinimum=0,multipleOf=0.01"`
	// Discount in percent.
	Discount float64 `json:"discount,omitempty" jsonschema:"minimum=0,exclusiveMaximum=100"`
	// Pack size.
	Quantity int `json:"quantity" jsonschema:"enum=1,enum=2,enum=5,enum=10"`
	// A small signed number.
	Small int8 `json:"small,omitempty"`
	// A note, null for none.
	Note *string `json:"note,omitempty" jsonschema:"nullable,maxLength=20"`
	// Up to three distinct flags.
	Flags []Flag `json:"flags,omitempty" jsonschema:"uniqueItems=true,maxItems=3"`
	// Level, required but null for the default.
	Level *int `json:"level" jsonschema:"nullable,minimum=1,maximum=3"`
	// Buyer name.
	Name string `json:"name,omitempty" jsonschema:"minLength=2,default=anon,example=bob"`
	// Opaque bytes.
	Blob []byte `json:"blob,omitempty"`
}

// Flag is a pricing flag.
type Flag string

const (
	FlagSale    Flag = "sale"
	FlagNew     Flag = "new"
	FlagLimited Flag = "limited"
	FlagGift    Flag = "gift"
)

// OrderArgs places an order: nested objects and arrays of objects.
//
//toolgen:tool risk=dangerous
type OrderArgs struct {
	// Order lines.
	Lines []Line `json:"lines" jsonschema:"minItems=1,maxItems=4"`
	// Where to ship.
	Ship Address `json:"ship"`
	// Gift wrapping, if any.
	Gift *Gift `json:"gift,omitempty"`
}

// Line is one order line.
type Line struct {
	// Stock keeping unit, like ABC-123.
	SKU string `json:"sku" jsonschema:"pattern=^[A-Z]{3}-[0-9]{3}$"`
	// How many.
	Qty int `json:"qty" jsonschema:"minimum=1,maximum=99"`
	// Options of the item.
	Options []Option `json:"options,omitempty" jsonschema:"maxItems=2"`
}

// Option is a key and value.
type Option struct {
	Key   string `json:"key" jsonschema:"minLength=1,maxLength=8"`
	Value string `json:"value,omitempty"`
}

// Address is a postal address.
type Address struct {
	Street string `json:"street" jsonschema:"minLength=1"`
	// ISO 3166-1 alpha-2 country code.
	Country string `json:"country" jsonschema:"pattern=^[A-Z]{2}$"`
}

// Gift is gift wrapping.
type Gift struct {
	Message string `json:"message" jsonschema:"maxLength=40"`
}

// TreeArgs takes a tree: recursion, which Gemini's parameters cannot
// express; Gemini gets parametersJsonSchema.
//
//toolgen:tool
type TreeArgs struct {
	Root Node `json:"root"`
}

// Node is a node of a tree.
type Node struct {
	Label    string `json:"label" jsonschema:"minLength=1"`
	Children []Node `json:"children,omitempty" jsonschema:"maxItems=3"`
}

// LabelArgs sets labels: a map, which OpenAI strict mode and Gemini's
// parameters cannot express; OpenAI gets the tool non-strict, Gemini as
// parametersJsonSchema.
//
//toolgen:tool
type LabelArgs struct {
	// Label values by name.
	Labels map[string]Label `json:"labels"`
	// Slots by number: a map with integer keys, whose key pattern
	// parametersJsonSchema has as a sentence.
	Slots map[int]Label `json:"slots,omitempty"`
}

// ContactArgs reaches a person: unions, which OpenAI strict mode and
// Gemini's parameters cannot express, and parametersJsonSchema has as an
// anyOf and sentences.
//
//toolgen:tool risk=read
type ContactArgs struct {
	// Email address, or
	Email string `json:"email,omitempty" jsonschema:"oneof_required=by_email,maxLength=40"`
	// phone number, not both.
	Phone string `json:"phone,omitempty" jsonschema:"oneof_required=by_phone,pattern=^[0-9+ ]+$"`
	// A topic or a ticket number.
	About any `json:"about,omitempty" jsonschema:"oneof_type=string;integer"`
	// Tags, at least one of which
	Tag string `json:"tag,omitempty" jsonschema:"anyof_required=tagged"`
	// or a note.
	Note string `json:"note,omitempty" jsonschema:"anyof_required=noted"`
}

// PingArgs takes no arguments.
//
//toolgen:tool risk=read
type PingArgs struct{}

// AuditArgs is for MCP clients only: dialects= leaves the other providers
// out.
//
//toolgen:tool risk=read dialects=mcp
type AuditArgs struct {
	// What to audit.
	Scope string `json:"scope" jsonschema:"enum=all,enum=recent"`
}

// Label is a label value.
type Label struct {
	Value string `json:"value" jsonschema:"maxLength=10"`
}

// SignupArgs signs a person up: patterns and item counts, which Anthropic
// strict mode takes when they are simple and has as sentences otherwise.
//
//toolgen:tool
type SignupArgs struct {
	// Member code: a simple pattern.
	Code string `json:"code" jsonschema:"pattern=^[A-Z]{2}[0-9]{1\\,4}$"`
	// A greeting: a word boundary and a long repetition.
	Greeting string `json:"greeting" jsonschema:"pattern=^\\w+\\b.{0\\,200}$"`
	// At least two interests.
	Interests []string `json:"interests" jsonschema:"minItems=2"`
	// At least one referrer, if any.
	Referrers []string `json:"referrers,omitempty" jsonschema:"minItems=1"`
}

// SurveyArgs records a survey: more optional members than Anthropic strict
// mode takes in one schema, so Anthropic gets it without strict.
//
//toolgen:tool risk=read
type SurveyArgs struct {
	Respondent string `json:"respondent"`
	Q1         int    `json:"q1,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q2         int    `json:"q2,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q3         int    `json:"q3,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q4         int    `json:"q4,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q5         int    `json:"q5,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q6         int    `json:"q6,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q7         int    `json:"q7,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q8         int    `json:"q8,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q9         int    `json:"q9,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q10        int    `json:"q10,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q11        int    `json:"q11,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q12        int    `json:"q12,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q13        int    `json:"q13,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q14        int    `json:"q14,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q15        int    `json:"q15,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q16        int    `json:"q16,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q17        int    `json:"q17,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q18        int    `json:"q18,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q19        int    `json:"q19,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q20        int    `json:"q20,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q21        int    `json:"q21,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q22        int    `json:"q22,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q23        int    `json:"q23,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q24        int    `json:"q24,omitempty" jsonschema:"minimum=1,maximum=5"`
	Q25        int    `json:"q25,omitempty" jsonschema:"minimum=1,maximum=5"`
}

// ShipArgs ships an order: a tool whose result type is Shipment.
//
//toolgen:tool result=Shipment
type ShipArgs struct {
	// The order to ship.
	Order string `json:"order" jsonschema:"pattern=^[A-Z]{2}[0-9]{4}$"`
}

// Shipment is what ship returns: every kind of member a result may have.
type Shipment struct {
	// Tracking number.
	Tracking string `json:"tracking" jsonschema:"minLength=8,maxLength=20"`
	// Parcels, up to five.
	Parcels []Parcel `json:"parcels" jsonschema:"minItems=1,maxItems=5"`
	// Carrier, if chosen.
	Carrier *Carrier `json:"carrier,omitempty"`
	// Cost in euros.
	Cost float64 `json:"cost" jsonschema:"exclusiveMinimum=0,multipleOf=0.01"`
	// A note, null for none.
	Note *string `json:"note" jsonschema:"nullable"`
	// Labels by name.
	Labels map[string]string `json:"labels,omitempty"`
}

// Parcel is one parcel of a shipment.
type Parcel struct {
	Weight  float64 `json:"weight" jsonschema:"minimum=0,maximum=30"`
	Fragile bool    `json:"fragile,omitempty"`
}

// Carrier is a delivery company.
type Carrier string

const (
	CarrierPost    Carrier = "post"
	CarrierCourier Carrier = "courier"
)

// Profile is a person's profile read from a text: the keywords of every
// provider's strict mode, strict everywhere.
//
//toolgen:output
type Profile struct {
	// Full name.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=80"`
	// Age in years.
	Age int `json:"age,omitempty" jsonschema:"minimum=0,maximum=150"`
	// Email address.
	Email string `json:"email,omitempty" jsonschema:"format=email"`
	// Country code, like FR.
	Country string `json:"country" jsonschema:"pattern=^[A-Z]{2}$"`
	// Languages spoken, most fluent first.
	Languages []string `json:"languages,omitempty" jsonschema:"maxItems=5,uniqueItems=true"`
	// Employer, if any.
	Employer *Employer `json:"employer,omitempty"`
	// Level of seniority, null when unknown.
	Seniority *Seniority `json:"seniority" jsonschema:"nullable"`
}

// Employer is a company.
type Employer struct {
	Company string `json:"company" jsonschema:"minLength=1"`
	Since   int    `json:"since,omitempty" jsonschema:"minimum=1900"`
}

// Seniority is a level of experience.
type Seniority string

const (
	Junior Seniority = "junior"
	Senior Seniority = "senior"
)

// Catalog is a catalog read from a document: a map and a recursive type,
// which strict modes lack, so each provider gets its fallback form.
//
//toolgen:output
type Catalog struct {
	// Prices by product code.
	Prices map[string]float64 `json:"prices"`
	// The product categories, as a tree.
	Root Category `json:"root"`
}

// Category is a node of a catalog's tree.
type Category struct {
	Title    string     `json:"title" jsonschema:"minLength=1"`
	Children []Category `json:"children,omitempty" jsonschema:"maxItems=4"`
}

// Package bad holds the structs toolgen must refuse, each with errors that
// gen/schema_test.go expects at exact positions. It is in testdata so that
// go build ./... and go vet ./... leave it alone.
package bad

import (
	"fmt"
	"net"
	"net/url"
	"time"
	"unsafe"

	"github.com/invopop/jsonschema"
)

type OutOfRange struct {
	A int8   `json:"a" jsonschema:"minimum=-129"`
	B uint8  `json:"b" jsonschema:"maximum=256"`
	C uint   `json:"c" jsonschema:"minimum=-1"`
	D uint8  `json:"d" jsonschema:"enum=1,enum=300"`
	E int16  `json:"e" jsonschema:"maximum=32768"`
	F []int8 `json:"f" jsonschema:"minimum=-200"`
}

type UnknownKey struct {
	A string `json:"a" jsonschema:"color=red"`
	B string `json:"b" jsonschema:"omitempty"`
}

type NotANumber struct {
	A int     `json:"a" jsonschema:"minimum=abc"`
	B float64 `json:"b" jsonschema:"maximum=+1"`
	C int     `json:"c" jsonschema:"multipleOf=0"`
}

type EnumMisfit struct {
	A int     `json:"a" jsonschema:"enum=abc"`
	B int     `json:"b" jsonschema:"enum=1.5"`
	C float64 `json:"c" jsonschema:"enum=x"`
	D int     `json:"d" jsonschema:"default=abc"`
	E any     `json:"e" jsonschema:"default=1"`
}

type WrongKind struct {
	A int      `json:"a" jsonschema:"minLength=1"`
	B string   `json:"b" jsonschema:"minimum=1"`
	C []int    `json:"c" jsonschema:"pattern=^a"`
	D bool     `json:"d" jsonschema:"readOnly=true"`
	E string   `json:"e" jsonschema:"minItems=1"`
	F []string `json:"f" jsonschema:"uniqueItems=false"`
	G string   `json:"g" jsonschema:"maxLength=-1"`
}

type BadPattern struct {
	A string `json:"a" jsonschema:"pattern=(?<=a)b"`
	B string `json:"b" jsonschema:"pattern=a("`
}

type Format struct {
	A string `json:"a" jsonschema:"format=emali"`
}

type OneOf struct {
	A string `json:"a" jsonschema:"oneof_required=x"`
	B any    `json:"b" jsonschema:"oneof_type=string;integer"`
	C string `json:"c" jsonschema:"anyof_ref=#/$defs/C"`
	D string `json:"d" jsonschema:"type=integer"`
}

type JSONString struct {
	A int `json:"a,string"`
}

type ExtrasAssertion struct {
	A int    `json:"a" jsonschema_extras:"minimum=1"`
	B string `json:"b" jsonschema_extras:"x-flag"`
}

type Unsupported struct {
	Ch chan int                   `json:"ch"`
	Fn func()                     `json:"fn"`
	C  complex128                 `json:"c"`
	P  unsafe.Pointer             `json:"p"`
	M  map[bool]string            `json:"m"`
	S  fmt.Stringer               `json:"s"`
	I  interface{ Close() error } `json:"i"`
	U  uintptr                    `json:"u"`
	MU map[uint]string            `json:"mu"`
}

type HasCustom struct {
	C Custom `json:"c"`
}

type Custom struct{}

func (Custom) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} }

type Duplicate struct {
	A string `json:"a"`
	B string `json:"a"`
	Inner
}

type Inner struct {
	A int `json:"a"`
}

// Times holds the types whose schemas carry a format.
type Times struct {
	T  time.Time `json:"t"`
	U  url.URL   `json:"u"`
	IP net.IP    `json:"ip"`
}

type BoolEnum struct {
	A bool   `json:"a" jsonschema:"enum=true"`
	B bool   `json:"b" jsonschema:"example=true"`
	C []bool `json:"c" jsonschema:"enum=false"`
}

type SelfEmbed struct {
	*SelfEmbed
	A string `json:"a"`
}

type EmbedsLoop struct {
	Loop
}

type Loop struct {
	*Loop
	X string `json:"x"`
}

type InlineNonStruct struct {
	A string `json:",inline"`
}

type EmbedsMethods struct {
	WithDocs
}

// EmbedsAmbiguous has no JSONSchemaProperty method of its own, as it
// embeds two; invopop would call each.
type EmbedsAmbiguous struct {
	WithProperty
	AlsoProperty
}

type AlsoProperty struct{}

func (*AlsoProperty) JSONSchemaProperty(string) any { return nil }

type WithProperty struct{}

func (WithProperty) JSONSchemaProperty(string) any { return nil }

type WithDocs struct{}

func (WithDocs) GetFieldDocString(string) string { return "" }

type HasExtend struct {
	E Extended `json:"e"`
}

type Extended struct{}

func (Extended) JSONSchemaExtend(*jsonschema.Schema) {}

// BadJSONNames has json names encoding/json ignores, using the field's.
type BadJSONNames struct {
	Quote     string `json:"q\"uote"`
	Backslash string `json:"back\\slash"`
}

// DurationBounds bounds durations in nanoseconds, by keywords a duration
// string has none of, and the wrong way round.
type DurationBounds struct {
	A time.Duration   `json:"a" jsonschema:"minimum=1000000000"`
	B time.Duration   `json:"b" jsonschema:"exclusiveMaximum=1h"`
	C []time.Duration `json:"c" jsonschema:"multipleOf=1s"`
	D time.Duration   `json:"d" jsonschema:"minimum=1h,maximum=1m"`
}

// AmbiguousComma has commas that could be a pattern's or end it.
type AmbiguousComma struct {
	A string `json:"a" jsonschema:"pattern=^(a,maxLength=3)$"`
	B string `json:"b" jsonschema:"pattern=^[a-z]{1,minLength=2}$"`
}

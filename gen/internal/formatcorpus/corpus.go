// Package formatcorpus holds structs that use what invopop reflects with
// formats, composition tags and special types; the equivalence test reflects
// them with invopop and compares with toolgen's schemas.
package formatcorpus

import (
	"encoding/json"
	"net"
	"net/url"
	"time"
)

type Times struct {
	At    time.Time  `json:"at"`
	Maybe *time.Time `json:"maybe,omitempty"`
	Day   string     `json:"day" jsonschema:"format=date"`
	Clock string     `json:"clock,omitempty" jsonschema:"format=time"`
	Span  string     `json:"span,omitempty" jsonschema:"format=duration,minLength=3"`
}

type Network struct {
	IP     net.IP   `json:"ip"`
	Site   url.URL  `json:"site"`
	Link   *url.URL `json:"link,omitempty"`
	Host   string   `json:"host" jsonschema:"format=hostname"`
	Mail   string   `json:"mail,omitempty" jsonschema:"format=email"`
	V4     string   `json:"v4,omitempty" jsonschema:"format=ipv4"`
	V6     string   `json:"v6,omitempty" jsonschema:"format=ipv6"`
	Ref    string   `json:"ref,omitempty" jsonschema:"format=uri-reference"`
	ID     string   `json:"id" jsonschema:"format=uuid"`
	Ptr    string   `json:"ptr,omitempty" jsonschema:"format=json-pointer"`
	Re     string   `json:"re,omitempty" jsonschema:"format=regex"`
	Emails []string `json:"emails,omitempty" jsonschema:"format=email,maxItems=3"`
}

type Blobs struct {
	Data   []byte            `json:"data"`
	Raw    json.RawMessage   `json:"raw"`
	Any    any               `json:"any"`
	ByID   map[int]string    `json:"by_id"`
	Counts map[int64]float64 `json:"counts,omitempty"`
	Extra  map[string]any    `json:"extra,omitempty"`
}

type Contact struct {
	Name  string `json:"name"`
	Email string `json:"email,omitempty" jsonschema:"oneof_required=by_email,format=email"`
	Phone string `json:"phone,omitempty" jsonschema:"oneof_required=by_phone"`
}

type Filter struct {
	Tag   string `json:"tag,omitempty" jsonschema:"anyof_required=tag"`
	Owner string `json:"owner,omitempty" jsonschema:"anyof_required=owner"`
	Since string `json:"since,omitempty" jsonschema:"anyof_required=owner,format=date"`
}

type Value struct {
	Scalar any             `json:"scalar" jsonschema:"oneof_type=string;number"`
	Loose  any             `json:"loose,omitempty" jsonschema:"anyof_type=integer;boolean;null"`
	Raw    json.RawMessage `json:"raw,omitempty" jsonschema:"oneof_type=object;array"`
}

type Pet struct {
	Pet  any   `json:"pet" jsonschema:"oneof_ref=#/$defs/Cat;#/$defs/Dog"`
	Pets []any `json:"pets,omitempty" jsonschema:"anyof_ref=#/$defs/Cat;#/$defs/Dog"`
}

type Cat struct {
	Name   string `json:"name"`
	Indoor bool   `json:"indoor"`
}

type Dog struct {
	Name  string `json:"name"`
	Breed string `json:"breed"`
}

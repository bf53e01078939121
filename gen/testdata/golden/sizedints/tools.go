// Package sizedints has a tool with sized integers, whose schemas carry
// their Go type's range.
package sizedints

// ConfigureArgs configures a device.
//
//toolgen:tool
type ConfigureArgs struct {
	Offset  int8     `json:"offset"`
	Gain    int16    `json:"gain,omitempty"`
	Channel int32    `json:"channel,omitempty"`
	Count   int64    `json:"count,omitempty"`
	Mask    uint8    `json:"mask,omitempty"`
	Port    uint16   `json:"port,omitempty"`
	ID      uint32   `json:"id,omitempty"`
	Serial  uint64   `json:"serial,omitempty"`
	Size    uint     `json:"size,omitempty"`
	Level   int8     `json:"level,omitempty" jsonschema:"minimum=-5,maximum=5"`
	Scale   float32  `json:"scale,omitempty"`
	Bytes   []uint8  `json:"bytes,omitempty"`
	Ports   []uint16 `json:"ports,omitempty"`
}

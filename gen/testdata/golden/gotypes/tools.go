// Package gotypes has the Go types a tool's arguments commonly hold beyond
// JSON's own: durations, integer enums, IP addresses, and a type that reads
// itself from text.
package gotypes

import (
	"fmt"
	"net/netip"
	"time"
)

// Priority is how urgent a task is. Its constants make its enum.
type Priority int

const (
	PriorityLow Priority = iota + 1
	PriorityNormal
	PriorityHigh
)

// Color is a color read from its name: encoding/json reads it from a JSON
// string, through UnmarshalText.
type Color struct{ R, G, B uint8 }

func (c *Color) UnmarshalText(b []byte) error {
	switch string(b) {
	case "red":
		*c = Color{R: 255}
	case "green":
		*c = Color{G: 255}
	default:
		return fmt.Errorf("unknown color %q", b)
	}
	return nil
}

// ScheduleArgs schedules a task.
//
//toolgen:tool
type ScheduleArgs struct {
	// How long the task may run.
	Timeout time.Duration `json:"timeout"`
	// Delays between retries.
	Backoff []time.Duration `json:"backoff,omitempty" jsonschema:"maxItems=3"`
	Every   *time.Duration  `json:"every,omitempty"`
	// How urgent the task is.
	Priority Priority `json:"priority"`
	// An enum=, which replaces the constants.
	Floor Priority `json:"floor,omitempty" jsonschema:"enum=1,enum=2"`
	// The month of the year, an enum of another package.
	Month time.Month `json:"month,omitempty"`
	// Where to report.
	Host     netip.Addr      `json:"host"`
	Net      netip.Prefix    `json:"net,omitempty"`
	Endpoint *netip.AddrPort `json:"endpoint,omitempty"`
	Color    Color           `json:"color,omitempty"`
}

// Package descriptions has a tool whose members have no comments of their
// own: each takes its type's description, which drops the type's Go name
// whatever the shape of its doc comment's first sentence.
package descriptions

import "math/big"

// NotifyArgs sends an alert.
//
//toolgen:tool
type NotifyArgs struct {
	Team      Team       `json:"team"`
	Reason    Reason     `json:"reason"`
	Kind      *Kind      `json:"kind,omitempty"`
	Receivers []Receiver `json:"receivers"`
	Line      LineItem   `json:"line"`
	Priority  Priority   `json:"priority"`
	// Urgency is the member's own description, which comes first.
	Urgency Priority `json:"urgency,omitempty"`
	Label   Label    `json:"label,omitempty" jsonschema:"description=A tag's description comes before all."`
	Digest  Digest   `json:"digest,omitempty"`
	// A type of the standard library keeps its doc, written for Go
	// programmers, from the model.
	Share *big.Rat `json:"share,omitempty"`
	Ratio *big.Rat `json:"ratio,omitempty"`
}

// A Team is the group on call.
type Team string

const (
	TeamPlatform Team = "platform"
	TeamPayments Team = "payments"
)

// Reasons are why an alert fires.
type Reason string

const (
	ReasonOutage  Reason = "outage"
	ReasonLatency Reason = "latency"
)

// Kind: what the alert is about.
type Kind string

const (
	KindIncident Kind = "incident"
	KindNotice   Kind = "notice"
)

// Receiver is one destination of an alert.
type Receiver struct {
	Address string `json:"address"`
}

// LineItem is one product line of an order.
type LineItem struct {
	SKU string `json:"sku"`
}

// Priority represents how urgent an alert is: the model reads the names
// of its constants beside their values.
type Priority int

const (
	PriorityLow Priority = iota + 1
	PriorityHigh
	PriorityPage
)

// Label describes the alert in a word.
type Label string

// Digest sends one message for many alerts.
type Digest struct {
	Every int `json:"every"`
}

// Package agent is the tools of a coding assistant as an agent developer
// writes them: maps, values of any type, raw JSON, times and durations, an
// integer enum, a recursive filter, and types of another package, embedded
// and nested. Nothing is opted out: toolgen generates every tool in every
// provider's dialect, each in the strictest form the provider accepts, and
// notes where that is not the strict one.
package agent

//go:generate go tool toolgen -notes=toolgen_notes.txt

import (
	"encoding/json"
	"time"

	"github.com/toolgen-go/toolgen/examples/agent/common"
)

// ReadFileArgs reads a text file of the workspace, or some of its lines.
//
//toolgen:tool risk=read
type ReadFileArgs struct {
	// Path of the file, relative to the workspace root.
	Path string `json:"path" jsonschema:"minLength=1"`
	// The lines to read; all of them when left out.
	Lines *common.Range `json:"lines,omitempty"`
}

// SearchDocsArgs searches the documentation.
//
//toolgen:tool risk=read
type SearchDocsArgs struct {
	// Words to look for.
	Query string `json:"query" jsonschema:"minLength=1,maxLength=200"`
	// Conditions on the documents' fields.
	Filter *Filter `json:"filter,omitempty"`
	// Only documents changed since then.
	Since time.Time `json:"since,omitzero"`
	common.Pagination
}

// Filter is a condition on a document's fields: a comparison, or all or
// any of other filters.
type Filter struct {
	// Field compared: title, author or tag.
	Field string `json:"field,omitempty" jsonschema:"enum=title,enum=author,enum=tag"`
	// Value the field must equal.
	Equals string `json:"equals,omitempty"`
	// Filters that must all hold.
	All []Filter `json:"all,omitempty"`
	// Filters of which one must hold.
	Any []Filter `json:"any,omitempty"`
}

// CreateEventArgs puts an event in the team's calendar.
//
//toolgen:tool
type CreateEventArgs struct {
	// What the event is about.
	Title string `json:"title" jsonschema:"minLength=1,maxLength=120"`
	// When it starts.
	Start time.Time `json:"start"`
	// How long it lasts.
	Duration time.Duration `json:"duration" jsonschema:"minimum=1m"`
	// Who is invited.
	Attendees []common.Person `json:"attendees,omitempty" jsonschema:"maxItems=50"`
	// How urgent it is.
	Priority Priority `json:"priority,omitempty"`
	// Labels to sort events by, name to value.
	Labels map[string]string `json:"labels,omitempty"`
}

// Priority is how urgent an event is. Its constants make its enum.
type Priority int

const (
	PriorityLow Priority = iota + 1
	PriorityNormal
	PriorityUrgent
)

// SQLQueryArgs runs a read-only SQL query on the analytics database.
//
//toolgen:tool risk=read
type SQLQueryArgs struct {
	// One SELECT statement; $1, $2, ... stand for the parameters.
	Query string `json:"query" jsonschema:"minLength=1"`
	// The values of $1, $2, ..., as JSON values.
	Params json.RawMessage `json:"params,omitempty"`
	// The longest the query may run.
	Timeout time.Duration `json:"timeout,omitempty" jsonschema:"maximum=1m"`
	// The most rows to return.
	MaxRows int `json:"max_rows,omitempty" jsonschema:"minimum=1,maximum=1000,default=100"`
}

// RunCommandArgs runs a command in the workspace.
//
//toolgen:tool risk=dangerous idempotent=false
type RunCommandArgs struct {
	// The program to run, like go or git.
	Command string `json:"command" jsonschema:"minLength=1"`
	// Its arguments.
	Args []string `json:"args,omitempty"`
	// Environment variables to set, name to value.
	Env map[string]string `json:"env,omitempty"`
	// The longest the command may run.
	Timeout time.Duration `json:"timeout,omitempty"`
}

// HTTPRequestArgs sends an HTTP request.
//
//toolgen:tool
type HTTPRequestArgs struct {
	// Method, like GET.
	Method string `json:"method" jsonschema:"enum=GET,enum=POST,enum=PUT,enum=DELETE"`
	// URL to send it to.
	URL string `json:"url" jsonschema:"format=uri"`
	// Headers to send, name to value.
	Headers map[string]string `json:"headers,omitempty"`
	// The body, sent as JSON.
	Body any `json:"body,omitempty"`
}

// ListIssuesArgs lists the issues of a repository.
//
//toolgen:tool risk=read
type ListIssuesArgs struct {
	// Repository, as owner/name.
	Repo string `json:"repo" jsonschema:"pattern=^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"`
	// Issues in this state.
	State State `json:"state,omitempty"`
	// Issues assigned to this person.
	Assignee *common.Person `json:"assignee,omitempty"`
	common.Pagination
}

// State is the state of an issue.
type State string

const (
	Open   State = "open"
	Closed State = "closed"
)

package agent

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/forms"
	"github.com/toolgen-go/toolgen/internal/testkit/differential"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Every tool goes to every provider: For returns the whole package in each
// dialect, each definition in the strictest form its provider accepts.
func TestEveryToolInEveryDialect(t *testing.T) {
	require.Len(t, Tools, 7)
	for _, d := range forms.Dialects() {
		raw, err := Tools.For(d)
		require.NoError(t, err, d)
		var defs []map[string]any
		require.NoError(t, json.Unmarshal(raw, &defs), d)
		require.Len(t, defs, len(Tools), d)
		for i, def := range defs {
			if fn, ok := def["function"].(map[string]any); ok {
				def = fn // Chat Completions nests the function
			}
			assert.Equal(t, Tools[i].Name, def["name"], "%s %d", d, i)
		}
	}
}

// Each fallback shows in the golden files (the generated code and the
// dialect files), and on the definition.
func TestFallbacksInGoldenFiles(t *testing.T) {
	differential.Golden(t, Tools, "testdata/dialects")
	generated, err := os.ReadFile("tools_gen.go")
	require.NoError(t, err)
	golden, err := os.ReadFile("testdata/dialects/fallbacks.txt")
	require.NoError(t, err)
	// The doc comments as go doc reads them: wrapped lines joined.
	comments := strings.NewReplacer("\n//     ", " ", "\n// ", " ").Replace(string(generated))
	fallbacks := 0
	for _, tl := range Tools {
		for _, d := range forms.Dialects() {
			def, _ := tl.Dialects.Get(d)
			if def.Fallback == "" {
				assert.Equal(t, d, def.Form, "%s %s", tl.Name, d)
				continue
			}
			fallbacks++
			assert.Contains(t, string(golden), tl.Name+" "+string(d)+": "+string(def.Form)+" form: "+def.Fallback+"\n")
			assert.Contains(t, string(generated), "Fallback: "+strconv.Quote(def.Fallback)+"}")
			assert.Contains(t, comments, "as "+def.Fallback+".", "the comment of %s", tl.Name)
		}
	}
	// search_docs (recursion) falls back for Anthropic and Gemini;
	// create_event, sql_query, run_command and http_request (maps, raw
	// JSON, any) for OpenAI's two APIs, Anthropic and Gemini.
	assert.Equal(t, 2+4*4, fallbacks)
	assert.Equal(t, tool.OpenAI, ReadFileTool.Dialects.OpenAI.Form, "read_file is strict")
	assert.Equal(t, tool.GeminiJSONSchema, SearchDocsTool.Dialects.Gemini.Form)
	assert.Equal(t, tool.OpenAI, SearchDocsTool.Dialects.OpenAI.Form, "OpenAI strict mode has recursion")
	assert.Equal(t, tool.AnthropicNonStrict, SearchDocsTool.Dialects.Anthropic.Form, "Anthropic strict mode has none")
	assert.Equal(t, tool.Anthropic, ReadFileTool.Dialects.Anthropic.Form, "read_file is strict for Anthropic too")
	assert.Equal(t, tool.OpenAINonStrict, CreateEventTool.Dialects.OpenAI.Form)
	assert.Equal(t, "OpenAI strict mode cannot express a map at #/properties/labels", CreateEventTool.Dialects.OpenAI.Fallback)
}

// The doc comments of common's types are descriptions, embedded
// (Pagination), behind a pointer (Range) and in a slice (Person).
func TestDescriptionsFromAnotherPackage(t *testing.T) {
	props := func(s json.RawMessage) map[string]map[string]any {
		var v struct{ Properties map[string]map[string]any }
		require.NoError(t, json.Unmarshal(s, &v))
		return v.Properties
	}
	issues := props(ListIssuesTool.Schema)
	assert.Equal(t, "Page number, from 1.", issues["page"]["description"])
	assert.Equal(t, "Items per page, at most 100.", issues["per_page"]["description"])
	assert.Equal(t, "Login name, like octocat.", issues["assignee"]["properties"].(map[string]any)["login"].(map[string]any)["description"])
	lines := props(ReadFileTool.Schema)["lines"]
	assert.Equal(t, "The lines to read; all of them when left out.", lines["description"])
	assert.Equal(t, "Last line; 0 for the end of the text.", lines["properties"].(map[string]any)["to"].(map[string]any)["description"])
	attendees := props(CreateEventTool.Schema)["attendees"]["items"].(map[string]any)
	assert.Equal(t, "Someone the tools name.", attendees["description"])
	assert.Equal(t, "Email address, when known.", attendees["properties"].(map[string]any)["email"].(map[string]any)["description"])

	// The tools' descriptions do not start with Go's type names.
	for _, tl := range Tools {
		assert.NotContains(t, tl.Description, "Args", tl.Name)
	}
	assert.Equal(t, "Reads a text file of the workspace, or some of its lines.", ReadFileTool.Description)
	// A duration says its syntax and its bounds; an integer enum its names.
	event := props(CreateEventTool.Schema)
	assert.Equal(t, `How long it lasts. A duration: a number and a unit (h, m, s, ms, us, ns), or several, such as "90s", "5m" or "1h30m". At least 1m.`, event["duration"]["description"])
	assert.Equal(t, "How urgent it is. Values: 1 (Low), 2 (Normal), 3 (Urgent).", event["priority"]["description"])
}

func TestDialectsAgree(t *testing.T) {
	reports := differential.Agreement(t, Tools, differential.Options{Calls: 3000, Seed: 9})
	// The fallback forms are checked as what they are: Gemini's
	// parametersJsonSchema moves what it lacks into descriptions.
	assert.Positive(t, reports["search_docs"][tool.Gemini].Moved["maxLength"])
	assert.Positive(t, reports["create_event"][tool.Gemini].Moved["minLength"])
	assert.Positive(t, reports["create_event"][tool.OpenAI].NullOptional, "the non-strict form's optional members")
}

func TestStrictAjv(t *testing.T) {
	differential.StrictAjv(t, Tools)
}

// The tools run in a Set: typed handlers, the policy, confirmation of the
// dangerous tool.
func TestSet(t *testing.T) {
	w := &Workspace{
		Files: map[string]string{"main.go": "package main\n\nfunc main() {}\n"},
		Docs: []Doc{
			{Title: "Install", Author: "ada", Body: "go install", Tags: []string{"setup"}, Changed: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)},
			{Title: "Release", Author: "bob", Body: "go release notes", Tags: []string{"process"}, Changed: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)},
		},
		Issues: []Issue{{Repo: "acme/app", Title: "crash", State: Open, Assignee: "ada"}, {Repo: "acme/app", Title: "typo", State: Closed}},
	}
	set := w.NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))
	ctx := context.Background()
	call := func(name, args string, opts ...tool.CallOption) tool.Result {
		return set.Call(ctx, name, []byte(args), opts...)
	}

	res := call("read_file", `{"path": "main.go", "lines": {"from": 3}}`)
	assert.Equal(t, tool.StatusExecuted, res.Status, res.Feedback())
	assert.Equal(t, "func main() {}\n", res.Output)

	res = call("read_file", `{"path": "../secret"}`)
	assert.Equal(t, tool.StatusRejected, res.Status)
	assert.Equal(t, []string{"workspace:read_file"}, res.Errors.Codes())

	res = call("search_docs", `{"query": "go", "filter": {"any": [{"field": "tag", "equals": "setup"}, {"field": "author", "equals": "bob"}]}, "since": "2026-04-01T00:00:00Z"}`)
	assert.Equal(t, []string{"Release"}, res.Output, res.Feedback())

	res = call("create_event", `{"title": "Retro", "start": "2026-05-04T15:00:00Z", "duration": "30m", "priority": 2, "labels": {"team": "core"}}`)
	require.Equal(t, tool.StatusExecuted, res.Status, res.Feedback())
	assert.Equal(t, 30*time.Minute, w.Events[0].Duration)
	assert.Equal(t, PriorityNormal, w.Events[0].Priority)
	assert.Equal(t, map[string]string{"team": "core"}, w.Events[0].Labels)

	// A duration is a string in Go's syntax: 300 (meant as seconds, or as
	// nanoseconds) is refused with the syntax to write.
	res = call("create_event", `{"title": "Retro", "start": "2026-05-04T15:00:00Z", "duration": "300", "priority": 4}`)
	assert.Equal(t, []string{"enum:priority", "pattern:duration"}, res.Errors.Codes())
	assert.Contains(t, res.Feedback(), `argument 'duration' should be a duration such as "90s" or "1h30m", got "300"`)
	// Its bound, stated in the description, is checked as a duration.
	res = call("create_event", `{"title": "Retro", "start": "2026-05-04T15:00:00Z", "duration": "30s"}`)
	assert.Equal(t, []string{"minimum:duration"}, res.Errors.Codes())
	assert.Contains(t, res.Feedback(), `argument 'duration' should be a duration of at least 1m, got "30s"`)

	res = call("run_command", `{"command": "go", "args": ["test", "./..."], "env": {"CGO_ENABLED": "0"}}`)
	require.Equal(t, tool.StatusNeedsConfirmation, res.Status)
	assert.Empty(t, w.Commands, "not run before a person approves")
	res = call("run_command", `{"command": "go", "args": ["test", "./..."], "env": {"CGO_ENABLED": "0"}}`, tool.Approve(res.Approval))
	assert.Equal(t, "ran go with 2 arguments", res.Output)
	assert.Equal(t, map[string]string{"CGO_ENABLED": "0"}, w.Commands[0].Env)

	res = call("http_request", `{"method": "POST", "url": "https://example.com/hooks", "headers": {"X-Token": "t"}, "body": {"text": "hi", "n": [1, 2]}}`)
	require.Equal(t, tool.StatusExecuted, res.Status, res.Feedback())
	body, err := json.Marshal(w.Requests[0].Body)
	require.NoError(t, err)
	assert.JSONEq(t, `{"text": "hi", "n": [1, 2]}`, string(body))

	res = call("sql_query", `{"query": "SELECT count(*) FROM users WHERE plan = $1", "params": ["pro"], "timeout": "5s"}`)
	assert.Equal(t, tool.StatusExecuted, res.Status, res.Feedback())
	// The schema says "default": 100, and the handler gets it.
	assert.Equal(t, SQLQueryArgs{Query: "SELECT count(*) FROM users WHERE plan = $1", Params: json.RawMessage(`["pro"]`), Timeout: 5 * time.Second, MaxRows: 100}, w.Queries[0])
	res = call("sql_query", `{"query": "DROP TABLE users"}`)
	assert.Equal(t, tool.StatusFailed, res.Status)
	assert.True(t, strings.HasPrefix(res.Feedback(), "The call to sql_query failed:"), res.Feedback())

	res = call("list_issues", `{"repo": "acme/app", "state": "open", "assignee": {"login": "ada"}, "per_page": 5}`)
	assert.Equal(t, []string{"crash"}, res.Output)
}

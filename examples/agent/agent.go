package agent

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/examples/agent/common"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Workspace is the world the tools act on, in memory: files, documents, a
// calendar and issues. Commands and HTTP requests are recorded, not run;
// queries are recorded and answered with one row.
type Workspace struct {
	Files    map[string]string
	Docs     []Doc
	Events   []CreateEventArgs
	Issues   []Issue
	Commands []RunCommandArgs
	Requests []HTTPRequestArgs
	Queries  []SQLQueryArgs
}

// Doc is a document of the documentation.
type Doc struct {
	Title, Author, Body string
	Tags                []string
	Changed             time.Time
}

// Issue is an issue of a repository.
type Issue struct {
	Repo, Title string
	State       State
	Assignee    string
}

// NewSet returns a tool.Set that runs the agent's tools on w, with the
// options given (a logger, say). A path that leaves the workspace is
// refused by a policy before read_file runs.
func (w *Workspace) NewSet(opts ...tool.Option) *tool.Set {
	return tool.NewSet(append([]tool.Option{
		ReadFileTool.Handle(w.readFile),
		SearchDocsTool.Handle(w.searchDocs),
		CreateEventTool.Handle(w.createEvent),
		SQLQueryTool.Handle(w.sqlQuery),
		RunCommandTool.Handle(w.runCommand),
		HTTPRequestTool.Handle(w.httpRequest),
		ListIssuesTool.Handle(w.listIssues),
		tool.WithPolicy(tool.PolicyFor(&ReadFileTool, func(ctx context.Context, a ReadFileArgs) error {
			if strings.HasPrefix(a.Path, "/") || slices.Contains(strings.Split(a.Path, "/"), "..") {
				return tool.Deny("workspace", "paths are relative to the workspace root and stay inside it")
			}
			return nil
		})),
	}, opts...)...)
}

func (w *Workspace) readFile(ctx context.Context, a ReadFileArgs) (any, error) {
	text, ok := w.Files[a.Path]
	if !ok {
		return nil, fmt.Errorf("no file %s", a.Path)
	}
	if a.Lines == nil {
		return text, nil
	}
	lines := strings.Split(text, "\n")
	from, to := a.Lines.From, a.Lines.To
	if to == 0 || to > len(lines) {
		to = len(lines)
	}
	if from > to {
		return "", nil
	}
	return strings.Join(lines[from-1:to], "\n"), nil
}

func (w *Workspace) searchDocs(ctx context.Context, a SearchDocsArgs) (any, error) {
	var titles []string
	for _, d := range w.Docs {
		if strings.Contains(strings.ToLower(d.Title+" "+d.Body), strings.ToLower(a.Query)) &&
			(a.Filter == nil || a.Filter.holds(d)) && !d.Changed.Before(a.Since) {
			titles = append(titles, d.Title)
		}
	}
	return page(titles, a.Pagination), nil
}

// holds reports whether the filter holds for a document.
func (f *Filter) holds(d Doc) bool {
	switch f.Field {
	case "title":
		if d.Title != f.Equals {
			return false
		}
	case "author":
		if d.Author != f.Equals {
			return false
		}
	case "tag":
		if !slices.Contains(d.Tags, f.Equals) {
			return false
		}
	}
	for _, g := range f.All {
		if !g.holds(d) {
			return false
		}
	}
	if len(f.Any) > 0 && !slices.ContainsFunc(f.Any, func(g Filter) bool { return g.holds(d) }) {
		return false
	}
	return true
}

func (w *Workspace) createEvent(ctx context.Context, a CreateEventArgs) (any, error) {
	w.Events = append(w.Events, a)
	return map[string]any{"id": len(w.Events), "ends": a.Start.Add(a.Duration).Format(time.RFC3339)}, nil
}

func (w *Workspace) sqlQuery(ctx context.Context, a SQLQueryArgs) (any, error) {
	if !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(a.Query)), "SELECT") {
		return nil, fmt.Errorf("only SELECT statements run here")
	}
	w.Queries = append(w.Queries, a)
	return map[string]any{"columns": []string{"n"}, "rows": [][]any{{42}}}, nil
}

func (w *Workspace) runCommand(ctx context.Context, a RunCommandArgs) (any, error) {
	w.Commands = append(w.Commands, a)
	return fmt.Sprintf("ran %s with %d arguments", a.Command, len(a.Args)), nil
}

func (w *Workspace) httpRequest(ctx context.Context, a HTTPRequestArgs) (any, error) {
	w.Requests = append(w.Requests, a)
	return map[string]any{"status": 200}, nil
}

func (w *Workspace) listIssues(ctx context.Context, a ListIssuesArgs) (any, error) {
	var titles []string
	for _, is := range w.Issues {
		if is.Repo == a.Repo && (a.State == "" || is.State == a.State) && (a.Assignee == nil || is.Assignee == a.Assignee.Login) {
			titles = append(titles, is.Title)
		}
	}
	return page(titles, a.Pagination), nil
}

// page returns one page of a list: 10 items a page unless p says.
func page(items []string, p common.Pagination) []string {
	n, at := 10, 1
	if p.PerPage > 0 {
		n = p.PerPage
	}
	if p.Page > 0 {
		at = p.Page
	}
	start := min((at-1)*n, len(items))
	out := items[start:min(start+n, len(items))]
	if out == nil {
		out = []string{}
	}
	return out
}

package adaptertest

import (
	"context"
	"log/slog"
	"sync"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Files is a pretend file system the tools act on; it records the files
// deleted, so that a test can tell whether a dangerous call ran.
type Files struct {
	mu      sync.Mutex
	deleted []string
}

// NewSet returns a set of the three tools on fs, with a silent audit log
// unless opts give another.
func NewSet(fs *Files, opts ...tool.Option) *tool.Set {
	return tool.NewSet(append([]tool.Option{
		tool.WithLogger(slog.New(slog.DiscardHandler)),
		GetForecastTool.Handle(func(ctx context.Context, a GetForecastArgs) (Forecast, error) {
			days := max(a.Days, 1)
			f := Forecast{City: a.City, Days: []Day{}}
			for d := 1; d <= days; d++ {
				f.Days = append(f.Days, Day{Day: d, High: 20 + float64(d)/2})
			}
			return f, nil
		}),
		DeleteFileTool.Handle(func(ctx context.Context, a DeleteFileArgs) (any, error) {
			fs.mu.Lock()
			defer fs.mu.Unlock()
			fs.deleted = append(fs.deleted, a.Path)
			return "deleted " + a.Path, nil
		}),
		TagTool.Handle(func(ctx context.Context, a TagArgs) (any, error) {
			return map[string]any{"path": a.Path, "labels": len(a.Labels)}, nil
		}),
	}, opts...)...)
}

// DeletedFiles returns the files deleted so far.
func (fs *Files) DeletedFiles() []string {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return append([]string(nil), fs.deleted...)
}

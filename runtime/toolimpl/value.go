package toolimpl

import (
	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/internal/words"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TooDeep reports a value nested deeper than value.MaxDepth.
func TooDeep() tool.Error {
	return tool.Error{Code: tool.CodeDepth, Expected: words.DepthExpected(value.MaxDepth)}
}

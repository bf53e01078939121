package toolimpl

import (
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/toolimpl/value"
)

// TooDeep reports a value nested deeper than value.MaxDepth.
func TooDeep() tool.Error {
	return tool.Error{Code: tool.CodeDepth, Expected: jsonvalue.DepthExpected(value.MaxDepth)}
}

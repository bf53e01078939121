// Package terminal is the person the examples' agent loops ask about their
// dangerous calls: whoever reads the terminal.
package terminal

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Approver writes each question to out, the confirmation a person must
// read, and reads the answer from in, a line: "y" approves the call,
// anything else declines it, and so does the end of in (nobody to ask).
// Questions are asked one at a time. A read that blocks does not end with
// ctx: a terminal cannot be interrupted, and the question waits.
func Approver(in io.Reader, out io.Writer) tool.Approver {
	r := bufio.NewReader(in)
	var mu sync.Mutex
	return func(ctx context.Context, req tool.ApprovalRequest) (bool, error) {
		mu.Lock()
		defer mu.Unlock()
		if _, err := fmt.Fprintf(out, "%s\nRun it? [y/N] ", req.Confirmation); err != nil {
			return false, err
		}
		answer, err := r.ReadString('\n')
		if err != nil && err != io.EOF {
			return false, err
		}
		return strings.TrimSpace(answer) == "y", nil
	}
}

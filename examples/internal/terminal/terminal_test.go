package terminal

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Each question shows the confirmation and takes one line: "y" approves,
// anything else declines, the end of the input too; a failing input is
// the approver's error.
func TestApprover(t *testing.T) {
	var out strings.Builder
	approve := Approver(strings.NewReader("y\nno\n y \n"), &out)
	req := tool.ApprovalRequest{Confirmation: "Allow book_flight to run? Books a flight.\nArguments:\n- flight_id: \"AF1234\""}
	var answers []bool
	for range 4 {
		yes, err := approve(context.Background(), req)
		assert.NoError(t, err)
		answers = append(answers, yes)
	}
	assert.Equal(t, []bool{true, false, true, false}, answers)
	assert.Equal(t, strings.Repeat(req.Confirmation+"\nRun it? [y/N] ", 4), out.String())

	broken := errors.New("the terminal is gone")
	_, err := Approver(iotest.ErrReader(broken), &out)(context.Background(), req)
	assert.ErrorIs(t, err, broken)
}

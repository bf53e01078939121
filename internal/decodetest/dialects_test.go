package decodetest

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/differential"
)

func TestStrictAjv(t *testing.T) {
	differential.StrictAjv(t, Tools)
}

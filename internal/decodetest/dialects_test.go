package decodetest

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/dialecttest"
)

func TestStrictAjv(t *testing.T) {
	dialecttest.StrictAjv(t, Tools)
}

package race

import (
	"sync"
	"testing"
)

// Enabled follows the build: under the race detector a sync.Pool drops a
// quarter of what it is given at random; without it, it gives back what it
// was just given (but for a rare move to another processor).
func TestEnabled(t *testing.T) {
	var p sync.Pool
	kept := 0
	for range 1000 {
		p.Put(new(int))
		if p.Get() != nil {
			kept++
		}
	}
	if Enabled != (kept < 900) {
		t.Errorf("Enabled is %v, and a sync.Pool kept %d of 1000 items", Enabled, kept)
	}
}

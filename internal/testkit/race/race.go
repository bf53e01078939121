// Package race tells the tests whether the race detector is on, for the
// assertions it falsifies: allocation counts and memory measurements. Its
// instrumentation allocates where the code does not, and sync.Pool drops
// items at random under it, so such an assertion holds only in a build
// without -race; the tests still run their other assertions there.
package race

import "testing"

// Enabled reports whether the binary was built with -race.
const Enabled = enabled

// SkipAllocs skips a test that asserts nothing but allocations or memory
// use, when the race detector is on.
func SkipAllocs(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("allocation counts are not the code's under the race detector")
	}
}

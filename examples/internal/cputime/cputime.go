// Package cputime measures a benchmark by the CPU time its process uses:
// on a machine shared with other work that is steadier than the wall clock,
// which counts the time the process waits for a core.
package cputime

import "testing"

// Loop runs fn b.N times (b.Loop) and reports, besides the wall clock, the
// process's CPU time per call as cpu-ns/op, where it is known.
func Loop(b *testing.B, fn func()) {
	start := Process()
	for b.Loop() {
		fn()
	}
	if cpu := Process() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

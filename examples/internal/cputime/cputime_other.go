//go:build !unix

package cputime

import "time"

// Process is unknown here: it returns 0, and benchmarks report the wall
// clock only.
func Process() time.Duration { return 0 }

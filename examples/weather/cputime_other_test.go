//go:build !unix

package main

import "time"

// cpuTime is unknown here: benchmarks report the wall clock only.
func cpuTime() time.Duration { return 0 }

//go:build !unix

package hostile

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }

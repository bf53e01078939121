//go:build !linux

package hostile

import "os"

// maxRSS is not measured here.
func maxRSS(*os.ProcessState) (uint64, bool) { return 0, false }

package hostile

import (
	"os"
	"syscall"
)

// maxRSS is the peak resident memory of a process that ended, in bytes.
func maxRSS(ps *os.ProcessState) (uint64, bool) {
	u, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return uint64(u.Maxrss) << 10, true // Linux counts it in KiB
}

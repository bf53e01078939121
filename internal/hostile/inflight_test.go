package hostile

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/race"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The peak of a process whose calls come all at once: peakCalls hostile
// calls of about 1 MiB each, the kind that builds the most per byte and
// holds it while its handler runs, sent to one set with the default budget
// of arguments in flight. Documented in README's "Limits and guarantees".
const (
	peakCalls = 64
	// maxPeakRSS bounds the process's resident memory at its peak, with
	// GOGC=100: the default budget lets 4 such calls run at once, each
	// holding about 67 MiB, the calls' own bytes are 64 MiB more, and the
	// collector lets the heap grow to twice what is live and more while it
	// runs on a loaded machine. Measured: 0.74-1.15 GiB (4.6 GiB without the
	// budget).
	maxPeakRSS = 1536 << 20
)

const peakChild = "TOOLGEN_HOSTILE_PEAK_CHILD"

// TestInFlightPeak runs TestInFlightPeakChild in a process of its own, so
// that its peak resident memory, as the kernel counts it, is that of the
// calls alone.
func TestInFlightPeak(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector multiplies memory")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInFlightPeakChild$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), peakChild+"=1", "GOGC=100", "GOMEMLIMIT=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "--- PASS: TestInFlightPeakChild", "%s", out)
	rss, ok := maxRSS(cmd.ProcessState)
	if !ok {
		t.Skip("peak resident memory is not measured on " + runtime.GOOS)
	}
	m := regexp.MustCompile(`peak_heap=(\d+)`).FindSubmatch(out)
	require.NotNil(t, m, "%s", out)
	heap, _ := strconv.ParseUint(string(m[1]), 10, 64)
	t.Logf("%d calls of about 1 MiB at once: peak RSS %d MiB, peak heap %d MiB", peakCalls, rss>>20, heap>>20)
	assert.Less(t, rss, uint64(maxPeakRSS), "peak RSS %d MiB", rss>>20)
}

// TestInFlightPeakChild sends peakCalls calls at once to one set, each
// handler holding the decoded arguments a moment, and prints the peak of
// the heap's objects.
func TestInFlightPeakChild(t *testing.T) {
	if os.Getenv(peakChild) == "" {
		t.Skip("run by TestInFlightPeak, in a process of its own")
	}
	set := tool.NewSet(SaveNoteTool.Handle(func(_ context.Context, a NoteArgs) (any, error) {
		time.Sleep(10 * time.Millisecond) // a handler at work, holding what decode built
		runtime.KeepAlive(a)
		return "noted", nil
	}), tool.WithLogger(nil), tool.WithTimeout(0)) // no time limit: however loaded the machine, every call waits its turn
	var attack []byte
	for _, c := range hostileCalls(limit) {
		if c.name == "any_object_chains" {
			attack = c.args
		}
	}
	calls := make([][]byte, peakCalls) // each call its own bytes, as requests bring them
	for i := range calls {
		calls[i] = bytes.Clone(attack)
	}
	attack = nil
	runtime.GC()

	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	statuses := make([]tool.Status, len(calls))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, raw := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			statuses[i] = set.Call(context.Background(), "save_note", raw).Status
		}()
	}
	close(start)
	wg.Wait()
	close(stop)
	<-sampled
	for i, s := range statuses {
		require.Equal(t, tool.StatusExecuted, s, "call %d", i)
	}
	fmt.Printf("peak_heap=%d\n", peak.Load())
}

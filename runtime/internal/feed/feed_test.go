package feed

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// endDecoder reads its input whole and tells when it has returned, which
// another goroutine may ask.
type endDecoder struct {
	f     Feed
	ended atomic.Bool
}

func (d *endDecoder) Decode() {
	d.f.All()
	d.ended.Store(true)
}

// TestGuardDropped: the decoder of a Feed whose Guard is dropped before its
// release, its owner gone, is stopped once the garbage collector finds the
// Guard; a released Guard stops nothing.
func TestGuardDropped(t *testing.T) {
	dropped, released := new(endDecoder), new(endDecoder)
	for _, d := range []*endDecoder{dropped, released} {
		d.f.Init(d)
		d.f.Write(data[:10])
	}
	released.f.Guard().Release()
	dropped.f.Guard()
	deadline := time.Now().Add(10 * time.Second)
	for !dropped.ended.Load() && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if !dropped.ended.Load() {
		t.Fatal("the decoder of a dropped guard still waits")
	}
	if released.ended.Load() {
		t.Fatal("a released guard stopped its decoder")
	}
	released.f.Close()
	if !released.ended.Load() {
		t.Fatal("Close did not end the decoder")
	}
}

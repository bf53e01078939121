package feed

import (
	"testing"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
)

// allDecoder reads its input whole, at the end: a Feed's own cost, its
// start and its close.
type allDecoder struct {
	f Feed
}

func (d *allDecoder) Decode() { d.f.All() }

// byteDecoder waits for every byte with AnyByte: one resume per byte
// written, the most a Feed switches.
type byteDecoder struct {
	f Feed
}

func (d *byteDecoder) Decode() {
	for at := 0; ; at++ {
		for len(d.f.buf) <= at {
			if _, ok := d.f.More(jsonscan.AnyByte); !ok {
				return
			}
		}
	}
}

var data = []byte(`{"city": "Paris", "days": 3, "units": "c", "include_hourly": true, "coords": {"lat": 48.8566, "lon": 2.3522}, "tags": ["trip", "weekend_2"]}`)

// BenchmarkFeedWhole: a stream written in one part, without a decoder's
// work (compare BenchmarkStream's frag=whole rows).
func BenchmarkFeedWhole(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		d := new(allDecoder)
		d.f.Init(d)
		d.f.Write(data)
		d.f.Close()
	}
}

// BenchmarkFeedByte: a stream written one byte at a time, each resuming
// the decoder: the cost of a resume, per byte of data.
func BenchmarkFeedByte(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		d := new(byteDecoder)
		d.f.Init(d)
		for i := range data {
			d.f.Write(data[i : i+1])
		}
		d.f.Close()
	}
}

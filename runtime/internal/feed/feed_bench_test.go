package feed

import (
	"testing"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
)

type allDecoder struct {
	f Feed[error]
}

func (d *allDecoder) Decode() { d.f.All() }

type byteDecoder struct {
	f Feed[error]
}

// Decode asks for every byte with AnyByte, as a scanner reading structure
// does.
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

func BenchmarkFeedWhole(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		d := new(allDecoder)
		d.f.Init(d)
		d.f.Write(data)
		d.f.Close()
	}
}

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

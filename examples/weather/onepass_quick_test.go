package main

import (
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

func BenchmarkQuick(b *testing.B) {
	raw := []byte(benchValidJSON)
	args, _ := tool.ParseArgs(raw)
	b.Run("validate/generated", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			benchSink = ValidateGetWeatherArgs(args)
		}
	})
	b.Run("validate/scanner", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			benchSink = onepassValidateGetWeatherArgs(args)
		}
	})
	b.Run("decode/generated", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			weatherSink, benchSink = DecodeGetWeatherArgs(args)
		}
	})
	b.Run("decode/scanner", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			weatherSink, benchSink = onepassDecodeGetWeatherArgsMap(args)
		}
	})
	b.Run("json/scanner", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			weatherSink, benchSink = onepassDecodeGetWeatherArgsJSON(raw)
		}
	})
	inv := []byte(benchInvalidJSON)
	b.Run("invalidjson/scanner", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			weatherSink, benchSink = onepassDecodeGetWeatherArgsJSON(inv)
		}
	})
	b.Run("invalidjson/map", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			weatherSink, benchSink = mapPath(inv)
		}
	})
}

func cpu(b *testing.B) func() {
	start := cpuTime()
	return func() { b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op") }
}

func BenchmarkQuickJSON(b *testing.B) {
	raw := []byte(benchValidJSON)
	b.Run("encodingjson", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			var v GetWeatherArgs
			_ = json.Unmarshal(raw, &v)
			weatherSink = v
		}
	})
	b.Run("onepass", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			weatherSink, benchSink = onepassDecodeGetWeatherArgsJSON(raw)
		}
	})
}

//go:build !((amd64 || arm64) && !go1.28)

package bench

// sonicUnmarshal is nil where bytedance/sonic's JIT does not build: there
// sonic is encoding/json under another name, and BenchmarkCall has no sonic
// row.
var sonicUnmarshal func([]byte, any) error

const sonicNote = "no sonic row: bytedance/sonic's JIT builds on amd64 and arm64 before Go 1.28 only, and falls back to encoding/json elsewhere"

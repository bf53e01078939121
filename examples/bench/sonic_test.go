//go:build (amd64 || arm64) && !go1.28

package bench

import "github.com/bytedance/sonic"

// sonicUnmarshal is bytedance/sonic's Unmarshal, in its default
// configuration, as an application picks it. This file builds where sonic's
// JIT does (its own build constraint: amd64 or arm64, Go before 1.28);
// elsewhere sonic falls back to encoding/json, which would be no sonic row
// at all (nosonic_test.go).
var sonicUnmarshal = sonic.Unmarshal

const sonicNote = ""

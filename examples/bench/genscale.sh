#!/usr/bin/env bash
# Generation scaling of toolgen: a package of N tool structs; times `go tool toolgen` (warm), counts generated lines,
# times `go build` of a main that uses every tool, and the binary size. Usage: examples/bench/genscale.sh "$(pwd)" [N...] from the repository root
set -eu
ROOT=${1:?checkout}; shift
NS=${*:-1 10 100 300}
for N in $NS; do
  D=$(mktemp -d)
  cd "$D"
  printf 'module scale\n\ngo 1.26\n\nrequire github.com/toolgen-go/toolgen v0.0.0\n\ntool github.com/toolgen-go/toolgen/cmd/toolgen\n\nreplace github.com/toolgen-go/toolgen => %s\n' "$ROOT" > go.mod
  mkdir -p tools cmd/app
  python3 - "$N" > tools/tools.go <<'PY'
import sys
n = int(sys.argv[1])
print("package tools\n\n//go:generate go tool toolgen\n")
print('// Priority of a task.\ntype Priority string\n\nconst (\n\tLow Priority = "low"\n\tHigh Priority = "high"\n)\n')
print('// Range is a span of lines.\ntype Range struct {\n\t// First line.\n\tStart int `json:"start" jsonschema:"minimum=1"`\n\t// Last line.\n\tEnd int `json:"end" jsonschema:"minimum=1"`\n}\n')
for i in range(n):
    print(f'''// Tool{i} does task number {i}.
//
//toolgen:tool name=tool_{i} risk=read
type Tool{i}Args struct {{
	// Path of the file.
	Path string `json:"path" jsonschema:"minLength=1,maxLength=4096"`
	// Lines to read.
	Lines *Range `json:"lines,omitempty"`
	// Maximum number of results.
	Limit int `json:"limit,omitempty" jsonschema:"minimum=1,maximum=500"`
	// Priority.
	Priority Priority `json:"priority,omitempty"`
	// Labels.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10,pattern=^[a-z0-9_-]+$"`
	// Recursive search.
	Recursive bool `json:"recursive,omitempty"`
}}
''')
PY
  cat > cmd/app/main.go <<'GO'
package main

import (
	"fmt"

	"scale/tools"
)

func main() {
	for _, t := range tools.Tools {
		fmt.Println(t.Name, len(t.Schema), t.Validate(map[string]any{"path": "x"}) == nil)
	}
}
GO
  go mod tidy >/dev/null 2>&1
  go tool toolgen ./tools >/dev/null 2>&1 || { echo "N=$N: toolgen failed"; go tool toolgen ./tools 2>&1 | head -3; continue; }
  go build -o /dev/null ./cmd/app >/dev/null 2>&1   # warm the cache of dependencies
  t0=$(date +%s.%N); go tool toolgen ./tools; t1=$(date +%s.%N)
  lines=$(wc -l < tools/tools_gen.go)
  echo "// $(date +%s%N)" >> tools/tools_gen.go   # a fresh build of the generated package, not a cached one
  t2=$(date +%s.%N); go build -o app ./cmd/app; t3=$(date +%s.%N)
  size=$(stat -c %s app)
  # baseline: the same package without the generated file (vet = type-check time of the user's package)
  t4=$(date +%s.%N); go vet ./tools >/dev/null 2>&1 || true; t5=$(date +%s.%N)
  printf 'N=%-4s toolgen=%.2fs  gen_lines=%-7s lines/tool=%-5s build=%.2fs  binary=%sKB  vet=%.2fs\n' "$N" "$(echo "$t1-$t0"|bc)" "$lines" "$((lines/N))" "$(echo "$t3-$t2"|bc)" "$((size/1024))" "$(echo "$t5-$t4"|bc)"
  [ -n "${KEEP:-}" ] && echo "kept $D" && continue; cd /; rm -rf "$D"
done

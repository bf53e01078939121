#!/usr/bin/env bash
# Runs BenchmarkCall and writes, from its output (docs/bench.txt), the
# README's table and the chart docs/bench.svg. COUNT sets -count (6).
set -euo pipefail
cd "$(dirname "$0")/../.."
go test ./examples/bench -run '^$' -bench Call -benchmem -count "${COUNT:-6}" | tee docs/bench.txt
go run ./examples/internal/benchchart -readme README.md -svg docs/bench.svg docs/bench.txt

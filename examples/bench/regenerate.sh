#!/usr/bin/env bash
# Runs BenchmarkCall and writes, from its output (docs/bench.txt), the
# the table of docs/performance.md and the chart docs/bench.svg. COUNT sets the number of runs
# of each benchmark (6).
#
# encoding/json under GOEXPERIMENT=jsonv2 is another build of the package,
# so another process: the two test binaries are built first, then run in
# turn, one run of every benchmark each time, COUNT times, so that the
# machine's load falls on both alike; the second runs the encodingjsonv2 rows
# only, and its lines join the first's in docs/bench.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd examples && go test -c -o "$tmp/v1.test" ./bench && GOEXPERIMENT=jsonv2 go test -c -o "$tmp/v2.test" ./bench)
{
	for _ in $(seq "${COUNT:-6}"); do
		(cd examples/bench && "$tmp/v1.test" -test.run '^$' -test.bench Call -test.benchmem -test.count 1)
		(cd examples/bench && "$tmp/v2.test" -test.run '^$' -test.bench 'Call//impl=encodingjsonv2' -test.benchmem -test.count 1)
	done
} | awk '/^Benchmark/ || (/^(goos|goarch|pkg|cpu):/ && !seen[$0]++)' | tee docs/bench.txt
go run ./examples/internal/benchchart -doc docs/performance.md -svg docs/bench.svg docs/bench.txt

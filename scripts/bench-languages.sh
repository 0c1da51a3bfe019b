#!/usr/bin/env bash
# Measures extraction speed per language on real code this machine has:
# the Python and Go standard libraries, npm's JavaScript, the JDK's sources
# (Debian's openjdk-17-source), cargo's registry and C/C++ headers and
# sources that Debian packages ship. Each extractor's Go benchmark runs on
# one core (-cpu 1: single-core throughput is what counts here) and prints
# MB/s, files and sites; a corpus missing from the machine is reported as
# skipped by its benchmark.
#
#   scripts/bench-languages.sh [BENCHTIME]     (default 3x)
set -euo pipefail
cd "$(dirname "$0")/.."
benchtime=${1:-3x}
run() {
	local pkg=$1 bench=$2
	go test "./extract/$pkg" -run '^$' -bench "^$bench\$" -benchtime "$benchtime" -cpu 1 -benchmem 2>&1 |
		grep -E '^(Benchmark|--- SKIP|\s+\S+_test.go)' || true
}
run python BenchmarkExtractPythonStdlib
run golang BenchmarkStdlib
run javascript BenchmarkNPM
run java BenchmarkJDK
run rust BenchmarkRegistry
run cpp BenchmarkCorpus

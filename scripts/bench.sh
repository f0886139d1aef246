#!/usr/bin/env bash
# Runs every benchmark executable of a build (default: build/) and prints the tables.
# Figures for docs/performance.md are produced by this script on an otherwise idle machine.
set -euo pipefail
build=${1:-build}
status=0
for b in "$build"/bin/bench_*; do
  [ -x "$b" ] || continue
  echo "== $(basename "$b")"
  "$b" --benchmark_counters_tabular=true || status=1
done
exit $status

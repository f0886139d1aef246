#!/usr/bin/env bash
# Runs every benchmark executable of a build (default: build/), prints the tables, keeps the figures
# as one JSON file bench/results/<UTC date>_<commit>.json (scripts/bench_results.py record) and
# prints the ratio of every time to the committed baseline's (bench/results/baseline.json), naming
# every figure that moved by more than 10 % (scripts/bench_results.py compare). bench_engines, the
# comparison with Bullet and ODE, is not a Google Benchmark executable: `make bench-engines` runs it.
# Figures for docs/performance.md are produced on an otherwise idle machine.
#   BENCH_FILTER=regex   only the benchmarks whose name matches (Google Benchmark's filter)
#   BENCH_RESULTS=dir    where the JSON file goes (default bench/results of the source tree)
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
results=${BENCH_RESULTS:-$root/bench/results}
commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$commit-dirty"; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for b in "$build"/bin/bench_*; do
  [ -x "$b" ] || continue
  [ "$(basename "$b")" = bench_engines ] && continue
  echo "== $(basename "$b")"
  "$b" --benchmark_counters_tabular=true ${BENCH_FILTER:+--benchmark_filter="$BENCH_FILTER"} \
    --benchmark_out="$tmp/$(basename "$b").json" --benchmark_out_format=json || status=1
done
shopt -s nullglob
runs=("$tmp"/*.json)
if ((${#runs[@]} > 0)); then
  python3 -I "$root/scripts/bench_results.py" record --commit "$commit" --out "$results" "${runs[@]}"
  python3 -I "$root/scripts/bench_results.py" compare --dir "$results"
fi
exit $status

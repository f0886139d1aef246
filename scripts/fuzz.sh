#!/usr/bin/env bash
# Runs each libFuzzer harness of fuzz/ for a bounded time on a corpus seeded from the examples.
#   scripts/fuzz.sh BUILD_DIR SECONDS_PER_HARNESS [RUNS]
# RUNS > 0 runs each harness for that many executions instead (the long runs of docs/fuzzing.md), with
# SECONDS_PER_HARNESS (if > 0) as a cap on its wall time as well (make fuzz-ci).
# A crash, a leak, a sanitizer report, an uncaught exception, a timeout (10 s per input) or an
# out-of-memory (2 GB) stops that harness and fails the script; the input that did it is in
# BUILD_DIR/fuzz-artifacts/ and goes into fuzz/regressions/ as a regression test.
set -euo pipefail
build=$1
seconds=${2:-60}
runs=${3:-0}
root=$(cd "$(dirname "$0")/.." && pwd)
# FUZZ_HARNESSES: which harnesses to run (default all three: model lcp checkpoint); two scripts with
# different harnesses may run side by side on one build (the long runs of docs/fuzzing.md).
# FUZZ_SEED: libFuzzer's -seed (0, the default, draws one from the clock). FUZZ_FRESH=1 starts from
# the seeds alone (the corpus of earlier runs is discarded), which with a fixed seed and RUNS makes
# the run deterministic (make fuzz-ci, docs/fuzzing.md).
seed=${FUZZ_SEED:-0}
corpus="$build/fuzz-corpus"
artifacts="$build/fuzz-artifacts"
[ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$corpus"
mkdir -p "$corpus/model" "$corpus/lcp" "$corpus/checkpoint" "$artifacts"
# Seeds: every model file of the examples and fuzz/seeds/model (keys no example uses), the LCP seeds,
# the checkpoints, and the regressions.
find "$root/examples" -name '*.yaml' -exec cp {} "$corpus/model/" \;
cp "$root"/fuzz/seeds/model/* "$corpus/model/"
cp "$root"/fuzz/seeds/lcp/* "$corpus/lcp/"
for kind in model lcp checkpoint; do
  if [ -d "$root/fuzz/regressions/$kind" ]; then cp "$root/fuzz/regressions/$kind"/* "$corpus/$kind/" 2>/dev/null || true; fi
done
cp "$root"/fuzz/seeds/checkpoint/* "$corpus/checkpoint/" 2>/dev/null || true

status=0
for harness in ${FUZZ_HARNESSES:-model lcp checkpoint}; do
  bin="$build/fuzz/fuzz_${harness}_file"
  [ "$harness" = checkpoint ] && bin="$build/fuzz/fuzz_checkpoint"
  [ -x "$bin" ] || bin="$build/bin/$(basename "$bin")"
  limit=()
  [ "$seconds" -gt 0 ] && limit+=(-max_total_time="$seconds")
  [ "$runs" -gt 0 ] && limit+=(-runs="$runs")
  # -reload=0: the corpus is not re-read on a timer (which would make the inputs depend on timing).
  limit+=(-seed="$seed" -reload=0)
  echo "fuzz: $harness (${limit[*]})"
  if ! "$bin" "$corpus/$harness" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
       -print_final_stats=1 -artifact_prefix="$artifacts/$harness-" 2>"$build/fuzz-$harness.log"; then
    echo "fuzz: $harness FAILED: see $build/fuzz-$harness.log and $artifacts/" >&2
    tail -30 "$build/fuzz-$harness.log" >&2
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$build/fuzz-$harness.log" | sed "s/^/fuzz: $harness /"
done
exit $status

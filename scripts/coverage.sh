#!/usr/bin/env bash
# Line coverage of src/ by the test suite (make coverage): a Debug build instrumented for gcov in
# build-coverage/, every test but the long ones, then lcov. Prints the line coverage of every file of
# src/ (the table of docs/testing.md) and writes an HTML report to build-coverage/html/index.html.
# -O1, not -O0: at -O0 Eigen's templates make the suite some ten times slower than Release (the
# golden test alone runs seventy simulations), hours on two cores; at -O1 with early inlining it
# runs in minutes. GCC inserts the counters before its later optimisations, so a line counts as run
# exactly when its code ran; lines whose code the optimiser removed entirely are not counted either way.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build-coverage}"
jobs="${JOBS:-2}"
export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
# One file at a time (STICKSLIP_UNITY=OFF): the one build that compiles every file on its own, so
# a file that only compiled thanks to a neighbour's #include in its unity batch fails here.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O1 --coverage" \
  -DCMAKE_EXE_LINKER_FLAGS="--coverage" -DSTICKSLIP_BENCHMARKS=OFF -DSTICKSLIP_UNITY=OFF > /dev/null
cmake --build "$build" -j "$jobs"
lcov --quiet --zerocounters --directory "$build"
(cd "$build" && ctest -LE long -j "$jobs" --output-on-failure) || echo "coverage: some tests failed (coverage is still reported)" >&2
lcov --quiet --capture --directory "$build" --output-file "$build/all.info" --rc lcov_branch_coverage=0
lcov --quiet --extract "$build/all.info" "$root/src/*" --output-file "$build/src.info"
genhtml --quiet "$build/src.info" --prefix "$root" --output-directory "$build/html"
/usr/bin/python3 -I "$root/scripts/coverage_table.py" "$build/src.info" "$root"
echo "coverage: HTML report in $build/html/index.html"

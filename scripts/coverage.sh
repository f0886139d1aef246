#!/usr/bin/env bash
# Line coverage of src/ by the test suite (make coverage): a Debug build instrumented for gcov in
# build-coverage/, every test but the long ones, then lcov. Prints the line coverage of every file of
# src/ (the table of docs/testing.md) and writes an HTML report to build-coverage/html/index.html.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build-coverage}"
jobs="${JOBS:-2}"
export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O0 --coverage" \
  -DCMAKE_EXE_LINKER_FLAGS="--coverage" -DSTICKSLIP_BENCHMARKS=OFF > /dev/null
cmake --build "$build" -j "$jobs"
lcov --quiet --zerocounters --directory "$build"
(cd "$build" && ctest -LE long -j "$jobs" --output-on-failure) || echo "coverage: some tests failed (coverage is still reported)" >&2
lcov --quiet --capture --directory "$build" --output-file "$build/all.info" --rc lcov_branch_coverage=0
lcov --quiet --extract "$build/all.info" "$root/src/*" --output-file "$build/src.info"
genhtml --quiet "$build/src.info" --prefix "$root" --output-directory "$build/html"
/usr/bin/python3 "$root/scripts/coverage_table.py" "$build/src.info" "$root"
echo "coverage: HTML report in $build/html/index.html"

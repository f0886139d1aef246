# stickslip — the two commands of the quick start are `make demo` and `make test`.
# Every target installs missing Debian packages first (scripts/install-deps.sh), so both work on a
# fresh Debian machine as root.

JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
BUILD       ?= build
ASAN_BUILD  ?= build-asan
FUZZ_BUILD  ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_RUNS   ?= 0
CMAKE_FLAGS ?=
DEMO_DIR    ?= results/demo
DEMO_MODEL  ?= examples/free_standing_body/case1_e-0.915.yaml
CTEST_FLAGS ?= --output-on-failure -j $(JOBS)
PREFIX      ?= /usr/local
# ccache caches a file compiled with a precompiled header only with this sloppiness (ccache manual).
CCACHE_SLOPPINESS ?= pch_defines,time_macros,include_file_mtime,include_file_ctime
export CCACHE_SLOPPINESS

.PHONY: all deps configure build asan demo install test test-release test-asan test-long bench bench-engines viewer fuzz fuzz-ci mutate coverage clean

all: build

deps:
	@./scripts/install-deps.sh

# The CMake generator of the trees configured here: Ninja when it is installed (scripts/install-deps.sh
# installs ninja-build), else Unix Makefiles; GENERATOR="Unix Makefiles" (or any CMake generator)
# chooses, as does CMake's own CMAKE_GENERATOR environment variable. Ninja compiles a target's objects while the libraries it needs are still linking and
# skips the Makefiles' dependency scanning: a clean Release build of the suite (2 cores, unity
# batches of 16) took 4 min 43 s of wall time and 8.7 min of CPU instead of 7 min 6 s and 11.5 min.
# A tree keeps the generator it was first configured with.
GENERATOR ?= auto
generator_flag = $(if $(filter auto,$(GENERATOR)),$$([ -z "$$CMAKE_GENERATOR" ] && command -v ninja >/dev/null 2>&1 && echo -GNinja),-G "$(GENERATOR)")

# Unity batches of 16 files in CI, whose trees are built once from scratch (the Release suite with Unix Makefiles: 446 s
# instead of 478 s on 2 cores); 8 elsewhere, so that an edit recompiles less. A name clash that only
# batches of 16 meet shows in the sanitizer tree too, which builds src/ and tests/ at 16 everywhere.
RELEASE_UNITY_BATCH ?= $(if $(filter true,$(CI)),16,8)
$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) $(generator_flag) -DCMAKE_BUILD_TYPE=Release -DSTICKSLIP_UNITY_BATCH=$(RELEASE_UNITY_BATCH) $(CMAKE_FLAGS)

# No debug information by default: a sanitizer's report then names each frame's function, not its
# file and line (UBSan's own message keeps file and line), and the library builds in 6.8 min instead
# of 7.9 with -g1 (a clean clone on 2 cores; one batch alone: 86 s of CPU instead of 106 s). ASAN_DEBUG_FLAGS="-g1 -O1" (before the
# tree is first configured) gives line tables, "-g -O1" what gdb needs.
# Unity batches of 16 files: this tree is built whole, not edited file by file, and the larger
# batches built it from scratch in 905 s instead of 1004 s (2 cores, Unix Makefiles; 545 s with Ninja).
ASAN_DEBUG_FLAGS ?= -O1
$(ASAN_BUILD)/CMakeCache.txt:
	cmake -S . -B $(ASAN_BUILD) $(generator_flag) -DCMAKE_BUILD_TYPE=Debug -DSTICKSLIP_SANITIZE=ON \
	  -DCMAKE_CXX_FLAGS_DEBUG="$(ASAN_DEBUG_FLAGS)" -DSTICKSLIP_BENCHMARKS=OFF -DSTICKSLIP_UNITY_BATCH=16 $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

asan: deps $(ASAN_BUILD)/CMakeCache.txt
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# The command, the library with its headers and CMake package, and the Python module (under
# $(PREFIX)/lib/python3/dist-packages, on Debian's sys.path for /usr/local).
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# The demo builds only what it runs, the command (not the tests, benchmarks or Python module that
# `make build` adds).
demo: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target stickslip_cli
	@./scripts/demo.sh $(BUILD)/bin/stickslip $(DEMO_MODEL) $(DEMO_DIR)

# The whole suite: the Release build's tests, then the same tests under ASan + UBSan (a Debug
# build at -O1: unoptimised Eigen code would make the sanitizer run ten times slower).
test: test-release test-asan

# The Release pass builds what its tests run (the target stickslip_suite): not the benchmarks (about
# 40 s of a fresh build on 2 cores), which `make build` and `make bench` compile.
# A tree configured before that target existed is configured again first (Unix Makefiles do not
# regenerate for an unknown target).
test-release: deps $(BUILD)/CMakeCache.txt
	@grep -qs stickslip_suite $(BUILD)/Makefile $(BUILD)/build.ninja || cmake -S . -B $(BUILD) > /dev/null
	cmake --build $(BUILD) -j $(JOBS) --target stickslip_suite
	cd $(BUILD) && ctest $(CTEST_FLAGS) -LE long

# Some tests run in the Release pass only. The determinism test (every example run twice, files
# compared by hash): under the sanitizers it would repeat the golden test's runs twice more, and the
# golden test already runs every example under them once. The browser test (Chromium on pages the
# command writes, 25 s of that pass): the command's `view` runs under the sanitizers in tests/app.
# The installed package's test stays: the sanitized package exports the sanitizers' link options.
# The checks of the documentation (its quoted figures, label numbers, and its code blocks) read what
# the program prints: the Release pass checks them, and the runs behind them are the golden test's.
# So does the check that every example runs where it stands (the same runs again, plus matplotlib).
test-asan: asan
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest $(CTEST_FLAGS) -LE '^(long|numbers)$$' \
	  -E '^(determinism[.]examples|viewer[.]browser|docs[.]code_blocks|examples[.]where_they_stand)$$'

# Long validations (paper cases over their full duration): not part of `make test`.
test-long: build
	cd $(BUILD) && ctest $(CTEST_FLAGS) -L long

# Every benchmark; the figures go to bench/results/<date>_<commit>.json and their ratio to the
# previous run is printed (BENCH_FILTER=regex runs a subset). BENCH_DEPS=1 (passed on to `deps`)
# also installs the optional package of the reference benchmark (Siconos Numerics, for
# bench_lcp_reference); CMake runs again when that executable is missing, so that a build configured
# before the package was installed finds it.
bench: export BENCH_DEPS := 1
bench: build
	@[ -x $(BUILD)/bin/bench_lcp_reference ] || { cmake -S . -B $(BUILD) > /dev/null && cmake --build $(BUILD) -j $(JOBS); }
	@BENCH_FILTER='$(BENCH_FILTER)' ./scripts/bench.sh $(BUILD)

# stickslip against Bullet and ODE on the same scenes (bench/engines, docs/performance.md): installs
# the optional engines (BENCH_DEPS=1: libbullet-dev, libode-dev), builds bench_engines, runs it with
# ENGINES_FLAGS (e.g. "--reps 9 --filter tower") and keeps its figures in $(BUILD)/bench_engines.json.
ENGINES_FLAGS ?=
bench-engines: export BENCH_DEPS := 1
bench-engines: deps $(BUILD)/CMakeCache.txt
	@cmake -S . -B $(BUILD) > /dev/null
	cmake --build $(BUILD) -j $(JOBS) --target bench_engines
	$(BUILD)/bin/bench_engines --json $(BUILD)/bench_engines.json $(ENGINES_FLAGS)

# Rebuilds the animation page's front end (viewer/dist, committed) from viewer/src. Needs npm (the
# npm registry); nothing else does: building, `make demo` and `make test` use the committed files.
viewer:
	cd viewer && npm ci --no-audit --no-fund && npm run build

# libFuzzer (clang) on the model-file, LCP-file and checkpoint readers: FUZZ_SECONDS per harness
# (FUZZ_RUNS > 0: that many executions each instead). Crashes land in $(FUZZ_BUILD)/fuzz-artifacts.
$(FUZZ_BUILD)/CMakeCache.txt:
	CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTICKSLIP_FUZZ=ON \
	  -DSTICKSLIP_BENCHMARKS=OFF $(CMAKE_FLAGS)

fuzz: deps $(FUZZ_BUILD)/CMakeCache.txt
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_model_file fuzz_lcp_file fuzz_checkpoint
	./scripts/fuzz.sh $(FUZZ_BUILD) $(if $(filter-out 0,$(FUZZ_RUNS)),0,$(FUZZ_SECONDS)) $(FUZZ_RUNS)

# The bounded, deterministic run of CI (.ci/run, after make test; docs/fuzzing.md): a fixed seed and a
# fixed number of executions per harness from a fresh copy of the seed corpus, so every CI run
# executes the same inputs; FUZZ_CI_RUNS is sized to stay under 2 minutes per harness on 2 cores
# (measured: docs/fuzzing.md), and FUZZ_CI_SECONDS caps each harness's wall time all the same.
FUZZ_CI_SEED ?= 1
FUZZ_CI_RUNS ?= 20000
FUZZ_CI_SECONDS ?= 120
fuzz-ci: deps $(FUZZ_BUILD)/CMakeCache.txt
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_model_file fuzz_lcp_file fuzz_checkpoint
	FUZZ_SEED=$(FUZZ_CI_SEED) FUZZ_FRESH=1 ./scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_CI_SECONDS) $(FUZZ_CI_RUNS)

# Mutation testing (docs/testing.md): every mutant of tests/mutants.txt, one at a time, in a scratch
# copy of the tree (build-mutate/); prints the survivors. Not part of `make test`.
mutate: deps
	@/usr/bin/python3 -I scripts/mutate.py --jobs $(JOBS)

# Line coverage of src/ by the tests (gcov/lcov, build-coverage/): the per-file table of docs/testing.md.
coverage: deps
	@JOBS=$(JOBS) ./scripts/coverage.sh

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) build-mutate build-coverage

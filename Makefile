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

.PHONY: all deps configure build asan demo test test-release test-asan test-long bench viewer fuzz clean

all: build

deps:
	@./scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

$(ASAN_BUILD)/CMakeCache.txt:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSTICKSLIP_SANITIZE=ON \
	  -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" -DSTICKSLIP_BENCHMARKS=OFF $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

asan: deps $(ASAN_BUILD)/CMakeCache.txt
	cmake --build $(ASAN_BUILD) -j $(JOBS)

demo: build
	@./scripts/demo.sh $(BUILD)/bin/stickslip $(DEMO_MODEL) $(DEMO_DIR)

# The whole suite: the Release build's tests, then the same tests under ASan + UBSan (a Debug
# build at -O1: unoptimised Eigen code would make the sanitizer run ten times slower).
test: test-release test-asan

test-release: build
	cd $(BUILD) && ctest $(CTEST_FLAGS) -LE long

test-asan: asan
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest $(CTEST_FLAGS) -LE long

# Long validations (paper cases over their full duration): not part of `make test`.
test-long: build
	cd $(BUILD) && ctest $(CTEST_FLAGS) -L long

bench: build
	@./scripts/bench.sh $(BUILD)

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
	./scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_RUNS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)

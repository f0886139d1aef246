#!/usr/bin/env bash
# Installs the Debian packages stickslip needs, only those that are missing.
# Idempotent; runs as root (or through sudo); non-interactive (always, and required under CI=true).
#   BENCH_DEPS=1   also the optional packages of the reference benchmarks (`make bench` and
#                  `make bench-engines` set it): Siconos Numerics, the established LCP library
#                  bench_lcp_reference compares Lemke with (it pulls OpenBLAS, HDF5 and MUMPS), FCL, the
#                  collision library bench_collision_libraries compares Bullet with, and the ODE engine
#                  of bench/engines (Bullet is a main dependency); `make test`, `make demo` and CI need none.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  ninja-build            # the build trees' generator (Makefile: GENERATOR)
  libeigen3-dev          # linear algebra
  libyaml-cpp-dev        # model files
  liburdfdom-dev libtinyxml2-dev  # URDF import (src/io/urdf_import.cpp): urdfdom reads the robot, tinyxml2 the lines
  libcli11-dev           # command line
  libgtest-dev googletest  # tests
  libbenchmark-dev       # micro-benchmarks
  libsundials-dev        # implicit (BDF) integration for stiff contact
  python3 python3-numpy python3-matplotlib  # plots (run with /usr/bin/python3)
  chromium               # the browser test of the animation page (tests/viewer), headless
  python3-scipy          # independent references of the paper cases (tests/references)
  lcov ccache            # make coverage, make mutate (incremental rebuilds through ccache)
  pybind11-dev python3-dev  # the Python module (python/)
  python3-pandas         # results as DataFrames (optional at run time)
  python3-pytest         # the Python module's tests
  python3-venv           # `pip install .` into a fresh virtual environment (test python.pip_install)
  python3-distributed    # sweeps on a Dask cluster
  clang libclang-rt-dev  # libFuzzer harnesses (make fuzz)
  lld                    # the linker (CMakeLists.txt: STICKSLIP_LLD), several times faster than ld
  libbullet-dev          # collision detection between shapes (src/geometry: Bullet's collision module, bullet-float64)
  libassimp-dev          # mesh files (STL, OBJ, ...) of shapes (src/geometry/mesh_file.cpp)
)
if [ "${BENCH_DEPS:-0}" = 1 ]; then
  packages+=(libsiconos-numerics-dev)  # bench/lcp_reference_bench.cpp (docs/performance.md)
  packages+=(libfcl-dev)               # bench/collision_libraries_bench.cpp: Bullet against FCL
  packages+=(libode-dev)               # bench/engines: the same scenes in ODE (make bench-engines)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "install-deps: need root to install: ${missing[*]}" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive
# Refresh the package lists only when an install fails for want of them.
if ! $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"; then
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

#!/usr/bin/env bash
# Configures the tree the fuzz targets are built in (clang-14, libFuzzer's coverage, AddressSanitizer
# and UndefinedBehaviorSanitizer): fuzz/run.sh builds the targets there, and CI builds and runs the
# whole test suite there too, so that the library is compiled once for both.
#   fuzz/configure.sh [BUILD_DIR]   (default: $FUZZ_BUILD, else build-fuzz)
# -O1 with line tables only: a fifth less compile time than -O2 -g, and sanitizer reports still
# name every file and line.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-${FUZZ_BUILD:-build-fuzz}}
cxx=${CXX_FUZZ:-clang++-14}
command -v "$cxx" > /dev/null || { echo "fuzz/configure.sh: $cxx is not installed (.ci/install-deps installs it)" >&2; exit 2; }
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DSITEMAPLINT_FUZZ=ON -DCMAKE_CXX_COMPILER="$cxx" > /dev/null

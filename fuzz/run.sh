#!/usr/bin/env bash
# Builds the fuzz targets (clang-14, libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer) in
# build-fuzz/ and runs each for a bounded time, one after the other. Fails on the first crash,
# sanitizer report, leak, timeout, memory blow-up or broken property, naming the input that did it.
#   fuzz/run.sh [SECONDS [TARGET...]]   SECONDS per target (default 20); every target by default
# The corpus each target finds is kept in build-fuzz/corpus/<target>/ and grows from run to run;
# the seeds are generated from testdata/ every time (fuzz/seeds.sh). CONTRIBUTING.md ("Fuzzing") says how
# to run longer and how to turn a crash into a regression test.
# Environment: CXX_FUZZ (default clang++-14), FUZZ_BUILD (default build-fuzz), FUZZ_JOBS (build jobs),
# FUZZ_SEED (libFuzzer's -seed; CI fixes it so that a run explores the same inputs every time and a
# failure there is one a developer can replay, not a roll of the dice; unset, each run is new).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
[ $# -gt 0 ] && shift
all=(lint pieces report fix config baseline lsp datetime uri suppress pages records)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
build=${FUZZ_BUILD:-build-fuzz}
cxx=${CXX_FUZZ:-clang++-14}

echo "== fuzz: building the targets with $cxx in $build"
fuzz/configure.sh "$build"
cmake --build "$build" -j"${FUZZ_JOBS:-$(nproc 2> /dev/null || echo 2)}" --target fuzz_targets
fuzz/seeds.sh "$build/seeds"
mkdir -p "$build/artifacts" "$build/logs"

# Leaks count as failures; a sanitizer report stops the target at once, with a stack.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
failed=()
for target in "${targets[@]}"; do
  binary="$build/fuzz/fuzz_$target"
  [ -x "$binary" ] || { echo "fuzz/run.sh: no target '$target' (targets: ${all[*]})" >&2; exit 2; }
  # Whole documents need room; a date or a URL does not, and short inputs run faster.
  case $target in
    lint | pieces | report | fix | suppress) options=(-max_len=32768 -dict=fuzz/xml.dict) ;;
    lsp) options=(-max_len=65536 -dict=fuzz/lsp.dict) ;;
    # 128 KB: room for a key or header nested tens of thousands of levels deep (toml_depth.h).
    config) options=(-max_len=131072 -dict=fuzz/config.dict) ;;
    baseline | records) options=(-max_len=16384) ;;
    pages) options=(-max_len=65536) ;;
    datetime | uri) options=(-max_len=4096 -dict=fuzz/xml.dict) ;;
  esac
  corpus="$build/corpus/$target"
  log="$build/logs/$target.log"
  mkdir -p "$corpus"
  [ -n "${FUZZ_SEED:-}" ] && options+=(-seed="$FUZZ_SEED")
  status=0
  "$binary" "${options[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$target-" "$corpus" "$build/seeds/$target" > "$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 || true)  # none when it fails on a seed
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    artifact=$(grep -oE "Test unit written to [^ ]+" "$log" | tail -n 1 | sed 's/Test unit written to //' || true)
    echo "== fuzz: $target FAILED (exit $status) after ${runs:-?} runs; input: ${artifact:-none saved}; log: $log"
    [ -n "$artifact" ] && echo "   reproduce: $binary $artifact   (CONTRIBUTING.md, Fuzzing: turn it into a regression test)"
    failed+=("$target")
  else
    echo "== fuzz: $target ok: $runs runs in ${seconds} s, $cov, corpus $(ls "$corpus" | wc -l) inputs"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "== fuzz: failed: ${failed[*]}" >&2
  exit 1
fi

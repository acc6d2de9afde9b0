#!/usr/bin/env bash
# The set pass in bounded memory: generates 100 plain sitemaps of 50,000 distinct URLs (5,000,000
# URLs, 1 GB) under BUILD_DIR/bench-data/spill/, then reports wall time and peak memory (GNU time)
# of linting them together with every rule, holding the set's pages in memory (--memory-limit
# none) and spilling them to disk past a limit (BENCH_LIMIT, default 256MiB), and checks that both
# runs report the same findings. Run by hand: bench/set-spill.sh [BUILD_DIR]; BENCH_FILES=N and
# BENCH_URLS=N change the set's shape.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
data=$build/bench-data/spill
files=${BENCH_FILES:-100}
urls=${BENCH_URLS:-50000}
limit=${BENCH_LIMIT:-256MiB}
if [[ ! -x /usr/bin/time ]]; then
  echo "bench: GNU time is missing (Debian: apt-get install time)" >&2
  exit 2
fi
cmake --build "$build" --target sitemaplint sitemaplint_bench_gen >/dev/null
if [[ ! -f $data/.complete-$files-$urls ]]; then
  rm -rf "$data" && mkdir -p "$data"
  for ((i = 1; i <= files; i++)); do
    "$build/sitemaplint_bench_gen" plain "$(printf '%s/sitemap-%03d.xml' "$data" "$i")" "$urls" "$i" >/dev/null
  done
  touch "$data/.complete-$files-$urls"
fi
measure() {  # the limit
  /usr/bin/time -v "$build/sitemaplint" --no-config --format json --memory-limit "$1" "$data"/sitemap-*.xml \
    >"$data/out-$1.json" 2>"$data/time.txt" || true
  local wall user rss
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$data/time.txt")
  user=$(sed -n 's/.*User time (seconds): //p' "$data/time.txt")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$data/time.txt")
  printf '%-24s %8s wall, %6s s CPU (user), %4d MiB peak\n' "--memory-limit $1" "$wall" "$user" $((rss / 1024))
}
echo "$files files x $urls URLs ($(du -ch "$data"/sitemap-*.xml | tail -1 | cut -f1)):"
measure none
measure "$limit"
if cmp -s "$data/out-none.json" "$data/out-$limit.json"; then
  echo "same findings"
else
  echo "the findings differ: $data/out-none.json, $data/out-$limit.json" >&2
  exit 1
fi

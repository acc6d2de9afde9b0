#!/usr/bin/env bash
# How sitemaplint scales over a site of many sitemap files: generates 1,000 sitemaps of 2,000 URLs
# each (about 400 MB in all) under BUILD_DIR/bench-data/site/ and times `sitemaplint --jobs N DIR`
# for N = 1 and N = all cores, reporting the speed-up. Run by hand: bench/many-files.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
site=$build/bench-data/site
files=${BENCH_FILES:-1000}
urls=${BENCH_URLS:-2000}
if [[ ! -f $site/.complete-$files-$urls ]]; then
  rm -rf "$site" && mkdir -p "$site"
  for ((i = 1; i <= files; i++)); do "$build/sitemaplint_bench_gen" plain "$site/sitemap-$i.xml" "$urls" >/dev/null; done
  touch "$site/.complete-$files-$urls"
fi
cores=$(nproc)
time_run() {  # median of 3 wall-clock runs, in seconds
  for _ in 1 2 3; do
    local start end
    start=$(date +%s.%N)
    "$build/sitemaplint" --quiet --ignore changefreq-never --jobs "$1" "$site" >/dev/null || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc
  done | sort -n | sed -n 2p
}
one=$(time_run 1)
all=$(time_run "$cores")
echo "$files files x $urls URLs ($(du -sh "$site" | cut -f1)): --jobs 1: ${one}s, --jobs $cores: ${all}s, speed-up $(echo "scale=2; $one / $all" | bc)x"

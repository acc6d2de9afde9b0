#!/usr/bin/env bash
# What the hreflang graph costs on a large site: generates two sitemaps of 50,000 URLs each
# (English and German pages, each <url> with 3 <xhtml:link> alternates: itself, its counterpart in
# the other file, and a French page that no sitemap lists) under BUILD_DIR/bench-data/hreflang/,
# then reports wall time and peak memory (GNU time) of linting both files together with every
# rule, without the checks across files (--ignore LANG5), and without the hreflang family at all.
# Run by hand: bench/hreflang-graph.sh [BUILD_DIR]; BENCH_URLS=N changes the URLs per file.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
data=$build/bench-data/hreflang
urls=${BENCH_URLS:-50000}
if [[ ! -x /usr/bin/time ]]; then
  echo "bench: GNU time is missing (Debian: apt-get install time)" >&2
  exit 2
fi
if [[ ! -f $data/.complete-$urls ]]; then
  rm -rf "$data" && mkdir -p "$data"
  for pair in en:de de:en; do
    IFS=: read -r lang other <<<"$pair"
    awk -v lang="$lang" -v other="$other" -v n="$urls" 'BEGIN {
      print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
      print "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">"
      for (i = 0; i < n; i++) {
        page = "/products/item-" i "/"
        print "  <url>"
        print "    <loc>https://example.com/" lang page "</loc>"
        print "    <xhtml:link rel=\"alternate\" hreflang=\"" lang "\" href=\"https://example.com/" lang page "\"/>"
        print "    <xhtml:link rel=\"alternate\" hreflang=\"" other "\" href=\"https://example.com/" other page "\"/>"
        print "    <xhtml:link rel=\"alternate\" hreflang=\"fr\" href=\"https://example.com/fr" page "\"/>"
        print "  </url>"
      }
      print "</urlset>"
    }' >"$data/sitemap-$lang.xml"
  done
  touch "$data/.complete-$urls"
fi
measure() {  # label, then sitemaplint's options
  local label=$1
  shift
  /usr/bin/time -v "$build/sitemaplint" --quiet "$@" "$data/sitemap-en.xml" "$data/sitemap-de.xml" \
    >/dev/null 2>"$data/time.txt" || true
  local wall rss
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$data/time.txt")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$data/time.txt")
  printf '%-32s %8s wall, %6d MB peak\n' "$label" "$wall" $((rss / 1024))
}
echo "2 files x $urls URLs, 3 alternates each ($(du -ch "$data"/sitemap-*.xml | tail -1 | cut -f1)):"
measure "every rule"
measure "without the graph (LANG5)" --ignore LANG5
measure "without hreflang (LANG)" --ignore LANG

#!/usr/bin/env bash
# sitemaplint's benchmark, run by hand (it is not a test and nothing in ctest runs it):
#
#   bench/run.sh [BUILD_DIR]        BUILD_DIR defaults to ./build next to bench/
#
# Builds the pugixml floor (bench/pugixml_baseline.cpp: read + load_buffer_inplace + a walk that
# touches every name and value), the generator and sitemaplint in BUILD_DIR, generates the inputs
# (bench/generate_sitemap.cpp, deterministic) and prints, from this one run, every ratio the
# performance targets speak of, side by side with xmllint, each with its command lines:
#
#   1. one file, every rule, one core: 50,000-URL sitemaps (plain 10 MB, with images 25 MB,
#      image-heavy 50 MB, long URLs 52 MB, percent-encoded non-English paths 13 MB, mixed 15 MB
#      (shaped like a real site's, to the corpus's statistics: bench/corpus_stats.py), and the
#      images file gzip-compressed, whose floor inflates it too) against the floor,
#      `xmllint --noout` and `xmllint --noout --schema`; wall time and peak memory
#   2. the extension rules: the image-heavy file with every rule against the extension families
#      ignored
#   2b. one file, two cores: the 50,000-URL files with --jobs 2 against --jobs 1 (the file walked
#      in lanes, each thread taking the next), and whether the two reports are the same byte for byte;
#      and the machine: two floor processes at once against one, a reference for the speed-ups
#   3. findings: the plain file (no finding) against its twin with 20,000 findings, in human, JSON
#      and SARIF output, and the size of a SARIF report; and against a twin with 2,800 (JSON, human)
#   4. a whole site: 1,000 distinct sitemaps of 2,000 URLs (20 findings each) with --jobs 1 and
#      --jobs 2, and the floor over the same files one and two at a time; peak memory
#   5. start-up: `sitemaplint --version` and a 1-URL sitemap against `xmllint --noout` on it
#   6. copies: 1, 2 and 4 identical copies of the plain 50,000-URL file linted together (every
#      URL a duplicate across the set: 50,000 SM803 findings a copy), against one copy
#   7. memory: peak memory of a text sitemap of about a gigabyte (29,000,000 short lines) and of
#      a language server session that opens a 60 MB document and asks for "fix all"
#   8. pages: a built site of 50,000 pages and its 50,000-URL sitemap: --pages with --jobs 1 and
#      --jobs 2, against the sitemap alone and against reading every page's bytes (cat, the floor)
#
# Timing: every command of a comparison runs once per round, in turn, for BENCH_RUNS rounds (one
# warm-up round first); a ratio is the median of the rounds' ratios (paired, so a burst of load on a
# shared machine hits both sides), a time the median of the rounds. Wall clock from bash's
# EPOCHREALTIME; peak memory (maximum resident set size) from one more run under GNU time.
#
# Environment:
#   BENCH_RUNS=N            rounds per comparison (default 7; start-up uses 10x as many)
#   BENCH_SITE_RUNS=N       rounds for the whole-site runs (default 3)
#   BENCH_SITEMAPLINT=PATH  measure this sitemaplint binary instead of BUILD_DIR's (an older build,
#                           say), against the same floor and files
#   BENCH_ONLY=LIST         sections to run, comma-separated: single,extensions,cores,findings,site,startup,copies,memory,pages
#   BENCH_PAGES=N           section 8's pages (default 50,000)
#   BENCH_SITE_FILES=N, BENCH_SITE_URLS=N   the whole site's shape (default 1000 x 2000)
#   BENCH_TEXT_URLS=N, BENCH_LSP_URLS=N     section 7's sizes (default 29,000,000, about 1 GB: inputs
#                           are read up to 1 GiB; and 285,000)
#   SITEMAPLINT_HUGE_PAGES=0|1  passed on to sitemaplint: huge pages off or on, whatever the
#                           kernel's THP settings (by default, on where they are "madvise" and
#                           defrag is not "always")
#
# Needs: cmake and a C++ compiler (a Release build; it warns otherwise), xmllint (Debian:
# libxml2-utils), gzip, bash 5; GNU time (Debian: time) for peak memory. Writes inputs to
# BUILD_DIR/bench-data and the summary to BUILD_DIR/bench-results/summary.txt.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=$(mkdir -p "${1:-$here/../build}" && cd "${1:-$here/../build}" && pwd)
runs=${BENCH_RUNS:-7}
site_runs=${BENCH_SITE_RUNS:-3}
only=${BENCH_ONLY:-single,extensions,cores,findings,site,startup,copies,memory,pages}
text_urls=${BENCH_TEXT_URLS:-29000000}
lsp_urls=${BENCH_LSP_URLS:-285000}
site_files=${BENCH_SITE_FILES:-1000}
site_urls=${BENCH_SITE_URLS:-2000}
data=$build/bench-data
results=$build/bench-results
mkdir -p "$data" "$results"

for tool in xmllint gzip cmake; do
  if ! command -v "$tool" >/dev/null; then
    echo "bench: $tool is missing (Debian: apt-get install libxml2-utils gzip cmake)" >&2
    exit 2
  fi
done
if ((BASH_VERSINFO[0] < 5)); then
  echo "bench: needs bash 5 (EPOCHREALTIME)" >&2
  exit 2
fi
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$here/.." -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
echo "bench: building the floor, the generator and sitemaplint in $build ..." >&2
cmake --build "$build" -j2 --target sitemaplint_bench_parse sitemaplint_bench_gen sitemaplint >/dev/null
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
if [[ $build_type != Release ]]; then
  echo "bench: warning: $build is a '${build_type:-unknown}' build; numbers mean little unless it is Release" >&2
fi
floor=$build/sitemaplint_bench_parse
gen=$build/sitemaplint_bench_gen
lint=${BENCH_SITEMAPLINT:-$build/sitemaplint}
have_time=0
[[ -x /usr/bin/time ]] && have_time=1

# --- inputs -------------------------------------------------------------------------------------
# generate NAME KIND [URLS [SEED [FINDINGS]]]: BUILD_DIR/bench-data/NAME, made again when the
# generator is newer.
generate() {
  local file=$data/$1
  if [[ ! -s $file || $gen -nt $file ]]; then "$gen" "$2" "$file" "${@:3}" >/dev/null; fi
}
generate plain-50k.xml plain
generate images-50k.xml images
generate image-heavy-50k.xml image-heavy
generate large-50k.xml large
generate encoded-50k.xml encoded
generate mixed-50k.xml mixed
generate findings-50k.xml findings
generate findings-2800-50k.xml findings 50000 1 2800
if [[ ! -s $data/images-50k.xml.gz || $data/images-50k.xml -nt $data/images-50k.xml.gz ]]; then
  gzip -6 -c "$data/images-50k.xml" >"$data/images-50k.xml.gz"
fi
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' \
  '  <url><loc>https://www.example.com/</loc><lastmod>2024-05-01</lastmod></url>' '</urlset>' >"$data/one-url.xml"

# --- measuring ----------------------------------------------------------------------------------
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
summary=$results/summary.txt
: >"$summary"
say() { echo "$@" | tee -a "$summary"; }

now_us() { local t=$EPOCHREALTIME; echo "${t/[.,]/}"; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# compare ROUNDS LABEL COMMAND [LABEL COMMAND ...]: runs the commands (shell text) in turn, ROUNDS
# times after a warm-up round; fills med[LABEL] (median microseconds), ratio[A/B] (median of the
# rounds' ratios, for every pair) and rss[LABEL] (KiB). Output goes to /dev/null.
declare -A med ratio rss cmdline
compare() {
  local rounds=$1
  shift
  local -a labels=() cmds=()
  while (($#)); do
    labels+=("$1")
    cmds+=("$2")
    cmdline[$1]=$2
    shift 2
  done
  local n=${#labels[@]} r i j
  for ((r = 0; r <= rounds; r++)); do
    for ((i = 0; i < n; i++)); do
      local t0 t1
      t0=$(now_us)
      eval "${cmds[i]}" >/dev/null 2>&1 || true
      t1=$(now_us)
      ((r > 0)) && echo $((t1 - t0)) >>"$tmp/t.$i"
    done
  done
  for ((i = 0; i < n; i++)); do
    med[${labels[i]}]=$(median <"$tmp/t.$i")
    for ((j = 0; j < n; j++)); do
      ratio[${labels[i]}/${labels[j]}]=$(paste "$tmp/t.$i" "$tmp/t.$j" | awk '{ print $1 / $2 }' | median)
    done
    rss[${labels[i]}]=-
    if ((have_time)); then
      /usr/bin/time -f %M -o "$tmp/rss" bash -c "${cmds[i]}" >/dev/null 2>&1 || true
      # GNU time writes a "Command exited with non-zero status" line first when it does.
      rss[${labels[i]}]=$(tail -1 "$tmp/rss")
    fi
  done
  rm -f "$tmp"/t.*
}
ms() { awk -v u="$1" 'BEGIN { printf "%.1f", u / 1000 }'; }
mib() { [[ $1 == - ]] && echo - || awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
x() { [[ $1 == - ]] && echo - || awk -v v="$1" 'BEGIN { printf "%.2fx", v }'; }
rss_x() { [[ $1 == - || $2 == - ]] && echo - || awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
commands() { local l; for l in "$@"; do say "    $l: ${cmdline[$l]}"; done; }
wants() { [[ ,$only, == *,$1,* ]]; }
q() { printf '%q' "$1"; }

say "sitemaplint benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) CPU(s), load average $(cut -d' ' -f1-3 /proc/loadavg)"
say "sitemaplint $("$lint" --version 2>/dev/null) ($lint), $(xmllint --version 2>&1 | head -1)"
say "paired rounds: $runs (+1 warm-up); medians; peak memory from one run under GNU time"
# Whether sitemaplint asks for huge pages here (src/tree_memory.h): where the kernel gives them on
# request (THP enabled "madvise") and does not stall every huge page fault to compact memory
# (defrag not "always"), unless SITEMAPLINT_HUGE_PAGES says otherwise.
thp=/sys/kernel/mm/transparent_hugepage
in_force() { sed -n 's/.*\[\(.*\)\].*/\1/p' "$1" 2>/dev/null || true; }
thp_enabled=$(in_force $thp/enabled)
thp_defrag=$(in_force $thp/defrag)
huge_pages="off (THP enabled: ${thp_enabled:-none}, defrag: ${thp_defrag:-none})"
if [[ $thp_enabled == madvise && $thp_defrag != always ]]; then
  huge_pages="on for inputs of 1 to 32 MiB (THP enabled: madvise, defrag: $thp_defrag)"
fi
if [[ -n ${SITEMAPLINT_HUGE_PAGES:-} ]]; then
  huge_pages="$([[ $SITEMAPLINT_HUGE_PAGES == 0 ]] && echo off || echo on) (SITEMAPLINT_HUGE_PAGES=$SITEMAPLINT_HUGE_PAGES)"
fi
say "huge pages for the input and the tree: $huge_pages"

# --- 1. one file, every rule, one core ----------------------------------------------------------
if wants single; then
  say ""
  say "== 1. One file, every rule, one core (targets: <= 1.3x the floor, <= 1.0x xmllint --noout, peak memory <= 1.1x the floor's)"
  say "$(printf '%-22s %8s %6s | %8s %8s %8s | %9s %9s %9s | %8s %8s %6s' file MB URLs 'floor ms' 'lint ms' 'noout ms' 'x floor' 'x noout' 'x schema' 'floor MiB' 'lint MiB' 'x')"
  for spec in plain-50k.xml:sitemap.xsd images-50k.xml:sitemap-with-images.xsd image-heavy-50k.xml:sitemap-with-images.xsd \
              large-50k.xml:sitemap.xsd encoded-50k.xml:sitemap.xsd mixed-50k.xml: images-50k.xml.gz:sitemap-with-images.xsd; do
    IFS=: read -r name xsd <<<"$spec"
    file=$data/$name
    plain=${file%.gz}  # for a .gz, the file it inflates to
    # The mixed file's video, news and xhtml blocks have no schema here: no schema column for it.
    schema=()
    [[ -n $xsd ]] && schema=(xmllint-schema "xmllint --noout --schema $(q "$here/$xsd") $(q "$file")")
    # A .gz's floor inflates it too (zlib); the floor of the inflated file is measured beside it,
    # as that comparison was made before the floor read gzip.
    inflated=()
    [[ $file != "$plain" ]] && inflated=(floor-inflated "$(q "$floor") $(q "$plain")")
    ratio[sitemaplint/xmllint-schema]=-
    compare "$runs" floor "$(q "$floor") $(q "$file")" \
      sitemaplint "$(q "$lint") --jobs 1 $(q "$file")" \
      xmllint "xmllint --noout $(q "$file")" \
      "${schema[@]}" "${inflated[@]}"
    say "$(printf '%-22s %8.1f %6s | %8s %8s %8s | %9s %9s %9s | %8s %8s %6s' "$name" \
      "$(awk -v b="$(stat -c %s "$plain")" 'BEGIN { print b / 1e6 }')" "$(grep -c '<url>' "$plain")" \
      "$(ms "${med[floor]}")" "$(ms "${med[sitemaplint]}")" "$(ms "${med[xmllint]}")" \
      "$(x "${ratio[sitemaplint/floor]}")" "$(x "${ratio[sitemaplint/xmllint]}")" "$(x "${ratio[sitemaplint/xmllint-schema]}")" \
      "$(mib "${rss[floor]}")" "$(mib "${rss[sitemaplint]}")" "$(rss_x "${rss[sitemaplint]}" "${rss[floor]}")")"
    if ((${#inflated[@]})); then
      say "  $name against the floor of the file it inflates to ($(ms "${med[floor-inflated]}") ms, no inflate): $(x "${ratio[sitemaplint/floor-inflated]}")"
    fi
  done
  say "  commands (last file; the others alike; a .gz's floor inflates it with zlib):"
  commands floor sitemaplint xmllint xmllint-schema floor-inflated
fi

# --- 2. the extension rules ---------------------------------------------------------------------
if wants extensions; then
  # Every family of an extension (image, video, news, hreflang) that this build has.
  families=$("$lint" --list-rules json | sed -n 's/^ *"code": "\([A-Z]*\)[0-9]*".*/\1/p' | grep -E '^(IMG|VID|NEWS|LANG)$' | sort -u | paste -sd, -)
  file=$data/image-heavy-50k.xml
  compare "$runs" all "$(q "$lint") --jobs 1 $(q "$file")" \
    no-extensions "$(q "$lint") --jobs 1 --ignore $families $(q "$file")"
  say ""
  say "== 2. Extension rules on the image-heavy file (target: every rule within 1.10x of extensions ignored)"
  say "  every rule $(ms "${med[all]}") ms, extensions ignored $(ms "${med[no-extensions]}") ms: $(x "${ratio[all/no-extensions]}")"
  commands all no-extensions
fi

# --- 2b. one file, two cores ---------------------------------------------------------------------
if wants cores; then
  say ""
  say "== 2b. One file, two cores: --jobs 2 against --jobs 1 (the file walked in lanes on both; target: >= 1.7x; the reports must be identical)"
  say "$(printf '%-22s %10s %10s %8s | %s' file 'jobs 1 ms' 'jobs 2 ms' speed-up 'same report')"
  for name in plain-50k.xml images-50k.xml image-heavy-50k.xml large-50k.xml mixed-50k.xml; do
    file=$data/$name
    compare "$runs" one "$(q "$lint") --jobs 1 $(q "$file")" two "$(q "$lint") --jobs 2 $(q "$file")"
    same=no
    if cmp -s <("$lint" --jobs 1 --format json "$file" 2>/dev/null) <("$lint" --jobs 2 --format json "$file" 2>/dev/null); then same=yes; fi
    say "$(printf '%-22s %10s %10s %8s | %s' "$name" "$(ms "${med[one]}")" "$(ms "${med[two]}")" \
      "$(x "$(awk -v r="${ratio[two/one]}" 'BEGIN { print 1 / r }')")" "$same")"
  done
  say "  commands (last file; the others alike):"
  commands one two
  # What the machine's two cores give work that shares nothing: two floor processes at once on the
  # plain file against one: a reference for the speed-ups above, not a bound (where page faults
  # contend, as on a virtual machine, runs that fault less than the floor have passed it).
  file=$data/plain-50k.xml
  compare "$runs" alone "$(q "$floor") $(q "$file")" both "( $(q "$floor") $(q "$file") & $(q "$floor") $(q "$file"); wait )"
  say "the machine: two floor processes at once get through $(x "$(awk -v r="${ratio[both/alone]}" 'BEGIN { print 2 / r }')") the work of one in the same time (2.00x: two whole cores)"
  commands alone both
fi

# --- 3. findings ----------------------------------------------------------------------------------
if wants findings; then
  say ""
  say "== 3. 20,000 findings against none, 50,000 URLs (target: <= 1.5x the clean run in every format)"
  say "$(printf '%-8s %10s %13s %7s | %14s %14s' format 'clean ms' 'findings ms' x 'clean bytes' 'findings bytes')"
  for format in human json sarif; do
    compare "$runs" clean "$(q "$lint") --jobs 1 --format $format $(q "$data/plain-50k.xml")" \
      findings "$(q "$lint") --jobs 1 --format $format $(q "$data/findings-50k.xml")"
    clean_bytes=$(eval "${cmdline[clean]}" 2>/dev/null | wc -c || true)
    findings_bytes=$(eval "${cmdline[findings]}" 2>/dev/null | wc -c || true)
    say "$(printf '%-8s %10s %13s %7s | %14s %14s' "$format" "$(ms "${med[clean]}")" "$(ms "${med[findings]}")" \
      "$(x "${ratio[findings/clean]}")" "$clean_bytes" "$findings_bytes")"
  done
  say "  commands (sarif; the others alike):"
  commands clean findings
  say "== 3b. 2,800 findings against none, 50,000 URLs (target: <= 1.05x the clean run)"
  for format in json human; do
    compare "$runs" clean "$(q "$lint") --jobs 1 --format $format $(q "$data/plain-50k.xml")" \
      findings "$(q "$lint") --jobs 1 --format $format $(q "$data/findings-2800-50k.xml")"
    say "$(printf '%-8s %10s %13s %7s' "$format" "$(ms "${med[clean]}")" "$(ms "${med[findings]}")" "$(x "${ratio[findings/clean]}")")"
  done
  commands clean findings
fi

# --- 4. a whole site ----------------------------------------------------------------------------
if wants site; then
  site=$data/site-${site_files}x$site_urls
  if [[ ! -f $site/.complete || $gen -nt $site/.complete ]]; then
    echo "bench: generating $site_files sitemaps of $site_urls URLs ..." >&2
    rm -rf "$site" && mkdir -p "$site"
    for ((i = 1; i <= site_files; i++)); do "$gen" findings "$site/sitemap-$i.xml" "$site_urls" "$i" 20 >/dev/null; done
    touch "$site/.complete"
  fi
  compare "$site_runs" jobs1 "$(q "$lint") --quiet --jobs 1 $(q "$site")" \
    jobs2 "$(q "$lint") --quiet --jobs 2 $(q "$site")" \
    floor1 "find $(q "$site") -name 'sitemap-*.xml' -print0 | xargs -0 -n 1 -P 1 $(q "$floor")" \
    floor2 "find $(q "$site") -name 'sitemap-*.xml' -print0 | xargs -0 -n 1 -P 2 $(q "$floor")"
  say ""
  say "== 4. A whole site: $site_files distinct sitemaps x $site_urls URLs, 20 findings each, $(du -sm "$site" | cut -f1) MB (targets: --jobs 2 >= 1.85x --jobs 1; peak memory <= 100 MiB)"
  say "  --jobs 1 $(ms "${med[jobs1]}") ms, $(mib "${rss[jobs1]}") MiB; --jobs 2 $(ms "${med[jobs2]}") ms, $(mib "${rss[jobs2]}") MiB; speed-up $(x "$(awk -v r="${ratio[jobs2/jobs1]}" 'BEGIN { print 1 / r }')")"
  say "  the floor, a process per file: one at a time $(ms "${med[floor1]}") ms, two at a time $(ms "${med[floor2]}") ms; speed-up $(x "$(awk -v r="${ratio[floor2/floor1]}" 'BEGIN { print 1 / r }')"), $(mib "${rss[floor1]}") MiB per process"
  commands jobs1 jobs2 floor1 floor2
fi

# --- 5. start-up --------------------------------------------------------------------------------
if wants startup; then
  one=$data/one-url.xml
  compare $((runs * 10)) version "$(q "$lint") --version" \
    one-url "$(q "$lint") $(q "$one")" \
    xmllint "xmllint --noout $(q "$one")"
  say ""
  say "== 5. Start-up (target: within 2x xmllint --noout on the 1-URL file)"
  say "  --version $(ms "${med[version]}") ms ($(x "${ratio[version/xmllint]}")), a 1-URL file $(ms "${med[one-url]}") ms ($(x "${ratio[one-url/xmllint]}")), xmllint --noout $(ms "${med[xmllint]}") ms"
  commands version one-url xmllint
fi

# --- 6. identical copies -------------------------------------------------------------------------
if wants copies; then
  copies=$data/copies
  mkdir -p "$copies"
  for n in 1 2 3 4; do cp -f "$data/plain-50k.xml" "$copies/copy-$n.xml"; done
  compare "$runs" one "$(q "$lint") --quiet --jobs 1 $(q "$copies/copy-1.xml")" \
    two "$(q "$lint") --quiet --jobs 1 $(q "$copies/copy-1.xml") $(q "$copies/copy-2.xml")" \
    four "$(q "$lint") --quiet --jobs 1 $(q "$copies/copy-1.xml") $(q "$copies/copy-2.xml") $(q "$copies/copy-3.xml") $(q "$copies/copy-4.xml")"
  say ""
  say "== 6. Identical copies of the 50,000-URL file linted together, every URL a duplicate across the set (target: N copies cost about N times one)"
  say "  one $(ms "${med[one]}") ms; two $(ms "${med[two]}") ms ($(x "${ratio[two/one]}")); four $(ms "${med[four]}") ms ($(x "${ratio[four/one]}")); peak memory $(mib "${rss[one]}") / $(mib "${rss[two]}") / $(mib "${rss[four]}") MiB"
  commands one four
fi

# --- 7. memory at scale --------------------------------------------------------------------------
# One run each: what is measured is the peak, not the time.
if wants memory; then
  if ((have_time)); then
    generate text-big.txt text "$text_urls"
    generate lsp-fix-all.jsonrpc lsp-fix-all "$lsp_urls"
    # "SECONDS KIB EXIT"; a run that did not lint (exit 2 or worse) measures nothing, and says so.
    peak() {
      /usr/bin/time -f '%e %M %x' -o "$tmp/peak" bash -c "$1" >/dev/null 2>&1 || true
      local line
      line=$(tail -1 "$tmp/peak")
      if ((${line##* } > 1)); then echo "bench: '$1' exited with ${line##* }" >&2; fi
      echo "$line"
    }
    text_bytes=$(stat -c %s "$data/text-big.txt")
    read -r text_s text_kib _ < <(peak "$(q "$lint") --no-config --quiet $(q "$data/text-big.txt")")
    read -r lsp_s lsp_kib _ < <(peak "$(q "$lint") server < $(q "$data/lsp-fix-all.jsonrpc")")
    gib() { awk -v k="$1" 'BEGIN { printf "%.2f", k / 1048576 }'; }
    say ""
    say "== 7. Memory at scale (targets: the text sitemap <= 1.45 GiB; the language server's fix-all <= 0.57 GiB)"
    say "  a text sitemap of $(awk -v n="$text_urls" 'BEGIN { printf "%.1f", n / 1e6 }')M URLs, $(mib $((text_bytes / 1024))) MiB: peak $(gib "$text_kib") GiB ($(rss_x "$text_kib" $((text_bytes / 1024))) its size), ${text_s} s"
    say "  the language server: open a document of $lsp_urls URLs with three fixes each, fix all: peak $(gib "$lsp_kib") GiB, ${lsp_s} s"
    say "    $(q "$lint") --no-config --quiet $(q "$data/text-big.txt")"
    say "    $(q "$lint") server < $(q "$data/lsp-fix-all.jsonrpc")"
  else
    say ""
    say "== 7. Memory at scale: skipped, GNU time (Debian: time) is missing"
  fi
fi

# --- 8. pages behind the sitemap -----------------------------------------------------------------
if wants pages; then
  pages_n=${BENCH_PAGES:-50000}
  built=$data/built-$pages_n
  if [[ ! -f $built/.complete || $gen -nt $built/.complete ]]; then
    echo "bench: generating a built site of $pages_n pages ..." >&2
    rm -rf "$built" && "$gen" site "$built" "$pages_n" >/dev/null && touch "$built/.complete"
  fi
  with_pages="--pages --root $(q "$built/public") --base-url https://www.example.com/sitemap.xml"
  compare "$site_runs" floor "find $(q "$built/public") -name '*.html' -print0 | xargs -0 cat" \
    alone "$(q "$lint") --no-config --quiet --jobs 1 $(q "$built/sitemap.xml")" \
    pages1 "$(q "$lint") --no-config --quiet --jobs 1 $with_pages $(q "$built/sitemap.xml")" \
    pages2 "$(q "$lint") --no-config --quiet --jobs 2 $with_pages $(q "$built/sitemap.xml")"
  say ""
  say "== 8. Pages: $pages_n built pages ($(du -sm "$built/public" | cut -f1) MB on disk) behind a $pages_n-URL sitemap (targets: the page checks <= 2x the floor; --jobs 2 >= 1.8x --jobs 1)"
  say "  the floor, cat of every page $(ms "${med[floor]}") ms; the sitemap alone $(ms "${med[alone]}") ms"
  say "  --pages --jobs 1 $(ms "${med[pages1]}") ms ($(x "${ratio[pages1/floor]}") the floor; the page checks alone $(x "$(awk -v p="${med[pages1]}" -v a="${med[alone]}" -v f="${med[floor]}" 'BEGIN { print (p - a) / f }')")), $(mib "${rss[pages1]}") MiB"
  say "  --pages --jobs 2 $(ms "${med[pages2]}") ms, $(mib "${rss[pages2]}") MiB; speed-up $(x "$(awk -v r="${ratio[pages2/pages1]}" 'BEGIN { print 1 / r }')")"
  commands floor alone pages1 pages2
fi

# --- 9. the live site (only when BENCH_ONLY names live: it needs python3 and waits by design) -----
if wants live; then
  say ""
  "$here/live.sh" "$lint" "$summary"
fi

say ""
say "Summary in $summary; inputs in $data"

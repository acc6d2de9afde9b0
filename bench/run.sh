#!/usr/bin/env bash
# sitemaplint's benchmark, run by hand (it is not a test and nothing in ctest runs it):
#
#   bench/run.sh [BUILD_DIR]        BUILD_DIR defaults to ./build next to bench/
#
# Generates three deterministic sitemaps (50,000 URLs each: plain ~11 MB, with image extension
# elements, and one padded to just under the protocol's 52,428,800-byte limit) and times, on each:
#
#   baseline        BUILD_DIR/sitemaplint_bench_parse FILE   (pugixml parse + walk of every node)
#   sitemaplint     BUILD_DIR/sitemaplint --quiet FILE       (every rule)
#   xmllint         xmllint --noout FILE                     (well-formedness only)
#   xmllint-schema  xmllint --noout --schema XSD FILE        (sitemaps.org schema validation)
#
# with hyperfine (--warmup 1 --runs 5; JSON and CSV exports in BUILD_DIR/bench-results) or, without
# it, a loop timed with date +%s.%N. Reports medians, ratios to the baseline and sitemaplint against
# xmllint --schema, and peak RSS from /usr/bin/time -v. Needs: a Release build, xmllint
# (Debian: libxml2-utils); hyperfine and GNU time (Debian: hyperfine, time) are used when present.
# BENCH_RUNS=N changes the number of timed runs; BENCH_NO_HYPERFINE=1 uses the fallback loop.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
runs=${BENCH_RUNS:-5}
data=$build/bench-data
results=$build/bench-results
mkdir -p "$data" "$results"

for tool in sitemaplint sitemaplint_bench_parse sitemaplint_bench_gen; do
  if [[ ! -x $build/$tool ]]; then
    echo "bench: $build/$tool is missing; build first:" >&2
    echo "  cmake -S $here/.. -B $build -DCMAKE_BUILD_TYPE=Release && make -C $build -j2" >&2
    exit 2
  fi
done
if ! command -v xmllint >/dev/null; then
  echo "bench: xmllint is missing (Debian: apt-get install libxml2-utils)" >&2
  exit 2
fi
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
if [[ $build_type != Release ]]; then
  echo "bench: warning: $build is a '${build_type:-unknown}' build; numbers mean little unless it is Release" >&2
fi
have_hyperfine=0
[[ -z ${BENCH_NO_HYPERFINE:-} ]] && command -v hyperfine >/dev/null && have_hyperfine=1
have_time=0
[[ -x /usr/bin/time ]] && have_time=1

# --- inputs -------------------------------------------------------------------------------------
# name:kind:schema
inputs=(
  "plain-50k.xml:plain:$here/sitemap.xsd"
  "images-50k.xml:images:$here/sitemap-with-images.xsd"
  "large-50k.xml:large:$here/sitemap.xsd"
)
for spec in "${inputs[@]}"; do
  IFS=: read -r name kind _ <<<"$spec"
  file=$data/$name
  if [[ ! -s $file || $build/sitemaplint_bench_gen -nt $file ]]; then
    "$build/sitemaplint_bench_gen" "$kind" "$file" >/dev/null
  fi
done

# --- measuring ----------------------------------------------------------------------------------
tools=(baseline sitemaplint xmllint xmllint-schema)

# command_for TOOL FILE SCHEMA: prints the command line, one word per line.
command_for() {
  case $1 in
    baseline) printf '%s\n' "$build/sitemaplint_bench_parse" "$2" ;;
    sitemaplint) printf '%s\n' "$build/sitemaplint" --quiet "$2" ;;
    xmllint) printf '%s\n' xmllint --noout "$2" ;;
    xmllint-schema) printf '%s\n' xmllint --noout --schema "$3" "$2" ;;
  esac
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# time_loop TOOL FILE SCHEMA: median wall seconds without hyperfine (one warm-up run first).
time_loop() {
  local -a cmd
  mapfile -t cmd < <(command_for "$@")
  "${cmd[@]}" >/dev/null 2>&1 || true
  for ((i = 0; i < runs; i++)); do
    local start end
    start=$(date +%s.%N)
    "${cmd[@]}" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
  done | median
}

# peak_rss_kb TOOL FILE SCHEMA
peak_rss_kb() {
  local -a cmd
  mapfile -t cmd < <(command_for "$@")
  if ((have_time)); then
    /usr/bin/time -v "${cmd[@]}" 2>&1 >/dev/null | sed -n 's/.*Maximum resident set size (kbytes): *//p' | tail -1
  else
    echo ""
  fi
}

summary=$results/summary.txt
: >"$summary"
say() { echo "$@" | tee -a "$summary"; }

say "sitemaplint benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) CPU(s), build: $build"
say "sitemaplint $("$build/sitemaplint" --version 2>/dev/null), $(xmllint --version 2>&1 | head -1)"
((have_hyperfine)) && say "timing: $(hyperfine --version), --warmup 1 --runs $runs, medians" \
                   || say "timing: date +%s.%N loop, 1 warm-up + $runs runs, medians (hyperfine not found, or BENCH_NO_HYPERFINE set)"

for spec in "${inputs[@]}"; do
  IFS=: read -r name kind schema <<<"$spec"
  file=$data/$name
  rm -f "$results/$name".*  # no stale exports from an earlier run
  bytes=$(stat -c %s "$file")
  say ""
  say "== $name ($kind): $bytes bytes, $(grep -c '<url>' "$file") URLs; schema $(basename "$schema")"

  # One plain run each first, to show what the tools say about the file (exit code, findings).
  declare -A exit_code=()
  for tool in "${tools[@]}"; do
    mapfile -t cmd < <(command_for "$tool" "$file" "$schema")
    set +e
    "${cmd[@]}" >"$results/$name.$tool.out" 2>"$results/$name.$tool.err"
    exit_code[$tool]=$?
    set -e
  done
  findings=$(wc -l <"$results/$name.sitemaplint.out")

  declare -A med=()
  if ((have_hyperfine)); then
    args=()
    for tool in "${tools[@]}"; do
      mapfile -t cmd < <(command_for "$tool" "$file" "$schema")
      args+=(-n "$tool" "$(printf '%q ' "${cmd[@]}")")
    done
    hyperfine --style none --warmup 1 --runs "$runs" --ignore-failure \
      --export-json "$results/$name.json" --export-csv "$results/$name.csv" "${args[@]}" >/dev/null
    while IFS=, read -r tool _mean _stddev median _rest; do
      [[ $tool == command ]] && continue
      med[$tool]=$median
    done <"$results/$name.csv"
  else
    for tool in "${tools[@]}"; do med[$tool]=$(time_loop "$tool" "$file" "$schema"); done
  fi

  base=${med[baseline]}
  say "$(printf '%-15s %5s %11s %12s %14s' tool exit 'median ms' 'x baseline' 'peak RSS MiB')"
  for tool in "${tools[@]}"; do
    rss=$(peak_rss_kb "$tool" "$file" "$schema")
    rss_mib=$([[ -n $rss ]] && awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }' || echo "-")
    say "$(awk -v t="$tool" -v e="${exit_code[$tool]}" -v m="${med[$tool]}" -v b="$base" -v r="$rss_mib" \
      'BEGIN { printf "%-15s %5s %11.1f %12.2f %14s", t, e, m * 1000, m / b, r }')"
  done
  say "$(awk -v s="${med[sitemaplint]}" -v x="${med[xmllint-schema]}" -v b="${med[baseline]}" \
    'BEGIN { printf "sitemaplint / baseline = %.2fx; sitemaplint / xmllint --schema = %.2fx (%s)", s / b, s / x, (s < x ? "sitemaplint faster" : "xmllint --schema faster") }')"
  say "sitemaplint findings: $findings line(s) (exit ${exit_code[sitemaplint]}); xmllint --schema says: $(tail -1 "$results/$name.xmllint-schema.err")"
  if ((findings > 0)); then head -5 "$results/$name.sitemaplint.out" | sed "s/^/  /" | tee -a "$summary"; fi
  unset exit_code med
done

say ""
say "Raw results: $results (hyperfine JSON/CSV, each tool's output); inputs: $data"

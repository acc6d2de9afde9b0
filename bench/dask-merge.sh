#!/usr/bin/env bash
# The steps lint_set runs on a cluster, by the command line, each measured with /usr/bin/time:
# `sitemaplint records` for 8 shards of 25 files (16 partitions), `merge --partition K` for each
# partition, then the final `merge --partition-findings`, on two sets of 200 files of 2,500 URLs:
# bench/dask_set.py's (1 URL in 50 with an hreflang pair to the next file) and one where every
# URL is in a cluster of four pages across four files (4 links a URL: 100 times the
# links). Prints each step's CPU (user + system) and peak memory (the largest partition's), and
# checks that the stepped merge's JSON report is the one-step merge's bytes.
# Run by hand: bench/dask-merge.sh [BUILD_DIR] [SITEMAPLINT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
cli=${2:-$build/sitemaplint}
data=$build/bench-data/dask-merge
python=${PYTHON:-/usr/bin/python3}
mkdir -p "$data"
"$python" - "$data" <<'PY'
import os, sys
data = sys.argv[1]
files, urls = 200, 2500
head = ('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n')
for kind in ("pairs", "clusters"):
    os.makedirs(os.path.join(data, kind), exist_ok=True)
    for f in range(files):
        path = os.path.join(data, kind, f"sitemap-{f:03d}.xml")
        if os.path.exists(path):
            continue
        entries = []
        for i in range(urls):
            url = f"https://example.com/f{f}/p{i}"
            links = ""
            if kind == "pairs" and i % 50 == 0:
                other = f"https://example.com/f{(f + 1) % files}/p{i}"
                links = (f'<xhtml:link rel="alternate" hreflang="en" href="{url}"/>'
                         f'<xhtml:link rel="alternate" hreflang="de" href="{other}"/>')
            if kind == "clusters":
                # Files 4k to 4k+3 hold the four languages of the same pages.
                base = f - f % 4
                for n, code in enumerate(("en", "de", "fr", "es")):
                    links += (f'<xhtml:link rel="alternate" hreflang="{code}" '
                              f'href="https://example.com/f{base + n}/p{i}"/>')
            entries.append(f"<url><loc>{url}</loc><lastmod>2025-06-01</lastmod>{links}</url>")
            if f > 0 and i % 500 == 0:
                entries.append(f"<url><loc>https://example.com/f{f - 1}/p{i + 1}</loc></url>")
        with open(path, "w") as out:
            out.write(head + "\n".join(entries) + "\n</urlset>\n")
PY
now=2026-01-01T00:00:00Z
common=(--no-config --now "$now")
# "CPU_SECONDS PEAK_KB" of a command.
measure() { /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >/dev/null 2>"$work/err" || [ $? -le 1 ] ||
  { cat "$work/err" >&2; exit 1; }; tail -n 1 "$work/time" | awk '{ printf "%.2f %d\n", $1 + $2, $3 }'; }
for kind in pairs clusters; do
  work=$(mktemp -d)
  files=("$data/$kind"/sitemap-*.xml)
  folders=()
  rec_cpu=0
  for s in $(seq 0 7); do
    folders+=("$work/shard-$s")
    read -r cpu _ < <(measure "$cli" records "${common[@]}" --partitions 16 -o "$work/shard-$s" "${files[@]:$((s * 25)):25}")
    rec_cpu=$(echo "$rec_cpu + $cpu" | bc)
  done
  part_cpu=0 part_peak=0 findings=()
  for k in $(seq 0 15); do
    read -r cpu peak < <(measure "$cli" merge "${common[@]}" --partition "$k" -o "$work/part-$k.json" "${folders[@]}")
    part_cpu=$(echo "$part_cpu + $cpu" | bc)
    ((peak > part_peak)) && part_peak=$peak
    findings+=(--partition-findings "$work/part-$k.json")
  done
  # The merge with a report that quotes no other file (gcc), then with the JSON report, whose
  # related places (a duplicate's other file) have it read the files they name.
  read -r gcc_cpu gcc_peak < <(measure "$cli" merge "${common[@]}" "${findings[@]}" --format gcc -o /dev/null "${folders[@]}")
  read -r merge_cpu merge_peak < <(measure "$cli" merge "${common[@]}" "${findings[@]}" --format json -o "$work/stepped.json" "${folders[@]}")
  read -r one_cpu one_peak < <(measure "$cli" merge "${common[@]}" --format json -o "$work/one.json" "${folders[@]}")
  cmp -s "$work/stepped.json" "$work/one.json" && same="the same bytes" || same="DIFFERENT reports"
  links=$(cat "${files[@]}" | grep -o '<xhtml:link' | wc -l)
  echo "$kind ($links hreflang links): records $rec_cpu s CPU; 16 partitions $part_cpu s CPU, largest peak $((part_peak / 1024)) MB;" \
    "final merge $gcc_cpu s CPU, $((gcc_peak / 1024)) MB peak (gcc), $merge_cpu s, $((merge_peak / 1024)) MB (json);" \
    "one-step merge $one_cpu s CPU, $((one_peak / 1024)) MB peak (json); $same"
  rm -rf "$work"
done

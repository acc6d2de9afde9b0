#!/usr/bin/env bash
# Section 9 of bench/run.sh (BENCH_ONLY=live), or alone: the live site behind the sitemap.
#
#   bench/live.sh SITEMAPLINT [RESULTS_FILE]
#
# 2,000 URLs (BENCH_LIVE_URLS) over 4 host names (127.0.0.1 to 127.0.0.4, one loopback server,
# bench/live_server.py) whose pages answer after 10 ms (BENCH_LIVE_DELAY_MS), fetched with
# --pages at --rate BENCH_LIVE_RATE (default 50; at the default rate of 5 the run is 100 s of
# waiting by design). Prints the wall time against the ideal the per-host limits allow
# (max(URLs / (hosts x rate), URLs x latency / (hosts x 2 connections))), the CPU time per URL
# (user + system, sitemaplint alone) and the peak memory, from GNU time.
set -euo pipefail
lint=$1
out=${2:-/dev/stdout}
urls=${BENCH_LIVE_URLS:-2000}
hosts=4
delay=${BENCH_LIVE_DELAY_MS:-10}
rate=${BENCH_LIVE_RATE:-50}
here=$(cd "$(dirname "$0")" && pwd)
port=$((20000 + RANDOM % 20000))
python3 "$here/live_server.py" "$port" "$hosts" "$urls" "$delay" >"${TMPDIR:-/tmp}/live-server.$$" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q ready "${TMPDIR:-/tmp}/live-server.$$" 2>/dev/null && break; sleep 0.1; done
sitemaps=()
for h in $(seq 1 $hosts); do sitemaps+=("http://127.0.0.$h:$port/sitemap.xml"); done
timing=$(mktemp)
start=$EPOCHREALTIME
/usr/bin/time -f '%e %U %S %M' -o "$timing" "$lint" --no-config --quiet --no-progress --pages --rate "$rate" \
  "${sitemaps[@]}" >/dev/null || true
end=$EPOCHREALTIME
read -r _ user sys peak <"$timing"
rm -f "$timing" "${TMPDIR:-/tmp}/live-server.$$"
report=$(python3 - "$urls" "$hosts" "$rate" "$delay" "$start" "$end" "$user" "$sys" "$peak" <<'PY'
import sys
urls, hosts, rate, delay, start, end, user, sys_, peak = sys.argv[1:]
urls, hosts, rate, delay = int(urls), int(hosts), float(rate), int(delay)
wall = float(end) - float(start)
ideal = max(urls / (hosts * rate), urls * delay / 1000 / (hosts * 2))
cpu_us = (float(user) + float(sys_)) * 1e6 / urls
print(f"== 9. Live pages: {urls} URLs over {hosts} loopback hosts answering after {delay} ms, --rate {rate:g}, HTTP/1.1 (targets: wall <= 1.2x ideal, CPU < 200 us/URL, memory flat)")
print(f"   wall {wall:.2f} s, ideal {ideal:.2f} s: {wall / ideal:.2f}x; CPU {cpu_us:.0f} us/URL; peak memory {int(peak) / 1024:.1f} MB")
PY
)
echo "$report"
[[ $out == /dev/stdout ]] || echo "$report" >>"$out"

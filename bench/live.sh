#!/usr/bin/env bash
# Section 9 of bench/run.sh (BENCH_ONLY=live), or alone: the live site behind the sitemap.
#
#   bench/live.sh SITEMAPLINT [RESULTS_FILE]
#
# 2,000 URLs (BENCH_LIVE_URLS) over 4 host names (127.0.0.1 to 127.0.0.4), fetched with --pages at
# --rate BENCH_LIVE_RATE (default 50; at the default rate of 5 the run is 100 s of waiting by
# design), twice:
#   - HTTP/1.1: one loopback server (bench/live_server.py) whose pages answer after 10 ms
#     (BENCH_LIVE_DELAY_MS);
#   - HTTP/2 over TLS: nghttpd (Debian's nghttp2-server), one per host name, serving the same site
#     from files, at once (it cannot wait). Its certificate is the run's own: sitemaplint trusts
#     only the system's certificates, so it runs in a user and mount namespace (unshare) where
#     the system's bundle is the system's certificates and that one (all of them: loading them is
#     part of what a run costs). Skipped, and said so, without nghttpd, openssl or unshare.
# Prints, for each, the wall time against the ideal the per-host limits allow
# (max(URLs / (hosts x rate), URLs x latency / (hosts x 2 connections))), the CPU time per URL
# (user + system, sitemaplint's process alone: its rusage from wait4, in microseconds where GNU
# time prints hundredths of a second, taken inside the namespace, around it only) and the peak
# memory; then the peak memory of the HTTP/1.1 site without its delay at --rate 1000, at URLS and
# at BENCH_LIVE_SCALE_URLS (default ten times as many), and what it grew by a URL added; and at
# BENCH_LIVE_SCALE_URLS listed with --max-urls URLS, and what a URL listed past the cut adds; and,
# for each protocol, the CPU time a URL adds beyond the first URLS (start-up left out).
set -euo pipefail
lint=$1
out=${2:-/dev/stdout}
urls=${BENCH_LIVE_URLS:-2000}
hosts=4
delay=${BENCH_LIVE_DELAY_MS:-10}
rate=${BENCH_LIVE_RATE:-50}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
servers=()
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# One measured run: LABEL DELAY_MS then the command line; `inside` (an array) runs the timer, so
# that what it starts to make the run possible (unshare, sh, mount) is not counted. The timer
# writes "wall user system peak-KB" for the command it runs, its output dropped.
# shellcheck disable=SC2016 # Python's text
timer=(python3 -c '
import os, sys, time
start = time.monotonic()
pid = os.fork()
if pid == 0:
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    os.execvp(sys.argv[2], sys.argv[2:])
_, _, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as out:
    out.write(f"{time.monotonic() - start:.3f} {usage.ru_utime:.6f} {usage.ru_stime:.6f} {usage.ru_maxrss}\n")
')
inside=()
measure() {
  local label=$1 latency=$2
  shift 2
  local timing=$work/timing start end user sys peak report
  start=$EPOCHREALTIME
  "${inside[@]}" "${timer[@]}" "$timing" "$@" >/dev/null || true
  end=$EPOCHREALTIME
  read -r _ user sys peak <"$timing"
  report=$(python3 - "$urls" "$hosts" "$rate" "$latency" "$start" "$end" "$user" "$sys" "$peak" "$label" <<'PY'
import sys
urls, hosts, rate, delay, start, end, user, sys_, peak, label = sys.argv[1:]
urls, hosts, rate, delay = int(urls), int(hosts), float(rate), int(delay)
wall = float(end) - float(start)
ideal = max(urls / (hosts * rate), urls * delay / 1000 / (hosts * 2))
cpu_us = (float(user) + float(sys_)) * 1e6 / urls
print(f"   {label}: wall {wall:.2f} s, ideal {ideal:.2f} s: {wall / ideal:.2f}x; CPU {cpu_us:.0f} us/URL; "
      f"peak memory {int(peak) / 1024:.1f} MB")
PY
  )
  echo "$report"
  [[ $out == /dev/stdout ]] || echo "$report" >>"$out"
}

options=(--no-config --quiet --no-progress --pages --rate "$rate")
heading="== 9. Live pages: $urls URLs over $hosts loopback hosts, --rate $rate (targets: wall <= 1.2x ideal, CPU < 200 us/URL, memory flat)"
echo "$heading"
[[ $out == /dev/stdout ]] || echo "$heading" >>"$out"

# --- HTTP/1.1 ---
port=$((20000 + RANDOM % 20000))
python3 "$here/live_server.py" "$port" "$hosts" "$urls" "$delay" >"$work/live-server" &
servers+=($!)
for _ in $(seq 50); do grep -q ready "$work/live-server" 2>/dev/null && break; sleep 0.1; done
sitemaps=()
for h in $(seq 1 $hosts); do sitemaps+=("http://127.0.0.$h:$port/sitemap.xml"); done
measure "HTTP/1.1, pages after $delay ms" "$delay" "$lint" "${options[@]}" "${sitemaps[@]}"
kill "${servers[0]}" 2>/dev/null || true

# --- memory against the number of URLs: the same site at BENCH_LIVE_SCALE_URLS (default 10x), no
# delay, --rate 1000, against the same run at $urls ---
scale=${BENCH_LIVE_SCALE_URLS:-$((urls * 10))}
peak_at() {
  local count=$1 fetched=${2:-$1} port
  port=$((20000 + RANDOM % 20000))
  python3 "$here/live_server.py" "$port" "$hosts" "$count" 0 >"$work/scale-server" &
  local server=$!
  for _ in $(seq 50); do grep -q ready "$work/scale-server" 2>/dev/null && break; sleep 0.1; done
  local maps=()
  for h in $(seq 1 $hosts); do maps+=("http://127.0.0.$h:$port/sitemap.xml"); done
  "${timer[@]}" "$work/timing" "$lint" --no-config --quiet --no-progress --pages --rate 1000 --max-urls "$fetched" \
    "${maps[@]}" >/dev/null || true
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  local user sys peak
  read -r _ user sys peak <"$work/timing"
  echo "$peak $user $sys"
}
read -r small small_user small_sys <<<"$(peak_at "$urls")"
read -r large large_user large_sys <<<"$(peak_at "$scale")"
read -r cut _ _ <<<"$(peak_at "$scale" "$urls")"
report=$(python3 -c "
small, large, cut, n, m = $small, $large, $cut, $urls, $scale
cpu = ($large_user + $large_sys - $small_user - $small_sys) * 1e6 / (m - n)
print(f'   memory: {small / 1024:.1f} MB at {n} URLs, {large / 1024:.1f} MB at {m}: '
      f'{(large - small) * 1024 / (m - n) / 1024:.2f} KB per URL beyond the first {n}')
print(f'   HTTP/1.1, no delay, --rate 1000: CPU {cpu:.0f} us per URL beyond the first {n} (start-up left out)')
print(f'   memory past --max-urls: {cut / 1024:.1f} MB at {m} URLs listed, {n} fetched: '
      f'{(cut - small) * 1024 / (m - n) / 1024:.2f} KB per URL listed beyond the first {n} '
      f'(the sitemaps\' own lint included)')")
echo "$report"
[[ $out == /dev/stdout ]] || echo "$report" >>"$out"

# --- HTTP/2 over TLS ---
if ! command -v nghttpd >/dev/null || ! command -v openssl >/dev/null || ! command -v unshare >/dev/null ||
  ! unshare --user --map-root-user --mount true 2>/dev/null; then
  echo "   HTTP/2: skipped (needs nghttpd, openssl and unshare with user namespaces)"
  exit 0
fi
port=$((20000 + RANDOM % 20000))
san=$(for h in $(seq 1 $hosts); do printf 'IP:127.0.0.%s,' "$h"; done)
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1 \
  -addext "subjectAltName=${san%,}" -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
printf 'text/html html\ntext/plain txt\napplication/xml xml\n' >"$work/mime.types"
# Each host's site from files: the pages of the larger run, and a sitemap for each run
# (sitemap.xml: URLS, sitemap-scale.xml: SCALE), written by Python (a shell loop took a minute).
python3 - "$work" "$hosts" "$port" "$((urls / hosts))" "$((scale / hosts))" <<'PY'
import os, sys
work, hosts, port, small, large = sys.argv[1], *map(int, sys.argv[2:])
page = ('<!DOCTYPE html><html><head><meta charset="utf-8"><title>page</title></head><body>'
        + 'x' * 2000 + '</body></html>')
for h in range(1, hosts + 1):
    site = f"{work}/site-{h}"
    os.makedirs(f"{site}/p", exist_ok=True)
    with open(f"{site}/robots.txt", "w") as f:
        f.write("User-agent: *\nAllow: /\n")
    for i in range(max(small, large)):
        with open(f"{site}/p/{i}.html", "w") as f:
            f.write(page)
    for name, count in (("sitemap.xml", small), ("sitemap-scale.xml", large)):
        with open(f"{site}/{name}", "w") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')
            f.writelines(f"<url><loc>https://127.0.0.{h}:{port}/p/{i}.html</loc></url>\n" for i in range(count))
            f.write("</urlset>\n")
PY
sitemaps=()
for h in $(seq 1 $hosts); do
  site=$work/site-$h
  nghttpd --address="127.0.0.$h" --htdocs="$site" --mime-types-file="$work/mime.types" "$port" \
    "$work/key.pem" "$work/cert.pem" >/dev/null 2>&1 &
  servers+=($!)
  sitemaps+=("https://127.0.0.$h:$port/sitemap.xml")
done
for _ in $(seq 50); do
  (exec 3<>"/dev/tcp/127.0.0.$hosts/$port") 2>/dev/null && break
  sleep 0.1
done
# The system's bundle with the run's certificate added, in place of the system's, for this one
# process.
bundle=/etc/ssl/certs/ca-certificates.crt
cat "$bundle" "$work/cert.pem" >"$work/bundle.pem"
# shellcheck disable=SC2016 # expanded by the inner shell
inside=(unshare --user --map-root-user --mount sh -c 'mount --bind "$0" "$1" && shift && exec "$@"' "$work/bundle.pem"
  "$bundle")
measure "HTTP/2, pages at once" 0 "$lint" "${options[@]}" "${sitemaps[@]}"

# What a URL adds over HTTP/2, start-up (libcurl's loading, the certificates, the sitemaps' own
# fetch and lint) left out: the same site at URLS and at SCALE, --rate 1000.
cpu_at() {
  local maps=()
  for h in $(seq 1 $hosts); do maps+=("https://127.0.0.$h:$port/$1"); done
  "${inside[@]}" "${timer[@]}" "$work/timing" "$lint" --no-config --quiet --no-progress --pages --rate 1000 \
    --max-urls "$scale" "${maps[@]}" >/dev/null || true
  local user sys
  read -r _ user sys _ <"$work/timing"
  echo "$user $sys"
}
read -r small_user small_sys <<<"$(cpu_at sitemap.xml)"
read -r large_user large_sys <<<"$(cpu_at sitemap-scale.xml)"
report=$(python3 -c "
cpu = ($large_user + $large_sys - $small_user - $small_sys) * 1e6 / ($scale - $urls)
print(f'   HTTP/2, --rate 1000: CPU {cpu:.0f} us per URL beyond the first $urls (start-up left out)')")
echo "$report"
[[ $out == /dev/stdout ]] || echo "$report" >>"$out"

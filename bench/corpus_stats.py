#!/usr/bin/env python3
"""The statistics of real sitemaps that the benchmark's "mixed" kind is generated to match.

    bench/corpus_stats.py CORPUS [SITEMAPLINT]

CORPUS is a directory with MANIFEST.tsv (file, source_repo, source_path, commit, bytes, kind,
extensions, notes) and the files under real/. Only real sites' sitemaps are counted (notes starting
"[real-site repo]" or "[tool-fixture; real-site excerpt]"), of kind urlset: the synthetic fixtures
and the tools' hand-made test cases are not what a site serves. With SITEMAPLINT (a built binary),
each file is linted too, and the share of entries with a finding is counted, per severity.

Prints, per file (the mean of the files' shares: each site counts once) and per entry (every entry
of every file pooled: one large site weighs most): hosts per file (page and image hosts alike), the shares of <loc>s with percent-encoded non-ASCII bytes, raw non-ASCII characters, a query
string and a query with "&amp;" in the bytes, the <lastmod> formats and time zones, and the
extension blocks per entry, and the entries with a <lastmod>, <changefreq> and <priority>.
bench/README.md writes down the distribution the generator aims for.
"""
import collections
import gzip
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

REAL_SITE = ("[real-site repo]", "[tool-fixture; real-site excerpt]")
LOC = re.compile(rb"<(?:[A-Za-z0-9_]+:)?loc>\s*(.*?)\s*</(?:[A-Za-z0-9_]+:)?loc>", re.S)
URL_OPEN = re.compile(rb"<(?:[A-Za-z0-9_]+:)?url[\s>]")
LASTMOD = re.compile(rb"<(?:[A-Za-z0-9_]+:)?lastmod>\s*(.*?)\s*</", re.S)
ENCODED_NON_ASCII = re.compile(rb"%[89A-Fa-f][0-9A-Fa-f]")
FIELDS = {
    "<lastmod>": re.compile(rb"<(?:[A-Za-z0-9_]+:)?lastmod>"),
    "<changefreq>": re.compile(rb"<(?:[A-Za-z0-9_]+:)?changefreq>"),
    "<priority>": re.compile(rb"<(?:[A-Za-z0-9_]+:)?priority>"),
}
EXTENSIONS = {
    "image": re.compile(rb"<image:image[\s>]"),
    "video": re.compile(rb"<video:video[\s>]"),
    "news": re.compile(rb"<news:news[\s>]"),
    "xhtml:link": re.compile(rb"<xhtml:link[\s/>]"),
}


def date_format(value: bytes) -> str:
    text = value.decode("utf-8", "replace")
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return "date"
    m = re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?", text)
    if not m:
        return "other"
    precision = "fraction" if m.group(2) else "seconds" if m.group(1) else "minutes"
    return f"datetime-{precision}"


def zone(value: bytes) -> str:
    m = re.search(rb"T[0-9:.]+(Z|[+-]\d{2}:\d{2})?$", value)
    if not m:
        return "-"
    if not m.group(1):
        return "none"
    return m.group(1).decode()


def read(path: Path) -> bytes:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        try:
            return gzip.decompress(data)
        except OSError:
            return b""
    return data


def entries_with_findings(sitemaplint: str, path: Path, data: bytes) -> collections.Counter:
    """Entries (told apart by their <url> line's start) with at least one finding, per severity."""
    run = subprocess.run([sitemaplint, "--no-config", "--format", "json", str(path)], capture_output=True)
    try:
        findings = json.loads(run.stdout)["files"][0]["diagnostics"]
    except (ValueError, KeyError, IndexError):
        return collections.Counter()
    starts, line, counted = [], 1, 0
    for m in URL_OPEN.finditer(data):
        line += data.count(b"\n", counted, m.start())
        counted = m.start()
        starts.append(line)
    seen = collections.defaultdict(set)
    for f in findings:
        line = f.get("line") or 0
        # The entry a finding's line falls in: the last <url> that opens at or above it.
        lo, hi = 0, len(starts)
        while lo < hi:
            mid = (lo + hi) // 2
            if starts[mid] <= line:
                lo = mid + 1
            else:
                hi = mid
        if lo:
            seen[f.get("severity", "?")].add(lo)
    return collections.Counter({severity: len(entries) for severity, entries in seen.items()})


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    corpus = Path(sys.argv[1])
    sitemaplint = sys.argv[2] if len(sys.argv) == 3 else None
    per_file = collections.defaultdict(list)
    pooled = collections.Counter()
    dates, zones = collections.Counter(), collections.Counter()
    files = 0
    with open(corpus / "MANIFEST.tsv", encoding="utf-8") as manifest:
        next(manifest)
        for row in manifest:
            name, _, _, _, _, kind, _, notes = row.rstrip("\n").split("\t")[:8]
            if kind != "urlset" or not notes.startswith(REAL_SITE):
                continue
            path = corpus / "real" / name
            data = read(path)
            locs = LOC.findall(data)
            entries = len(URL_OPEN.findall(data))
            if not entries:
                continue
            files += 1
            hosts = {m.group(1).lower() for loc in locs if (m := re.match(rb"[a-zA-Z]+://([^/?#]*)", loc))}
            per_file["entries"].append(entries)
            per_file["hosts"].append(len(hosts))
            counts = {
                "percent-encoded non-ASCII": sum(1 for loc in locs if ENCODED_NON_ASCII.search(loc)),
                "raw non-ASCII": sum(1 for loc in locs if any(b >= 0x80 for b in loc)),
                "query": sum(1 for loc in locs if b"?" in loc),
                "query with &amp;": sum(1 for loc in locs if b"&amp;" in loc),
            }
            for what, n in counts.items():
                per_file[what].append(n / max(len(locs), 1))
                pooled[what] += n
            pooled["locs"] += len(locs)
            pooled["entries"] += entries
            for what, pattern in {**FIELDS, **EXTENSIONS}.items():
                n = len(pattern.findall(data))
                per_file[what + " per entry"].append(n / entries)
                pooled[what] += n
            for value in LASTMOD.findall(data):
                dates[date_format(value)] += 1
                zones[zone(value)] += 1
            if sitemaplint:
                with_findings = entries_with_findings(sitemaplint, path, data)
                for severity, n in with_findings.items():
                    per_file[f"entries with a {severity}"].append(n / entries)
                    pooled[f"entries with a {severity}"] += n
    print(f"{files} real sites' urlset files, {pooled['entries']} entries, {pooled['locs']} <loc>s")
    print(f"entries per file: median {statistics.median(per_file['entries']):.0f}")
    hosts = collections.Counter(per_file["hosts"])
    print("hosts per file: " + ", ".join(f"{h}: {n} files" for h, n in sorted(hosts.items())))
    print(f"{'':34} {'per file':>12} {'pooled':>8}")
    for what in ("percent-encoded non-ASCII", "raw non-ASCII", "query", "query with &amp;"):
        print(f"{'<loc> with ' + what:34} {statistics.mean(per_file[what]):12.1%} {pooled[what] / pooled['locs']:8.1%}")
    for what in FIELDS:
        key = what + " per entry"
        print(f"{what + ' per entry':34} {statistics.mean(per_file[key]):12.2f} {pooled[what] / pooled['entries']:8.2f}")
    for what in EXTENSIONS:
        key = what + " per entry"
        present = sum(1 for v in per_file[key] if v)
        print(f"{what + ' blocks per entry':34} {statistics.mean(per_file[key]):12.2f} {pooled[what] / pooled['entries']:8.2f}"
              f"  ({present} files have them)")
    for key in sorted(k for k in per_file if k.startswith("entries with a ")):
        values = per_file[key] + [0.0] * (files - len(per_file[key]))
        print(f"{key:34} {statistics.mean(values):12.1%} {pooled[key] / pooled['entries']:8.1%}")
    total = sum(dates.values())
    print(f"<lastmod> values: {total}")
    for what, n in dates.most_common():
        print(f"  {what:32} {n / total:8.1%}")
    timed = sum(n for z, n in zones.items() if z != "-")
    print(f"time zones of the {timed} datetimes:")
    for what, n in zones.most_common():
        if what != "-":
            print(f"  {what:32} {n / timed:8.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

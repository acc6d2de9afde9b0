"""bench/dask-set.sh's measurement: sitemaplint.dask.lint_set on a LocalCluster of 2 workers
against `sitemaplint --jobs 2` on the same 200-file set. A file of its own: Dask's worker
processes start by importing the main module, which must not run the measurement again."""
import os
import statistics
import subprocess
import sys
import time

import distributed

import sitemaplint
import sitemaplint.dask


def main():
    cli, runs, data = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    now = "2026-01-01T00:00:00Z"
    files, urls = 200, 2500
    paths = [os.path.join(data, f"sitemap-{f:03d}.xml") for f in range(files)]
    if not all(os.path.exists(p) for p in paths):
        for f, path in enumerate(paths):
            entries = []
            for i in range(urls):
                url = f"https://example.com/f{f}/p{i}"
                links = ""
                if i % 50 == 0:
                    other = f"https://example.com/f{(f + 1) % files}/p{i}"
                    links = (f'<xhtml:link rel="alternate" hreflang="en" href="{url}"/>'
                             f'<xhtml:link rel="alternate" hreflang="de" href="{other}"/>')
                entries.append(f"<url><loc>{url}</loc><lastmod>2025-06-01</lastmod>{links}</url>")
                if f > 0 and i % 500 == 0:
                    entries.append(f"<url><loc>https://example.com/f{f - 1}/p{i + 1}</loc></url>")
            with open(path, "w") as out:
                out.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
                          'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' + "\n".join(entries) + "\n</urlset>\n")
    print(f"sitemaplint {sitemaplint.__version__}, {files} files of {urls} URLs, {runs} paired rounds after one warm-up")
    command = [cli, "--no-config", "--no-progress", "--jobs", "2", "--now", now, "--format", "json", "-o",
               "/dev/null", *paths]
    # Paired rounds: the command line, then lint_set on worker processes and on worker threads, so
    # that a machine whose load drifts weighs on all three alike; each ratio is the median of the
    # rounds' ratios.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as p_cluster, \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                     dashboard_address=None) as t_cluster, \
            distributed.Client(p_cluster) as p_client, distributed.Client(t_cluster) as t_client:
        times = {"cli": [], "processes": [], "threads": []}
        findings = 0
        for round in range(runs + 1):
            start = time.perf_counter()
            subprocess.run(command, check=False)
            times["cli"].append(time.perf_counter() - start)
            for kind, client in (("processes", p_client), ("threads", t_client)):
                start = time.perf_counter()
                # The JSON report written, as the command line writes it.
                result = sitemaplint.dask.lint_set(paths, client=client, files_per_task=25, now=now,
                                                   report="json", output=os.devnull)
                times[kind].append(time.perf_counter() - start)
                findings = len(result)
        cli_s = times["cli"][1:]
        print(f"  sitemaplint --jobs 2 (process, JSON report)       {statistics.median(cli_s):7.2f} s")
        for kind in ("processes", "threads"):
            own = times[kind][1:]
            ratio = statistics.median(t / c for t, c in zip(own, cli_s))
            print(f"  lint_set, 2 worker {kind:<9} ({findings} findings, JSON report) {statistics.median(own):7.2f} s"
                  f"  {ratio:.2f}x the command line")

if __name__ == "__main__":
    main()

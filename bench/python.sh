#!/usr/bin/env bash
# What the Python module adds to a lint: the same 50,000-URL files (bench/generate_sitemap.cpp's
# plain one, no finding, and its findings one, 20,000 findings) linted by the command line
# (`sitemaplint --format json`, a process per round, its report to /dev/null) and by
# `sitemaplint.lint()` in one Python process (the Result's objects made), in paired rounds; each
# figure is the median of the rounds, the ratio the median of the rounds' ratios (bench/README.md).
# A whole Python process (start, import, lint) is timed too. Needs the module (pybind11-dev).
# Run by hand: bench/python.sh [BUILD_DIR]; BENCH_RUNS=N rounds (default 15).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
data=$build/bench-data
runs=${BENCH_RUNS:-15}
python=${PYTHON:-python3}
cmake --build "$build" --target sitemaplint sitemaplint_bench_gen sitemaplint_python >/dev/null
mkdir -p "$data"
[[ -f $data/python-plain.xml ]] || "$build/sitemaplint_bench_gen" plain "$data/python-plain.xml" 50000
[[ -f $data/python-findings.xml ]] || "$build/sitemaplint_bench_gen" findings "$data/python-findings.xml" 50000
PYTHONPATH=$build/python "$python" - "$build/sitemaplint" "$runs" "$data/python-plain.xml" \
  "$data/python-findings.xml" <<'PY'
import statistics, subprocess, sys, time
import sitemaplint

cli, runs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
now = "2026-01-01T00:00:00Z"
linter = sitemaplint.Linter(now=now, jobs=1)
print(f"sitemaplint {sitemaplint.__version__}, {runs} rounds after one warm-up, one core (--jobs 1)")
for path in files:
    command = [cli, "--no-config", "--no-progress", "--jobs", "1", "--now", now, "--format", "json", "-o",
               "/dev/null", path]
    process = [sys.executable, "-c",
               f"import sitemaplint; sitemaplint.lint({path!r}, now={now!r}, jobs=1)"]
    cli_s, py_s, proc_s = [], [], []
    for round in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(command, check=False)
        middle = time.perf_counter()
        findings = len(linter.lint(path))
        end = time.perf_counter()
        subprocess.run(process, check=True)
        after = time.perf_counter()
        if round:
            cli_s.append(middle - start)
            py_s.append(end - middle)
            proc_s.append(after - end)
    ratio = statistics.median(p / c for p, c in zip(py_s, cli_s))
    whole = statistics.median(p / c for p, c in zip(proc_s, cli_s))
    print(f"{path.rsplit('/', 1)[-1]} ({findings} findings):")
    print(f"  command line (process, JSON report)  {statistics.median(cli_s) * 1000:8.1f} ms")
    print(f"  sitemaplint.lint() (in Python)       {statistics.median(py_s) * 1000:8.1f} ms  {ratio:.3f}x the command line")
    print(f"  python3 -c 'import ...; lint()'      {statistics.median(proc_s) * 1000:8.1f} ms  {whole:.3f}x the command line")
PY

#!/usr/bin/env bash
# sitemaplint.dask.lint_set on one machine with 2 workers against `sitemaplint --jobs 2` on the
# same 200-file set (2,500 URLs a file, hreflang pairs and duplicates across files): the command
# line's whole run (a process, its JSON report to /dev/null) against lint_set's call on a running
# distributed.LocalCluster (shards written, merged, its JSON report to /dev/null and the Result
# back in the client), with worker
# processes and with worker threads. Each figure is the median of the rounds (bench/README.md).
# Needs the module (pybind11-dev) and Dask (python3-dask, python3-distributed).
# Run by hand: bench/dask-set.sh [BUILD_DIR]; BENCH_RUNS=N rounds (default 5).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
data=$build/bench-data/dask-set
runs=${BENCH_RUNS:-5}
python=${PYTHON:-/usr/bin/python3}
cmake --build "$build" --target sitemaplint sitemaplint_python >/dev/null
mkdir -p "$data"
PYTHONPATH=$build/python "$python" -u "$here/dask_set.py" "$build/sitemaplint" "$runs" "$data"

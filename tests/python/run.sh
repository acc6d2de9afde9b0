#!/bin/sh
# ctest's python_module: the Python module's tests (tests/python/, pytest) against the module in
# the build tree. Skipped (77) when no Python, no module (pybind11-dev missing when configuring)
# or no pytest was found, unless SITEMAPLINT_REQUIRE_ALL_TESTS=1 (CI), where that fails.
# Usage: run.sh PYTHON BUILD_PYTHON_DIR SITEMAPLINT_BINARY [dask], from the source tree. With
# "dask", ctest's python_dask: the tests of sitemaplint.dask (tests/python/dask/), skipped the same
# way without Dask and distributed (python3-dask, python3-distributed).
python=$1
package_dir=$2
binary=$3
suite=${4:-module}
skip() {
  echo "SKIPPED: $1"
  [ "${SITEMAPLINT_REQUIRE_ALL_TESTS:-}" = 1 ] && exit 1
  exit 77
}
[ -n "$python" ] && [ -x "$python" ] || skip "no Python 3 was found when configuring (.ci/install-deps installs python3-dev)"
ls "$package_dir"/sitemaplint/_core*.so >/dev/null 2>&1 ||
  skip "the module was not built: pybind11 was not found when configuring (.ci/install-deps installs pybind11-dev)"
"$python" -c "import pytest" 2>/dev/null || skip "pytest is not installed for $python (.ci/install-deps installs python3-pytest for /usr/bin/python3; configure with -DPython_EXECUTABLE=... to test another interpreter)"
if [ "$suite" = dask ]; then
  "$python" -c "import dask, distributed" 2>/dev/null ||
    skip "Dask and distributed are not installed for $python (.ci/install-deps installs python3-dask and python3-distributed)"
  PYTHONPATH=$package_dir SITEMAPLINT_BINARY=$binary exec "$python" -m pytest -q -p no:cacheprovider tests/python/dask
fi
PYTHONPATH=$package_dir SITEMAPLINT_BINARY=$binary exec "$python" -m pytest -q -p no:cacheprovider \
  --ignore=tests/python/dask tests/python

#!/bin/sh
# ctest's packaging_lintian: the .deb that packaging_deb built passes lintian without errors, and
# its changelog's first entry names the version being packaged.
# Usage: lintian.sh BUILD_DIR VERSION. Exits 77 (skipped) when lintian is not installed, unless
# SITEMAPLINT_REQUIRE_ALL_TESTS=1 (CI), where a missing lintian fails.
set -eu
build=$1
version=$2
if ! command -v lintian >/dev/null 2>&1; then
  echo "SKIPPED: lintian is not installed (.ci/install-deps installs it)"
  [ "${SITEMAPLINT_REQUIRE_ALL_TESTS:-}" = 1 ] && exit 1
  exit 77
fi
deb=$(ls "$build"/sitemaplint_"$version"_*.deb)
first=$(gzip -dc "$build/changelog.gz" | head -n 1)
case $first in
  "sitemaplint ($version) "*) ;;
  *) echo "packaging/changelog starts with '$first', not version $version"; exit 1 ;;
esac
# --fail-on error: warnings and notes are printed (for whoever reads the log) but pass.
lintian --fail-on error --tag-display-limit 0 "$deb"
echo "lintian: no errors in $(basename "$deb")"

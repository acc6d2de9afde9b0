#!/usr/bin/env bash
# Regenerates docs/html-report.png, the picture of the HTML report in the README and docs/output.md: the shop example
# (testdata/example/shop) rendered by headless Chromium at a fixed "now", so it changes only when
# the report does. Usage: tests/update-screenshot.sh [build/sitemaplint]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-build/sitemaplint}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Exit 1: the example has error findings, on purpose.
"$binary" --now 2025-01-01T00:00:00Z --format html -o "$work/report.html" testdata/example/shop/ || [ $? -eq 1 ]
HOME="$work" chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$work/profile" \
  --window-size=1360,1500 --screenshot="$PWD/docs/html-report.png" "file://$work/report.html" 2>/dev/null
echo "docs/html-report.png updated"

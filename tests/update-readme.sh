#!/usr/bin/env bash
# Regenerates the documentation that tests keep equal to the code: docs/rules.md (every rule, from
# its metadata), docs/profiles.md (from src/engine/rule_profiles.cpp) and the quick-start example output
# in README.md.
# Usage: tests/update-readme.sh [build/sitemaplint]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-build/sitemaplint}
for page in rules profiles; do
  "$binary" --generate-docs "$page" > "docs/$page.md.new"
  mv "docs/$page.md.new" "docs/$page.md"
done
example=$("$binary" testdata/example/sitemap.xml || true)
EXAMPLE="$example" perl -0pi -e '
  s/(The first command prints:\n\n```text\n).*?(```)/$1$ENV{EXAMPLE}\n$2/s;
' README.md
echo "README.md, docs/rules.md and docs/profiles.md updated"

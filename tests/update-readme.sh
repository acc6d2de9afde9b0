#!/usr/bin/env bash
# Regenerates the documentation that tests keep equal to the code: docs/rules.md (every rule, from
# its metadata) and docs/profiles.md (from src/rule_profiles.cpp), and the parts of README.md: the
# rule table, the profile table and the quick-start example output.
# Usage: tests/update-readme.sh [build/sitemaplint]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-build/sitemaplint}
for page in rules profiles; do
  "$binary" --generate-docs "$page" > "docs/$page.md.new"
  mv "docs/$page.md.new" "docs/$page.md"
done
table=$("$binary" --list-rules markdown)
profiles=$("$binary" --list-profiles markdown)
example=$("$binary" testdata/example/sitemap.xml || true)
TABLE="$table" PROFILES="$profiles" EXAMPLE="$example" perl -0pi -e '
  s/(<!-- rules:begin -->\n).*?(<!-- rules:end -->)/$1$ENV{TABLE}\n$2/s;
  s/(<!-- profiles:begin -->\n).*?(<!-- profiles:end -->)/$1$ENV{PROFILES}\n$2/s;
  s/(The first command prints:\n\n```text\n).*?(```)/$1$ENV{EXAMPLE}\n$2/s;
' README.md
echo "README.md, docs/rules.md and docs/profiles.md updated"

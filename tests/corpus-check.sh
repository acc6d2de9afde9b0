#!/usr/bin/env bash
# Scores sitemaplint against the shared corpus of real sitemaps (../shared/corpus next to the
# repository, or $SITEMAPLINT_CORPUS), using its ground truth VERDICTS.tsv:
#   valid        -> must report no error (exit 0)
#   invalid      -> must report at least one error (exit 1), or refuse the input (exit 2)
#   not-sitemap  -> must fail likewise
#   invalid-ext  -> defects in Google's extensions only: must fail likewise
#   unsure       -> not scored
# Skips cleanly (exit 0) when the corpus is absent: a user's clone has none.
# Usage: tests/corpus-check.sh [path/to/sitemaplint] [-v]
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$here/build/sitemaplint}
verbose=${2:-}
corpus=${SITEMAPLINT_CORPUS:-$here/../shared/corpus}
if [ ! -f "$corpus/VERDICTS.tsv" ]; then
  echo "corpus-check: no corpus at $corpus; skipped"
  exit 0
fi
if [ ! -x "$binary" ]; then
  echo "corpus-check: $binary not built" >&2
  exit 2
fi

pass=0 fail=0 skipped=0
failures=()
line_misses=()
lines_agree=0 lines_total=0
while IFS=$'\t' read -r file verdict line reason; do
  [ "$file" = "file" ] && continue
  path="$corpus/real/$file"
  [ -f "$path" ] || { failures+=("$file: missing from corpus"); fail=$((fail + 1)); continue; }
  "$binary" --quiet "$path" > /tmp/corpus-check.$$ 2>&1
  rc=$?
  if [ "$rc" -gt 2 ]; then
    failures+=("$file: crashed or misbehaved (exit $rc)")
    fail=$((fail + 1))
    continue
  fi
  case "$verdict" in
    valid)
      if [ "$rc" -eq 0 ]; then pass=$((pass + 1))
      else fail=$((fail + 1)); failures+=("$file: valid, but got exit $rc: $(grep -m1 'error\[' /tmp/corpus-check.$$)"); fi ;;
    invalid|invalid-ext|not-sitemap)
      if [[ $line =~ ^[0-9]+$ ]]; then
        # Does the first error sit on the line the ground truth names?
        first=$(grep -m1 -oE '^.*:[0-9]+:[0-9]+: error\[' /tmp/corpus-check.$$ | sed -E 's/.*:([0-9]+):[0-9]+: error\[$/\1/')
        lines_total=$((lines_total + 1))
        if [ "$first" = "$line" ]; then lines_agree=$((lines_agree + 1))
        else line_misses+=("$file: first error on line ${first:-none}, ground truth says $line"); fi
      fi
      if [ "$rc" -ne 0 ]; then pass=$((pass + 1))
      else fail=$((fail + 1)); failures+=("$file: $verdict (line $line: $reason), but no error"); fi ;;
    *) skipped=$((skipped + 1)) ;;
  esac
  [ -n "$verbose" ] && { echo "== $file ($verdict)"; cat /tmp/corpus-check.$$; }
done < "$corpus/VERDICTS.tsv"
rm -f /tmp/corpus-check.$$

for f in "${failures[@]}"; do echo "MISS $f"; done
[ -n "$verbose" ] && for f in "${line_misses[@]}"; do echo "LINE $f"; done
echo "corpus: first error on the ground truth's line for $lines_agree of $lines_total invalid files (invalid-ext included)"
echo "corpus: $pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# Writes the fuzz targets' seed corpora into OUTDIR/<target>/, generated from testdata/ (and the
# config example of docs/configuration.md) each time rather than committed: the fixtures already are the project's
# best collection of valid and broken sitemaps.
#   fuzz/seeds.sh OUTDIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: fuzz/seeds.sh OUTDIR}
export LC_ALL=C  # byte semantics for grep, awk and wc

# libFuzzer truncates longer inputs to -max_len (fuzz/run.sh); a cut gzip file teaches it little.
max_bytes=32768
rm -rf "$out"
mkdir -p "$out"/{lint,pieces,report,fix,suppress,datetime,uri,config,baseline,lsp,pages,records}

# Whole inputs for the targets that lint a file: every fixture (sitemaps, text lists, feeds, gzip,
# robots.txt, HTML and JSON served by mistake, broken bytes), but not the expectation sidecars.
n=0
while IFS= read -r -d '' file; do
  [ "$(wc -c < "$file")" -le "$max_bytes" ] || continue
  name=$(printf '%s' "${file#testdata/}" | tr '/' '_')
  for target in lint pieces report fix; do cp "$file" "$out/$target/$name"; done
  n=$((n + 1))
done < <(find testdata -type f ! -name '*.expected' -print0 | sort -z)

# The build folders of the PAGE fixtures: each _redirects file, a NUL, each page, and where the
# folder has them, a NUL, its _headers, a NUL and its vercel.json.
for site in testdata/sites/*/; do
  for page in "$site"*.html "$site"*/*.html; do
    [ -f "$page" ] || continue
    {
      cat "$site/_redirects" 2> /dev/null || true
      printf '\0'
      cat "$site/_headers" 2> /dev/null || true
      printf '\0'
      cat "$site/vercel.json" 2> /dev/null || true
      printf '\0'
      cat "$page"
    } > "$out/pages/$(printf '%s' "${page#testdata/}" | tr '/' '_')"
  done
done

# Suppression directives as written in the fixtures, one line each, after "sitemaplint-".
grep -rIhoE 'sitemaplint-[^>]*-->' testdata | sed -E 's/^sitemaplint-//; s/ *-->$//' | sort -u > "$out/suppress/fixtures"
printf '%s\n' 'disable-next-line SM301' 'disable unescaped-ampersand,SM5' 'enable' 'disable' 'enable SM301' \
  'disable-next-line' 'disable-next-line url' 'disable SM999' 'disable-next-line SM901' > "$out/suppress/mixed"

# Values: each <lastmod> (and news publication date) for the datetime parser, each URL for the URI
# scanner, one a file.
values() {  # PATTERN TARGET NAME: the text between the tags (or quotes) PATTERN finds, a file each
  # The first 400, counted by awk, which reads to the end: head would exit early, and sort, writing
  # into a closed pipe, would end the script under pipefail (exit 141) whenever it had more to write.
  grep -rIhoE "$1" testdata | sed -E 's/^[^>"]*[>"]//; s/[<"][^<"]*$//' | sort -u |
    awk -v prefix="$out/$2/$3" 'NR <= 400 { file = sprintf("%s-%04d", prefix, NR); printf "%s", $0 > file; close(file) }'
}
values '<lastmod>[^<]*</lastmod>' datetime lastmod
values '<news:publication_date>[^<]*</news:publication_date>' datetime news
values '<loc>[^<]*</loc>' uri loc
values 'href="[^"]*"' uri href

# Configs: the documented examples, and a few that use every kind of value.
awk '/^```toml$/ { keep = 1; next } /^```$/ { keep = 0 } keep' docs/configuration.md > "$out/config/readme"
printf '%s\n' 'select = ["ALL"]' 'ignore = ["SM1", "lastmod"]' '[severity]' 'SM203 = "info"' > "$out/config/rules"
printf '%s\n' 'exclude = ["**/drafts/**", "a/**/b/**/c", "*.gz"]' '[[overrides]]' 'files = ["news/**/*.xml"]' \
  'select = ["SM2"]' 'base-url = "https://example.com/news/"' > "$out/config/globs"

# fuzz/baseline.cpp reads its input twice: as lines (a file name, then values for a sitemap, whose
# baseline must silence it) and as a baseline file. Lines with bytes that are no UTF-8, and
# baselines of the shape --write-baseline writes.
printf 'caf\351\nhttps://example.com/\377\001\n\303(soon\nof\360\237ten\n5&\n\355\240\200' > "$out/baseline/not-utf8"
cat > "$out/baseline/written" <<'EOF'
{
  "version": 1,
  "findings": [
    {"path": "sitemap.xml", "rule": "SM301", "url": "https://example.com/?a=1&b=2"},
    {"path": "sitemap.xml", "rule": "SM402", "url": "https://example.com/?a=1&b=2"},
    {"path": "sitemap.xml", "rule": "SM106", "url": "https://example.com/x"},
    {"path": "other.xml", "rule": "SM005", "url": "no XML declaration"}
  ]
}
EOF
printf '%s' '{"findings": []}' > "$out/baseline/empty"
printf '%s' '{"findings": [{"path": "sitemap.xml", "rule": 1, "url": null}]}' > "$out/baseline/wrong-types"

# fuzz/records.cpp reads a record file (docs/records.md): a header (version 1, partition 0 of 1),
# records, and the end mark with their count. An empty one, and one with a page's record.
header='SMLREC\r\n\001\000\000\000\000\000\000\000\001\000\000\000'
zeros16='\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000'
printf "$header"'\000\000\000\000\000\000\000\000\000' > "$out/records/empty"
printf "$header"'\077\001'"$zeros16"'\000\000\000\000\000\000\000'"$zeros16"'\000\024https://example.com/\000' > "$out/records/page"
printf '\000\001\000\000\000\000\000\000\000' >> "$out/records/page"

# Language server sessions: each opens a fixture, changes it, asks for fixes and hover, and ends.
json_string() {  # standard input as a JSON string
  awk 'BEGIN { ORS = ""; print "\"" }
       { gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); gsub(/\t/, "\\t"); gsub(/\r/, "\\r"); if (NR > 1) print "\\n"; print }
       END { print "\"" }'
}
frame() { printf 'Content-Length: %d\r\n\r\n%s' "$(printf '%s' "$1" | wc -c)" "$1"; }
session=0
for file in testdata/example/sitemap.xml testdata/extensions/*.xml testdata/rules/SM[0-9]*/*.xml; do
  [ "$session" -lt 40 ] || break
  [ "$(wc -c < "$file")" -le 8192 ] || continue
  iconv -f UTF-8 -t UTF-8 "$file" > /dev/null 2>&1 || continue  # JSON carries UTF-8 only
  if tr -d '\t\r\n' < "$file" | grep -q '[[:cntrl:]]'; then continue; fi
  uri="file:///fuzz/$(basename "$file")"
  doc='{"uri":"'$uri'"}'
  {
    frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-16"]}}}}'
    frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
    frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"'$uri'","languageId":"xml","version":1,"text":'"$(json_string < "$file")"'}}}'
    frame '{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"'$uri'","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":5}},"text":"&<é"}]}}'
    frame '{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":'"$doc"',"range":{"start":{"line":0,"character":0},"end":{"line":99,"character":0}},"context":{"diagnostics":[],"only":["quickfix","source.fixAll"]}}}'
    frame '{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":'"$doc"',"position":{"line":2,"character":10}}}'
    frame '{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":'"$doc"'}}'
    frame '{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":'"$doc"'}}'
    frame '{"jsonrpc":"2.0","id":4,"method":"shutdown"}'
    frame '{"jsonrpc":"2.0","method":"exit"}'
  } > "$out/lsp/$(printf '%02d' "$session")-$(basename "$file")"
  session=$((session + 1))
done

for dir in "$out"/*/; do
  [ -n "$(ls -A "$dir")" ] || { echo "seeds: nothing generated for $(basename "$dir")" >&2; exit 1; }
done
echo "seeds: $n fixtures, $(ls "$out/datetime" | wc -l) dates, $(ls "$out/uri" | wc -l) URLs, $session LSP sessions in $out"

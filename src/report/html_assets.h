// The HTML report's style sheet and script, inlined into every report: the file must open
// anywhere, offline, with nothing fetched (its Content-Security-Policy forbids fetching at all).
#pragma once

namespace sitemaplint::html_assets {

inline constexpr const char* kStyle = R"css(
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
header, main { max-width: 1360px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 20px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 10px; }
.sub { color: var(--muted); margin: 0; }
.run-failed { border: 1px solid #cf222e; border-left-width: 6px; border-radius: 8px; padding: 4px 14px; margin: 0 0 16px; }
.run-failed h2 { color: #cf222e; } .run-failed p { color: #cf222e; font-weight: 600; }
.run-kept { color: var(--muted); margin: 0 0 16px; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 16px 0 0; padding: 0; list-style: none; }
.cards li { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 118px; background: var(--panel); }
.cards .figure { display: block; font-size: 24px; font-weight: 600; }
.cards .what { color: var(--muted); }
.cards li.errors .figure { color: #cf222e; } .cards li.warnings .figure { color: #9a6700; } .cards li.infos .figure { color: #0969da; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(640px, 1fr)); gap: 8px 28px; }
figure { margin: 0; }
figcaption { font-weight: 600; margin: 18px 0 6px; }
figcaption .note { font-weight: normal; color: var(--muted); }
svg.chart { max-width: 100%; height: auto; display: block; }
svg.chart text { font-size: 12px; fill: var(--ink); }
svg.chart text.value { fill: var(--muted); }
#by-rule g.bar { cursor: pointer; }
.legend { list-style: none; padding: 0; margin: 8px 0 0; display: flex; flex-wrap: wrap; gap: 4px 16px; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 5px; }
.sev-error { fill: #cf222e; background: #cf222e; } .sev-warning { fill: #d4a72c; background: #d4a72c; }
.sev-info { fill: #218bff; background: #218bff; } .plain { fill: #8250df; background: #8250df; }
.fresh-7 { fill: #1a7f37; background: #1a7f37; } .fresh-30 { fill: #2da44e; background: #2da44e; }
.fresh-365 { fill: #6fdd8b; background: #6fdd8b; } .fresh-older { fill: #d4a72c; background: #d4a72c; }
.fresh-future { fill: #8250df; background: #8250df; } .fresh-invalid { fill: #cf222e; background: #cf222e; }
.fresh-missing { fill: #afb8c1; background: #afb8c1; }
dl.freshness { display: flex; flex-wrap: wrap; gap: 4px 22px; margin: 8px 0 0; }
dl.freshness div { display: flex; gap: 6px; } dl.freshness dt { color: var(--muted); } dl.freshness dd { margin: 0; font-weight: 600; }
.filters { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin-bottom: 8px; }
.filters input, .filters select { font: inherit; padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; }
.filters input { min-width: 280px; }
#shown { color: var(--muted); }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid var(--line); }
th { background: var(--panel); position: sticky; top: 0; }
th:nth-child(1) { width: 84px; } th:nth-child(2) { width: 170px; } th:nth-child(3) { width: 24%; }
th:nth-child(5) { width: 30%; }
td.where { overflow-wrap: anywhere; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
td.src code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; white-space: pre-wrap; word-break: break-all; }
td.src mark { background: #ffebe9; border-bottom: 2px solid #cf222e; }
.badge { display: inline-block; padding: 0 7px; border-radius: 10px; color: #fff; font-size: 12px; }
.badge.error { background: #cf222e; } .badge.warning { background: #9a6700; } .badge.info { background: #0969da; }
.fix { color: var(--muted); font-size: 12px; }
details { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; padding: 4px 10px; }
details pre { white-space: pre-wrap; font-size: 12px; }
:target { outline: 2px solid #0969da; }
footer { color: var(--muted); margin: 28px 0; }
)css";

// Filters the findings by text, severity and rule, and shows them a page at a time. The findings
// come packed in #findings-data (html_findings.h): they are unpacked once, the filters run over
// all of them, and only the page shown is made into rows. The page's URL fragment may preset the
// filters ("#rule=SM301&severity=error&q=shoes"), and a click on a rule's bar filters by it.
// Without script (or DecompressionStream) the first page written into the HTML stays shown.
inline constexpr const char* kScript = R"js(
(function () {
  'use strict';
  var text = document.getElementById('filter-text');
  var severity = document.getElementById('filter-severity');
  var rule = document.getElementById('filter-rule');
  var shown = document.getElementById('shown-count');
  var packed = document.getElementById('findings-data');
  var body = document.querySelector('#findings tbody');
  var pager = document.getElementById('pager');
  var at = document.getElementById('page-at');
  if (!text || !severity || !rule || !shown || !packed || !body) return;
  var PAGE = 200, SEVERITIES = ['error', 'warning', 'info'];
  var data = null, haystacks = [], matches = [], page = 0;
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c];
    });
  }
  // One row, as the report writes the first page (report/html_findings.cpp, row_html).
  function renderRow(r) {
    var sev = SEVERITIES[r[0]], code = data.rules[r[1]][0], name = data.rules[r[1]][1];
    return '<tr data-severity="' + sev + '" data-rule="' + code + '"><td><span class="badge ' + sev + '">' + sev +
      '</span></td><td><a href="#rule-' + code + '">' + code + '</a> ' + esc(name) + '</td><td class="where">' +
      esc(data.files[r[2]] + ':' + r[3] + ':' + r[4]) + '</td><td>' + esc(r[5]) +
      (r[6] ? '<div class="fix">fix: ' + esc(r[6]) + '</div>' : '') + '</td><td class="src"><code>' + esc(r[7]) +
      '<mark>' + esc(r[8]) + '</mark>' + esc(r[9]) + '</code></td></tr>';
  }
  function haystack(i) {
    if (haystacks[i] === undefined) {
      var r = data.rows[i];
      haystacks[i] = (data.files[r[2]] + ':' + r[3] + ':' + r[4] + ' ' + data.rules[r[1]].join(' ') + ' ' +
        SEVERITIES[r[0]] + ' ' + r[5] + ' ' + r[6] + ' ' + r[7] + r[8] + r[9]).toLowerCase();
    }
    return haystacks[i];
  }
  function show() {
    var pages = Math.max(1, Math.ceil(matches.length / PAGE));
    page = Math.min(page, pages - 1);
    var html = [];
    for (var i = page * PAGE; i < Math.min(matches.length, (page + 1) * PAGE); i++) html.push(renderRow(data.rows[matches[i]]));
    body.innerHTML = html.join('');
    shown.textContent = matches.length.toLocaleString('en-US');
    pager.hidden = pages < 2;
    at.textContent = 'page ' + (page + 1) + ' of ' + pages;
  }
  function apply() {
    if (!data) return;
    var words = text.value.toLowerCase().split(/\s+/).filter(Boolean);
    var sev = SEVERITIES.indexOf(severity.value), code = rule.value;
    matches = [];
    for (var i = 0; i < data.rows.length; i++) {
      var r = data.rows[i];
      if (sev >= 0 && r[0] !== sev) continue;
      if (code && data.rules[r[1]][0] !== code) continue;
      if (words.length) {
        var h = haystack(i);
        if (!words.every(function (word) { return h.indexOf(word) >= 0; })) continue;
      }
      matches.push(i);
    }
    page = 0;
    show();
  }
  var preset = new URLSearchParams(location.hash.slice(1));
  if (preset.get('q')) text.value = preset.get('q');
  if (preset.get('severity')) severity.value = preset.get('severity');
  if (preset.get('rule')) rule.value = preset.get('rule');
  [text, severity, rule].forEach(function (control) {
    control.addEventListener('input', apply);
    control.addEventListener('change', apply);
  });
  document.getElementById('page-prev').addEventListener('click', function () { if (page > 0) { page--; show(); } });
  document.getElementById('page-next').addEventListener('click', function () { page++; show(); });
  Array.prototype.forEach.call(document.querySelectorAll('#by-rule g.bar'), function (bar) {
    bar.addEventListener('click', function () {
      rule.value = bar.getAttribute('data-key');
      apply();
      document.getElementById('findings').scrollIntoView();
    });
  });
  // A link to a rule's documentation opens it.
  function openRule() {
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target && target.tagName === 'DETAILS') target.open = true;
  }
  window.addEventListener('hashchange', openRule);
  openRule();
  if (typeof DecompressionStream === 'undefined') return;
  var bytes = Uint8Array.from(atob(packed.textContent.trim()), function (c) { return c.charCodeAt(0); });
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text().then(function (json) {
    data = JSON.parse(json);
    apply();
    // When the rows were ready, for the test that holds the page to its time.
    document.getElementById('findings').setAttribute('data-ready-ms', String(Math.round(performance.now())));
  });
})();
)js";

}  // namespace sitemaplint::html_assets

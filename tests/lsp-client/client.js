#!/usr/bin/env node
// End-to-end check of `sitemaplint server` with a real LSP client library (vscode-languageserver-
// protocol, the one VS Code's client uses). Usage: node client.js SITEMAPLINT_BINARY VERSION DOCS
// where DOCS is a JSON object mapping SM208, SM301 and SM501 to their documentation URLs.
// For each position encoding (utf-8 offered, then only utf-16) it opens a sitemap with known
// problems, checks the published diagnostics exactly, applies a quick fix and fix-all through
// code actions, hovers over a rule code, sends a malformed message on the raw stream, and shuts
// down. Exits 0 when every check passed, 1 otherwise (printing what differed).
'use strict';
const { spawn } = require('child_process');
const assert = require('assert/strict');
const rpc = require('vscode-languageserver-protocol/node');

const [binary, version, docsJson] = process.argv.slice(2);
if (!binary || !version || !docsJson) {
  console.error('usage: node client.js SITEMAPLINT_BINARY VERSION DOCS_JSON');
  process.exit(2);
}

const uri = 'file:///tmp/lsp%20client/sitemap.xml';
// Line 3: 'é' before the SM501 finding; line 4: '😀' (2 UTF-16 units, 4 UTF-8 bytes) before
// SM301. SM208 on line 3 is suppressed by the comment on line 2, whose rule code we hover over.
const original = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '  <!-- sitemaplint-disable-next-line SM208 -->',
  '  <url><loc>https://example.com/café</loc><changefreq>Daily</changefreq></url>',
  '  <url><loc>https://example.com/😀?a=1&b=2</loc></url>',
  '</urlset>',
  '',
].join('\n');

const range = (l1, c1, l2, c2) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });
const docs = JSON.parse(docsJson);

// A position's index in a JavaScript (UTF-16) string, for the negotiated encoding.
function indexOf(text, position, encoding) {
  const lines = text.split('\n');
  let index = 0;
  for (let i = 0; i < position.line; ++i) index += lines[i].length + 1;
  const line = lines[position.line] || '';
  if (encoding === 'utf-16') return index + position.character;
  return index + Buffer.from(line, 'utf8').subarray(0, position.character).toString('utf8').length;
}

function applyEdits(text, edits, encoding) {
  const sorted = [...edits].sort((a, b) => indexOf(text, b.range.start, encoding) - indexOf(text, a.range.start, encoding));
  for (const e of sorted) {
    text = text.slice(0, indexOf(text, e.range.start, encoding)) + e.newText + text.slice(indexOf(text, e.range.end, encoding));
  }
  return text;
}

async function session(offerUtf8) {
  const encoding = offerUtf8 ? 'utf-8' : 'utf-16';
  const wide = offerUtf8 ? 1 : 0;        // é takes one more unit in UTF-8 than in UTF-16
  const astral = offerUtf8 ? 2 : 0;      // 😀 takes two more
  const child = spawn(binary, ['server'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const logged = [];
  const logger = { error: (m) => logged.push(m), warn: (m) => logged.push(m), info: () => {}, log: () => {} };
  const connection = rpc.createProtocolConnection(new rpc.StreamMessageReader(child.stdout),
                                                  new rpc.StreamMessageWriter(child.stdin), logger);
  const published = [];
  let waiting = null;
  connection.onNotification(rpc.PublishDiagnosticsNotification.type, (params) => {
    published.push(params);
    if (waiting) { const w = waiting; waiting = null; w(); }
  });
  const nextDiagnostics = () => new Promise((resolve) => {
    const take = () => resolve(published.shift());
    if (published.length) take(); else waiting = take;
  });
  connection.listen();

  const init = await connection.sendRequest(rpc.InitializeRequest.type, {
    processId: process.pid, rootUri: null, capabilities: { general: { positionEncodings: offerUtf8 ? ['utf-8', 'utf-16'] : ['utf-16'] } },
  });
  assert.equal(init.capabilities.positionEncoding, encoding);
  assert.deepEqual(init.serverInfo, { name: 'sitemaplint', version });
  assert.deepEqual(init.capabilities.textDocumentSync, { openClose: true, change: 2, save: { includeText: true } });
  assert.equal(init.capabilities.hoverProvider, true);
  connection.sendNotification(rpc.InitializedNotification.type, {});

  connection.sendNotification(rpc.DidOpenTextDocumentNotification.type,
                              { textDocument: { uri, languageId: 'xml', version: 1, text: original } });
  let diagnostics = await nextDiagnostics();
  assert.equal(diagnostics.uri, uri);
  assert.equal(diagnostics.version, 1);
  const brief = (d) => ({ code: d.code, severity: d.severity, range: d.range, href: d.codeDescription.href, source: d.source });
  const sm501 = { code: 'SM501', severity: 1, range: range(3, 54 + wide, 3, 59 + wide), href: docs.SM501, source: 'sitemaplint' };
  const sm208 = { code: 'SM208', severity: 2, range: range(4, 12, 4, 42 + astral), href: docs.SM208, source: 'sitemaplint' };
  const sm301 = { code: 'SM301', severity: 1, range: range(4, 38 + astral, 4, 39 + astral), href: docs.SM301, source: 'sitemaplint' };
  assert.deepEqual(diagnostics.diagnostics.map(brief), [sm501, sm208, sm301]);
  assert.equal(diagnostics.diagnostics[2].message, "raw '&' must be written '&amp;'; XML parsers reject the whole file");

  // The quick fix for SM501, applied as an editor would, then sent back as a full-text change.
  const actions = await connection.sendRequest(rpc.CodeActionRequest.type, {
    textDocument: { uri }, range: sm501.range, context: { diagnostics: [diagnostics.diagnostics[0]] },
  });
  const quickfix = actions.find((a) => a.kind === 'quickfix');
  assert.equal(quickfix.title, "replace with 'daily'");
  assert.equal(quickfix.isPreferred, true);
  assert.deepEqual(quickfix.diagnostics.map(brief), [sm501]);
  let text = applyEdits(original, quickfix.edit.changes[uri], encoding);
  assert.equal(text, original.replace('Daily', 'daily'));
  connection.sendNotification(rpc.DidChangeTextDocumentNotification.type,
                              { textDocument: { uri, version: 2 }, contentChanges: [{ text }] });
  diagnostics = await nextDiagnostics();
  assert.equal(diagnostics.version, 2);
  assert.deepEqual(diagnostics.diagnostics.map(brief), [sm208, sm301]);

  // Fix-all, as editors request it on save.
  const fixAll = await connection.sendRequest(rpc.CodeActionRequest.type, {
    textDocument: { uri }, range: range(0, 0, 0, 0), context: { diagnostics: [], only: ['source.fixAll'] },
  });
  assert.equal(fixAll.length, 1);
  assert.equal(fixAll[0].kind, 'source.fixAll.sitemaplint');
  text = applyEdits(text, fixAll[0].edit.changes[uri], encoding);
  assert.equal(text, original.replace('Daily', 'daily').replace('😀?a=1&b=2', '%F0%9F%98%80?a=1&amp;b=2'));
  connection.sendNotification(rpc.DidChangeTextDocumentNotification.type,
                              { textDocument: { uri, version: 3 }, contentChanges: [{ text }] });
  diagnostics = await nextDiagnostics();
  assert.deepEqual(diagnostics.diagnostics, []);

  // Hover over "SM208" in the suppression comment.
  const column = original.split('\n')[2].indexOf('SM208');
  const hover = await connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: column + 2 } });
  assert.equal(hover.contents.kind, 'markdown');
  assert.ok(hover.contents.value.startsWith('# SM208 loc-non-ascii (warning)\n'), hover.contents.value);
  assert.ok(hover.contents.value.includes(`(${docs.SM208})`));
  assert.deepEqual(hover.range, range(2, column, 2, column + 5));

  // A malformed message on the raw stream: the server answers -32700 with id null and goes on.
  const bad = '{"jsonrpc": "2.0", "id": 5, "method": ';
  child.stdin.write(`Content-Length: ${Buffer.byteLength(bad)}\r\n\r\n${bad}`);
  await assert.rejects(connection.sendRequest('sitemaplint/noSuchMethod', {}), (e) => e.code === -32601);
  assert.ok(logged.some((m) => m.includes('-32700')), `no parse error reported: ${JSON.stringify(logged)}`);
  assert.equal(logged.length, 1, JSON.stringify(logged));

  connection.sendNotification(rpc.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  diagnostics = await nextDiagnostics();
  assert.deepEqual(diagnostics, { uri, diagnostics: [] });

  await connection.sendRequest(rpc.ShutdownRequest.type);
  connection.sendNotification(rpc.ExitNotification.type);
  const code = await exited;
  connection.dispose();
  assert.equal(code, 0, `exit code ${code}; stderr: ${stderr}`);
  console.log(`ok: ${encoding}`);
}

const watchdog = setTimeout(() => { console.error('timed out'); process.exit(1); }, 30000);
(async () => {
  try {
    await session(true);
    await session(false);
    clearTimeout(watchdog);
    process.exit(0);
  } catch (e) {
    console.error(e && e.stack ? e.stack : e);
    process.exit(1);
  }
})();

#!/usr/bin/env node
// The VS Code extension (editors/vscode/) without VS Code: its manifest, the command line and
// document selector it makes of its settings (settings.js), those command lines run as the real
// `sitemaplint server` driven over stdio with the LSP library the extension ships
// (vscode-languageserver-protocol, under vscode-languageclient), and extension.js run with stand-ins
// for the `vscode` module and LanguageClient, to see that it hands them those choices and starts
// again when a setting changes. Usage: node vscode-extension.js SITEMAPLINT_BINARY SITEMAP_FILE
// Exits 0 when every check passed, 1 otherwise (printing what differed).
'use strict';
const { spawn, execFileSync } = require('child_process');
const assert = require('assert/strict');
const fs = require('fs');
const Module = require('module');
const path = require('path');

const extensionDir = path.join(__dirname, '..', 'editors', 'vscode');
const languageClientDir = path.join(extensionDir, 'node_modules', 'vscode-languageclient');
// The packages vscode-languageclient itself loads, wherever npm put them.
const fromClient = (name) => require(require.resolve(name, { paths: [languageClientDir] }));
const rpc = fromClient('vscode-languageserver-protocol/node');
const minimatch = fromClient('minimatch');
const { DEFAULT_PATTERNS, serverCommand, documentSelector } = require(path.join(extensionDir, 'settings.js'));

const [binary, sitemap] = process.argv.slice(2);
if (!binary || !sitemap) {
  console.error('usage: node vscode-extension.js SITEMAPLINT_BINARY SITEMAP_FILE');
  process.exit(2);
}

function checkManifest() {
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, 'package.json'), 'utf8'));
  assert.ok(fs.existsSync(path.join(extensionDir, manifest.main)), manifest.main);
  assert.match(manifest.dependencies['vscode-languageclient'], /^\d+\.\d+\.\d+$/, 'an exact version');
  for (const pattern of DEFAULT_PATTERNS) assert.ok(manifest.activationEvents.includes(`workspaceContains:${pattern}`));
  assert.ok(manifest.activationEvents.includes('onLanguage:xml'));
  const settings = manifest.contributes.configuration.properties;
  assert.deepEqual(Object.keys(settings).sort(), ['sitemaplint.filePatterns', 'sitemaplint.path', 'sitemaplint.profile']);
  assert.equal(settings['sitemaplint.path'].default, 'sitemaplint');
  assert.equal(settings['sitemaplint.profile'].default, '');
  assert.deepEqual(settings['sitemaplint.filePatterns'].default, []);
  // A workspace must not choose the program that runs unless the user trusts it.
  assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, ['sitemaplint.path']);
}

function checkSettings() {
  assert.deepEqual(serverCommand({}, '/w'), { command: 'sitemaplint', args: ['server'] });
  assert.deepEqual(serverCommand({ path: '  ', profile: ' ' }, '/w'), { command: 'sitemaplint', args: ['server'] });
  assert.deepEqual(serverCommand({ path: 'sitemaplint-dev', profile: ' google ' }, '/w'),
                   { command: 'sitemaplint-dev', args: ['server', '--profile=google'] });
  assert.equal(serverCommand({ path: './build/sitemaplint' }, '/w/site').command, '/w/site/build/sitemaplint');
  assert.equal(serverCommand({ path: './build/sitemaplint' }, undefined).command, './build/sitemaplint');
  assert.equal(serverCommand({ path: '/opt/bin/sitemaplint' }, '/w').command, '/opt/bin/sitemaplint');

  assert.deepEqual(documentSelector(undefined), { selector: [{ scheme: 'file', pattern: '**/*sitemap*.xml' }], ignored: [] });
  const more = documentSelector([' **/feeds/*.xml ', '', 7, '**/*sitemap*.xml']);
  assert.deepEqual(more.selector.map((f) => f.pattern), ['**/*sitemap*.xml', '**/feeds/*.xml']);
  assert.deepEqual(more.ignored, ['', 7]);

  // The default pattern, as a glob matcher with '*' inside one path segment reads it.
  const matches = (file) => DEFAULT_PATTERNS.some((pattern) => minimatch(file, pattern));
  for (const file of ['/srv/www/sitemap.xml', '/srv/www/sitemap_index.xml', '/srv/www/sitemap-products.xml',
                      '/srv/www/sitemap-en.xml', '/srv/www/sitemap1.xml', '/srv/www/post-sitemap2.xml',
                      '/home/me/sitemaplint/testdata/example/sitemap.xml']) {
    assert.ok(matches(file), `${file} should be a sitemap`);
  }
  for (const file of ['/home/me/app/pom.xml', '/srv/sitemap-tools/pom.xml', '/srv/sitemap/build.xml',
                      '/srv/www/sitemap.txt', '/srv/www/sitemap.xml.gz']) {
    assert.ok(!matches(file), `${file} should not be a sitemap`);
  }
}

// What the command line reports for the file under `profile`: [line, code, LSP severity] sorted.
function cliFindings(profile) {
  const args = ['--format', 'json', ...(profile ? [`--profile=${profile}`] : []), sitemap];
  let out;
  try {
    out = execFileSync(binary, args, { encoding: 'utf8' });
  } catch (e) {
    out = e.stdout;  // exit code 1: findings
  }
  const levels = { error: 1, warning: 2, info: 3 };
  return JSON.parse(out).files[0].diagnostics.map((d) => [d.line, d.code, levels[d.severity]]).sort();
}

// Starts the server with the command line the extension makes of `settings`, opens the sitemap,
// and returns its diagnostics as [line, code, severity], sorted.
async function serverFindings(settings) {
  const { command, args } = serverCommand(settings, undefined);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const connection = rpc.createProtocolConnection(new rpc.StreamMessageReader(child.stdout),
                                                  new rpc.StreamMessageWriter(child.stdin));
  const published = new Promise((resolve) => connection.onNotification(rpc.PublishDiagnosticsNotification.type, resolve));
  connection.listen();
  await connection.sendRequest(rpc.InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
  connection.sendNotification(rpc.InitializedNotification.type, {});
  const uri = `file://${path.resolve(sitemap)}`;
  connection.sendNotification(rpc.DidOpenTextDocumentNotification.type,
                              { textDocument: { uri, languageId: 'xml', version: 1, text: fs.readFileSync(sitemap, 'utf8') } });
  const diagnostics = await published;
  assert.equal(diagnostics.uri, uri);
  await connection.sendRequest(rpc.ShutdownRequest.type);
  connection.sendNotification(rpc.ExitNotification.type);
  assert.equal(await exited, 0, stderr);
  connection.dispose();
  return diagnostics.diagnostics.map((d) => [d.range.start.line + 1, d.code, d.severity]).sort();
}

async function checkServer() {
  const plain = await serverFindings({ path: binary, profile: '' });
  assert.ok(plain.length > 0, 'the sample has findings');
  assert.deepEqual(plain, cliFindings(''));
  const strict = await serverFindings({ path: binary, profile: 'strict' });
  assert.deepEqual(strict, cliFindings('strict'));
  assert.notDeepEqual(strict, plain, 'the profile changed nothing: choose a sample with warnings');

  // An unknown profile: the server does not start, and says why on standard error (VS Code shows
  // it in the extension's output channel).
  const { command, args } = serverCommand({ path: binary, profile: 'gogle' }, undefined);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 2);
  assert.match(stderr, /unknown profile 'gogle'; did you mean 'google'\?/);
}

// extension.js with stand-ins for `vscode` and LanguageClient that record what it does.
async function checkExtension() {
  const config = { path: './bin/sitemaplint', profile: 'bing', filePatterns: ['**/maps/*.xml'] };
  const clients = [];
  const listeners = [];
  const warnings = [];
  const vscode = {
    workspace: {
      getConfiguration: (section) => {
        assert.equal(section, 'sitemaplint');
        return { get: (key) => config[key] };
      },
      workspaceFolders: [{ uri: { fsPath: '/work/site' } }],
      onDidChangeConfiguration: (listener) => {
        listeners.push(listener);
        return { dispose() {} };
      },
    },
    window: { showWarningMessage: (message) => warnings.push(message) },
  };
  class LanguageClient {
    constructor(id, name, serverOptions, clientOptions) {
      Object.assign(this, { id, name, serverOptions, clientOptions, started: 0, stopped: 0 });
      clients.push(this);
    }
    start() { this.started += 1; return Promise.resolve(); }
    stop() { this.stopped += 1; return Promise.resolve(); }
  }
  const load = Module._load;
  Module._load = function (request, ...rest) {
    if (request === 'vscode') return vscode;
    if (request === 'vscode-languageclient/node') return { LanguageClient };
    return load.call(this, request, ...rest);
  };
  let extension;
  try {
    extension = require(path.join(extensionDir, 'extension.js'));
  } finally {
    Module._load = load;
  }
  const context = { subscriptions: [] };
  await extension.activate(context);
  assert.equal(context.subscriptions.length, 1);
  assert.equal(clients.length, 1);
  assert.deepEqual([clients[0].id, clients[0].serverOptions, clients[0].clientOptions, clients[0].started],
                   ['sitemaplint', { command: '/work/site/bin/sitemaplint', args: ['server', '--profile=bing'] },
                    { documentSelector: [{ scheme: 'file', pattern: '**/*sitemap*.xml' }, { scheme: 'file', pattern: '**/maps/*.xml' }] },
                    1]);
  // Another extension's setting changes: nothing happens.
  await listeners[0]({ affectsConfiguration: (section) => section === 'editor' });
  assert.equal(clients.length, 1);
  // Ours changes: the running server stops and one with the new settings starts.
  config.profile = '';
  config.filePatterns = [''];
  await listeners[0]({ affectsConfiguration: (section) => section === 'sitemaplint' });
  assert.equal(clients.length, 2);
  assert.equal(clients[0].stopped, 1);
  assert.deepEqual(clients[1].serverOptions, { command: '/work/site/bin/sitemaplint', args: ['server'] });
  assert.equal(clients[1].started, 1);
  assert.deepEqual(warnings, ['sitemaplint.filePatterns: ignored [""] (not a glob pattern)']);
  await extension.deactivate();
  assert.equal(clients[1].stopped, 1);
}

const watchdog = setTimeout(() => { console.error('timed out'); process.exit(1); }, 30000);
(async () => {
  try {
    checkManifest();
    checkSettings();
    await checkServer();
    await checkExtension();
    clearTimeout(watchdog);
    console.log('ok');
    process.exit(0);
  } catch (e) {
    console.error(e && e.stack ? e.stack : e);
    process.exit(1);
  }
})();

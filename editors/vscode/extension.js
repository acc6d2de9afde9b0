// The VS Code extension: a thin client of `sitemaplint server`. Everything it decides from its
// settings is in settings.js, which a test runs against the real server without VS Code; this
// file only hands those choices to vscode-languageclient and starts again when they change.
'use strict';
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');
const { serverCommand, documentSelector } = require('./settings');

let client;

function start() {
  const config = vscode.workspace.getConfiguration('sitemaplint');
  const folders = vscode.workspace.workspaceFolders;
  const { command, args } = serverCommand(
    { path: config.get('path'), profile: config.get('profile') },
    folders && folders.length ? folders[0].uri.fsPath : undefined,
  );
  const { selector, ignored } = documentSelector(config.get('filePatterns'));
  if (ignored.length) {
    vscode.window.showWarningMessage(`sitemaplint.filePatterns: ignored ${JSON.stringify(ignored)} (not a glob pattern)`);
  }
  client = new LanguageClient('sitemaplint', 'sitemaplint', { command, args }, { documentSelector: selector });
  return client.start();
}

async function stop() {
  const running = client;
  client = undefined;
  if (running) await running.stop();
}

exports.activate = async (context) => {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration('sitemaplint')) return;
      await stop();
      await start();
    }),
  );
  await start();
};

exports.deactivate = () => stop();

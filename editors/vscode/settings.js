// What the extension makes of its settings, with nothing of VS Code in it, so that a plain Node
// program can check it against the real server (tests/vscode-extension/check.js): the command
// line that starts `sitemaplint server`, and the documents the client hands to it.
'use strict';
const path = require('path');

// The files the other editor setups give the server (docs/integrations.md): an XML file whose name
// contains "sitemap". In VS Code's globs '*' stays within one path segment, so a pom.xml under a
// folder named sitemap-tools/ is not one.
const DEFAULT_PATTERNS = ['**/*sitemap*.xml'];

function text(value) {
  return typeof value === 'string' ? value.trim() : '';
}

// The program and arguments for the settings `path` and `profile`. A relative path with a slash
// in it ("./build/sitemaplint") is taken from `workspaceFolder`, as a bare name is from PATH.
function serverCommand(settings, workspaceFolder) {
  let command = text(settings && settings.path) || 'sitemaplint';
  if (!path.isAbsolute(command) && command.includes('/') && workspaceFolder) {
    command = path.join(workspaceFolder, command);
  }
  const args = ['server'];
  const profile = text(settings && settings.profile);
  if (profile) args.push(`--profile=${profile}`);
  return { command, args };
}

// The client's document selector: the default patterns and the setting's, on disk only (an
// untitled buffer has no name to match). Entries that are not glob strings are left out and named.
function documentSelector(extraPatterns) {
  const patterns = [...DEFAULT_PATTERNS];
  const ignored = [];
  for (const pattern of Array.isArray(extraPatterns) ? extraPatterns : []) {
    const glob = text(pattern);
    if (!glob) {
      ignored.push(pattern);
    } else if (!patterns.includes(glob)) {
      patterns.push(glob);
    }
  }
  return { selector: patterns.map((pattern) => ({ scheme: 'file', pattern })), ignored };
}

module.exports = { DEFAULT_PATTERNS, serverCommand, documentSelector };

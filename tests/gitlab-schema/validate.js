#!/usr/bin/env node
// Validates GitLab Code Quality reports: every issue against GitLab's own schema
// (codeclimate.json, vendored), then what GitLab's documentation of the format adds (README.md).
// Usage: node validate.js FILE... Prints each problem and exits 1 when a file is invalid, 2 on a
// usage or read error. ajv comes from tests/sarif-schema, which installs it for the SARIF check.
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require(require.resolve('ajv', { paths: [path.join(__dirname, '..', 'sarif-schema')] }));

const schema = JSON.parse(fs.readFileSync(path.join(__dirname, 'codeclimate.json'), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
const validateIssue = ajv.compile(schema);
const severities = new Set(['info', 'minor', 'major', 'critical', 'blocker']);

function problems(report) {
  if (!Array.isArray(report)) return ['the report is not a JSON array'];
  const out = [];
  const fingerprints = new Set();
  report.forEach((issue, i) => {
    const where = `[${i}]`;
    if (!validateIssue(issue)) {
      for (const err of validateIssue.errors) out.push(`${where}${err.instancePath} ${err.message}`);
      return;
    }
    if (typeof issue.check_name !== 'string' || issue.check_name === '') out.push(`${where} check_name is missing`);
    if (!severities.has(issue.severity)) out.push(`${where} severity '${issue.severity}' is not one GitLab knows`);
    const location = issue.location;
    if (typeof location.path !== 'string' || location.path === '') out.push(`${where} location.path is missing`);
    else if (location.path.startsWith('./')) out.push(`${where} location.path starts with ./`);
    const line = location.lines ? location.lines.begin : location.positions && location.positions.begin.line;
    if (!Number.isInteger(line) || line < 1) out.push(`${where} no line number from 1 (lines.begin or positions.begin.line)`);
    if (fingerprints.has(issue.fingerprint)) out.push(`${where} fingerprint ${issue.fingerprint} is repeated`);
    fingerprints.add(issue.fingerprint);
  });
  return out;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node validate.js REPORT.json...');
  process.exit(2);
}
let status = 0;
for (const file of files) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`${file}: cannot read JSON: ${e.message}`);
    process.exit(2);
  }
  const found = problems(report);
  if (found.length === 0) {
    console.log(`${file}: valid GitLab Code Quality report (${report.length} issues)`);
  } else {
    status = 1;
    for (const problem of found) console.error(`${file}: ${problem}`);
  }
}
process.exit(status);

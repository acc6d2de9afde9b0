#!/usr/bin/env node
// Validates SARIF files against the SARIF 2.1.0 JSON schema (the final 2.1.0 schema, rtm.5, as
// shipped in the npm package @microsoft/jest-sarif). Usage: node validate.js FILE...
// Prints each schema violation and exits 1 when any file is invalid, 2 on a usage or read error.
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv-draft-04');
const addFormats = require('ajv-formats');

const schemaPath = path.join(path.dirname(require.resolve('@microsoft/jest-sarif/package.json')),
                             'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
// unicodeRegExp: false because the schema's "language" pattern is not valid with the u flag.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node validate.js FILE.sarif...');
  process.exit(2);
}
let status = 0;
for (const file of files) {
  let log;
  try {
    log = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`${file}: cannot read JSON: ${e.message}`);
    process.exit(2);
  }
  if (validate(log)) {
    console.log(`${file}: valid SARIF 2.1.0`);
  } else {
    status = 1;
    for (const err of validate.errors) {
      console.error(`${file}: ${err.instancePath || '/'} ${err.message} ${JSON.stringify(err.params)}`);
    }
  }
}
process.exit(status);

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatGithub, formatSarif, formatText, toFileDiagnostics } from '../../../cli/report';

const text = 'version: 1\nlineage:\n  - entity: x\n';
const diagnostics = toFileDiagnostics('lineage.yml', text, [
  { range: { start: 11, end: 18 }, severity: 'error', code: 'format.unknownKey', message: 'Unknown key, with: colon' },
  { range: { start: 0, end: 7 }, severity: 'warning', code: 'lineage.version', message: 'warn' },
]);

test('positions are zero-based lines and characters', () => {
  assert.deepEqual(diagnostics[0].range, { start: { line: 1, character: 0 }, end: { line: 1, character: 7 } });
});

test('text output names file:line:col (one-based), severity, code and a summary', () => {
  const out = formatText(diagnostics, 1);
  assert.match(out, /^lineage\.yml:2:1: error format\.unknownKey: Unknown key/m);
  assert.match(out, /1 metadata file\(s\) checked: 1 error\(s\), 1 warning\(s\)\./);
});

test('github annotations escape property separators', () => {
  const out = formatGithub(diagnostics).split('\n');
  assert.equal(out[0], '::error file=lineage.yml,line=2,col=1,endLine=2,endColumn=8,title=format.unknownKey::Unknown key, with: colon');
  assert.match(out[1], /^::warning /);
});

test('sarif is valid 2.1.0 shape with one rule per code', () => {
  const sarif = JSON.parse(formatSarif(diagnostics, '9.9.9'));
  assert.equal(sarif.version, '2.1.0');
  assert.deepEqual(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id), ['format.unknownKey', 'lineage.version']);
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.region.startLine, 2);
});

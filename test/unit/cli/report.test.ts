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

test('the summary counts files of DataHub formats Catalog Code does not check apart, and only when there are some', () => {
  assert.match(formatText(diagnostics, 1, 2), /1 metadata file\(s\) checked: 1 error\(s\), 1 warning\(s\)\. 2 DataHub file\(s\) of formats Catalog Code does not check were named \(format\.notChecked\), not checked\.$/);
  assert.doesNotMatch(formatText(diagnostics, 1, 0), /not check/);
});

test('github annotations escape property separators', () => {
  const out = formatGithub(diagnostics).annotations.split('\n');
  assert.equal(out[0], '::error file=lineage.yml,line=2,col=1,endLine=2,endColumn=8,title=format.unknownKey::Unknown key, with: colon');
  assert.match(out[1], /^::warning /);
});

test('github annotations show a file name\'s controls (ESC, BEL, bidi overrides) as escapes, never raw', () => {
  const hostile = diagnostics.map((d) => ({ ...d, file: 'ansi\u001b[31mRED\u0007\u202eLMX.yaml' }));
  const [line] = formatGithub(hostile).annotations.split('\n');
  assert.ok(!['\u001b', '\u0007', '\u202e'].some((control) => line.includes(control)), line);
  assert.match(line, /^::error file=ansi\\u001b\[31mRED/);
});

test('sarif is valid 2.1.0 shape with one rule per code', () => {
  const sarif = JSON.parse(formatSarif(diagnostics, '9.9.9'));
  assert.equal(sarif.version, '2.1.0');
  assert.deepEqual(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id), ['format.unknownKey', 'lineage.version']);
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.region.startLine, 2);
});

test('github annotations stay within what GitHub shows (10 of each kind per step) and say how many more and where', () => {
  const many = (severity: 'error' | 'warning' | 'information', count: number) =>
    Array.from({ length: count }, (_, i) => ({ file: `f${i}.yaml`, range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } }, severity, code: 'urn.syntax', message: `problem ${i}` }));
  const report = formatGithub([...many('error', 25), ...many('warning', 11), ...many('information', 3)], 'the job summary of this run');
  const lines = report.annotations.split('\n');
  assert.equal(lines.filter((l) => l.startsWith('::error ')).length, 10);
  assert.equal(lines.filter((l) => l.startsWith('::warning ')).length, 10);
  assert.equal(lines.filter((l) => l.startsWith('::notice ')).length, 3);
  assert.equal(report.summary, 'Catalog Code: 15 more errors, 1 more warning not annotated (GitHub shows 10 of each kind per step; 39 problem(s) in all). The full list: the job summary of this run.');
  assert.ok(!report.summary.startsWith('::'), 'the summary is plain text, not a workflow command');
  assert.equal(formatGithub(many('error', 10)).summary, '', 'nothing left out: no summary line');
});

test('sarif rules carry a short and a full description and a help link to their anchor in docs/diagnostics.md', () => {
  const sarif = JSON.parse(formatSarif(diagnostics, '9.9.9', 'https://example.test/docs/diagnostics.md'));
  const [rule] = sarif.runs[0].tool.driver.rules as { id: string; shortDescription: { text: string }; fullDescription: { text: string }; helpUri: string }[];
  assert.equal(rule.id, 'format.unknownKey');
  assert.equal(rule.shortDescription.text, 'A key the format does not have.');
  assert.match(rule.fullDescription.text, /^A key the format does not have\. DataHub refuses it, so it is an error\. Decided by: pydantic/);
  assert.equal(rule.helpUri, 'https://example.test/docs/diagnostics.md#format.unknownKey');
});

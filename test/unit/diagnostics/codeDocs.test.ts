import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { CODE_SUMMARIES } from '../../../core/diagnostics/codeDocs';
import { DIAGNOSTIC_POLICY } from '../../../core/diagnostics/policy';

test('every diagnostic code has a one-line summary (SARIF shortDescription) and nothing else does', () => {
  assert.deepEqual(Object.keys(CODE_SUMMARIES).sort(), Object.keys(DIAGNOSTIC_POLICY).sort());
  for (const [code, summary] of Object.entries(CODE_SUMMARIES)) assert.ok(summary.length <= 120 && summary.endsWith('.'), `${code}: ${summary}`);
});

test('docs/diagnostics.md has an anchor for every code, so a SARIF helpUri lands on its row', () => {
  const text = readFileSync(resolve(process.cwd(), 'docs', 'diagnostics.md'), 'utf8');
  for (const code of Object.keys(DIAGNOSTIC_POLICY)) assert.ok(text.includes(`<a id="${code}"></a>`), `no anchor for ${code}`);
});

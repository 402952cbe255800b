import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { elapsed, megabytes, reportedStep } from '../../../support/e2e/setupProgress';

// The demo's first start says what it is doing, with sizes and elapsed time (issue 37).

test('elapsed times read as seconds, then minutes and seconds', () => {
  assert.equal(elapsed(4_400), '4 s');
  assert.equal(elapsed(59_000), '59 s');
  assert.equal(elapsed(312_000), '5 min 12 s');
});

test('sizes read in MB', () => {
  assert.equal(megabytes(617 * 1024 * 1024 + 10), '617 MB');
});

test('a reported step says what it starts and, when done, its time and size; without a reporter it is silent', async () => {
  const lines: string[] = [];
  const answer = await reportedStep((line) => lines.push(line), 'downloading Node 24…', '/nonexistent/catalog-code-progress', () => Promise.resolve(42));
  assert.equal(answer, 42);
  assert.deepEqual(lines, ['  … downloading Node 24…', '  ✓ downloading Node 24: done in 0 s, 0 MB']);
  assert.equal(await reportedStep(undefined, 'x', '/nonexistent', () => Promise.resolve('quiet')), 'quiet');
});

test('a step that adds to a folder an earlier step filled says what it added, then the whole', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-code-progress-'));
  try {
    writeFileSync(join(dir, 'earlier'), Buffer.alloc(2 * 1024 * 1024));
    const lines: string[] = [];
    await reportedStep((line) => lines.push(line), 'downloading more…', dir, async () => writeFileSync(join(dir, 'later'), Buffer.alloc(3 * 1024 * 1024)));
    assert.deepEqual(lines, ['  … downloading more…', '  ✓ downloading more: done in 0 s, 3 MB added (5 MB in all)']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

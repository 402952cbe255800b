import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writePulledFiles } from '../../../cli/pullFiles';

/**
 * A file pull cannot write (here a folder appeared at its name after pull's own checks, as it can
 * while the catalog is read) stops the writes there, and the answer says which files were written
 * and which were not, naming the local path, instead of throwing half-way with nothing said.
 */
test('a failing write names the file, the files already written and those not written', () => {
  const folder = mkdtempSync(join(tmpdir(), 'catalog-code-pull-files-'));
  try {
    writeFileSync(join(folder, 'properties.yaml'), 'old\n');
    mkdirSync(join(folder, 'datasets.yaml'));
    const files = [
      { name: 'properties.yaml', text: 'new\n', summary: 'definitions' },
      { name: 'datasets.yaml', text: 'values\n', summary: 'values' },
      { name: 'structured-properties.mcp.json', text: '[]\n', summary: 'others' },
    ];
    const outcome = writePulledFiles(folder, files);
    assert.equal(outcome.ok, false);
    assert.deepEqual(outcome.written.map((w) => w.path), [join(folder, 'properties.yaml')]);
    assert.equal(readFileSync(join(folder, 'properties.yaml'), 'utf8'), 'new\n');
    assert.ok(!outcome.ok);
    const path = (name: string) => `'${join(folder, name)}'`;
    assert.ok(outcome.problem.startsWith(`Could not write ${path('datasets.yaml')} (a local file; the catalog answered): `), outcome.problem);
    assert.ok(outcome.problem.includes(`Already written (listed above): ${path('properties.yaml')}; not written: ${path('datasets.yaml')}, ${path('structured-properties.mcp.json')}.`), outcome.problem);
    assert.deepEqual(readdirSync(folder).sort(), ['datasets.yaml', 'properties.yaml'], 'the rest is not tried, and no temporary file is left');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

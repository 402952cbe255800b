import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_WORKSPACE_FILES } from '../../../core/workspace/metadataFiles';
import { maxWorkspaceFilesFrom, scanLimitDiagnostic, scanLimitMessage } from '../../../core/workspace/scanLimit';

test('the limit of workspace files: the default reads 100,000 files; CATALOG_MAX_WORKSPACE_FILES sets another', () => {
  assert.ok(MAX_WORKSPACE_FILES >= 100_000);
  assert.deepEqual(maxWorkspaceFilesFrom({}), { limit: MAX_WORKSPACE_FILES });
  assert.deepEqual(maxWorkspaceFilesFrom({ CATALOG_MAX_WORKSPACE_FILES: ' 300000 ' }), { limit: 300_000 });
  assert.deepEqual(maxWorkspaceFilesFrom({ CATALOG_MAX_WORKSPACE_FILES: '' }), { limit: MAX_WORKSPACE_FILES });
  for (const bad of ['0', '-5', '1e6', 'lots', '12.5', '9999999999', `${'9'.repeat(200)}x`]) {
    const read = maxWorkspaceFilesFrom({ CATALOG_MAX_WORKSPACE_FILES: bad });
    assert.equal(read.limit, MAX_WORKSPACE_FILES, bad);
    assert.match(read.problem ?? '', /is not a whole number of files of at least 1 \(for example 200000\); the default of 150,000 files applies\./, bad);
    assert.ok((read.problem ?? '').length < 300, 'a long value is cut in the message');
  }
});

test('a scan stopped at its limit says what, where and what to do, on the first file left out', () => {
  const reached = { limit: 25_000, firstLeftOut: '/repo/my data/zz.yaml' };
  const message = scanLimitMessage(reached);
  assert.match(message, /^The workspace has more than 25,000 YAML\/JSON files, the most the language server reads: it read the first 25,000 and left out the rest, from '\/repo\/my data\/zz\.yaml' on\./);
  assert.match(message, /Open a smaller folder, or set CATALOG_MAX_WORKSPACE_FILES/);
  assert.deepEqual(scanLimitDiagnostic(reached), { range: { start: 0, end: 0 }, severity: 'warning', code: 'workspace.fileLimit', message });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_WORKSPACE_FILES } from '../../core/workspace/metadataFiles';
import { budgetMs } from '../support/timeScale';
import { TestClient } from '../protocol/lspClient';

/** The server's limit of workspace files was 25,000 (issue 27): a workspace above it is read whole under the default. */
const OLD_LIMIT = 25_000;
const FILES = OLD_LIMIT + 1;

describe('a workspace above the old limit of 25,000 files, under the default limit', () => {
  let client: TestClient;
  let workspace: string;

  before(async () => {
    assert.ok(MAX_WORKSPACE_FILES >= 100_000, 'the default reads a workspace of 100,000 files');
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-above-limit-'));
    // Small dataset files in 101 folders; the last one, past the old limit, defines a property.
    for (let folder = 0; folder * 250 < OLD_LIMIT; folder++) {
      const dir = join(workspace, `d${String(folder).padStart(3, '0')}`);
      mkdirSync(dir);
      for (let i = 0; i < 250; i++) writeFileSync(join(dir, `t${i}.yaml`), `- id: t${folder}_${i}\n  platform: hive\n`);
    }
    mkdirSync(join(workspace, 'zz'));
    writeFileSync(join(workspace, 'zz', 'late.yaml'), '- id: io.acme.late\n  type: string\n');
    ({ client } = await TestClient.start({ rootPath: workspace, pull: false, env: { CATALOG_MAX_WORKSPACE_FILES: undefined } }));
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('reads every file, with no limit told in the status, the notifications or the Problems panel', async () => {
    await client.waitFor(`the scan of ${FILES} files`, () => client.logs.find((line) => line === `Read ${FILES} YAML/JSON file(s) of the workspace.`), budgetMs(600_000));
    // The definition in the file past the old limit is counted.
    await client.waitFor('the status counting the late definition', () => client.statuses.find((s) => s.definitions.workspaceCount === 1));
    assert.equal(client.statuses.some((s) => s.workspaceFileLimit), false);
    assert.equal(client.shownMessages.some((m) => /the most the language server reads/.test(m.message)), false);
    assert.equal([...client.published.values()].flat().some((d) => d.code === 'workspace.fileLimit'), false);
    assert.equal(client.published.has(pathToFileURL(join(workspace, 'zz', 'late.yaml')).toString()), false);
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestClient } from './lspClient';

const DATASET = (i: number) => `- id: table_${i}\n  platform: hive\n`;

/**
 * A workspace with more files than the language server reads (the limit set low through
 * CATALOG_MAX_WORKSPACE_FILES; test/integration/workspaceAboveOldLimit.test.ts reads a workspace
 * above the old limit under the default): the user is told in the status, in a notification any
 * client shows, and in the Problems panel, not only in the log.
 */
describe('a workspace past the limit of files', () => {
  let client: TestClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-limit-'));
    for (let i = 0; i < 8; i++) writeFileSync(join(workspace, `data_${i}.yaml`), DATASET(i));
    ({ client } = await TestClient.start({ rootPath: workspace, pull: false, env: { CATALOG_MAX_WORKSPACE_FILES: '5' } }));
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('reads the first files up to the limit and says in the status where it stopped', async () => {
    const status = await client.waitFor('a status naming the limit', () => client.statuses.find((s) => s.workspaceFileLimit));
    assert.deepEqual(status.workspaceFileLimit, { limit: 5, firstLeftOut: join(workspace, 'data_5.yaml') });
    assert.match(status.message, /more than 5 YAML\/JSON files, the most the language server reads: it read the first 5 and left out the rest, from \S*data_5\.yaml on\./);
    assert.match(status.message, /CATALOG_MAX_WORKSPACE_FILES/);
    await client.waitFor('the scan log line', () => client.logs.find((line) => line === 'Read 5 YAML/JSON file(s) of the workspace.'));
  });

  it('shows a warning any LSP client shows, and a diagnostic on the first file left out', async () => {
    const warning = await client.waitFor('a window/showMessage warning', () => client.shownMessages.find((m) => /the most the language server reads/.test(m.message)));
    assert.equal(warning.type, 2, 'a warning');
    const firstLeftOut = pathToFileURL(join(workspace, 'data_5.yaml')).toString();
    const diagnostics = await client.waitFor('the workspace.fileLimit diagnostic', () => client.published.get(firstLeftOut));
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, d.source, d.range.start]),
      [['workspace.fileLimit', 2, 'catalog-code', { line: 0, character: 0 }]],
    );
    assert.match(String(diagnostics[0].message), /Definitions, entities and lineage in the files left out are not seen/);
  });
});

describe('a limit that is not a number', () => {
  it('is said in the log, and the default applies: a small workspace is read whole, with no limit told', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'catalog-code-limit-bad-'));
    for (let i = 0; i < 3; i++) writeFileSync(join(workspace, `data_${i}.yaml`), DATASET(i));
    const { client } = await TestClient.start({ rootPath: workspace, pull: false, env: { CATALOG_MAX_WORKSPACE_FILES: 'lots' } });
    try {
      await client.waitFor('the scan log line', () => client.logs.find((line) => line === 'Read 3 YAML/JSON file(s) of the workspace.'));
      assert.ok(client.logs.some((line) => /CATALOG_MAX_WORKSPACE_FILES="lots" is not a whole number of files of at least 1 .*the default of 150,000 files applies/.test(line)));
      assert.equal(client.statuses.some((s) => s.workspaceFileLimit), false);
      assert.equal(client.shownMessages.length, 0);
    } finally {
      await client.stop();
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});

describe('a workspace folder past the limit, then removed', () => {
  it('takes the notice back: no diagnostic on the first file left out, no limit in the status', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'catalog-code-limit-removed-'));
    for (let i = 0; i < 4; i++) writeFileSync(join(workspace, `data_${i}.yaml`), DATASET(i));
    const { client } = await TestClient.start({
      rootPath: workspace,
      pull: false,
      env: { CATALOG_MAX_WORKSPACE_FILES: '2' },
      // An editor that tells the server of workspace folders added and removed.
      capabilities: { workspace: { workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: false }, configuration: false } },
    });
    try {
      const firstLeftOut = pathToFileURL(join(workspace, 'data_2.yaml')).toString();
      await client.waitFor('the workspace.fileLimit diagnostic', () => client.published.get(firstLeftOut)?.length === 1);
      await client.waitFor('a status naming the limit', () => client.statuses.at(-1)?.workspaceFileLimit);
      const rootUri = pathToFileURL(workspace).toString();
      await client.connection.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [{ uri: rootUri, name: 'workspace' }] } });
      await client.waitFor('the diagnostic taken back', () => client.published.get(firstLeftOut)?.length === 0);
      const status = await client.waitFor('a status without the limit', () => {
        const last = client.statuses.at(-1);
        return last && !last.workspaceFileLimit ? last : undefined;
      });
      assert.doesNotMatch(status.message, /the most the language server reads/);
    } finally {
      await client.stop();
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});

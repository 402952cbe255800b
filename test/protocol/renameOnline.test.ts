import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SymbolInformation, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { startService, type RunningService } from '../../service/main';
import { TestClient } from './lspClient';

const TOKEN = 'protocol-test-token';
const FIXTURES = join(process.cwd(), 'test', 'protocol', 'fixtures');
// `orders` and io.acryl.dataManagement.classification are in the catalog (test/protocol/fixtures/catalog); io.team.owner and `staging_orders` are not.
const PROPS = '- id: io.team.owner\n  type: string\n  cardinality: SINGLE\n  entity_types:\n    - dataset\n';
const DATASETS = 'id: staging_orders\nplatform: hive\nenv: PROD\nstructured_properties:\n  io.acryl.dataManagement.classification: Public\n  io.team.owner: data-platform\ndownstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)\n';

describe('rename and workspace symbols against the local catalog (the real server over stdio)', () => {
  let service: RunningService;
  let client: TestClient;
  let workspace: string;
  const uri = (name: string) => pathToFileURL(join(workspace, name)).toString();
  const line = (needle: string) => DATASETS.split('\n').findIndex((l) => l.includes(needle));
  const column = (needle: string, part: string) => DATASETS.split('\n')[line(needle)].indexOf(part) + 1;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-rename-online-'));
    writeFileSync(join(workspace, 'props.yaml'), PROPS);
    writeFileSync(join(workspace, 'datasets.yaml'), DATASETS);
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: mkdtempSync(join(tmpdir(), 'catalog-code-svc-')), token: TOKEN, seeds: [join(FIXTURES, 'catalog')] });
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true, settings: { service: { uiUrl: 'https://datahub.example.com' } }, initializationOptions: { refreshIntervalSeconds: 0 } }));
    await client.connection.sendNotification('catalogCode/setConnection', { url: service.url, token: TOKEN });
    await client.waitFor('live definitions', () => client.statuses.find((s) => s.state === 'connected' && s.definitions.serviceCount === 2 && s.definitions.workspaceCount === 1));
    await client.open(uri('datasets.yaml'), DATASETS);
  });

  after(async () => {
    await client?.stop();
    await service?.close().catch(() => undefined);
    rmSync(workspace, { recursive: true, force: true });
  });

  it('refuses to rename a property the catalog holds: the catalog keeps the old name and a push writes the new one', async () => {
    await assert.rejects(
      client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: uri('datasets.yaml') }, position: { line: line('classification'), character: 10 } }),
      (error: Error) => error.message.includes(`The catalog at ${service.url} holds the structured property 'io.acryl.dataManagement.classification'`) && /catalog keeps .*a push would write the new name/.test(error.message),
    );
  });

  it('refuses to rename a dataset the catalog holds (the answer is waited for, not guessed)', async () => {
    await assert.rejects(
      client.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri('datasets.yaml') }, position: { line: line('hive,orders'), character: column('hive,orders', 'orders,') }, newName: 'orders_v2' }),
      (error: Error) => /holds the dataset 'urn:li:dataset:\(urn:li:dataPlatform:hive,orders,PROD\)'/.test(error.message),
    );
  });

  it('refuses a new name the catalog already holds', async () => {
    await assert.rejects(
      client.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri('datasets.yaml') }, position: { line: 0, character: 6 }, newName: 'customers' }),
      (error: Error) => /catalog already holds the dataset/.test(error.message),
    );
  });

  it('renames what only the workspace holds', async () => {
    const edit = (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri('datasets.yaml') }, position: { line: line('io.team.owner'), character: 6 }, newName: 'io.team.steward' })) as WorkspaceEdit;
    assert.deepEqual(Object.keys(edit.changes ?? {}).sort(), [uri('datasets.yaml'), uri('props.yaml')].sort());
  });

  it('workspace/symbol adds the catalog\'s entities, which open in DataHub', async () => {
    const symbols = await client.poll(
      'the catalog entity among the symbols',
      async () => (await client.connection.sendRequest('workspace/symbol', { query: 'customers' })) as SymbolInformation[],
      (found) => found.some((s) => s.name === 'customers'),
    );
    const customers = symbols.find((s) => s.name === 'customers');
    assert.equal(customers?.location.uri, 'https://datahub.example.com/dataset/urn:li:dataset:(urn:li:dataPlatform:hive,customers,PROD)');
    assert.match(customers?.containerName ?? '', /dataset in the catalog/);
  });
});

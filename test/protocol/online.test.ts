import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, CompletionList, Diagnostic, Hover, Location, MarkupContent } from 'vscode-languageserver-protocol';
import { startService, type RunningService } from '../../service/main';
import { TestClient } from './lspClient';

const TOKEN = 'protocol-test-token';
const FIXTURES = join(process.cwd(), 'test', 'protocol', 'fixtures');
const CLASSIFICATION = 'urn:li:structuredProperty:io.acryl.dataManagement.classification';
const LIFETIME = 'urn:li:structuredProperty:io.acryl.privacy.lifetime';

const DATASET = [
  'id: user_events',
  'platform: hive',
  'env: PROD',
  'structured_properties:',
  '  io.acryl.dataManagement.classification: Secret',
  '  io.team.owner: data-platform',
  '  io.acryl.privacy.lifetime: 5',
  'downstreams:',
  '  - urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)',
  '  - urn:li:dataset:(urn:li:dataPlatform:hive,ghost,PROD)',
  '',
].join('\n');

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle));

async function post(service: RunningService, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  });
  assert.ok(response.ok, `POST ${path} answered ${response.status}: ${await response.text()}`);
}

describe('language server against the local catalog', () => {
  let service: RunningService;
  let client: TestClient;
  let workspace: string;
  let storage: string;
  let datasetUri: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-ws-'));
    storage = mkdtempSync(join(tmpdir(), 'catalog-code-storage-'));
    writeFileSync(join(workspace, 'props.yaml'), '- id: io.team.owner\n  type: string\n  cardinality: SINGLE\n  entity_types:\n    - dataset\n');
    writeFileSync(join(workspace, 'dataset.yaml'), DATASET);
    datasetUri = pathToFileURL(join(workspace, 'dataset.yaml')).toString();
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: mkdtempSync(join(tmpdir(), 'catalog-code-svc-')), token: TOKEN, seeds: [join(FIXTURES, 'catalog')] });
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true, initializationOptions: { storagePath: storage, refreshIntervalSeconds: 0 } }));
    await client.connection.sendNotification('catalogCode/setConnection', { url: service.url, token: TOKEN });
    await client.open(datasetUri, DATASET);
  });

  after(async () => {
    await client?.stop();
    await service?.close().catch(() => undefined);
    rmSync(workspace, { recursive: true, force: true });
    rmSync(storage, { recursive: true, force: true });
  });

  it('connects and reports live definitions through catalogCode/status', async () => {
    const status = await client.waitFor('a connected status', () => client.statuses.find((s) => s.state === 'connected' && s.definitions.serviceCount === 2));
    assert.equal(status.definitions.source, 'live');
    assert.equal(status.url, service.url);
    assert.ok(!JSON.stringify(client.statuses).includes(TOKEN), 'the token never appears in a status');
  });

  it('pull diagnostics: allowed values, workspace-only and unknown properties, missing entities', async () => {
    const diagnostics = await client.poll('the existence answer', () => client.pullDiagnostics(datasetUri), (items) => codes(items).includes('lineage.unknownEntity'));
    const notAllowed = diagnostics.find((d) => d.code === 'property.notAllowedValue');
    assert.ok(notAllowed, JSON.stringify(diagnostics));
    assert.equal(notAllowed.range.start.line, lineOf(DATASET, 'Secret'));
    assert.equal(notAllowed.source, 'catalog-code');
    assert.deepEqual(new Set((notAllowed.data as { candidates: string[] }).candidates), new Set(['Public', 'Internal', 'Confidential']));
    assert.equal(diagnostics.find((d) => d.code === 'property.notPushed')?.range.start.line, lineOf(DATASET, 'io.team.owner'));
    assert.equal(diagnostics.find((d) => d.code === 'property.unknown')?.range.start.line, lineOf(DATASET, 'lifetime'));
    const missing = diagnostics.filter((d) => d.code === 'lineage.unknownEntity').map((d) => d.range.start.line);
    assert.ok(missing.includes(lineOf(DATASET, 'ghost')), 'the missing downstream is reported');
    assert.ok(!missing.includes(lineOf(DATASET, 'orders')), 'an existing downstream is not');
  });

  it('completion offers the allowed values of the property at hand', async () => {
    const line = lineOf(DATASET, 'Secret');
    const list = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: datasetUri },
      position: { line, character: '  io.acryl.dataManagement.classification: '.length },
    })) as CompletionList;
    assert.deepEqual(new Set(list.items.map((i) => i.label)), new Set(['Public', 'Internal', 'Confidential']));
  });

  it('hover shows the property card', async () => {
    const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: datasetUri }, position: { line: lineOf(DATASET, 'Secret'), character: 8 } })) as Hover;
    const text = (hover.contents as MarkupContent).value;
    assert.match(text, /\*\*Classification\*\*/);
    assert.match(text, /- `Confidential` — Named people only/);
  });

  it('code actions turn diagnostic candidates into replacements', async () => {
    const diagnostics = await client.pullDiagnostics(datasetUri);
    const notAllowed = diagnostics.find((d) => d.code === 'property.notAllowedValue');
    assert.ok(notAllowed);
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: datasetUri },
      range: notAllowed.range,
      context: { diagnostics: [notAllowed] },
    })) as CodeAction[];
    const titles = actions.map((a) => a.title);
    assert.ok(titles.some((t) => t.startsWith('Use the allowed value')), titles.join('\n'));
    assert.ok(titles.includes('Ignore property.notAllowedValue on this line'), titles.join('\n'));
  });

  it('go to definition jumps from a property use to its workspace definition', async () => {
    const locations = await client.poll(
      'the workspace scan',
      async () => (await client.connection.sendRequest('textDocument/definition', { textDocument: { uri: datasetUri }, position: { line: lineOf(DATASET, 'io.team.owner'), character: 5 } })) as Location[],
      (found) => found.length > 0,
    );
    assert.equal(locations[0].uri, pathToFileURL(join(workspace, 'props.yaml')).toString());
    assert.equal(locations[0].range.start.line, 0);
  });

  it('a definition created in the service clears property.unknown after a refresh', async () => {
    await post(service, `/openapi/v2/entity/structuredProperty/${encodeURIComponent(LIFETIME)}/propertyDefinition`, {
      qualifiedName: 'io.acryl.privacy.lifetime',
      valueType: 'urn:li:dataType:service.number',
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:service.dataset'],
    });
    const refreshesBefore = client.refreshRequests;
    await client.connection.sendRequest('workspace/executeCommand', { command: 'catalogCode.refreshDefinitions', arguments: [] });
    await client.waitFor('workspace/diagnostic/refresh', () => client.refreshRequests > refreshesBefore);
    const diagnostics = await client.pullDiagnostics(datasetUri);
    assert.ok(!codes(diagnostics).includes('property.unknown'), JSON.stringify(diagnostics));
  });

  it('the first hover on a URN waits for the catalog to say whether it exists (no "hover again")', async () => {
    const text = 'version: 1\nlineage:\n  - entity: urn:li:dataset:(urn:li:dataPlatform:hive,first_hover,PROD)\n    upstream:\n      - entity: urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)\n';
    const uri = pathToFileURL(join(workspace, 'first-hover.yml')).toString();
    await client.open(uri, text);
    const at = (line: number, character: number) => client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character } }) as Promise<Hover>;
    const existing = ((await at(4, 20)).contents as MarkupContent).value;
    assert.match(existing, /\*\*dataset\*\* URN/);
    assert.match(existing, /✓ Exists in the service\./);
    assert.match(((await at(2, 16)).contents as MarkupContent).value, /✗ Does not exist in the service/);
  });

  it('a soft delete in the service shows up as property.softDeleted after a refresh', async () => {
    await post(service, `/openapi/v2/entity/structuredProperty/${encodeURIComponent(CLASSIFICATION)}/status?systemMetadata=false`, { removed: true });
    const refreshesBefore = client.refreshRequests;
    await client.connection.sendRequest('workspace/executeCommand', { command: 'catalogCode.refreshDefinitions', arguments: [] });
    await client.waitFor('workspace/diagnostic/refresh', () => client.refreshRequests > refreshesBefore);
    const diagnostics = await client.pullDiagnostics(datasetUri);
    assert.equal(diagnostics.find((d) => d.code === 'property.softDeleted')?.range.start.line, lineOf(DATASET, 'classification'));
    const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: datasetUri }, position: { line: lineOf(DATASET, 'classification'), character: 8 } })) as Hover;
    assert.match((hover.contents as MarkupContent).value, /Soft-deleted/);
  });

  it('when the service goes away the cache serves, and a new server starts from the cache file', async () => {
    const url = service.url;
    await service.close();
    await client.connection.sendRequest('workspace/executeCommand', { command: 'catalogCode.refreshDefinitions', arguments: [] });
    const status = await client.waitFor('an unreachable status', () => client.statuses.find((s) => s.state === 'unreachable'));
    assert.equal(status.definitions.source, 'cache');
    assert.match(status.lastError ?? '', /could not be reached/);
    assert.match(status.message, /from the cache/);

    const { client: second } = await TestClient.start({
      rootPath: workspace,
      pull: true,
      initializationOptions: { storagePath: storage, refreshIntervalSeconds: 0 },
      env: { CATALOG_SERVICE_URL: url, CATALOG_TOKEN: TOKEN },
    });
    try {
      const cached = await second.waitFor('a status served from the cache', () => second.statuses.find((s) => s.state === 'unreachable' && s.definitions.source === 'cache'));
      assert.equal(cached.definitions.serviceCount, 3);
      await second.open(datasetUri, DATASET);
      const diagnostics = await second.pullDiagnostics(datasetUri);
      assert.ok(codes(diagnostics).includes('property.softDeleted'), 'the cached soft delete still applies');
    } finally {
      await second.stop();
    }
  });
});

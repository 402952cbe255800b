import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InlayHint } from 'vscode-languageserver-protocol';
import { postAspect } from '../../core/api/pushClient';
import { startService, type RunningService } from '../../service/main';
import { TestClient } from './lspClient';

/**
 * Marks on structured-property assignments, as any LSP client sees them (inlay hints): the real
 * language server over stdio against the real local catalog. A value the catalog holds differently
 * shows the catalog's value, a new one `+ new`, an equal one nothing; after the catalog is written
 * and the client says so (catalogCode/catalogChanged, sent after a push) the marks follow it.
 */

const TOKEN = 'assignment-marks-token';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)';
const PROPERTIES = ['tier', 'domain', 'region']
  .map((id) => `- id: io.acme.${id}\n  type: string\n  cardinality: SINGLE\n  entity_types: [dataset]\n`)
  .join('');
const SEED_DATASETS = '- id: orders\n  platform: hive\n  structured_properties:\n    io.acme.tier: silver\n    io.acme.domain: sales\n';
const WORKSPACE_DATASETS = '- id: orders\n  platform: hive\n  structured_properties:\n    io.acme.tier: gold\n    io.acme.domain: sales\n    io.acme.region: emea\n';

describe('language server: marks on property assignments over the catalog', () => {
  let service: RunningService;
  let client: TestClient;
  let root: string;
  let uri: string;

  const hints = async () =>
    ((await client.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } } })) as InlayHint[]).map((h) => [
      h.position.line,
      String(h.label),
    ]);

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'catalog-code-marks-'));
    const seeds = join(root, 'seed');
    const workspace = join(root, 'ws');
    mkdirSync(seeds);
    mkdirSync(workspace);
    writeFileSync(join(seeds, 'properties.yaml'), PROPERTIES);
    writeFileSync(join(seeds, 'datasets.yaml'), SEED_DATASETS);
    writeFileSync(join(workspace, 'orders.yaml'), WORKSPACE_DATASETS);
    uri = pathToFileURL(join(workspace, 'orders.yaml')).toString();
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), token: TOKEN, seeds: [seeds] });
    ({ client } = await TestClient.start({
      rootPath: workspace,
      pull: true,
      initializationOptions: { storagePath: join(root, 'storage'), refreshIntervalSeconds: 0 },
      settings: { inlayHints: { propertyNames: false, catalogChanges: true } },
    }));
    await client.connection.sendNotification('catalogCode/setConnection', { url: service.url, token: TOKEN });
    await client.waitFor('a connected status', () => client.statuses.find((s) => s.state === 'connected'));
    await client.open(uri, WORKSPACE_DATASETS);
  });

  after(async () => {
    await client?.stop();
    await service?.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  it('a changed value shows the catalog\'s, a new one "+ new", an unchanged one nothing', async () => {
    const found = await client.poll('the marks, once the values are read', hints, (h) => h.length > 0);
    assert.deepEqual(found, [
      [3, 'catalog: "silver"'],
      [5, '+ new'],
    ]);
  });

  it('after the catalog is written and the client says so, the marks follow it', async () => {
    await postAspect({ url: service.url, token: TOKEN }, 'dataset', ORDERS, 'structuredProperties', {
      properties: [
        { propertyUrn: 'urn:li:structuredProperty:io.acme.tier', values: [{ string: 'gold' }] },
        { propertyUrn: 'urn:li:structuredProperty:io.acme.domain', values: [{ string: 'sales' }] },
        { propertyUrn: 'urn:li:structuredProperty:io.acme.region', values: [{ string: 'emea' }] },
      ],
    });
    await client.connection.sendNotification('catalogCode/catalogChanged', { urns: [ORDERS] });
    await client.poll('no marks once the catalog holds what the file says', hints, (h) => h.length === 0);
  });

  it('a value the file no longer lists is said removed, where the file lists the entity\'s values', async () => {
    const edited = WORKSPACE_DATASETS.replace('    io.acme.region: emea\n', '');
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: edited }] });
    const found = await client.poll('the removal mark', hints, (h) => h.some(([, label]) => String(label).startsWith('−')));
    assert.deepEqual(found, [[4, '− removes io.acme.region (not listed)']]);
  });

  it('off when the setting says so', async () => {
    client.settings = { inlayHints: { propertyNames: false, catalogChanges: false } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.poll('no marks with the setting off', hints, (h) => h.length === 0);
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { InlayHint } from 'vscode-languageserver-protocol';
import { postAspect } from '../../core/api/pushClient';
import { serverOnCatalog, type ServerOnCatalog } from './catalogServer';
import type { TestClient } from './lspClient';

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
  let server: ServerOnCatalog;
  let client: TestClient;
  let uri: string;

  const hints = async () =>
    ((await client.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } } })) as InlayHint[]).map((h) => [
      h.position.line,
      String(h.label),
    ]);

  before(async () => {
    server = await serverOnCatalog({
      token: TOKEN,
      seeds: { 'properties.yaml': PROPERTIES, 'datasets.yaml': SEED_DATASETS },
      files: { 'orders.yaml': WORKSPACE_DATASETS },
      client: { settings: { inlayHints: { propertyNames: false, catalogChanges: true } } },
    });
    client = server.client;
    uri = server.uri('orders.yaml');
    await client.open(uri, WORKSPACE_DATASETS);
  });

  after(async () => server?.stop());

  it('a changed value shows the catalog\'s, a new one "+ new", an unchanged one nothing', async () => {
    const found = await client.poll('the marks, once the values are read', hints, (h) => h.length > 0);
    assert.deepEqual(found, [
      [3, 'catalog: "silver"'],
      [5, '+ new'],
    ]);
  });

  it('after the catalog is written and the client says so, the marks follow it', async () => {
    await postAspect({ url: server.service.url, token: TOKEN }, 'dataset', ORDERS, 'structuredProperties', {
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

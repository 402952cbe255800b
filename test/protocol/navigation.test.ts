import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentLink, InitializeResult, InlayHint, SymbolInformation } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const PROPS = '- id: io.team.retentionDays\n  type: number\n  cardinality: SINGLE\n  display_name: Retention (days)\n  entity_types:\n    - dataset\n';
const ORDERS = 'id: orders\nplatform: hive\nenv: PROD\nstructured_properties:\n  io.team.retentionDays: 365\ndownstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:s3,bucket/orders_daily,PROD)\n';

describe('workspace symbols, inlay hints and document links over LSP (the real server over stdio)', () => {
  let client: TestClient;
  let initialize: InitializeResult;
  let workspace: string;
  const uri = (name: string) => pathToFileURL(join(workspace, name)).toString();
  let settings: Record<string, unknown>;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-navigation-'));
    writeFileSync(join(workspace, 'props.yaml'), PROPS);
    writeFileSync(join(workspace, 'orders.yaml'), ORDERS);
    settings = { service: { uiUrl: 'https://datahub.example.com/' }, inlayHints: { propertyNames: true } };
    ({ client, initialize } = await TestClient.start({ rootPath: workspace, pull: true, settings }));
    await client.waitFor('the workspace read', () => client.statuses.find((s) => s.definitions.workspaceCount === 1));
    await client.open(uri('orders.yaml'), ORDERS);
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('offers workspace symbols, inlay hints and document links', () => {
    assert.ok(initialize.capabilities.workspaceSymbolProvider);
    assert.ok(initialize.capabilities.inlayHintProvider);
    assert.ok(initialize.capabilities.documentLinkProvider);
  });

  it('workspace/symbol finds a dataset by name, with its kind and file, and a property by id', async () => {
    const symbols = await client.poll(
      'the workspace symbols',
      async () => (await client.connection.sendRequest('workspace/symbol', { query: 'orders' })) as SymbolInformation[],
      (found) => found.some((s) => s.name === 'orders'),
    );
    const orders = symbols.find((s) => s.name === 'orders');
    assert.equal(orders?.kind, 5 /* Class */);
    assert.equal(orders?.location.uri, uri('orders.yaml'));
    assert.deepEqual(orders?.location.range.start, { line: 0, character: 4 });
    assert.ok(symbols.some((s) => s.name === 'bucket/orders_daily' && /dataset \(used\)/.test(s.containerName ?? '')));
    const properties = (await client.connection.sendRequest('workspace/symbol', { query: 'retention' })) as SymbolInformation[];
    assert.deepEqual(properties.map((s) => [s.name, s.kind, s.location.uri]), [['io.team.retentionDays', 7 /* Property */, uri('props.yaml')]]);
  });

  it('textDocument/inlayHint shows the display name, type and cardinality after the value', async () => {
    const hints = (await client.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri: uri('orders.yaml') }, range: { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } } })) as InlayHint[];
    assert.deepEqual(hints.map((h) => [h.label, h.position]), [['Retention (days) · number · SINGLE', { line: 4, character: 28 }]]);
  });

  it('textDocument/documentLink links each URN to its DataHub page, with DataHub\'s encoding', async () => {
    const links = (await client.connection.sendRequest('textDocument/documentLink', { textDocument: { uri: uri('orders.yaml') } })) as DocumentLink[];
    assert.deepEqual(
      links.map((l) => [l.range.start.line, l.target]),
      [[6, 'https://datahub.example.com/dataset/urn:li:dataset:(urn:li:dataPlatform:s3,bucket%2Forders_daily,PROD)']],
    );
  });

  it('turning the inlay hints setting off leaves none', async () => {
    settings.inlayHints = { propertyNames: false };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.poll(
      'no inlay hints',
      async () => (await client.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri: uri('orders.yaml') }, range: { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } } })) as InlayHint[],
      (hints) => hints.length === 0,
    );
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionList, DocumentSymbol, Location } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { WorkspaceEntitiesRequest } from '../../core/protocol';

const PROPS = [
  '- id: io.team.tier',
  '  type: string',
  '  cardinality: SINGLE',
  '  entity_types:',
  '    - dataset',
  '  allowed_values:',
  '    - value: gold',
  '      description: Tier-1, paged at night',
  '    - value: silver',
  '      description: Business hours support',
  '',
].join('\n');

const DATASET = ['id: orders', 'platform: hive', 'env: PROD', 'structured_properties:', '  io.team.tier: bronze', ''].join('\n');

describe('language server offline, for a client without pull diagnostics', () => {
  let client: TestClient;
  let workspace: string;
  let datasetUri: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-offline-'));
    writeFileSync(join(workspace, 'props.yaml'), PROPS);
    writeFileSync(join(workspace, 'deployment.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n');
    datasetUri = pathToFileURL(join(workspace, 'orders.yaml')).toString();
    ({ client } = await TestClient.start({ rootPath: workspace, pull: false }));
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('says it is offline and counts the workspace definitions', async () => {
    const status = await client.waitFor('an offline status with the workspace definition', () => client.statuses.find((s) => s.state === 'offline' && s.definitions.workspaceCount === 1));
    assert.equal(status.definitions.source, 'none');
    assert.match(status.message, /Offline/);
  });

  it('publishes diagnostics judged by the definitions written in the workspace', async () => {
    await client.open(datasetUri, DATASET);
    const diagnostics = await client.waitFor('published diagnostics with the allowed-value error', () => {
      const items = client.published.get(datasetUri);
      return items?.some((d) => d.code === 'property.notAllowedValue') ? items : undefined;
    });
    const notAllowed = diagnostics.find((d) => d.code === 'property.notAllowedValue');
    assert.equal(notAllowed?.range.start.line, 4);
    assert.deepEqual((notAllowed?.data as { candidates: string[] }).candidates.slice().sort(), ['gold', 'silver']);
  });

  it('publishes nothing for a YAML file of another kind', async () => {
    const uri = pathToFileURL(join(workspace, 'deployment.yaml')).toString();
    await client.open(uri, 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n');
    const diagnostics = await client.waitFor('diagnostics for the manifest', () => client.published.get(uri));
    assert.deepEqual(diagnostics, []);
  });

  it('completes allowed values of a workspace definition, closest first', async () => {
    const list = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: datasetUri },
      position: { line: 4, character: '  io.team.tier: '.length },
    })) as CompletionList;
    assert.deepEqual(list.items.map((i) => i.label), ['gold', 'silver']);
    assert.equal(list.isIncomplete, false);
  });

  it('document symbols and references work from the workspace index', async () => {
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: datasetUri } })) as DocumentSymbol[];
    assert.equal(symbols[0].name, 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)');
    const references = (await client.connection.sendRequest('textDocument/references', {
      textDocument: { uri: datasetUri },
      position: { line: 4, character: 5 },
      context: { includeDeclaration: true },
    })) as Location[];
    assert.deepEqual(references.map((l) => l.uri).sort(), [datasetUri, pathToFileURL(join(workspace, 'props.yaml')).toString()].sort());
  });

  it('catalogCode/workspaceEntities lists the entities of the workspace for Pull from Catalog, declared ones first', async () => {
    const entities = (await client.connection.sendRequest(WorkspaceEntitiesRequest.method, {})) as { urn: string; detail: string }[];
    assert.deepEqual(entities, [{ urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)', detail: 'declared in orders.yaml' }]);
  });
});

// The Lineage view, the impact code lens and the property status commands ask the language server
// (catalogCode/entityAt, catalogCode/documentImpact, catalogCode/documentPropertyDefinitions)
// instead of parsing documents in the client: the real server over
// stdio, connected to a real local catalog, answers from its own copy of the open document.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { applyPlan } from '../../core/plan/pushApply';
import { buildPushPlan } from '../../core/plan/pushPlan';
import { DocumentImpactRequest, DocumentPropertyDefinitionsRequest, EntityAtRequest, type DocumentImpactResult } from '../../core/protocol';
import { TestClient } from '../protocol/lspClient';
import { PROPERTIES_YAML, ds, lineageYaml, startCatalogWithFiles, type TestCatalog } from './catalog';

describe('document requests of the Lineage view and the impact code lens', () => {
  let catalog: TestCatalog;
  let client: TestClient;
  before(async () => {
    catalog = await startCatalogWithFiles();
    catalog.write('report.yml', 'version: 1\nlineage:\n  - entity: {name: report, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n');
    const result = await applyPlan(catalog.connection, await buildPushPlan(catalog.connection, catalog.models('props.yaml', 'datasets.yaml', 'lineage.yml', 'report.yml')));
    assert.deepEqual(result.failed, []);
    ({ client } = await TestClient.start({ rootPath: catalog.files, pull: true, env: { CATALOG_SERVICE_URL: catalog.url, CATALOG_TOKEN: catalog.token } }));
  });
  after(async () => {
    await client?.stop();
    await catalog?.close();
  });

  it('catalogCode/entityAt names the entity under a position of the server\'s copy of the document', async () => {
    const text = lineageYaml(['raw_orders', 'customers']);
    const uri = pathToFileURL(join(catalog.files, 'open-lineage.yml')).toString();
    await client.open(uri, text);
    const lines = text.split('\n');
    const upstreamLine = lines.findIndex((l) => l.includes('name: customers'));
    const at = (line: number, character: number) => client.connection.sendRequest(EntityAtRequest.type, { uri, position: { line, character } });
    assert.equal(await at(upstreamLine, lines[upstreamLine].indexOf('customers')), ds('customers'));
    assert.equal(await at(2, lines[2].indexOf('orders')), ds('orders'));
    assert.equal(await client.connection.sendRequest(EntityAtRequest.type, { uri: `${uri}.unknown`, position: { line: 0, character: 0 } }), null, 'a document the server does not hold');
  });

  it('catalogCode/documentImpact answers the lens from the server\'s catalog connection, at the entry\'s position', async () => {
    const text = lineageYaml(['raw_orders']);
    const uri = pathToFileURL(join(catalog.files, 'open-cut.yml')).toString();
    await client.open(uri, text);
    const result: DocumentImpactResult = await client.connection.sendRequest(DocumentImpactRequest.type, { uri });
    assert.equal(result.version, 1);
    assert.deepEqual(result.lenses.map((l) => l.title), [`cuts 2 downstream entities (removes upstream ${ds('customers')})`]);
    assert.deepEqual(result.lenses[0].entities, [ds('orders'), ds('report')]);
    const { line, character } = result.lenses[0].position;
    assert.ok(text.split('\n')[line].slice(character).startsWith('{name: orders'), `anchored on the downstream's entry, at line ${line}:${character}`);
  });

  it('catalogCode/documentPropertyDefinitions lists the properties the server\'s copy of a document defines', async () => {
    const uri = pathToFileURL(join(catalog.files, 'open-props.yaml')).toString();
    // The editor's unsaved text wins: a fourth property exists only in the open document.
    await client.open(uri, `${PROPERTIES_YAML}- id: io.acme.draft\n  type: string\n  entity_types: [dataset]\n`);
    const urns = await client.connection.sendRequest(DocumentPropertyDefinitionsRequest.type, { uri });
    assert.deepEqual(urns, ['io.acme.team', 'io.acme.retention', 'io.acme.pii', 'io.acme.draft'].map((id) => `urn:li:structuredProperty:${id}`));
    const lineageUri = pathToFileURL(join(catalog.files, 'open-lineage-only.yml')).toString();
    await client.open(lineageUri, lineageYaml(['raw_orders']));
    assert.deepEqual(await client.connection.sendRequest(DocumentPropertyDefinitionsRequest.type, { uri: lineageUri }), [], 'a document that defines no property');
    assert.deepEqual(await client.connection.sendRequest(DocumentPropertyDefinitionsRequest.type, { uri: `${uri}.unknown` }), [], 'a document the server does not hold');
  });
});

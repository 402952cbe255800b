import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { definitionsFromModel } from '../../../core/definitions/fromFacts';
import { readDocument } from '../../../core/formats';
import { mayWriteDefinitions } from '../../../core/workspace/definitionSniff';
import { collectMetadataFiles } from '../../../core/workspace/metadataFiles';
import { referencePath, testsNeedingReference } from '../../support/reference';

const repo = resolve(__dirname, '..', '..', '..');

/** Every file under `folder` that writes a definition when read is sniffed as one that may: the scan's order never leaves one for later. */
function assertNoDefinitionWriterMissed(folder: string): number {
  let writers = 0;
  for (const file of collectMetadataFiles([folder])) {
    const text = readFileSync(file, 'utf8');
    if (definitionsFromModel(readDocument(pathToFileURL(file).toString(), text)).length === 0) continue;
    writers++;
    assert.equal(mayWriteDefinitions(text), true, `${file} writes definitions, but the sniff would read it late`);
  }
  return writers;
}

test('the definition sniff says yes for every fixture that writes a definition', () => {
  assert.ok(assertNoDefinitionWriterMissed(join(repo, 'test', 'fixtures')) > 0, 'the fixtures hold definition files');
});

const { it } = testsNeedingReference('the definition sniff on DataHub’s example files', ['datahub-examples']);
it('says yes for every DataHub example that writes a definition', () => {
  assert.ok(assertNoDefinitionWriterMissed(referencePath('datahub-examples')) > 0);
});

test('the definition sniff finds definitions by content, whatever the file is called', () => {
  assert.equal(mayWriteDefinitions('- id: io.acme.team\n  type: string\n'), true, 'id and a data type are enough');
  assert.equal(mayWriteDefinitions('- urn: urn:li:structuredProperty:io.acme.x\n  type: urn:li:dataType:datahub.number\n'), true);
  assert.equal(mayWriteDefinitions('properties:\n  - id: x\n    "cardinality": SINGLE\n'), true);
  assert.equal(mayWriteDefinitions('\uFEFF  [{"entityType": "structuredProperty", "aspectName": "propertyDefinition", "aspect": {"json": {}}}]'), true);
});

test('the definition sniff says no for the files a large workspace is mostly made of', () => {
  const dataset = '- id: orders\n  platform: hive\n  schema:\n    fields:\n      - id: order_id\n        type: string\n  structured_properties:\n    io.acme.team: finance\n';
  assert.equal(mayWriteDefinitions(dataset), false, 'a dataset YAML: its fields have a type, but it has a platform');
  assert.equal(mayWriteDefinitions('version: 1\nlineage:\n  - entity:\n      name: db.orders\n      type: dataset\n      platform: hive\n'), false);
  assert.equal(mayWriteDefinitions('[{"entityType": "dataset", "aspectName": "upstreamLineage", "aspect": {"json": {"upstreams": []}}}]'), false);
  assert.equal(mayWriteDefinitions('apiVersion: v1\nkind: Service\nspec:\n  type: ClusterIP\n'), false, 'a Kubernetes manifest');
  assert.equal(mayWriteDefinitions(''), false);
});

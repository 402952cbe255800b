import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem } from 'vscode-languageserver-types';
import { complete } from '../../../core/features/completion';
import { MAX_PROPERTY_ITEMS } from '../../../core/features/completionItems';
import { CLASSIFICATION, FIELD_ONLY, RETENTION, caret, definitionsOf, documentOf, inputOf } from './helpers';

const definitions = definitionsOf([RETENTION, CLASSIFICATION, FIELD_ONLY]);

function completeAt(uri: string, markedText: string, options = {}) {
  const { text, offset } = caret(markedText);
  const document = documentOf(uri, text);
  return complete(inputOf(document, definitions), offset, options);
}

const labels = (items: CompletionItem[]) => items.map((item) => item.label);
const newText = (item: CompletionItem | undefined) => (item?.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : item?.insertText);

const DATASET = 'id: user_events\nplatform: hive\nenv: PROD\n';

test('dataset structured_properties keys: properties that apply to datasets, not field-only ones', () => {
  const list = completeAt('file:///w/dataset.yaml', `${DATASET}structured_properties:\n  io.|\n`);
  const names = labels(list.items);
  assert.ok(names.includes('io.acryl.privacy.retentionTime'));
  assert.ok(names.includes('io.acryl.dataManagement.classification'));
  assert.ok(!names.includes('io.acryl.field.sensitivity'), 'a schemaField-only property is not offered on a dataset');
  assert.equal(newText(list.items.find((i) => i.label === 'io.acryl.privacy.retentionTime')), 'io.acryl.privacy.retentionTime: ');
});

test('schema field structured_properties keys: properties that apply to schemaField', () => {
  const list = completeAt('file:///w/dataset.yaml', `${DATASET}schema:\n  fields:\n    - id: ip\n      structured_properties:\n        io.|\n`);
  const names = labels(list.items);
  assert.ok(names.includes('io.acryl.field.sensitivity'));
  assert.ok(!names.includes('io.acryl.privacy.retentionTime'), 'a dataset/dataFlow property is not offered on a field');
});

test('allowed values come with their descriptions, the closest to the typed text first', () => {
  const list = completeAt('file:///w/dataset.yaml', `${DATASET}structured_properties:\n  io.acryl.dataManagement.classification: Conf|\n`);
  const sorted = [...list.items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
  assert.equal(sorted[0].label, 'Confidential');
  assert.deepEqual(sorted[0].documentation, { kind: 'markdown', value: 'Named people only' });
  // In the list itself too, on the first Ctrl+Space (issue 37): the details pane needs a second one.
  assert.deepEqual(sorted[0].labelDetails, { description: 'Named people only' });
  assert.deepEqual(new Set(labels(list.items)), new Set(['Public', 'Internal', 'Confidential']));
});

test('allowed values in a list under a MULTIPLE property', () => {
  const list = completeAt('file:///w/dataset.yaml', `${DATASET}structured_properties:\n  io.acryl.privacy.retentionTime:\n    - |\n`);
  assert.deepEqual(labels(list.items), ['30', '90', '365']);
});

test('environments and platforms', () => {
  assert.ok(labels(completeAt('file:///w/dataset.yaml', 'id: x\nplatform: hive\nenv: |\n').items).includes('PROD'));
  assert.ok(labels(completeAt('file:///w/dataset.yaml', 'id: x\nenv: PROD\nplatform: snow|\n').items).includes('snowflake'));
});

test('property definition: type, cardinality and entity types', () => {
  const type = completeAt('file:///w/props.yaml', '- id: a.b\n  entity_types:\n    - dataset\n  type: |\n');
  assert.deepEqual(labels(type.items), ['string', 'rich_text', 'number', 'date', 'urn']);
  const cardinality = completeAt('file:///w/props.yaml', '- id: a.b\n  type: string\n  cardinality: |\n');
  assert.deepEqual(labels(cardinality.items), ['SINGLE', 'MULTIPLE']);
  const entityTypes = completeAt('file:///w/props.yaml', '- id: a.b\n  type: string\n  entity_types:\n    - data|\n');
  const names = labels(entityTypes.items);
  assert.ok(names.includes('dataset') && names.includes('dataFlow') && names.includes('schemaField'));
});

test('lineage file: entity keys, entity type and fine-grained enums', () => {
  const base = 'version: 1\nlineage:\n  - entity:\n      name: topic3\n      type: dataset\n      env: DEV\n      platform: kafka\n';
  assert.deepEqual(labels(completeAt('file:///w/lineage.yml', `${base}    fineGrainedLineages:\n      - upstreamType: |\n`).items), ['FIELD_SET', 'DATASET', 'NONE']);
  const keys = labels(completeAt('file:///w/lineage.yml', 'version: 1\nlineage:\n  - entity:\n      name: x\n      |\n').items);
  assert.ok(keys.includes('platform') && keys.includes('env') && keys.includes('platform_instance'));
  const columns = completeAt('file:///w/lineage.yml', `${base}    fineGrainedLineages:\n      - upstreams:\n          - |\n`);
  assert.ok(labels(columns.items).some((l) => l.startsWith('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,topic3,DEV)')));
});

test('snippets: lineage entry, property definition, and a dataset in an empty file', () => {
  const lineage = completeAt('file:///w/lineage.yml', 'version: 1\nlineage:\n  - entity:\n      name: a\n      type: dataset\n      platform: hive\n  - |\n');
  assert.ok(labels(lineage.items).includes('lineage entry'));
  const empty = completeAt('file:///w/new.yaml', '|');
  assert.deepEqual(labels(empty.items).sort(), ['dataset', 'lineage file', 'structured property definitions file', 'updateLineage document']);
  assert.deepEqual(labels(completeAt('file:///w/new.json', '|').items).sort(), ['metadata change proposal', 'updateLineage document']);
  const definition = completeAt('file:///w/props.yaml', '- id: a.b\n  type: string\n  entity_types: [dataset]\n|\n');
  assert.ok(labels(definition.items).includes('structured property definition'));
});

test('a file of no known format gets no completion', () => {
  assert.deepEqual(completeAt('file:///w/deploy.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: |\n').items, []);
});

test('MCP JSON: propertyUrn completes property URNs for the aspect entity type; values from the allowed values', () => {
  const head = '[{"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)", "changeType": "UPSERT", "aspectName": "structuredProperties", "aspect": {"json": {"properties": [';
  const urns = completeAt('file:///w/mcp.json', `${head}{"propertyUrn": "urn:li:structuredProperty:io.|", "values": []}]}}}]`);
  const names = labels(urns.items);
  assert.ok(names.includes('urn:li:structuredProperty:io.acryl.privacy.retentionTime'));
  assert.ok(!names.includes('urn:li:structuredProperty:io.acryl.field.sensitivity'));
  const values = completeAt('file:///w/mcp.json', `${head}{"propertyUrn": "urn:li:structuredProperty:io.acryl.dataManagement.classification", "values": [{"string": "|"}]}]}}}]`);
  assert.deepEqual(new Set(labels(values.items)), new Set(['Public', 'Internal', 'Confidential']));
  const changeType = completeAt('file:///w/mcp.json', '[{"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)", "aspectName": "status", "changeType": "|"}]');
  assert.ok(labels(changeType.items).includes('UPSERT'));
});

test('entity URNs from the workspace and the service; incomplete while the service is asked', () => {
  const other = documentOf('file:///w/other.yaml', 'id: orders\nplatform: hive\nenv: PROD\n');
  const { text, offset } = caret(`${DATASET}downstreams:\n  - ord|\n`);
  const document = documentOf('file:///w/dataset.yaml', text);
  let asked = '';
  const list = complete(inputOf(document, definitions, [other]), offset, {
    suggestEntities: (query) => {
      asked = query;
      return { suggestions: [{ urn: 'urn:li:dataset:(urn:li:dataPlatform:snowflake,orders_2024,PROD)', type: 'DATASET' }], pending: true };
    },
  });
  assert.equal(asked, 'ord');
  assert.equal(list.isIncomplete, true);
  const names = labels(list.items);
  assert.ok(names.includes('urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)'), 'declared in another workspace file');
  assert.ok(names.includes('urn:li:dataset:(urn:li:dataPlatform:snowflake,orders_2024,PROD)'), 'from the service');
});

test('the list is incomplete while definitions refresh', () => {
  const list = completeAt('file:///w/dataset.yaml', `${DATASET}structured_properties:\n  io.|\n`, { definitionsRefreshing: true });
  assert.equal(list.isIncomplete, true);
});

test('after urn:li: the entity types follow; keys already written are not offered again', () => {
  const types = completeAt('file:///w/dataset.yaml', `${DATASET}downstreams:\n  - urn:li:|\n`);
  assert.equal(types.items[0].label, 'urn:li:dataset:');
  const keys = labels(completeAt('file:///w/props.yaml', '- id: a.b\n  type: string\n  entity_types: [dataset]\n  |\n').items);
  assert.ok(keys.includes('cardinality') && !keys.includes('type') && !keys.includes('id'), keys.join(', '));
});

test('a new lineage entry at the dash column gets the snippet, a key column gets keys', () => {
  const base = 'version: 1\nlineage:\n  - entity:\n      name: a\n      type: dataset\n      platform: hive\n';
  assert.deepEqual(labels(completeAt('file:///w/lineage.yml', `${base}  |\n`).items), ['lineage entry']);
  assert.deepEqual(labels(completeAt('file:///w/lineage.yml', `${base}    |\n`).items), ['upstream', 'fineGrainedLineages']);
});

test('with thousands of live definitions, property keys are filtered by what is typed and capped; the list says it is incomplete', () => {
  const many = Array.from({ length: 5000 }, (_, i) => ({ ...RETENTION, qualifiedName: `io.bulk.p${String(i).padStart(4, '0')}`, urn: `urn:li:structuredProperty:io.bulk.p${String(i).padStart(4, '0')}` }));
  const { text, offset } = caret(`${DATASET}structured_properties:\n  io.bulk.p12|\n`);
  const list = complete(inputOf(documentOf('file:///w/dataset.yaml', text), definitionsOf(many)), offset);
  assert.equal(list.isIncomplete, true);
  assert.ok(list.items.length <= MAX_PROPERTY_ITEMS);
  assert.ok(list.items.every((item) => String(item.label).includes('io.bulk.p12')));
  assert.equal(list.items[0].label, 'io.bulk.p1200');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDefinition } from '../../../core/features/definition';
import { findReferences } from '../../../core/features/references';
import { documentSymbols } from '../../../core/features/symbols';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { caret, documentOf, inputOf } from './helpers';

const PROPS = '- id: io.acryl.privacy.retentionTime\n  type: number\n  cardinality: MULTIPLE\n  entity_types:\n    - dataset\n';
const DATASET = 'id: user_events\nplatform: hive\nenv: PROD\nstructured_properties:\n  io.acryl.privacy.retentionTime: 30\ndownstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)\n';
const ORDERS = 'id: orders\nplatform: hive\nenv: PROD\nstructured_properties:\n  urn:li:structuredProperty:io.acryl.privacy.retentionTime: [90]\n';

const props = documentOf('file:///w/props.yaml', PROPS);
const orders = documentOf('file:///w/orders.yaml', ORDERS);

test('go to definition: from a property use to its definition in the workspace', () => {
  const { text, offset } = caret(DATASET.replace('retentionTime: 30', 'retention|Time: 30'));
  const locations = findDefinition(inputOf(documentOf('file:///w/dataset.yaml', text), EMPTY_DEFINITIONS, [props, orders]), offset);
  assert.deepEqual(locations, [{ uri: 'file:///w/props.yaml', range: { start: { line: 0, character: 6 }, end: { line: 0, character: 36 } } }]);
});

test('go to definition: from an entity URN to the file that declares the entity', () => {
  const { text, offset } = caret(DATASET.replace('hive,orders', 'hive,ord|ers'));
  const locations = findDefinition(inputOf(documentOf('file:///w/dataset.yaml', text), EMPTY_DEFINITIONS, [props, orders]), offset);
  assert.equal(locations.length, 1);
  assert.equal(locations[0].uri, 'file:///w/orders.yaml');
});

test('find references of a property across files, by id or URN', () => {
  const { text, offset } = caret(PROPS.replace('retentionTime', 'retention|Time'));
  const document = documentOf('file:///w/props.yaml', text);
  const dataset = documentOf('file:///w/dataset.yaml', DATASET);
  const withDeclaration = findReferences(inputOf(document, EMPTY_DEFINITIONS, [dataset, orders]), offset, true);
  assert.deepEqual(withDeclaration.map((l) => l.uri).sort(), ['file:///w/dataset.yaml', 'file:///w/orders.yaml', 'file:///w/props.yaml']);
  const usesOnly = findReferences(inputOf(document, EMPTY_DEFINITIONS, [dataset, orders]), offset, false);
  assert.deepEqual(usesOnly.map((l) => l.uri).sort(), ['file:///w/dataset.yaml', 'file:///w/orders.yaml']);
});

test('find references of an entity: its uses and (with declarations) where it is declared', () => {
  const { text, offset } = caret(DATASET.replace('hive,orders', 'hive,ord|ers'));
  const document = documentOf('file:///w/dataset.yaml', text);
  const refs = findReferences(inputOf(document, EMPTY_DEFINITIONS, [orders]), offset, true);
  assert.deepEqual(refs.map((l) => l.uri).sort(), ['file:///w/dataset.yaml', 'file:///w/orders.yaml']);
});

test('document symbols: the dataset with its property values and edges nested inside', () => {
  const symbols = documentSymbols(documentOf('file:///w/dataset.yaml', DATASET));
  assert.equal(symbols.length, 1);
  assert.equal(symbols[0].name, 'urn:li:dataset:(urn:li:dataPlatform:hive,user_events,PROD)');
  const children = (symbols[0].children ?? []).map((c) => c.name);
  assert.ok(children.includes('io.acryl.privacy.retentionTime'), children.join(', '));
  assert.ok(children.some((name) => name.includes('→')), children.join(', '));
});

test('document symbols: property definitions', () => {
  const symbols = documentSymbols(props);
  assert.deepEqual(symbols.map((s) => [s.name, s.detail]), [['io.acryl.privacy.retentionTime', 'number']]);
});

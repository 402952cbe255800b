import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SymbolKind } from 'vscode-languageserver-types';
import { MAX_WORKSPACE_SYMBOLS, shortNameOf, workspaceSymbols } from '../../../core/features/workspaceSymbols';
import { documentOf } from './helpers';

const PROPS = '- id: io.acme.tier\n  type: string\n  display_name: Tier\n';
const ORDERS = 'id: orders\nplatform: hive\nstructured_properties:\n  io.acme.owner: team-a\nschema:\n  fields:\n    - id: country\ndownstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,orders_daily,PROD)\n';
const docs = [documentOf('file:///w/props.yaml', PROPS), documentOf('file:///w/orders.yaml', ORDERS)];

test('workspace symbols: defined and used entities and properties, with kind, file and URN', () => {
  const all = workspaceSymbols(docs, '');
  const byName = new Map(all.map((s) => [s.name, s]));
  assert.equal(byName.get('io.acme.tier')?.kind, SymbolKind.Property);
  assert.equal(byName.get('io.acme.tier')?.uri, 'file:///w/props.yaml');
  assert.equal(byName.get('orders')?.kind, SymbolKind.Class);
  assert.equal(byName.get('orders')?.containerName, 'dataset · urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)');
  assert.equal(byName.get('orders.country')?.kind, SymbolKind.Field);
  assert.equal(byName.get('orders_daily')?.containerName, 'dataset (used) · urn:li:dataset:(urn:li:dataPlatform:hive,orders_daily,PROD)');
  assert.equal(byName.get('io.acme.owner')?.defined, false);
  // defined ones first
  const firstUsed = all.findIndex((s) => !s.defined);
  assert.ok(all.slice(firstUsed).every((s) => !s.defined));
});

test('the query filters as editors do (characters in order, any case)', () => {
  assert.deepEqual(workspaceSymbols(docs, 'ORDdai').map((s) => s.name), ['orders_daily']);
  assert.deepEqual(workspaceSymbols(docs, 'zzz'), []);
});

test('short names of URNs', () => {
  assert.equal(shortNameOf('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD),country)'), 'orders.country');
  assert.equal(shortNameOf('urn:li:dataJob:(urn:li:dataFlow:(airflow,dag,PROD),task)'), '(urn:li:dataFlow:(airflow,dag,PROD),task)');
});

test('a huge workspace answers at most MAX_WORKSPACE_SYMBOLS symbols', () => {
  const many = Array.from({ length: 1_200 }, (_, i) => `  - urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)\n`).join('');
  const big = documentOf('file:///w/big.yaml', `id: orders\nplatform: hive\ndownstreams:\n${many}`);
  assert.equal(workspaceSymbols([big], '').length, MAX_WORKSPACE_SYMBOLS);
});

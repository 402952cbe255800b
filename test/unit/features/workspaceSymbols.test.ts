import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SymbolKind } from 'vscode-languageserver-types';
import { MAX_WORKSPACE_SYMBOLS, fuzzyMatches, shortNameOf, workspaceSymbols } from '../../../core/features/workspaceSymbols';
import type { WorkspaceDocument } from '../../../core/workspace/workspaceDocument';
import { seededRandom } from '../../../support/random';
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

/** The answer as it was before the query matched without lower-case copies (files in URI order, the first symbol per URN kept unless a later one defines it). */
function referenceSymbols(documents: readonly WorkspaceDocument[], query: string): { name: string; uri: string; defined: boolean }[] {
  const byUrn = new Map<string, { name: string; uri: string; defined: boolean; urn: string }>();
  for (const document of [...documents].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0))) {
    for (const entry of workspaceSymbolsOfOne(document)) {
      const known = byUrn.get(entry.urn);
      if (known && (known.defined || !entry.defined)) continue;
      if (query && !fuzzyMatches(query, entry.urn)) continue;
      byUrn.set(entry.urn, entry);
    }
  }
  return [...byUrn.values()].sort((a, b) => Number(b.defined) - Number(a.defined) || a.name.localeCompare(b.name)).map(({ name, uri, defined }) => ({ name, uri, defined }));
}

/** One file's symbols in the order its facts come (every URN of it, defined ones as defined). */
function workspaceSymbolsOfOne(document: WorkspaceDocument): { name: string; uri: string; defined: boolean; urn: string }[] {
  return workspaceSymbols([document], '').map((s) => ({ name: s.name, uri: s.uri, defined: s.defined, urn: s.urn }));
}

test('the answer is the same as matching lower-case copies, over files in any order, mixed case and characters that lower-case to ASCII', () => {
  const random = seededRandom(4101);
  const names = ['Orders', 'orders', 'ORDERS_daily', 'Kelvin_\u212A', 'straße', 'İstanbul', 'table_K', 'x'];
  const documents = Array.from({ length: 12 }, (_, i) => {
    const pick = () => names[random.int(names.length)];
    const text = `id: ${pick()}\nplatform: hive\ndownstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,${pick()},PROD)\n  - urn:li:dataset:(urn:li:dataPlatform:hive,${pick()},PROD)\n`;
    return documentOf(`file:///w/f${String(random.int(100)).padStart(3, '0')}_${i}.yaml`, text);
  });
  for (const query of ['', 'k', 'K', 'ord', 'ORDd', 'ss', 'i', 'İ', 'kel', 'x)', 'zz', 'hive,o']) {
    const got = workspaceSymbols(documents, query).map(({ name, uri, defined }) => ({ name, uri, defined }));
    assert.deepEqual(got, referenceSymbols(documents, query), `query '${query}'`);
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SymbolKind } from 'vscode-languageserver-types';
import { MAX_WORKSPACE_SYMBOLS, fuzzyMatches, shortNameOf, workspaceSymbols } from '../../../core/features/workspaceSymbols';
import type { WorkspaceDocument } from '../../../core/workspace/workspaceDocument';
import type { Fact } from '../../../core/model/facts';
import type { SourceRange } from '../../../core/model/range';
import { propertyUrnOf } from '../../../core/definitions/normalise';
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

const ENTITY_ROLES = new Set(['entity', 'upstream', 'downstream', 'fieldUpstream', 'fieldDownstream', 'value']);

/** symbolOf as it was (core/features/workspaceSymbols.ts keeps its own). */
function symbolOf(fact: Fact): { urn: string; range: SourceRange; defined: boolean } | undefined {
  if (fact.kind === 'propertyDefinition' && fact.urn.value) return { urn: propertyUrnOf(fact.urn.value), range: (fact.id ?? fact.urn).range, defined: true };
  if (fact.kind === 'entityDeclaration') return { urn: fact.urn.value, range: fact.urn.range, defined: true };
  if (fact.kind === 'propertyAssignment') return { urn: fact.propertyUrn, range: fact.property.range, defined: false };
  if (fact.kind === 'entityRef' && ENTITY_ROLES.has(fact.role)) return { urn: fact.urn, range: fact.range, defined: false };
  return undefined;
}

/** The answer as it was before the query matched without lower-case copies and kept only the first 1,000 in order (the documents sorted by URI, every match sorted). */
function referenceSymbols(documents: readonly WorkspaceDocument[], query: string): { name: string; uri: string; defined: boolean; urn: string }[] {
  const byUrn = new Map<string, { name: string; uri: string; defined: boolean; urn: string }>();
  for (const document of [...documents].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0))) {
    for (const fact of document.model.facts) {
      const found = symbolOf(fact);
      if (!found || found.range.end <= found.range.start) continue;
      const known = byUrn.get(found.urn);
      if (known && (known.defined || !found.defined)) continue;
      if (query && !fuzzyMatches(query, found.urn)) continue;
      byUrn.set(found.urn, { name: shortNameOf(found.urn), uri: document.uri, defined: found.defined, urn: found.urn });
    }
  }
  return [...byUrn.values()].sort((a, b) => Number(b.defined) - Number(a.defined) || a.name.localeCompare(b.name)).slice(0, MAX_WORKSPACE_SYMBOLS);
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
    const got = workspaceSymbols(documents, query).map(({ name, uri, defined, urn }) => ({ name, uri, defined, urn }));
    assert.deepEqual(got, referenceSymbols(documents, query), `query '${query}'`);
  }
});

test('past 1,000 matches, the first 1,000 are those sorting every match gives, equal names in the order the files have by URI', () => {
  const random = seededRandom(4102);
  const platforms = ['hive', 'snowflake', 'kafka'];
  // 40 files of 60 URNs over 3 platforms and 500 names: many equal short names, 3,000+ symbols, used and defined
  const documents = Array.from({ length: 40 }, (_, i) => {
    const name = () => `t${String(random.int(500)).padStart(3, '0')}`;
    const refs = Array.from({ length: 60 }, () => `  - urn:li:dataset:(urn:li:dataPlatform:${platforms[random.int(3)]},${name()},PROD)\n`).join('');
    return documentOf(`file:///w/f${String(random.int(1000)).padStart(4, '0')}_${i}.yaml`, `id: ${name()}\nplatform: ${platforms[random.int(3)]}\ndownstreams:\n${refs}`);
  });
  for (const query of ['', 't', 'T1', 'hive', 'sno,t2']) {
    const got = workspaceSymbols(documents, query).map(({ name, uri, defined, urn }) => ({ name, uri, defined, urn }));
    assert.deepEqual(got, referenceSymbols(documents, query), `query '${query}'`);
  }
  assert.equal(workspaceSymbols(documents, '').length, MAX_WORKSPACE_SYMBOLS);
});

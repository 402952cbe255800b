import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { EMPTY_DEFINITIONS, type DefinitionsView } from '../../../core/definitions/types';
import { MAX_RENAME_EDITS, prepareRename, rename, type RenameInput } from '../../../core/features/rename';
import type { WorkspaceDocument } from '../../../core/workspace/workspaceDocument';
import { readDocument } from '../../../core/formats';
import { caret, definition, definitionsOf, documentOf } from './helpers';

const PROPS = '- id: io.acme.tier\n  type: string\n  cardinality: SINGLE\n  entity_types:\n    - dataset\n  allowed_values:\n    - value: gold\n';
const ORDERS = 'id: orders\nplatform: hive\nenv: PROD\nstructured_properties:\n  io.acme.tier: gold\nschema:\n  fields:\n    - id: country\n      type: string\n';
const MCP = JSON.stringify(
  [
    {
      entityType: 'dataset',
      entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)',
      changeType: 'UPSERT',
      aspectName: 'structuredProperties',
      aspect: { json: { properties: [{ propertyUrn: 'urn:li:structuredProperty:io.acme.tier', values: [{ string: 'gold' }] }] } },
    },
    {
      entityType: 'dataset',
      entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,revenue,PROD)',
      changeType: 'UPSERT',
      aspectName: 'upstreamLineage',
      aspect: {
        value: JSON.stringify({
          upstreams: [{ dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)', type: 'TRANSFORMED' }],
          fineGrainedLineages: [
            {
              upstreamType: 'FIELD_SET',
              upstreams: ['urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD),country)'],
              downstreamType: 'FIELD',
              downstreams: ['urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,revenue,PROD),country)'],
            },
          ],
        }),
        contentType: 'application/json',
      },
    },
  ],
  null,
  2,
);
const LINEAGE = "version: 1\nlineage:\n  - entity:\n      name: revenue\n      type: dataset\n      platform: hive\n    upstream:\n      - entity:\n          name: 'orders'\n          type: dataset\n          platform: hive\n";

function inputAt(uri: string, marked: string, others: WorkspaceDocument[], definitions: DefinitionsView = EMPTY_DEFINITIONS, extra: Partial<RenameInput> = {}) {
  const { text, offset } = caret(marked);
  const document = documentOf(uri, text);
  const input: RenameInput = { document, workspace: others, definitions, reread: (u, t) => readDocument(u, t), ...extra };
  return { input, offset, document };
}

function applied(document: WorkspaceDocument, edits: { range: { start: number; end: number }; text: string }[] | undefined): string {
  let text = document.text;
  for (const edit of [...(edits ?? [])].reverse()) text = text.slice(0, edit.range.start) + edit.text + text.slice(edit.range.end);
  return text;
}

const props = documentOf('file:///w/props.yaml', PROPS);
const orders = documentOf('file:///w/orders.yaml', ORDERS);
const mcp = documentOf('file:///w/mcp.json', MCP);
const lineage = documentOf('file:///w/lineage.yaml', LINEAGE);

test('rename a property: its id in the definition, the values file and the URN in MCP JSON', () => {
  const { input, offset, document } = inputAt('file:///w/props.yaml', PROPS.replace('acme.tier', 'acme.ti|er'), [orders, mcp]);
  const start = prepareRename(input, offset);
  assert.ok(start.ok);
  assert.equal(start.value.placeholder, 'io.acme.tier');
  const result = rename(input, offset, 'io.acme.serviceTier');
  assert.ok(result.ok, result.ok ? '' : result.problem);
  assert.deepEqual([...result.value.keys()].sort(), ['file:///w/mcp.json', 'file:///w/orders.yaml', 'file:///w/props.yaml']);
  assert.match(applied(document, result.value.get(document.uri)), /- id: io\.acme\.serviceTier\n/);
  assert.match(applied(orders, result.value.get(orders.uri)), / {2}io\.acme\.serviceTier: gold\n/);
  assert.match(applied(mcp, result.value.get(mcp.uri)), /"propertyUrn": "urn:li:structuredProperty:io\.acme\.serviceTier"/);
});

test('rename a dataset: its id, URNs in JSON, inside schemaField URNs and inside serialised JSON, and the lineage file name', () => {
  const { input, offset, document } = inputAt('file:///w/orders.yaml', ORDERS.replace('id: orders', 'id: ord|ers'), [mcp, lineage, props]);
  const result = rename(input, offset, 'orders_v2');
  assert.ok(result.ok, result.ok ? '' : result.problem);
  assert.match(applied(document, result.value.get(document.uri)), /^id: orders_v2\n/);
  const json = JSON.parse(applied(mcp, result.value.get(mcp.uri)));
  assert.equal(json[0].entityUrn, 'urn:li:dataset:(urn:li:dataPlatform:hive,orders_v2,PROD)');
  const inner = JSON.parse(json[1].aspect.value);
  assert.equal(inner.upstreams[0].dataset, 'urn:li:dataset:(urn:li:dataPlatform:hive,orders_v2,PROD)');
  assert.equal(inner.fineGrainedLineages[0].upstreams[0], 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,orders_v2,PROD),country)');
  assert.equal(inner.fineGrainedLineages[0].downstreams[0], 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,revenue,PROD),country)');
  assert.equal(parseYaml(applied(lineage, result.value.get(lineage.uri))).lineage[0].upstream[0].entity.name, 'orders_v2');
});

test('rename a schema field path from a schemaField URN, and its declaration in the dataset YAML', () => {
  const { input, offset } = inputAt('file:///w/mcp.json', MCP.replace('PROD),country)\\"],\\n', 'PROD),coun|try)\\"],\\n').replace('orders,PROD),country', 'orders,PROD),coun|try'), [orders]);
  const result = rename(input, offset, 'country_code');
  assert.ok(result.ok, result.ok ? '' : result.problem);
  assert.match(applied(orders, result.value.get(orders.uri)), /- id: country_code\n/);
});

test('hostile new names: quotes and backslashes are escaped for JSON, serialised JSON and YAML, line breaks refused', () => {
  const hostile = 'or"d\\e\'rs: #x';
  const { input, offset, document } = inputAt('file:///w/orders.yaml', ORDERS.replace('id: orders', 'id: ord|ers'), [mcp, lineage]);
  const result = rename(input, offset, hostile);
  assert.ok(result.ok, result.ok ? '' : result.problem);
  assert.equal(parseYaml(applied(document, result.value.get(document.uri))).id, hostile);
  const json = JSON.parse(applied(mcp, result.value.get(mcp.uri)));
  assert.equal(json[0].entityUrn, `urn:li:dataset:(urn:li:dataPlatform:hive,${hostile},PROD)`);
  assert.equal(JSON.parse(json[1].aspect.value).upstreams[0].dataset, `urn:li:dataset:(urn:li:dataPlatform:hive,${hostile},PROD)`);
  assert.equal(parseYaml(applied(lineage, result.value.get(lineage.uri))).lineage[0].upstream[0].entity.name, hostile);
  const newline = rename(input, offset, 'a\nb');
  assert.ok(!newline.ok);
  assert.match(newline.problem, /line break/);
  const huge = rename(input, offset, 'x'.repeat(5_000_000));
  assert.ok(!huge.ok);
  assert.ok(huge.problem.length < 200 && /over 512 characters/.test(huge.problem));
});

test('a property id with a space or an invalid URN is refused in words', () => {
  const { input, offset } = inputAt('file:///w/props.yaml', PROPS.replace('acme.tier', 'acme.ti|er'), [orders]);
  const spaced = rename(input, offset, 'io.acme service tier');
  assert.ok(!spaced.ok);
  assert.match(spaced.problem, /contains a space/);
  const wrongKind = rename(input, offset, 'urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)');
  assert.ok(!wrongKind.ok);
  assert.match(wrongKind.problem, /names a dataset/);
});

test('a property the catalog holds is refused: the catalog keeps the old name and a push writes the new one', () => {
  const definitions = definitionsOf([definition({ qualifiedName: 'io.acme.tier' })]);
  const { input, offset } = inputAt('file:///w/props.yaml', PROPS.replace('acme.tier', 'acme.ti|er'), [orders], definitions, { catalogUrl: 'http://localhost:8080' });
  const start = prepareRename(input, offset);
  assert.ok(!start.ok);
  assert.match(start.problem, /catalog at http:\/\/localhost:8080 holds the structured property 'io\.acme\.tier'/);
  assert.match(start.problem, /catalog keeps 'io\.acme\.tier'/);
  assert.match(start.problem, /a push would write the new name/);
});

test('a dataset the catalog holds, or one it is still being asked about, is refused', () => {
  const { input, offset } = inputAt('file:///w/orders.yaml', ORDERS.replace('id: orders', 'id: ord|ers'), [], EMPTY_DEFINITIONS, { entities: { exists: () => true } });
  const held = rename(input, offset, 'orders_v2');
  assert.ok(!held.ok);
  assert.match(held.problem, /holds the dataset/);
  const asking = rename({ ...input, entities: { exists: () => undefined } }, offset, 'orders_v2');
  assert.ok(!asking.ok);
  assert.match(asking.problem, /being asked/);
});

test('a new name already used in the workspace is refused', () => {
  const revenue = documentOf('file:///w/revenue.yaml', ORDERS.replace('id: orders', 'id: revenue'));
  const { input, offset } = inputAt('file:///w/orders.yaml', ORDERS.replace('id: orders', 'id: ord|ers'), [revenue]);
  const result = rename(input, offset, 'revenue');
  assert.ok(!result.ok);
  assert.match(result.problem, /revenue\.yaml already names/);
});

test('a platform URN is not renamed: the message says what can be', () => {
  const { input, offset } = inputAt('file:///w/mcp.json', MCP.replace('dataPlatform:hive,orders', 'dataPlatform:hi|ve,orders'), []);
  const start = prepareRename(input, offset);
  assert.ok(!start.ok);
  assert.match(start.problem, /Only a structured property .* can be renamed; 'urn:li:dataPlatform:hive' is a dataPlatform URN/);
});

test('a huge workspace is bounded: more edits than the limit are refused in words', () => {
  const uses = Array.from({ length: 400 }, (_, i) => `- id: t${i}\n  platform: hive\n  structured_properties:\n    io.acme.tier: gold\n`).join('');
  // One model, held under many names: the workspace is large, the fixture is read once.
  const one = documentOf('file:///w/many.yaml', uses);
  const many = Array.from({ length: Math.ceil(MAX_RENAME_EDITS / 400) + 1 }, (_, i) => ({ ...one, uri: `file:///w/many${i}.yaml` }));
  const { input, offset } = inputAt('file:///w/props.yaml', PROPS.replace('acme.tier', 'acme.ti|er'), many);
  const result = rename(input, offset, 'io.acme.serviceTier');
  assert.ok(!result.ok);
  assert.match(result.problem, /more than 20,000 places/);
});

test('a hostile property id (quotes, backslash) is written escaped into YAML keys and JSON strings', () => {
  const id = 'io.acme."ti\\er\'';
  const { input, offset, document } = inputAt('file:///w/props.yaml', PROPS.replace('acme.tier', 'acme.ti|er'), [orders, mcp]);
  const result = rename(input, offset, id);
  assert.ok(result.ok, result.ok ? '' : result.problem);
  assert.equal(parseYaml(applied(document, result.value.get(document.uri)))[0].id, id);
  assert.deepEqual(Object.keys(parseYaml(applied(orders, result.value.get(orders.uri))).structured_properties), [id]);
  assert.equal(JSON.parse(applied(mcp, result.value.get(mcp.uri)))[0].aspect.json.properties[0].propertyUrn, `urn:li:structuredProperty:${id}`);
});

test('while the workspace is still being read, a rename is refused rather than missing files', () => {
  const { input, offset } = inputAt('file:///w/props.yaml', PROPS.replace('acme.tier', 'acme.ti|er'), [orders], EMPTY_DEFINITIONS, { stillReading: true });
  const result = rename(input, offset, 'io.acme.serviceTier');
  assert.ok(!result.ok);
  assert.match(result.problem, /still being read/);
});

test('a whole new URN changes the environment field of a declaration, and is refused where that field is not written', () => {
  const { input, offset, document } = inputAt('file:///w/orders.yaml', ORDERS.replace('id: orders', 'id: ord|ers'), [mcp]);
  const result = rename(input, offset, 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,DEV)');
  assert.ok(result.ok, result.ok ? '' : result.problem);
  const renamed = parseYaml(applied(document, result.value.get(document.uri)));
  assert.deepEqual([renamed.id, renamed.env], ['orders', 'DEV']);
  assert.equal(JSON.parse(applied(mcp, result.value.get(mcp.uri)))[0].entityUrn, 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,DEV)');
  const withLineage = rename({ ...input, workspace: [mcp, lineage] }, offset, 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,DEV)');
  assert.ok(!withLineage.ok);
  assert.match(withLineage.problem, /lineage\.yaml:\d+ declares the dataset without env \(so PROD\); add `env: DEV` there by hand/);
});

test('in a YAML flow mapping a new id with a comma is quoted, so the mapping still reads the same', () => {
  const flow = documentOf('file:///w/flow.yaml', 'id: orders\nplatform: hive\nstructured_properties: {io.acme.tier: gold, io.acme.other: x}\n');
  const { input, offset } = inputAt('file:///w/props.yaml', PROPS.replace('acme.tier', 'acme.ti|er'), [flow]);
  const result = rename(input, offset, 'io.acme.t,ier');
  assert.ok(result.ok, result.ok ? '' : result.problem);
  assert.deepEqual(parseYaml(applied(flow, result.value.get(flow.uri))).structured_properties, { 'io.acme.t,ier': 'gold', 'io.acme.other': 'x' });
});

test('a URN written through a YAML alias cannot be rewritten in place: refused, naming the file and line', () => {
  const aliased = documentOf('file:///w/aliased.yaml', 'version: 1\nlineage:\n  - entity:\n      name: revenue\n      type: dataset\n      platform: hive\n    fineGrainedLineages:\n      - upstreamType: FIELD_SET\n        upstreams:\n          - &col urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD),country)\n          - *col\n        downstreamType: FIELD\n        downstreams: [urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,revenue,PROD),country)]\n');
  const { input, offset } = inputAt('file:///w/orders.yaml', ORDERS.replace('id: orders', 'id: ord|ers'), [aliased]);
  const result = rename(input, offset, 'orders_v2');
  assert.ok(!result.ok);
  assert.match(result.problem, /aliased\.yaml:\d+/);
});

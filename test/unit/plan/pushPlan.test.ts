import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { formatPlan } from '../../../core/plan/pushFormat';
import { collectPushIntent } from '../../../core/plan/pushIntent';
import { planPush, ServiceState, standardAspectWriter } from '../../../core/plan/pushPlan';
import { aspectsToRead } from '../../../core/plan/pushState';
import type { PushItem, PushPlan } from '../../../core/plan/pushPlanTypes';

const ds = (name: string, platform = 'hive'): string => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const col = (name: string, column: string): string => `urn:li:schemaField:(${ds(name)},${column})`;
const prop = (id: string): string => `urn:li:structuredProperty:${id}`;

function plan(files: Record<string, string>, state = new ServiceState()): PushPlan {
  const models = Object.entries(files).map(([name, text]) => readDocument(`file:///repo/${name}`, text));
  for (const model of models) assert.notEqual(model.format, null, `${model.uri} should be one of our formats`);
  return planPush(collectPushIntent(models, standardAspectWriter('service')), state, { now: 1000 });
}

const itemFor = (p: PushPlan, entity: string, phase?: PushItem['phase']): PushItem => {
  const found = p.items.find((i) => i.entityUrn === entity && (!phase || i.phase === phase));
  assert.ok(found, `expected an item for ${entity}\n${formatPlan(p)}`);
  return found;
};

const upstreams = (...names: string[]) => ({ upstreams: names.map((n) => ({ dataset: ds(n), type: 'TRANSFORMED' })) });

const LINEAGE_FILE = `version: 1
lineage:
  - entity: {name: orders, type: dataset, platform: hive}
    upstream:
      - entity: {name: raw_orders, type: dataset, platform: hive}
      - entity: {name: customers, type: dataset, platform: hive}
`;

describe('push plan: lineage edges', () => {
  it('adds what the service lacks, removes what the file no longer lists, keeps the rest unchanged', () => {
    const state = new ServiceState().set(ds('orders'), 'upstreamLineage', upstreams('raw_orders', 'legacy_orders'));
    const p = plan({ 'lineage.yml': LINEAGE_FILE }, state);
    const item = itemFor(p, ds('orders'));
    assert.deepEqual(item.operation, {
      kind: 'updateLineage',
      edgesToAdd: [{ downstreamUrn: ds('orders'), upstreamUrn: ds('customers') }],
      edgesToRemove: [{ downstreamUrn: ds('orders'), upstreamUrn: ds('legacy_orders') }],
    });
    assert.deepEqual(p.unchanged, [{ entityUrn: ds('orders'), text: `upstream ${ds('raw_orders')}` }]);
    assert.equal(p.items.length, 1);
  });

  it('plans nothing when the service already has exactly the file’s edges', () => {
    const state = new ServiceState().set(ds('orders'), 'upstreamLineage', upstreams('raw_orders', 'customers'));
    const p = plan({ 'lineage.yml': LINEAGE_FILE }, state);
    assert.deepEqual(p.items, []);
    assert.equal(p.unchanged.length, 2);
    assert.match(formatPlan(p), /Nothing to push/);
  });

  it('reads only the top-level entities of a lineage file as owned (nested upstreams are not pushed)', () => {
    const nested = `version: 1
lineage:
  - entity: {name: c, type: dataset, platform: hive}
    upstream:
      - entity: {name: b, type: dataset, platform: hive}
        upstream:
          - entity: {name: a, type: dataset, platform: hive}
`;
    const state = new ServiceState().set(ds('b'), 'upstreamLineage', upstreams('z'));
    const p = plan({ 'nested.yml': nested }, state);
    assert.deepEqual(p.items.map((i) => i.entityUrn), [ds('c')]);
  });

  it('an updateLineage document only adds and removes the edges it names, never others', () => {
    const doc = JSON.stringify({
      edgesToAdd: [{ downstreamUrn: ds('orders'), upstreamUrn: ds('customers') }],
      edgesToRemove: [
        { downstreamUrn: ds('orders'), upstreamUrn: ds('legacy_orders') },
        { downstreamUrn: ds('orders'), upstreamUrn: ds('never_there') },
      ],
    });
    const state = new ServiceState().set(ds('orders'), 'upstreamLineage', upstreams('raw_orders', 'legacy_orders'));
    const p = plan({ 'edges.json': doc }, state);
    assert.deepEqual(itemFor(p, ds('orders')).operation, {
      kind: 'updateLineage',
      edgesToAdd: [{ downstreamUrn: ds('orders'), upstreamUrn: ds('customers') }],
      edgesToRemove: [{ downstreamUrn: ds('orders'), upstreamUrn: ds('legacy_orders') }],
    });
    assert.deepEqual(p.unchanged.map((u) => u.text), [`upstream ${ds('never_there')} (already absent)`]);
  });

  it('warns before sending an edge to an entity that is missing and not created by the files', () => {
    const state = new ServiceState().setExists(ds('orders'), true).setExists(ds('raw_orders'), false).setExists(ds('customers'), false);
    const datasets = '- id: customers\n  platform: hive\n';
    const item = itemFor(plan({ 'lineage.yml': LINEAGE_FILE, 'datasets.yaml': datasets }, state), ds('orders'), 'edges');
    assert.equal(item.notes.length, 1, 'customers is created by the same push');
    assert.match(item.notes[0], /raw_orders,PROD\) does not exist in the catalog and no file of this push creates it/);
  });

  it('names the file to push first when a file outside the push creates the missing entity (push order matters only then)', () => {
    const state = new ServiceState().setExists(ds('orders'), true).setExists(ds('raw_orders'), true).setExists(ds('customers'), false);
    const models = [readDocument('file:///repo/lineage.yml', LINEAGE_FILE)];
    const createdOutside = new Map([[ds('customers'), new Set(['file:///repo/finance%20datasets.yaml'])]]);
    const p = planPush(collectPushIntent(models, standardAspectWriter('service')), state, { now: 1000, createdOutside });
    const [note] = itemFor(p, ds('orders'), 'edges').notes;
    assert.match(note, /customers,PROD\) does not exist in the catalog yet; finance datasets\.yaml creates it but is not part of this push.*Push that file first, or together with this one/);
  });

  it('reads the upstreams of jobs, charts and dashboards from their own aspects', () => {
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),load)';
    const doc = JSON.stringify({ edgesToAdd: [{ downstreamUrn: job, upstreamUrn: ds('a') }, { downstreamUrn: job, upstreamUrn: ds('b') }], edgesToRemove: [] });
    const state = new ServiceState().set(job, 'dataJobInputOutput', { inputDatasets: [], outputDatasets: [], inputDatasetEdges: [{ destinationUrn: ds('a') }] });
    const intent = collectPushIntent([readDocument('file:///e.json', doc)], standardAspectWriter());
    assert.deepEqual(aspectsToRead(intent), [{ entityType: 'dataJob', urn: job, aspectName: 'dataJobInputOutput' }]);
    const p = planPush(intent, state);
    assert.deepEqual(itemFor(p, job).operation, { kind: 'updateLineage', edgesToAdd: [{ downstreamUrn: job, upstreamUrn: ds('b') }], edgesToRemove: [] });
  });

  it('writes column-level edges as one upstreamLineage aspect with the dataset upstreams, and sees them once written', () => {
    const file = `${LINEAGE_FILE}    fineGrainedLineages:
      - upstreamType: FIELD_SET
        upstreams: ["${col('raw_orders', 'id')}"]
        downstreamType: FIELD
        downstreams: ["${col('orders', 'order_id')}"]
        transformOperation: RENAME
`;
    const before = new ServiceState().set(ds('orders'), 'upstreamLineage', { upstreams: [{ dataset: ds('raw_orders'), type: 'TRANSFORMED', auditStamp: { time: 5, actor: 'urn:li:corpuser:x' } }] });
    const p = plan({ 'lineage.yml': file }, before);
    const item = itemFor(p, ds('orders'));
    assert.equal(item.operation.kind, 'ingestProposal');
    assert.ok(item.operation.kind === 'ingestProposal');
    const aspect = item.operation.proposal.aspect as { upstreams: { dataset: string; auditStamp: { time: number } }[]; fineGrainedLineages: unknown[] };
    assert.deepEqual(aspect.upstreams.map((u) => [u.dataset, u.auditStamp.time]), [[ds('raw_orders'), 5], [ds('customers'), 1000]], 'existing records are kept whole');
    assert.equal(aspect.fineGrainedLineages.length, 1);
    assert.deepEqual(item.changes.map((c) => c.action), ['add', 'add']);

    const after = new ServiceState().set(ds('orders'), 'upstreamLineage', { ...aspect, fineGrainedLineages: aspect.fineGrainedLineages.map((e) => ({ ...(e as object), confidenceScore: 1 })) });
    assert.deepEqual(plan({ 'lineage.yml': file }, after).items, []);
  });

  it('removes column-level edges the file no longer lists', () => {
    const state = new ServiceState().set(ds('orders'), 'upstreamLineage', {
      ...upstreams('raw_orders', 'customers'),
      fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [col('raw_orders', 'id')], downstreamType: 'FIELD', downstreams: [col('orders', 'id')] }],
    });
    const item = itemFor(plan({ 'lineage.yml': LINEAGE_FILE }, state), ds('orders'));
    assert.equal(item.operation.kind, 'ingestProposal');
    assert.deepEqual(item.changes, [{ action: 'remove', text: 'column raw_orders.id → orders.id' }]);
  });
});

const DATASET_YAML = `- id: orders
  platform: hive
  description: Orders
  structured_properties:
    io.acme.team: sales
    io.acme.retention: 30
`;

const definitions = (state: ServiceState) =>
  state
    .set(prop('io.acme.team'), 'propertyDefinition', { qualifiedName: 'io.acme.team', valueType: 'urn:li:dataType:service.string', entityTypes: ['urn:li:entityType:service.dataset'], cardinality: 'SINGLE' })
    .set(prop('io.acme.retention'), 'propertyDefinition', { qualifiedName: 'io.acme.retention', valueType: 'urn:li:dataType:service.number', entityTypes: ['urn:li:entityType:service.dataset'], cardinality: 'SINGLE' });

describe('push plan: structured properties', () => {
  it('replaces all values (POST) when the file owns the entity’s properties, typing numbers by the definition', () => {
    const state = definitions(new ServiceState()).set(ds('orders'), 'structuredProperties', {
      properties: [
        { propertyUrn: prop('io.acme.team'), values: [{ string: 'sales' }] },
        { propertyUrn: prop('io.acme.old'), values: [{ string: 'x' }] },
      ],
    });
    const p = plan({ 'orders.yaml': DATASET_YAML }, state);
    const item = itemFor(p, ds('orders'), 'values');
    assert.deepEqual(item.operation, {
      kind: 'postAspect',
      entityType: 'dataset',
      urn: ds('orders'),
      aspectName: 'structuredProperties',
      value: {
        properties: [
          { propertyUrn: prop('io.acme.team'), values: [{ string: 'sales' }] },
          { propertyUrn: prop('io.acme.retention'), values: [{ double: 30 }] },
        ],
      },
    });
    assert.deepEqual(item.changes.map((c) => c.action), ['add', 'remove']);
    assert.match(item.changes[1].text, /io\.acme\.old \(not in the file, which lists all properties/);
    assert.ok(p.unchanged.some((u) => u.text === `property ${prop('io.acme.team')} = "sales"`));
  });

  it('has nothing to do when the service holds the same values', () => {
    const state = definitions(new ServiceState()).set(ds('orders'), 'structuredProperties', {
      properties: [
        { propertyUrn: prop('io.acme.retention'), values: [{ double: 30 }] },
        { propertyUrn: prop('io.acme.team'), values: [{ string: 'sales' }] },
      ],
    });
    const p = plan({ 'orders.yaml': DATASET_YAML }, state);
    assert.equal(p.items.filter((i) => i.phase === 'values').length, 0);
  });

  it('PATCHes only what an MCP patch names, so properties set by others stay', () => {
    const mcp = JSON.stringify([
      {
        entityType: 'dataset',
        entityUrn: ds('orders'),
        changeType: 'PATCH',
        aspectName: 'structuredProperties',
        aspect: {
          json: [
            { op: 'add', path: `/properties/${prop('io.acme.team')}`, value: { propertyUrn: prop('io.acme.team'), values: [{ string: 'finance' }] } },
            { op: 'add', path: `/properties/${prop('io.acme.retention')}`, value: { propertyUrn: prop('io.acme.retention'), values: [{ double: 30 }] } },
            { op: 'remove', path: `/properties/${prop('io.acme.gone')}` },
            { op: 'remove', path: `/properties/${prop('io.acme.absent')}` },
          ],
        },
      },
    ]);
    const state = definitions(new ServiceState()).set(ds('orders'), 'structuredProperties', {
      properties: [
        { propertyUrn: prop('io.acme.team'), values: [{ string: 'sales' }] },
        { propertyUrn: prop('io.acme.retention'), values: [{ double: 30 }] },
        { propertyUrn: prop('io.acme.gone'), values: [{ string: 'x' }] },
        { propertyUrn: prop('io.acme.others'), values: [{ string: 'kept' }] },
      ],
    });
    const p = plan({ 'patch.json': mcp }, state);
    const item = itemFor(p, ds('orders'), 'values');
    assert.deepEqual(item.operation, {
      kind: 'patchStructuredProperties',
      entityType: 'dataset',
      urn: ds('orders'),
      patch: [
        { op: 'add', path: `/properties/${prop('io.acme.team')}`, value: { propertyUrn: prop('io.acme.team'), values: [{ string: 'finance' }] } },
        { op: 'remove', path: `/properties/${prop('io.acme.gone')}` },
      ],
    });
    assert.deepEqual(item.changes.map((c) => c.action), ['change', 'remove']);
    assert.ok(!formatPlan(p).includes('io.acme.others'), 'a property set by others is not mentioned, let alone removed');
  });

  it('warns when a value’s property is not defined or is soft-deleted', () => {
    const state = new ServiceState()
      .set(prop('io.acme.team'), 'propertyDefinition', { qualifiedName: 'io.acme.team', valueType: 'urn:li:dataType:service.string', entityTypes: [] })
      .set(prop('io.acme.team'), 'status', { removed: true });
    const item = itemFor(plan({ 'orders.yaml': DATASET_YAML }, state), ds('orders'), 'values');
    assert.equal(item.notes.length, 2);
    assert.match(item.notes[0], /io\.acme\.team is soft-deleted/);
    assert.match(item.notes[1], /io\.acme\.retention is not defined in the service/);
  });
});

const DEFINITIONS_YAML = `- id: io.acme.tier
  type: string
  cardinality: SINGLE
  display_name: Tier
  entity_types: [dataset]
  allowed_values:
    - value: gold
    - value: silver
`;

describe('push plan: property definitions and order', () => {
  it('creates a missing definition with the service’s type namespace', () => {
    const item = itemFor(plan({ 'props.yaml': DEFINITIONS_YAML }), prop('io.acme.tier'));
    assert.equal(item.title, 'Property definition (create)');
    assert.ok(item.operation.kind === 'postAspect');
    assert.equal(item.operation.value.valueType, 'urn:li:dataType:service.string');
  });

  it('treats the datahub and service namespaces as the same type, and names breaking changes', () => {
    const stored = { qualifiedName: 'io.acme.tier', displayName: 'Tier', valueType: 'urn:li:dataType:datahub.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:datahub.dataset'], allowedValues: [{ value: { string: 'gold' } }, { value: { string: 'silver' } }] };
    assert.deepEqual(plan({ 'props.yaml': DEFINITIONS_YAML }, new ServiceState().set(prop('io.acme.tier'), 'propertyDefinition', stored)).items, []);
    const wider = { ...stored, cardinality: 'MULTIPLE', allowedValues: [...stored.allowedValues, { value: { string: 'bronze' } }] };
    const item = itemFor(plan({ 'props.yaml': DEFINITIONS_YAML }, new ServiceState().set(prop('io.acme.tier'), 'propertyDefinition', wider)), prop('io.acme.tier'));
    assert.equal(item.title, 'Property definition (change)');
    assert.equal(item.notes.length, 2);
    assert.match(item.notes[0], /MULTIPLE to SINGLE/);
    assert.match(item.notes[1], /\{"string":"bronze"\} are removed/);
  });

  it('runs definitions, then entities, then values, then edges', () => {
    const datasets = `${DATASET_YAML}  downstreams:\n    - ${ds('report')}\n`;
    const p = plan({ 'props.yaml': DEFINITIONS_YAML, 'orders.yaml': datasets, 'lineage.yml': LINEAGE_FILE });
    const phases = p.items.map((i) => i.phase);
    assert.deepEqual([...phases].sort((a, b) => ['definitions', 'entities', 'values', 'edges'].indexOf(a) - ['definitions', 'entities', 'values', 'edges'].indexOf(b)), phases);
    assert.deepEqual([...new Set(phases)], ['definitions', 'entities', 'values', 'edges']);
    assert.ok(p.items.some((i) => i.operation.kind === 'updateLineage' && i.entityUrn === ds('report')), 'dataset downstreams become edges');
    assert.equal(new Set(p.items.map((i) => i.id)).size, p.items.length, 'item ids are unique');
  });

  it('soft deletes last and only when the service does not already say so', () => {
    const mcp = JSON.stringify([{ entityType: 'structuredProperty', entityUrn: prop('io.acme.tier'), changeType: 'UPSERT', aspectName: 'status', aspect: { json: { removed: true } } }]);
    const p = plan({ 'status.json': mcp });
    assert.deepEqual(p.items.map((i) => [i.phase, i.operation]), [['softDeletes', { kind: 'status', entityType: 'structuredProperty', urn: prop('io.acme.tier'), removed: true }]]);
    assert.deepEqual(plan({ 'status.json': mcp }, new ServiceState().set(prop('io.acme.tier'), 'status', { removed: true })).items, []);
  });

  it('prints a preview per entity with +, ~ and - lines, its header counting what its summary counts', () => {
    const state = new ServiceState().set(ds('orders'), 'upstreamLineage', upstreams('raw_orders', 'legacy_orders'));
    const text = formatPlan(plan({ 'lineage.yml': LINEAGE_FILE }, state));
    assert.equal(
      text,
      [
        // One item with two changes: the header says 2, as the summary under it (1 + 0 + 1).
        'Push plan: 2 change(s) to 1 entity.',
        '',
        ds('orders'),
        '  Lineage (updateLineage)',
        `    + upstream ${ds('customers')}`,
        `    - upstream ${ds('legacy_orders')} (no longer listed in the file)`,
        '',
        'Unchanged: 1 item(s) on 1 entity already match the service.',
        '',
        'Summary: 1 to add, 0 to change, 1 to remove.',
      ].join('\n'),
    );
  });
});

describe('push plan: what DataHub\'s lineage source skips is not pushed', () => {
  it('column edges of an entry without upstreams are left out, as the source writes nothing for it (lineage.noUpstream)', () => {
    const file = `version: 1
lineage:
  - entity: {name: orders, type: dataset, platform: hive}
    fineGrainedLineages:
      - upstreamType: FIELD_SET
        upstreams: ["${col('raw_orders', 'id')}"]
        downstreamType: FIELD
        downstreams: ["${col('orders', 'id')}"]
`;
    const intent = collectPushIntent([readDocument('file:///w/lineage.yml', file)], standardAspectWriter('service'));
    assert.equal(intent.lineage.get(ds('orders'))?.fineGrained?.length ?? 0, 0);
  });
});

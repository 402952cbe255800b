import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postAspect } from '../../core/api/pushClient';
import { applyPlan } from '../../core/plan/pushApply';
import { MAX_PROPOSALS_PER_BATCH } from '../../core/plan/pushBatch';
import { formatPlan } from '../../core/plan/pushFormat';
import { buildPushPlan } from '../../core/plan/pushPlan';
import { col, ds, lineageYaml, prop, startCatalogWithFiles, type TestCatalog } from './catalog';

async function push(catalog: TestCatalog, ...names: string[]) {
  const plan = await buildPushPlan(catalog.connection, catalog.models(...names));
  const result = await applyPlan(catalog.connection, plan);
  return { plan, result };
}

describe('push against the local catalog', () => {
  let catalog: TestCatalog;
  before(async () => {
    catalog = await startCatalogWithFiles();
  });
  after(() => catalog.close());

  it('pushes definitions, datasets, values and edges in an order that works, and then has nothing left to do', async () => {
    const { plan, result } = await push(catalog, 'props.yaml', 'datasets.yaml', 'lineage.yml');
    assert.deepEqual(result.failed, [], formatPlan(plan));
    assert.equal(result.results.length, plan.items.length);

    const definition = await catalog.aspect(prop('io.acme.retention'), 'propertyDefinition');
    assert.equal(definition?.valueType, 'urn:li:dataType:service.number');
    assert.deepEqual(await catalog.aspect(ds('orders'), 'structuredProperties'), {
      properties: [
        { propertyUrn: prop('io.acme.team'), values: [{ string: 'sales' }] },
        { propertyUrn: prop('io.acme.retention'), values: [{ double: 30 }] },
      ],
    });
    assert.deepEqual(await catalog.aspect(col('orders', 'customer_email'), 'structuredProperties'), {
      properties: [{ propertyUrn: prop('io.acme.pii'), values: [{ string: 'email' }] }],
    });
    const lineage = await catalog.aspect(ds('orders'), 'upstreamLineage');
    assert.deepEqual((lineage?.upstreams as { dataset: string }[]).map((u) => u.dataset).sort(), [ds('customers'), ds('raw_orders')]);
    assert.deepEqual((lineage?.fineGrainedLineages as { downstreams: string[] }[]).map((f) => f.downstreams), [[col('orders', 'order_id')]]);
    assert.deepEqual(await catalog.neighbours(ds('orders'), 'UPSTREAM'), [ds('customers'), ds('raw_orders')]);

    const again = await buildPushPlan(catalog.connection, catalog.models('props.yaml', 'datasets.yaml', 'lineage.yml'));
    assert.deepEqual(again.items, [], formatPlan(again));
  });

  it('removes an edge that was deleted from the file', async () => {
    catalog.write('lineage.yml', lineageYaml(['raw_orders']));
    const { plan, result } = await push(catalog, 'lineage.yml');
    assert.deepEqual(result.failed, []);
    assert.deepEqual(
      plan.items.flatMap((i) => i.changes).filter((c) => c.action === 'remove').map((c) => c.text),
      [`upstream ${ds('customers')} (no longer listed in the file)`],
    );
    assert.deepEqual(await catalog.neighbours(ds('orders'), 'UPSTREAM'), [ds('raw_orders')]);
    assert.deepEqual(await catalog.neighbours(ds('customers'), 'DOWNSTREAM'), []);
    const lineage = await catalog.aspect(ds('orders'), 'upstreamLineage');
    assert.deepEqual((lineage?.upstreams as { dataset: string }[]).map((u) => u.dataset), [ds('raw_orders')]);
  });

  it('reports exactly the item that failed, and a retry after the fix sends only that item', async () => {
    catalog.write(
      'edges.json',
      JSON.stringify({
        edgesToAdd: [
          { downstreamUrn: ds('legacy_orders'), upstreamUrn: ds('raw_orders') },
          { downstreamUrn: ds('report'), upstreamUrn: ds('not_created_yet') },
        ],
        edgesToRemove: [],
      }),
    );
    const first = await push(catalog, 'edges.json');
    assert.equal(first.plan.items.length, 2);
    assert.deepEqual(first.plan.items.map((i) => i.notes.length), [0, 1], 'the plan warns about the missing entity before sending');
    assert.deepEqual(first.result.failed.map((i) => i.id), [`edges:updateLineage:${ds('report')}`]);
    const failure = first.result.results.find((r) => !r.ok);
    assert.match(failure?.error ?? '', /not_created_yet/);
    assert.match(failure?.error ?? '', /doesn't exist/);
    assert.deepEqual(await catalog.neighbours(ds('legacy_orders'), 'UPSTREAM'), [ds('raw_orders')], 'the other item went through');

    catalog.write('more.yaml', '- id: not_created_yet\n  platform: hive\n');
    assert.deepEqual((await push(catalog, 'more.yaml')).result.failed, []);
    const retry = await buildPushPlan(catalog.connection, catalog.models('edges.json'));
    assert.deepEqual(retry.items.map((i) => i.id), first.result.failed.map((i) => i.id), 'only the failed item is planned again');
    const second = await applyPlan(catalog.connection, retry);
    assert.deepEqual(second.failed, []);
    assert.deepEqual(await catalog.neighbours(ds('report'), 'UPSTREAM'), [ds('not_created_yet')]);
  });

  it('PATCHes structured properties named by an MCP patch, so values set by others stay', async () => {
    await postAspect(catalog.connection, 'dataset', ds('customers'), 'structuredProperties', { properties: [{ propertyUrn: prop('io.acme.retention'), values: [{ double: 7 }] }] });
    catalog.write(
      'patch.json',
      JSON.stringify([
        {
          entityType: 'dataset',
          entityUrn: ds('customers'),
          changeType: 'PATCH',
          aspectName: 'structuredProperties',
          aspect: { json: [{ op: 'add', path: `/properties/${prop('io.acme.team')}`, value: { propertyUrn: prop('io.acme.team'), values: [{ string: 'crm' }] } }] },
        },
      ]),
    );
    const { plan, result } = await push(catalog, 'patch.json');
    assert.deepEqual(result.failed, []);
    assert.equal(plan.items[0].operation.kind, 'patchStructuredProperties');
    const stored = (await catalog.aspect(ds('customers'), 'structuredProperties'))?.properties as { propertyUrn: string }[];
    assert.deepEqual(stored.map((p) => p.propertyUrn).sort(), [prop('io.acme.retention'), prop('io.acme.team')]);
  });

  it('soft deletes and restores a property, and cancelling stops before the next item', async () => {
    const status = (removed: boolean) =>
      JSON.stringify([{ entityType: 'structuredProperty', entityUrn: prop('io.acme.team'), changeType: 'UPSERT', aspectName: 'status', aspect: { json: { removed } } }]);
    catalog.write('status.json', status(true));
    assert.deepEqual((await push(catalog, 'status.json')).result.failed, []);
    assert.equal((await catalog.aspect(prop('io.acme.team'), 'status'))?.removed, true);
    catalog.write('status.json', status(false));
    assert.deepEqual((await push(catalog, 'status.json')).result.failed, []);
    assert.equal((await catalog.aspect(prop('io.acme.team'), 'status'))?.removed, false);

    // Items go out in batches (MAX_PROPOSALS_PER_BATCH per ingestProposalBatch): cancelling stops before the next request.
    const names = Array.from({ length: MAX_PROPOSALS_PER_BATCH + 1 }, (_, i) => `extra_${i}`);
    catalog.write('datasets2.yaml', names.map((name) => `- id: ${name}\n  platform: hive\n`).join(''));
    const plan = await buildPushPlan(catalog.connection, catalog.models('datasets2.yaml'));
    assert.equal(plan.items.length, names.length);
    const controller = new AbortController();
    const result = await applyPlan(catalog.connection, plan, { signal: controller.signal, onProgress: () => controller.abort() });
    assert.equal(result.cancelled, true);
    assert.deepEqual(result.failed.map((i) => i.entityUrn), [ds(names[names.length - 1])]);
    const rest = await buildPushPlan(catalog.connection, catalog.models('datasets2.yaml'));
    assert.deepEqual(rest.items.map((i) => i.id), result.failed.map((i) => i.id));
  });
});

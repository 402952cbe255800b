import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServiceConnection } from '../../core/api/http';
import { applyPlan } from '../../core/plan/pushApply';
import { formatPlan, formatPushResult } from '../../core/plan/pushFormat';
import { buildPushPlan } from '../../core/plan/pushPlan';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';
import { ds, startTestCatalog, type TestCatalog } from './catalog';

/**
 * Lineage items go out as batched updateLineage calls against the real local catalog, counted
 * through the fault proxy: many edges in one request, a batch with one bad edge falls back to one
 * request per item and names exactly that item, and cancelling stops between batches.
 */

const SOURCES = Array.from({ length: 10 }, (_, i) => `src_${i}`);
const TARGETS = Array.from({ length: 60 }, (_, i) => `tgt_${String(i).padStart(2, '0')}`);

function datasetsYaml(names: string[]): string {
  return names.map((name) => `- id: ${name}\n  platform: hive\n`).join('');
}

/** A lineage file: each downstream gets every listed upstream. */
function lineageFile(downstreams: string[], upstreams: (down: string) => string[]): string {
  const lines = ['version: 1', 'lineage:'];
  for (const down of downstreams) {
    lines.push(`  - entity: {name: ${down}, type: dataset, platform: hive}`, '    upstream:');
    for (const up of upstreams(down)) lines.push(`      - entity: {name: ${up}, type: dataset, platform: hive}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('push sends lineage in batches', () => {
  let catalog: TestCatalog;
  let proxy: FaultProxy;
  let connection: ServiceConnection;
  const mutations = () => proxy.requests.filter((r) => r.path === '/api/graphql' && r.body.includes('updateLineage'));

  before(async () => {
    catalog = await startTestCatalog();
    proxy = await startFaultProxy(catalog.url);
    connection = { url: proxy.url, token: catalog.token };
    catalog.write('datasets.yaml', datasetsYaml([...SOURCES, ...TARGETS]));
    const plan = await buildPushPlan(catalog.connection, catalog.models('datasets.yaml'));
    assert.deepEqual((await applyPlan(catalog.connection, plan)).failed, []);
  });
  after(async () => {
    await proxy.close();
    await catalog.close();
  });

  it('sends many lineage items as one request and still reports each item in order', async () => {
    const downs = TARGETS.slice(0, 20);
    catalog.write('small.yml', lineageFile(downs, () => SOURCES.slice(0, 3)));
    const plan = await buildPushPlan(connection, catalog.models('small.yml'));
    assert.equal(plan.items.length, 20, formatPlan(plan));
    const started: number[] = [];
    const finished: number[] = [];
    proxy.requests.length = 0;
    const result = await applyPlan(connection, plan, { onStart: (_item, index) => started.push(index), onProgress: ({ index }) => finished.push(index) });
    assert.equal(mutations().length, 1, '60 edges of 20 items went out in one updateLineage call');
    assert.deepEqual(result.failed, [], formatPushResult(result));
    assert.deepEqual(result.results.map((r) => r.item.id), plan.items.map((i) => i.id));
    assert.deepEqual(started, plan.items.map((_, i) => i));
    assert.deepEqual(finished, plan.items.map((_, i) => i));
    for (const down of downs) assert.deepEqual(await catalog.neighbours(ds(down), 'UPSTREAM'), SOURCES.slice(0, 3).map(ds).sort());
    assert.deepEqual((await buildPushPlan(connection, catalog.models('small.yml'))).items, []);
  });

  it('a batch with one bad edge falls back to one request per item and names exactly that item', async () => {
    const downs = TARGETS.slice(20, 30);
    const bad = downs[4];
    catalog.write('bad.yml', lineageFile(downs, (down) => (down === bad ? ['src_0', 'no_such_dataset'] : ['src_1'])));
    const plan = await buildPushPlan(connection, catalog.models('bad.yml'));
    assert.equal(plan.items.length, 10, formatPlan(plan));
    proxy.requests.length = 0;
    const result = await applyPlan(connection, plan);
    assert.equal(mutations().length, 1 + 10, 'the failed batch, then each item alone');
    assert.deepEqual(result.failed.map((i) => i.entityUrn), [ds(bad)], formatPushResult(result));
    const error = result.results.find((r) => !r.ok)?.error ?? '';
    assert.match(error, /no_such_dataset/);
    assert.deepEqual(result.results.map((r) => r.item.id), plan.items.map((i) => i.id));
    for (const down of downs.filter((d) => d !== bad)) assert.deepEqual(await catalog.neighbours(ds(down), 'UPSTREAM'), [ds('src_1')]);
    assert.deepEqual(await catalog.neighbours(ds(bad), 'UPSTREAM'), [], 'the bad item wrote nothing');

    const again = await buildPushPlan(connection, catalog.models('bad.yml'));
    assert.deepEqual(again.items.map((i) => i.id), result.failed.map((i) => i.id), 'a retry sends only what is missing');
  });

  it('cancelling stops between batches; planning again shows exactly the items not sent', async () => {
    // 30 items of 10 edges and 30 of 7: about 510 edges, more than one batch holds.
    catalog.write('big.yml', lineageFile(TARGETS.slice(30), () => SOURCES));
    catalog.write('big2.yml', lineageFile(TARGETS.slice(0, 30), () => SOURCES.slice(3)));
    const both = await buildPushPlan(connection, catalog.models('big.yml', 'big2.yml'));
    const edges = both.items.reduce((n, i) => n + (i.operation.kind === 'updateLineage' ? i.operation.edgesToAdd.length : 0), 0);
    assert.ok(edges > 500, `${edges} edges need more than one batch`);
    const controller = new AbortController();
    proxy.requests.length = 0;
    const result = await applyPlan(connection, both, { signal: controller.signal, onProgress: () => controller.abort() });
    assert.equal(result.cancelled, true);
    assert.equal(mutations().length, 1, 'nothing was sent after the batch in flight when the push was cancelled');
    const sent = result.results.length;
    assert.ok(sent > 1 && sent < both.items.length, `${sent} of ${both.items.length} items were in the first batch`);
    assert.ok(result.results.every((r) => r.ok), formatPushResult(result));
    assert.deepEqual(result.failed.map((i) => i.id), both.items.slice(sent).map((i) => i.id));
    const rest = await buildPushPlan(connection, catalog.models('big.yml', 'big2.yml'));
    assert.deepEqual(rest.items.map((i) => i.id), result.failed.map((i) => i.id));
  });

  it('planning reads the lineage aspects with one GraphQL query, or one by one where the query is refused', async () => {
    const downs = TARGETS.slice(0, 20);
    const singleReads = () => proxy.requests.filter((r) => r.method === 'GET' && r.path.includes('/upstreamLineage'));
    const batchReads = () => proxy.requests.filter((r) => r.path === '/api/graphql' && r.body.includes('pushStateRawAspects'));
    catalog.write('reread.yml', lineageFile(downs, () => SOURCES.slice(0, 4)));
    proxy.requests.length = 0;
    const plan = await buildPushPlan(connection, catalog.models('reread.yml'));
    assert.equal(batchReads().length, 1);
    assert.equal(singleReads().length, 0);

    proxy.setRules([{ match: (r) => r.body.includes('pushStateRawAspects'), fault: { kind: 'status', status: 400, body: '{"errors":[{"message":"Validation error: field aspects undefined"}]}' } }]);
    proxy.requests.length = 0;
    const fallback = await buildPushPlan(connection, catalog.models('reread.yml'));
    proxy.setRules([]);
    assert.equal(singleReads().length, downs.length, 'each aspect read alone when the batch query is refused');
    assert.deepEqual(fallback, plan, 'both ways of reading give the same plan');
    assert.deepEqual(plan.items.map((i) => i.entityUrn), downs.map(ds), 'each downstream drops the upstreams the earlier tests added that this file no longer lists');
  });
});

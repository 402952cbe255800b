import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceConnection } from '../../core/api/http';
import { readDocument } from '../../core/formats';
import { formatPlan, formatPushResult } from '../../core/plan/pushFormat';
import { applyPlan } from '../../core/plan/pushApply';
import { groupForSending } from '../../core/plan/pushBatch';
import { buildPushPlan } from '../../core/plan/pushPlan';
import type { PushItem } from '../../core/plan/pushPlanTypes';
import { TEST_TOKEN, startTestService, type TestService } from '../service/helpers';
import { startFaultProxy, type FaultProxy, type RecordedRequest } from '../support/faultProxy';
import { watchUnhandledRejections } from './unhandled';

/**
 * A push of the sample catalog through a proxy that breaks some of its writes (500, no answer,
 * an answer cut off after the service stored the write): the result names exactly the items that
 * failed, nothing is silently dropped, and pushing again sends only what is still missing.
 */

const rejections = watchUnhandledRejections();
const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'sample-catalog');
const models = () =>
  readdirSync(SAMPLE)
    .sort()
    .map((name) => readDocument(`file://${join(SAMPLE, name)}`, readFileSync(join(SAMPLE, name), 'utf8')));

/** Whether a recorded request is the one that sends this push item. */
function sends(item: PushItem, request: RecordedRequest): boolean {
  const op = item.operation;
  switch (op.kind) {
    case 'postAspect':
      return request.method === 'POST' && request.path.startsWith(`/openapi/v2/entity/${op.entityType}/${encodeURIComponent(op.urn)}/${op.aspectName}`);
    case 'status':
      return request.method === 'POST' && request.path.startsWith(`/openapi/v2/entity/${op.entityType}/${encodeURIComponent(op.urn)}/status`);
    case 'patchStructuredProperties':
      return request.method === 'PATCH' && request.path.startsWith(`/openapi/v2/entity/${op.entityType}/${encodeURIComponent(op.urn)}/structuredProperties`);
    case 'ingestProposal':
      return request.path.startsWith('/aspects') && request.body.includes(JSON.stringify(op.proposal.entityUrn)) && request.body.includes(JSON.stringify(op.proposal.aspectName));
    case 'updateLineage':
      return request.path === '/api/graphql' && request.body.includes('updateLineage') && op.edgesToAdd.every((e) => request.body.includes(JSON.stringify(e.downstreamUrn)));
    case 'entityBatch':
      return request.path.startsWith(`/openapi/v3/entity/${op.entityType}`) && op.writes.every((w) => request.body.includes(JSON.stringify(w.urn)));
    case 'ingestProposalBatch':
      return request.path.startsWith('/aspects') && op.proposals.every((p) => request.body.includes(JSON.stringify(p.entityUrn)));
  }
}

describe('push through a faulty connection', () => {
  let service: TestService;
  let proxy: FaultProxy;
  let connection: ServiceConnection;

  before(async () => {
    service = await startTestService();
    proxy = await startFaultProxy(service.url);
    connection = { url: proxy.url, token: TEST_TOKEN, timeoutMs: 1500 };
  });
  after(async () => {
    assert.deepEqual(rejections(), []);
    await proxy.close();
    await service.close();
  });

  it('reports exactly the failed items, and a second push sends only those', async () => {
    const plan = await buildPushPlan(connection, models());
    assert.ok(plan.items.length >= 8, formatPlan(plan));
    // Later phases depend on earlier ones, so the victims come from the last items: failing them cannot cascade.
    const writes = plan.items.filter((i) => i.operation.kind !== 'updateLineage');
    const [refused, unanswered, cutOff] = writes.slice(-3);
    proxy.setRules([
      { match: (r) => sends(refused, r), fault: { kind: 'status', status: 500 } },
      { match: (r) => sends(unanswered, r), fault: { kind: 'hang' } },
      { match: (r) => sends(cutOff, r), fault: { kind: 'truncate' } },
    ]);
    proxy.requests.length = 0;
    const result = await applyPlan(connection, plan);
    assert.equal(result.results.length, plan.items.length, 'every item has a result: nothing silently dropped');
    assert.deepEqual(result.failed.map((i) => i.id).sort(), [refused.id, unanswered.id, cutOff.id].sort(), formatPushResult(result));
    for (const failed of result.results.filter((r) => !r.ok)) assert.ok(failed.error && failed.error.length > 20, `item ${failed.item.id} says why it failed`);
    assert.match(result.results.find((r) => r.item.id === refused.id)?.error ?? '', /HTTP 500/);
    assert.match(result.results.find((r) => r.item.id === unanswered.id)?.error ?? '', /did not answer within/);
    assert.match(result.results.find((r) => r.item.id === cutOff.id)?.error ?? '', /broke before the answer was complete/);
    const summary = formatPushResult(result);
    for (const item of [refused, unanswered, cutOff]) assert.ok(summary.includes(item.entityUrn), `the summary names ${item.entityUrn}:\n${summary}`);
    const writesSent = proxy.requests.filter((r) => r.method !== 'GET' && !(r.path === '/api/graphql' && !r.body.includes('mutation')));
    // Consecutive items of a kind share a request (core/plan/pushBatch.ts); a batch that fails is
    // resent item by item, so exactly the victims' batches cost one request per item more.
    const victims = new Set([refused.id, unanswered.id, cutOff.id]);
    const groups = groupForSending(plan.items);
    const resent = groups.filter((g) => g.indexes.length > 1 && g.indexes.some((i) => victims.has(plan.items[i].id))).reduce((sum, g) => sum + g.indexes.length, 0);
    assert.equal(writesSent.length, groups.length + resent, 'each item was sent once, and again only when its batch failed');

    proxy.setRules([]);
    const again = await buildPushPlan(connection, models());
    const succeeded = new Set(result.results.filter((r) => r.ok).map((r) => r.item.id));
    assert.deepEqual(again.items.filter((i) => succeeded.has(i.id)).map((i) => i.id), [], 'nothing that succeeded is planned again');
    const againIds = again.items.map((i) => i.id).sort();
    assert.ok(againIds.includes(refused.id) && againIds.includes(unanswered.id), formatPlan(again));
    proxy.requests.length = 0;
    const second = await applyPlan(connection, again);
    assert.deepEqual(second.failed, [], formatPushResult(second));
    const secondWrites = proxy.requests.filter((r) => r.method !== 'GET' && !(r.path === '/api/graphql' && !r.body.includes('mutation')));
    assert.equal(secondWrites.length, groupForSending(again.items).length, 'the retry sent only the missing items');

    const third = await buildPushPlan(connection, models());
    assert.deepEqual(third.items, [], formatPlan(third));
  });

  it('a clean push of the whole sample catalog leaves nothing to push again', async () => {
    const fresh = await startTestService();
    try {
      const direct = { url: fresh.url, token: TEST_TOKEN };
      const first = await applyPlan(direct, await buildPushPlan(direct, models()));
      assert.deepEqual(first.failed, []);
      const again = await buildPushPlan(direct, models());
      assert.deepEqual(again.items, [], formatPlan(again));
    } finally {
      await fresh.close();
    }
  });
});

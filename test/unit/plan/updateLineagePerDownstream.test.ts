import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { applyPlan } from '../../../core/plan/pushApply';
import { formatPushResult } from '../../../core/plan/pushFormat';
import { collectPushIntent } from '../../../core/plan/pushIntent';
import { planPush, ServiceState, standardAspectWriter } from '../../../core/plan/pushPlan';

/**
 * A GraphQL endpoint that applies updateLineage the way DataHub's UpdateLineageResolver does: one
 * downstream at a time, so a failure on one downstream leaves the earlier ones written. A real
 * HTTP server on 127.0.0.1; `written` records each downstream as it lands.
 */
async function dataHubLikeLineage(failOn: string) {
  const written: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const input = (JSON.parse(body) as { variables: { input: { edgesToAdd: { downstreamUrn: string }[] } } }).variables.input;
      const downstreams = [...new Set(input.edgesToAdd.map((e) => e.downstreamUrn))];
      for (const downstream of downstreams) {
        if (downstream.includes(failOn)) {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: `Failed to update lineage of ${downstream}` }], data: { updateLineage: null } }));
          return;
        }
        written.push(downstream);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { updateLineage: true } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, written, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const EDGES = JSON.stringify({
  edgesToAdd: ['a', 'bad', 'c'].map((down) => ({ downstreamUrn: ds(down), upstreamUrn: ds('src') })),
  edgesToRemove: [],
});

function lineagePlan() {
  const model = readDocument('file:///repo/edges.json', EDGES);
  const plan = planPush(collectPushIntent([model], standardAspectWriter('datahub')), new ServiceState(), { now: 1000 });
  assert.deepEqual(plan.items.map((i) => i.operation.kind), ['updateLineage', 'updateLineage', 'updateLineage']);
  return plan;
}

describe('updateLineage results per downstream', () => {
  it('after a combined call fails part-way, each downstream is confirmed on its own and only the failing one is reported', async () => {
    const service = await dataHubLikeLineage('bad');
    try {
      const plan = lineagePlan();
      const result = await applyPlan({ url: service.url }, plan);
      assert.deepEqual(result.results.map((r) => [r.item.entityUrn, r.ok]), [[ds('a'), true], [ds('bad'), false], [ds('c'), true]]);
      assert.deepEqual(result.failed.map((i) => i.entityUrn), [ds('bad')]);
      assert.equal(result.unconfirmed, undefined);
      // `a` landed in the combined call already (DataHub writes one downstream at a time) and again on its own.
      assert.deepEqual(service.written, [ds('a'), ds('a'), ds('c')]);
    } finally {
      await service.close();
    }
  });

  it('a cancel during the re-sends reports the rest as unconfirmed: they may have landed in the combined call', async () => {
    const service = await dataHubLikeLineage('c');
    try {
      const plan = lineagePlan();
      const controller = new AbortController();
      const result = await applyPlan({ url: service.url }, plan, { signal: controller.signal, onProgress: () => controller.abort() });
      assert.equal(result.cancelled, true);
      assert.deepEqual(result.results.map((r) => [r.item.entityUrn, r.ok]), [[ds('a'), true]]);
      assert.deepEqual(result.unconfirmed?.map((i) => i.entityUrn), [ds('bad'), ds('c')]);
      assert.deepEqual(result.failed.map((i) => i.entityUrn), [ds('bad'), ds('c')]);
      assert.match(formatPushResult(result), /2 lineage item\(s\) were in a combined updateLineage call that failed.*may or may not have been written/);
      assert.match(formatPushResult(result), /\? urn:li:dataset:\(urn:li:dataPlatform:hive,bad,PROD\)/);
    } finally {
      await service.close();
    }
  });
});

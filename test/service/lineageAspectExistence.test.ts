import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { datasetUrn, enc, startTestService, TEST_TOKEN, type TestService } from './helpers';

/**
 * Spec §1: both entities of an edge must already exist; a write that refers to one that does not
 * fails. updateLineage kept this, but an upstreamLineage aspect written through OpenAPI or Rest.li
 * ingestion was stored with an upstream nobody created, and scrollAcrossLineage then returned that
 * never-created dataset. Now the aspect write fails the way updateLineage does, in its words.
 */

const stamp = { time: 0, actor: 'urn:li:corpuser:test' };
const upstreamOf = (dataset: string) => ({ dataset, type: 'TRANSFORMED', auditStamp: stamp });
const MISSING = /Cannot upsert lineage as upstream urn .* doesn't exist\. Create the entity first/;

describe('an upstreamLineage aspect naming an upstream that does not exist is refused (spec §1)', () => {
  let svc: TestService;
  const down = datasetUrn('db.ghost_down');
  const real = datasetUrn('db.real_up');
  const gone = datasetUrn('db.soft_deleted_up');
  const ghost = datasetUrn('db.never_created');
  const aspectPath = (urn: string) => `/openapi/v2/entity/dataset/${enc(urn)}/upstreamLineage`;
  const status = (urn: string, removed = false) => svc.call('POST', `/openapi/v2/entity/dataset/${enc(urn)}/status`, { body: { removed } });
  const ingest = (action: string, body: unknown) => svc.call('POST', `/aspects?action=${action}`, { body, headers: { 'X-RestLi-Protocol-Version': '2.0.0' } });
  const proposal = (entityUrn: string, value: unknown, changeType = 'UPSERT', aspectName = 'upstreamLineage') => ({
    entityType: 'dataset',
    entityUrn,
    changeType,
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: changeType === 'PATCH' ? 'application/json-patch+json' : 'application/json' },
  });
  const upstreamsFound = async (urn: string): Promise<string[]> => {
    const query = `{ scrollAcrossLineage(input: {query: "*", urn: "${urn}", count: 10, direction: UPSTREAM}) { searchResults { entity { urn } } } }`;
    const answer = (await svc.call('POST', '/api/graphql', { body: { query }, token: TEST_TOKEN })).json as { data: { scrollAcrossLineage: { searchResults: { entity: { urn: string } }[] } } };
    return answer.data.scrollAcrossLineage.searchResults.map((r) => r.entity.urn);
  };

  before(async () => {
    svc = await startTestService();
    for (const urn of [down, real, gone]) assert.equal((await status(urn)).status, 200);
    assert.equal((await status(gone, true)).status, 200);
  });
  after(() => svc.close());

  it('through OpenAPI: 400 naming the upstream; nothing stored, and lineage search does not return it', async () => {
    const reply = await svc.call('POST', aspectPath(down), { body: { upstreams: [upstreamOf(real), upstreamOf(ghost)] } });
    assert.equal(reply.status, 400, reply.text);
    const message = (reply.json as { message: string }).message;
    assert.match(message, MISSING);
    assert.ok(message.includes(ghost) && message.includes('upstreams[1]'), message);
    assert.equal((await svc.call('GET', aspectPath(down))).status, 404);
    assert.equal((await svc.call('HEAD', `/openapi/v2/entity/dataset/${enc(ghost)}`)).status, 404, 'the upstream was not created either');
    assert.deepEqual(await upstreamsFound(down), []);
  });

  it('through Rest.li ingestion, an UPSERT and a PATCH (as the DataHub CLI adds a downstream): 422', async () => {
    const upsert = await ingest('ingestProposal', { proposal: proposal(down, { upstreams: [upstreamOf(ghost)] }), async: 'false' });
    assert.equal(upsert.status, 422, upsert.text);
    assert.match((upsert.json as { message: string }).message, MISSING);
    const operations = { patch: [{ op: 'add', path: `/upstreams/${ghost}`, value: upstreamOf(ghost) }], arrayPrimaryKeys: { upstreams: ['dataset'] } };
    const patch = await ingest('ingestProposal', { proposal: proposal(down, operations, 'PATCH'), async: 'false' });
    assert.equal(patch.status, 422, patch.text);
    assert.match((patch.json as { message: string }).message, MISSING);
    assert.deepEqual(await upstreamsFound(down), []);
  });

  it('an upstream that exists (soft-deleted ones too) or is written earlier in the same batch is accepted', async () => {
    const reply = await svc.call('POST', aspectPath(down), { body: { upstreams: [upstreamOf(real), upstreamOf(gone)] } });
    assert.equal(reply.status, 200, reply.text);
    const fresh = datasetUrn('db.created_in_batch');
    const batch = await ingest('ingestProposalBatch', {
      proposals: [proposal(fresh, { removed: false }, 'UPSERT', 'status'), proposal(down, { upstreams: [upstreamOf(real), upstreamOf(gone), upstreamOf(fresh)] })],
    });
    assert.equal(batch.status, 200, batch.text);
    const stored = (await svc.call('GET', aspectPath(down))).json as { value: { upstreams: { dataset: string }[] } };
    assert.deepEqual(stored.value.upstreams.map((u) => u.dataset), [real, gone, fresh]);
    assert.deepEqual((await upstreamsFound(down)).sort(), [fresh, real].sort(), 'a lineage search leaves the soft-deleted one out');
  });

  it('only the upstreams a write adds are checked: an edge stored earlier whose upstream was deleted since stays writable', async () => {
    const later = datasetUrn('db.deleted_later');
    assert.equal((await status(later)).status, 200);
    assert.equal((await svc.call('POST', aspectPath(down), { body: { upstreams: [upstreamOf(real), upstreamOf(later)] } })).status, 200);
    assert.equal((await svc.call('DELETE', `/openapi/v2/entity/dataset/${enc(later)}`)).status, 200);
    const again = await svc.call('POST', aspectPath(down), { body: { upstreams: [upstreamOf(later), upstreamOf(real), upstreamOf(gone)] } });
    assert.equal(again.status, 200, again.text);
  });
});

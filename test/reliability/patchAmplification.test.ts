import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_PATCH_GROWTH_BYTES, MAX_PATCH_OPERATIONS } from '../../service/writes/jsonPatch';
import { datasetUrn, enc, startTestService, type TestService } from '../service/helpers';

/**
 * The attack: a 1.6 KB PATCH of 40 `copy` operations, each copying a list into itself, which
 * doubles the aspect 40 times. Before the fix it grew to 4.6 GB and the service died out of memory
 * after about a minute, no token needed. Now the patch is refused with a 400 that says why as soon
 * as it would add more than MAX_PATCH_GROWTH_BYTES, the stored aspect is unchanged, and the
 * service answers honest clients at once. (The test's own timeout is the hang guard; nothing here
 * measures time.)
 */

const DS = datasetUrn('db.amplify');
const TAGS = `/openapi/v2/entity/dataset/${enc(DS)}/globalTags`;
const PATCH = 'application/json-patch+json';
const original = { tags: [{ tag: 'urn:li:tag:pii' }] };

const doublingPatch = (count: number) => Array.from({ length: count }, () => ({ op: 'copy', from: '/tags', path: '/tags/-' }));

describe('reliability: patch amplification is bounded', { timeout: 60_000 }, () => {
  let svc: TestService;

  before(async () => {
    svc = await startTestService();
    assert.equal((await svc.call('POST', TAGS, { body: original })).status, 200);
  });
  after(() => svc.close());

  async function assertUnchangedAndUp(): Promise<void> {
    const health = await svc.call('GET', '/health');
    assert.equal(health.status, 200);
    const read = await svc.call('GET', TAGS);
    assert.equal(read.status, 200);
    assert.deepEqual((read.json as { value: unknown }).value, original, 'the refused patch changed nothing');
  }

  it('refuses 40 self-doubling copy operations (a 1.6 KB body) with a 400 that names the limit', async () => {
    const body = JSON.stringify(doublingPatch(40));
    assert.ok(body.length < 2000, `the attack body is small: ${body.length} bytes`);
    const reply = await svc.call('PATCH', TAGS, { raw: body, contentType: PATCH });
    assert.equal(reply.status, 400, reply.text);
    assert.match(reply.text, new RegExp(`would add more than ${MAX_PATCH_GROWTH_BYTES} bytes to the aspect \\(reached at the copy to \\\\"/tags/-\\\\"\\)`));
    await assertUnchangedAndUp();
  });

  it('refuses the same attack sent as a PATCH proposal on /aspects', async () => {
    const proposal = { entityType: 'dataset', entityUrn: DS, changeType: 'PATCH', aspectName: 'globalTags', aspect: { value: JSON.stringify(doublingPatch(40)), contentType: PATCH } };
    const reply = await svc.call('POST', '/aspects?action=ingestProposal', { body: { proposal } });
    assert.equal(reply.status, 422, reply.text);
    assert.match(reply.text, /would add more than \d+ bytes to the aspect/);
    await assertUnchangedAndUp();
  });

  it(`refuses more than ${MAX_PATCH_OPERATIONS} operations in one patch`, async () => {
    const ops = Array.from({ length: MAX_PATCH_OPERATIONS + 1 }, () => ({ op: 'test', path: '/tags/0/tag', value: 'urn:li:tag:pii' }));
    const reply = await svc.call('PATCH', TAGS, { body: ops, contentType: PATCH });
    assert.equal(reply.status, 400, reply.text);
    assert.match(reply.text, new RegExp(`has ${MAX_PATCH_OPERATIONS + 1} operations; the catalog applies at most ${MAX_PATCH_OPERATIONS}`));
    await assertUnchangedAndUp();
  });

  it('still applies honest copies well below the limit', async () => {
    const reply = await svc.call('PATCH', TAGS, { body: doublingPatch(3), contentType: PATCH });
    assert.equal(reply.status, 200, reply.text);
    const read = await svc.call('GET', TAGS);
    assert.equal(JSON.stringify((read.json as { value: unknown }).value).length > JSON.stringify(original).length, true);
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { definition, propertyUrn, startTestService, type TestService } from './helpers';

/**
 * The local catalog refuses what DataHub 1.7 and later refuse (PropertyDefinitionValidator,
 * PR #18533; the seed's spec is silent): definitions of one batch grouped by search field (`.` is
 * written `_`), any group of two refused — the same definition twice too — names with spaces left
 * to the space check; a new definition whose field a live property of another URN owns.
 */
describe('search-field collisions in the local catalog (PropertyDefinitionValidator, PR #18533)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  const proposal = (id: string, name = id) => ({
    entityType: 'structuredProperty',
    entityUrn: propertyUrn(id),
    changeType: 'UPSERT',
    aspectName: 'propertyDefinition',
    aspect: { value: JSON.stringify(definition(id, { qualifiedName: name })), contentType: 'application/json' },
  });
  const batch = (...proposals: ReturnType<typeof proposal>[]) => svc.call('POST', '/aspects?action=ingestProposalBatch', { body: { proposals } });
  const message = (reply: { text: string }) => reply.text;

  it('refuses two qualified names of one search field in one batch, and the same definition twice', async () => {
    const two = await batch(proposal('cert.status'), proposal('cert_status'));
    assert.notEqual(two.status, 200, two.text);
    assert.match(message(two), /collide on the search field 'cert_status'/);
    const twice = await batch(proposal('io.twice'), proposal('io.twice'));
    assert.notEqual(twice.status, 200, twice.text);
    assert.match(message(twice), /io\.twice is defined twice in this batch/);
  });

  it('leaves names with spaces to the space check', async () => {
    const reply = await batch(proposal('io.sp1', 'a.b c'), proposal('io.sp2', 'a_b c'));
    assert.notEqual(reply.status, 200, reply.text);
    assert.doesNotMatch(message(reply), /search field/);
    assert.match(message(reply), /spaces/i);
  });

  it('refuses a new definition whose field a live property owns; an update of that property is accepted', async () => {
    assert.equal((await batch(proposal('io.live.x'))).status, 200);
    const clash = await batch(proposal('io_live_x'));
    assert.notEqual(clash.status, 200, clash.text);
    assert.match(message(clash), /which the live structured property urn:li:structuredProperty:io\.live\.x already uses/);
    assert.equal((await batch(proposal('io.live.x'))).status, 200);
  });
});

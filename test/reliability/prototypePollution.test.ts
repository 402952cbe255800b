import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TEST_TOKEN, datasetUrn, definition, definitionPath, enc, propertyUrn, startTestService, valuesPath, type TestService } from '../service/helpers';
import type { RequestCase } from './requestCase';

/**
 * The attack: a JSON patch (or a body, or `arrayPrimaryKeys`) whose keys name `__proto__`,
 * `constructor` or `prototype`, sent without a token on loopback. Before the fix
 * `/__proto__/authorization` wrote into Object.prototype, Node then dropped every request's real
 * Authorization header, and every client — the right token included — got 401 until a restart.
 * Now each is refused with a 4xx that names the key, Object.prototype stays clean (the service
 * runs in this process, so the test sees the same prototype), and honest clients keep working.
 */

const DS = datasetUrn('db.proto');
const PROP = propertyUrn('io.proto.tier');
const PATCH = 'application/json-patch+json';
const E = '/openapi/v2/entity';

function prototypeSnapshot(): string[] {
  return Object.getOwnPropertyNames(Object.prototype).sort();
}

const mcpPatch = (patch: unknown) => ({
  proposal: { entityType: 'dataset', entityUrn: DS, changeType: 'PATCH', aspectName: 'structuredProperties', aspect: { value: JSON.stringify(patch), contentType: 'application/json-patch+json' } },
});

interface Attack extends RequestCase {
  /** what the refusal must mention */
  mentions: string;
}

const ATTACKS: Attack[] = [
  { name: 'add /__proto__/authorization', method: 'PATCH', path: valuesPath(DS), contentType: PATCH, body: [{ op: 'add', path: '/__proto__/authorization', value: 'Bearer evil' }], mentions: '__proto__' },
  { name: 'replace /__proto__/polluted', method: 'PATCH', path: valuesPath(DS), contentType: PATCH, body: { patch: [{ op: 'replace', path: '/__proto__/polluted', value: 1 }] }, mentions: '__proto__' },
  { name: 'add /constructor/prototype/polluted', method: 'PATCH', path: valuesPath(DS), contentType: PATCH, body: [{ op: 'add', path: '/constructor/prototype/polluted', value: 1 }], mentions: 'constructor' },
  { name: 'copy from /__proto__', method: 'PATCH', path: valuesPath(DS), contentType: PATCH, body: [{ op: 'copy', from: '/__proto__', path: '/stolen' }], mentions: '__proto__' },
  { name: 'arrayPrimaryKeys through __proto__', method: 'PATCH', path: valuesPath(DS), contentType: PATCH, body: { patch: [{ op: 'add', path: '/__proto__/polluted/x', value: 1 }], arrayPrimaryKeys: { '__proto__/polluted': ['x'] } }, mentions: '__proto__' },
  { name: 'arrayPrimaryKeys field named __proto__', method: 'PATCH', path: valuesPath(DS), contentType: PATCH, raw: '{"patch": [], "arrayPrimaryKeys": {"__proto__": ["x"]}}', mentions: '__proto__' },
  { name: 'arrayPrimaryKeys key field constructor', method: 'PATCH', path: valuesPath(DS), contentType: PATCH, body: { patch: [], arrayPrimaryKeys: { properties: ['constructor'] } }, mentions: 'constructor' },
  { name: 'PATCH proposal on /aspects', method: 'POST', path: '/aspects?action=ingestProposal', body: mcpPatch([{ op: 'add', path: '/__proto__/authorization', value: 'Bearer evil' }]), mentions: '__proto__' },
  { name: 'PATCH proposal in a batch on /aspects', method: 'POST', path: '/aspects?action=ingestProposalBatch', body: { proposals: [mcpPatch([{ op: 'add', path: '/constructor/prototype/polluted', value: 1 }]).proposal] }, mentions: 'constructor' },
  { name: 'an aspect body with a __proto__ field', method: 'POST', path: `${E}/dataset/${enc(DS)}/datasetProperties`, raw: '{"name": "x", "customProperties": {"__proto__": {"polluted": "yes"}}}', mentions: '__proto__' },
  { name: 'an MCP aspect with a __proto__ field', method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: { entityType: 'dataset', entityUrn: DS, changeType: 'UPSERT', aspectName: 'datasetProperties', aspect: { value: '{"__proto__": {"polluted": 1}}' } } }, mentions: '__proto__' },
];

describe('reliability: prototype pollution through user-supplied keys', () => {
  let svc: TestService;
  const clean = prototypeSnapshot();

  before(async () => {
    svc = await startTestService();
    assert.equal((await svc.call('POST', definitionPath('io.proto.tier'), { body: definition('io.proto.tier') })).status, 200);
    const seeded = await svc.call('POST', valuesPath(DS), { body: { properties: [{ propertyUrn: PROP, values: [{ string: 'gold' }] }] } });
    assert.equal(seeded.status, 200, seeded.text);
  });
  after(() => svc.close());

  for (const attack of ATTACKS) {
    it(`refuses ${attack.name} without a token, and the right token still works afterwards`, async () => {
      const raw = attack.raw ?? JSON.stringify(attack.body);
      const reply = await svc.call(attack.method, attack.path, { raw, contentType: attack.contentType ?? 'application/json' });
      assert.ok(reply.status >= 400 && reply.status < 500, `${attack.name}: expected a 4xx, got ${reply.status} ${reply.text}`);
      assert.match(reply.text, new RegExp(attack.mentions), `${attack.name}: the refusal must name the key: ${reply.text}`);
      assert.deepEqual(prototypeSnapshot(), clean, 'Object.prototype gained a property');
      assert.equal(({} as Record<string, unknown>).authorization, undefined);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);

      const graphql = await svc.call('POST', '/api/graphql', { body: { query: '{ __typename }' }, token: TEST_TOKEN });
      assert.equal(graphql.status, 200, `the honest GraphQL client with the right token: ${graphql.text}`);
      const wrong = await svc.call('POST', '/api/graphql', { body: { query: '{ __typename }' }, token: 'wrong-token' });
      assert.equal(wrong.status, 401, 'a wrong token must still be refused');
      const read = await svc.call('GET', valuesPath(DS), { token: TEST_TOKEN });
      assert.equal(read.status, 200);
      assert.deepEqual((read.json as { value: { properties: unknown[] } }).value.properties, [{ propertyUrn: PROP, values: [{ string: 'gold' }] }], 'the acknowledged value is unchanged');
    });
  }

  it('keeps fields named constructor or prototype as plain data inside an aspect', async () => {
    const reply = await svc.call('POST', `${E}/dataset/${enc(DS)}/datasetProperties`, { body: { name: 'x', customProperties: { constructor: 'c', prototype: 'p' } } });
    assert.equal(reply.status, 200, reply.text);
    const read = await svc.call('GET', `${E}/dataset/${enc(DS)}/datasetProperties`);
    assert.deepEqual((read.json as { value: unknown }).value, { name: 'x', customProperties: { constructor: 'c', prototype: 'p' } });
    assert.deepEqual(prototypeSnapshot(), clean);
  });

  it('still applies an honest keyed patch', async () => {
    const reply = await svc.call('PATCH', valuesPath(DS), {
      contentType: PATCH,
      body: { patch: [{ op: 'add', path: `/properties/${PROP}`, value: { propertyUrn: PROP, values: [{ string: 'silver' }] } }], arrayPrimaryKeys: { properties: ['propertyUrn'] } },
    });
    assert.equal(reply.status, 200, reply.text);
    const read = await svc.call('GET', valuesPath(DS));
    assert.deepEqual((read.json as { value: { properties: unknown[] } }).value.properties, [{ propertyUrn: PROP, values: [{ string: 'silver' }] }]);
  });
});

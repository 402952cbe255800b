import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServiceConnection } from '../../core/api/http';
import { applyPlan } from '../../core/plan/pushApply';
import type { PushItem, PushPlan } from '../../core/plan/pushPlanTypes';
import { datasetUrn, definition, definitionPath, propertyUrn, startTestService, TEST_TOKEN, valuesPath, type TestService } from './helpers';

const PATCH_TYPE = 'application/json-patch+json';
const BATCH = '/openapi/v3/entity/dataset';

/** `{properties: [{propertyUrn, values}]}` of one string property. */
const props = (id: string, ...values: string[]) => ({ properties: [{ propertyUrn: propertyUrn(id), values: values.map((value) => ({ string: value })) }] });

describe('OpenAPI v3 batch writes (DataHub GenericEntitiesController.createEntity, v3 EntityController.patchEntity)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
    assert.equal((await svc.call('POST', definitionPath('io.batch.team'), { body: definition('io.batch.team', { allowedValues: [{ value: { string: 'a' } }, { value: { string: 'b' } }] }) })).status, 200);
    assert.equal((await svc.call('POST', definitionPath('io.batch.tags'), { body: definition('io.batch.tags', { cardinality: 'MULTIPLE' }) })).status, 200);
  });
  after(() => svc.close());

  it('POST writes the aspect of every entity and answers each entity with what it holds now', async () => {
    const body = [1, 2, 3].map((n) => ({ urn: datasetUrn(`v3.post${n}`), structuredProperties: { value: props('io.batch.team', 'a') } }));
    const reply = await svc.call('POST', `${BATCH}?async=false`, { body });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.json, body.map(({ urn }) => ({ urn, structuredProperties: { value: props('io.batch.team', 'a') } })));
    for (const { urn } of body) assert.deepEqual((await svc.call('GET', valuesPath(urn))).json, { value: props('io.batch.team', 'a') });
  });

  it('async (the default) answers 202', async () => {
    const reply = await svc.call('POST', BATCH, { body: [{ urn: datasetUrn('v3.async'), structuredProperties: { value: props('io.batch.team', 'b') } }] });
    assert.equal(reply.status, 202, reply.text);
  });

  it('PATCH adds and removes only the addressed properties of each entity', async () => {
    const urn = datasetUrn('v3.patch');
    assert.equal((await svc.call('POST', valuesPath(urn), { body: props('io.batch.team', 'a') })).status, 200);
    const patch = { patch: [{ op: 'add', path: `/properties/${propertyUrn('io.batch.tags')}`, value: { propertyUrn: propertyUrn('io.batch.tags'), values: [{ string: 'x' }, { string: 'y' }] } }], arrayPrimaryKeys: { properties: ['propertyUrn'] } };
    const reply = await svc.call('PATCH', `${BATCH}?async=false`, { body: [{ urn, structuredProperties: { value: patch } }], contentType: PATCH_TYPE });
    assert.equal(reply.status, 200, reply.text);
    const held = (await svc.call('GET', valuesPath(urn))).json as { value: { properties: { propertyUrn: string }[] } };
    assert.deepEqual(held.value.properties.map((p) => p.propertyUrn).sort(), [propertyUrn('io.batch.tags'), propertyUrn('io.batch.team')]);
  });

  it('one rejected entity rejects the whole batch, names the entity, and writes nothing', async () => {
    const good = datasetUrn('v3.good');
    const bad = datasetUrn('v3.bad');
    const reply = await svc.call('POST', `${BATCH}?async=false`, {
      body: [
        { urn: good, structuredProperties: { value: props('io.batch.team', 'a') } },
        { urn: bad, structuredProperties: { value: props('io.batch.team', 'not-allowed') } },
      ],
    });
    assert.equal(reply.status, 400, reply.text);
    assert.match(reply.text, /Entity 1 \(urn:li:dataset:\(urn:li:dataPlatform:hive,v3\.bad,PROD\)\)/);
    assert.match(reply.text, /Nothing of this batch was written/);
    assert.equal((await svc.call('GET', valuesPath(good))).status, 404);
  });

  it('refuses bodies that are not a list of entities, URNs of another type, unknown aspects and patches without `patch`', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['POST', { urn: datasetUrn('x') }, /must be a list/],
      ['POST', [{ structuredProperties: { value: {} } }], /Entity 0: missing `urn`/],
      ['POST', [{ urn: 'urn:li:corpuser:jdoe', status: { value: { removed: false } } }], /is a corpuser, but the path says dataset/],
      ['POST', JSON.parse(`[{"urn": ${JSON.stringify(datasetUrn('x'))}, "__proto__": {"value": {}}}]`), /__proto__/],
      ['POST', [{ urn: datasetUrn('x'), structuredProperties: props('io.batch.team', 'a') }], /must be written \{..value/],
      ['PATCH', [{ urn: datasetUrn('x'), structuredProperties: { value: { op: 'add' } } }], /missing `patch` field/],
    ];
    for (const [method, body, message] of cases) {
      const reply = await svc.call(method, `${BATCH}?async=false`, { body, contentType: method === 'PATCH' ? PATCH_TYPE : 'application/json' });
      assert.equal(reply.status, 400, `${method} ${JSON.stringify(body)}: ${reply.text}`);
      assert.match(reply.text, message);
    }
  });
});

describe('push sends structured-property writes in v3 batches, with a result per item', () => {
  let svc: TestService;
  let connection: ServiceConnection;
  before(async () => {
    svc = await startTestService();
    connection = { url: svc.url, token: TEST_TOKEN };
    assert.equal((await svc.call('POST', definitionPath('io.batch.team'), { body: definition('io.batch.team', { allowedValues: [{ value: { string: 'a' } }] }) })).status, 200);
  });
  after(() => svc.close());

  const item = (name: string, value: string): PushItem => ({
    id: `values:${name}`,
    phase: 'values',
    entityUrn: datasetUrn(name),
    title: 'Structured properties (replace all)',
    changes: [],
    notes: [],
    operation: { kind: 'postAspect', entityType: 'dataset', urn: datasetUrn(name), aspectName: 'structuredProperties', value: props('io.batch.team', value) },
    sources: [],
  });

  it('a batch that the service rejects is resent item by item: exactly the bad item fails, with the reason', async () => {
    const plan: PushPlan = { items: [item('p1', 'a'), item('p2', 'wrong'), item('p3', 'a')], unchanged: [], warnings: [] };
    const result = await applyPlan(connection, plan);
    assert.deepEqual(result.results.map((r) => [r.item.id, r.ok]), [['values:p1', true], ['values:p2', false], ['values:p3', true]]);
    assert.deepEqual(result.failed.map((i) => i.id), ['values:p2']);
    assert.match(result.results[1].error ?? '', /wrong/);
    assert.equal((await svc.call('GET', valuesPath(datasetUrn('p1')))).status, 200);
    assert.equal((await svc.call('GET', valuesPath(datasetUrn('p2')))).status, 404);
  });

  it('a clean batch writes every entity in one request', async () => {
    const plan: PushPlan = { items: Array.from({ length: 40 }, (_, n) => item(`clean${n}`, 'a')), unchanged: [], warnings: [] };
    const result = await applyPlan(connection, plan);
    assert.deepEqual(result.failed, []);
    assert.equal(result.results.filter((r) => r.ok).length, 40);
    for (const n of [0, 39]) assert.equal((await svc.call('GET', valuesPath(datasetUrn(`clean${n}`)))).status, 200);
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { datasetUrn, definition, definitionPath, enc, propertyUrn, startTestService, valuesPath, type TestService } from './helpers';

const PATCH_TYPE = 'application/json-patch+json';

describe('soft delete of a structured property (spec §3, §7)', () => {
  let svc: TestService;
  const ds = datasetUrn('db.customers');
  const kept = propertyUrn('io.sd.kept');
  const gone = propertyUrn('io.sd.gone');
  const statusPath = (id: string) => `/openapi/v2/entity/structuredProperty/${enc(propertyUrn(id))}/status`;
  const visibleUrns = async (urn = ds) => {
    const reply = await svc.call('GET', valuesPath(urn));
    return ((reply.json as { value: { properties: { propertyUrn: string }[] } }).value.properties ?? []).map((p) => p.propertyUrn);
  };

  before(async () => {
    svc = await startTestService();
    await svc.call('POST', definitionPath('io.sd.kept'), { body: definition('io.sd.kept') });
    await svc.call('POST', definitionPath('io.sd.gone'), { body: definition('io.sd.gone') });
    const reply = await svc.call('POST', valuesPath(ds), {
      body: { properties: [{ propertyUrn: gone, values: [{ string: 'g' }] }, { propertyUrn: kept, values: [{ string: 'k' }] }] },
    });
    assert.equal(reply.status, 200);
  });
  after(() => svc.close());

  it('from "defined, no status" a status write with removed=true soft deletes, and entities stop returning its values (effect 1)', async () => {
    assert.equal((await svc.call('GET', `${statusPath('io.sd.gone')}`)).status, 404, 'no status aspect yet');
    assert.equal((await svc.call('POST', `${statusPath('io.sd.gone')}?systemMetadata=false`, { body: { removed: true } })).status, 200);
    assert.deepEqual(await visibleUrns(), [kept]);
    const entity = (await svc.call('GET', `/openapi/v2/entity/dataset/${enc(ds)}`)).json as { aspects: { structuredProperties: { value: { properties: unknown[] } } } };
    assert.equal(entity.aspects.structuredProperties.value.properties.length, 1);
    const listed = (await svc.call('GET', '/openapi/v2/entity/dataset?aspects=structuredProperties')).json as { results: { aspects: { structuredProperties: { value: { properties: unknown[] } } } }[] };
    assert.equal(listed.results[0].aspects.structuredProperties.value.properties.length, 1);
  });

  it('updates to the definition are denied while soft deleted (effect 2)', async () => {
    const reply = await svc.call('POST', definitionPath('io.sd.gone'), { body: definition('io.sd.gone', { description: 'changed' }) });
    assert.equal(reply.status, 400);
    assert.match((reply.json as { message: string }).message, /Cannot mutate a soft deleted Structured Property Definition/);
  });

  it('adding a value of it is denied, by POST and by PATCH (effect 3)', async () => {
    const other = datasetUrn('db.other');
    const post = await svc.call('POST', valuesPath(other), { body: { properties: [{ propertyUrn: gone, values: [{ string: 'x' }] }] } });
    assert.equal(post.status, 400);
    assert.match((post.json as { message: string }).message, /Cannot apply a soft deleted Structured Property value/);
    const patch = await svc.call('PATCH', valuesPath(ds), {
      contentType: PATCH_TYPE,
      body: { patch: [{ op: 'add', path: `/properties/${gone}`, value: { propertyUrn: gone, values: [{ string: 'new' }] } }], arrayPrimaryKeys: { properties: ['propertyUrn'] } },
    });
    assert.equal(patch.status, 400);
  });

  it('other writes to the entity keep the hidden values (effect 5: nothing is lost)', async () => {
    const post = await svc.call('POST', valuesPath(ds), { body: { properties: [{ propertyUrn: kept, values: [{ string: 'k2' }] }] } });
    assert.equal(post.status, 200, post.text);
    assert.deepEqual(post.json, { urn: ds, aspects: { structuredProperties: { value: { properties: [{ propertyUrn: kept, values: [{ string: 'k2' }] }] } } } });
  });

  it('hard delete of a structured property is not supported: entity, key and definition deletes are refused', async () => {
    for (const target of [
      `/openapi/v2/entity/structuredProperty/${enc(gone)}`,
      `/openapi/v2/entity/structuredProperty/${enc(gone)}/propertyDefinition`,
      `/openapi/v2/entity/structuredProperty/${enc(gone)}/structuredPropertyKey`,
    ]) {
      const reply = await svc.call('DELETE', target);
      assert.equal(reply.status, 400, target);
      assert.match((reply.json as { message: string }).message, /Hard delete of a structured property is not supported/);
    }
    assert.equal((await svc.call('GET', definitionPath('io.sd.gone'))).status, 200, 'the definition is still there');
  });

  it('listing definitions leaves soft-deleted ones out unless includeSoftDelete=true', async () => {
    const urns = async (query: string) =>
      ((await svc.call('GET', `/openapi/v2/entity/structuredProperty?count=100${query}`)).json as { results: { urn: string }[] }).results.map((r) => r.urn);
    assert.deepEqual(await urns(''), [kept]);
    assert.deepEqual((await urns('&includeSoftDelete=true')).sort(), [gone, kept].sort());
  });

  it('restore with removed=false brings the values back unchanged; the definition is usable again', async () => {
    assert.equal((await svc.call('POST', `${statusPath('io.sd.gone')}?systemMetadata=false`, { body: { removed: false } })).status, 200);
    const value = (await svc.call('GET', valuesPath(ds))).json as { value: { properties: unknown[] } };
    assert.deepEqual(value.value.properties, [
      { propertyUrn: kept, values: [{ string: 'k2' }] },
      { propertyUrn: gone, values: [{ string: 'g' }] },
    ]);
    assert.equal((await svc.call('POST', definitionPath('io.sd.gone'), { body: definition('io.sd.gone', { description: 'now allowed' }) })).status, 200);
  });

  it('a hard delete of the status aspect also restores (soft deleted → active)', async () => {
    await svc.call('POST', statusPath('io.sd.gone'), { body: { removed: true } });
    assert.deepEqual(await visibleUrns(), [kept]);
    assert.equal((await svc.call('DELETE', statusPath('io.sd.gone'))).status, 200);
    assert.deepEqual(await visibleUrns(), [kept, gone]);
    const other = datasetUrn('db.other');
    assert.equal((await svc.call('POST', valuesPath(other), { body: { properties: [{ propertyUrn: gone, values: [{ string: 'x' }] }] } })).status, 200);
  });
});

describe('a PATCH sees the aspect as a read shows it: no soft-deleted value comes back (spec §3 effect 1)', () => {
  let svc: TestService;
  const ds = datasetUrn('db.leak');
  const secret = propertyUrn('io.leak.secret');
  const other = propertyUrn('io.leak.other');
  const HIDDEN = 's3cr3t-value';
  const patch = (ops: unknown[]) => svc.call('PATCH', valuesPath(ds), { contentType: PATCH_TYPE, body: { patch: ops, arrayPrimaryKeys: { properties: ['propertyUrn'] } } });
  const status = (removed: boolean) => svc.call('POST', `/openapi/v2/entity/structuredProperty/${enc(secret)}/status?systemMetadata=false`, { body: { removed } });

  before(async () => {
    svc = await startTestService();
    await svc.call('POST', definitionPath('io.leak.secret'), { body: definition('io.leak.secret') });
    await svc.call('POST', definitionPath('io.leak.other'), { body: definition('io.leak.other', { cardinality: 'MULTIPLE' }) });
    const reply = await svc.call('POST', valuesPath(ds), { body: { properties: [{ propertyUrn: secret, values: [{ string: HIDDEN }] }] } });
    assert.equal(reply.status, 200, reply.text);
    assert.equal((await status(true)).status, 200);
  });
  after(() => svc.close());

  it('a test operation on a hidden property fails as on an absent one, without its value', async () => {
    const hidden = await patch([{ op: 'test', path: `/properties/${secret}`, value: null }]);
    const absent = await patch([{ op: 'test', path: `/properties/${propertyUrn('io.leak.never')}`, value: null }]);
    assert.equal(hidden.status, 400);
    assert.ok(!hidden.text.includes(HIDDEN), hidden.text);
    assert.equal(hidden.text.replace(secret, 'P'), absent.text.replace(propertyUrn('io.leak.never'), 'P'), 'the same answer as for a property the entity never had');
    const guessed = await patch([{ op: 'test', path: `/properties/${secret}/values/0/string`, value: HIDDEN }]);
    assert.equal(guessed.status, 400, 'a right guess does not pass the test either');
    assert.ok(!guessed.text.includes(`holds "${HIDDEN}"`), guessed.text);
  });

  it('copy and move from a hidden property are refused; nothing is copied', async () => {
    for (const op of ['copy', 'move']) {
      const reply = await patch([
        { op: 'add', path: `/properties/${other}`, value: { propertyUrn: other, values: [] } },
        { op, from: `/properties/${secret}/values`, path: `/properties/${other}/values` },
      ]);
      assert.equal(reply.status, 400, `${op}: ${reply.text}`);
      assert.ok(!reply.text.includes(HIDDEN), reply.text);
    }
    const read = await svc.call('GET', valuesPath(ds));
    assert.ok(!read.text.includes(HIDDEN), read.text);
  });

  it('writing the hidden value itself is refused like any other value, so the answer tells nothing about it', async () => {
    const asStored = { propertyUrn: secret, values: [{ string: HIDDEN }] };
    const guesses = [
      await patch([{ op: 'add', path: `/properties/${secret}`, value: asStored }]),
      await patch([{ op: 'add', path: `/properties/${secret}`, value: { ...asStored, values: [{ string: 'wrong guess' }] } }]),
      await svc.call('POST', valuesPath(ds), { body: { properties: [asStored] } }),
      await svc.call('POST', valuesPath(ds), { body: { properties: [{ ...asStored, values: [{ string: 'wrong guess' }] }] } }),
    ];
    for (const reply of guesses) {
      assert.equal(reply.status, 400, reply.text);
      assert.match((reply.json as { message: string }).message, /Cannot apply a soft deleted Structured Property value/);
      assert.ok(!reply.text.includes(HIDDEN), reply.text);
    }
  });

  it('a patch of the visible properties keeps the hidden value stored, and a restore brings it back', async () => {
    const reply = await patch([{ op: 'add', path: `/properties/${other}`, value: { propertyUrn: other, values: [{ string: 'seen' }] } }]);
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.json, { urn: ds, aspects: { structuredProperties: { value: { properties: [{ propertyUrn: other, values: [{ string: 'seen' }] }] } } } });
    assert.equal((await patch([{ op: 'remove', path: `/properties/${secret}` }])).status, 400, 'a hidden value cannot be removed');
    assert.equal((await status(false)).status, 200);
    const restored = (await svc.call('GET', valuesPath(ds))).json as { value: { properties: unknown[] } };
    assert.deepEqual(restored.value.properties, [
      { propertyUrn: other, values: [{ string: 'seen' }] },
      { propertyUrn: secret, values: [{ string: HIDDEN }] },
    ]);
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { datasetUrn, definition, definitionPath, enc, propertyUrn, startTestService, valuesPath, type TestService } from './helpers';

const PATCH_TYPE = 'application/json-patch+json';

describe('OpenAPI v2 structured-property endpoints (spec §4.3)', () => {
  let svc: TestService;
  const ds = datasetUrn('db.orders');
  before(async () => {
    svc = await startTestService();
    for (const id of ['io.test.a', 'io.test.b', 'io.test.c']) {
      const reply = await svc.call('POST', definitionPath(id), { body: definition(id, { cardinality: 'MULTIPLE' }) });
      assert.equal(reply.status, 200, reply.text);
    }
  });
  after(() => svc.close());

  it('POST propertyDefinition answers with the stored aspect; GET mirrors it exactly (rules 9)', async () => {
    const body = {
      qualifiedName: 'io.acryl.privacy.retentionTime',
      displayName: 'Retention Time',
      valueType: 'urn:li:dataType:service.string',
      allowedValues: [
        { value: { string: '30' }, description: '30 days' },
        { value: { string: '90' }, description: '90 days' },
      ],
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:service.dataset'],
    };
    const path = definitionPath('io.acryl.privacy.retentionTime');
    const posted = await svc.call('POST', path, { body });
    assert.equal(posted.status, 200);
    assert.deepEqual(posted.json, { urn: propertyUrn('io.acryl.privacy.retentionTime'), aspects: { propertyDefinition: { value: body } } });
    const got = await svc.call('GET', path);
    assert.equal(got.status, 200);
    assert.deepEqual(got.json, { value: body });
    // A definition without description is accepted (§2.6); datahub. namespaces are accepted too.
    const datahubStyle = { ...definition('io.test.dh'), valueType: 'urn:li:dataType:datahub.number', entityTypes: ['urn:li:entityType:datahub.dataset'] };
    assert.equal((await svc.call('POST', definitionPath('io.test.dh'), { body: datahubStyle })).status, 200);
  });

  it('POST status with systemMetadata=false soft deletes and restores (rule 8)', async () => {
    const statusPath = `/openapi/v2/entity/structuredProperty/${enc(propertyUrn('io.test.c'))}/status?systemMetadata=false`;
    const removed = await svc.call('POST', statusPath, { body: { removed: true } });
    assert.equal(removed.status, 200);
    assert.deepEqual(removed.json, { urn: propertyUrn('io.test.c'), aspects: { status: { value: { removed: true } } } });
    const restored = await svc.call('POST', statusPath, { body: { removed: false } });
    assert.deepEqual(restored.json, { urn: propertyUrn('io.test.c'), aspects: { status: { value: { removed: false } } } });
    const withMeta = await svc.call('GET', `/openapi/v2/entity/structuredProperty/${enc(propertyUrn('io.test.c'))}/status?systemMetadata=true`);
    const body = withMeta.json as { value: unknown; systemMetadata: { version: string; lastObserved: number } };
    assert.deepEqual(body.value, { removed: false });
    assert.equal(body.systemMetadata.version, '2');
    assert.equal(typeof body.systemMetadata.lastObserved, 'number');
  });

  it('POST structuredProperties sets and replaces all properties (rule 2)', async () => {
    const first = { properties: [{ propertyUrn: propertyUrn('io.test.a'), values: [{ string: 'x' }] }, { propertyUrn: propertyUrn('io.test.b'), values: [{ string: 'y' }] }] };
    const reply = await svc.call('POST', valuesPath(ds), { body: first });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.json, { urn: ds, aspects: { structuredProperties: { value: first } } });
    const second = { properties: [{ propertyUrn: propertyUrn('io.test.b'), values: [{ string: 'z' }] }] };
    await svc.call('POST', valuesPath(ds), { body: second });
    assert.deepEqual((await svc.call('GET', valuesPath(ds))).json, { value: second });
  });

  it('PATCH add appends after existing elements, add of a present URN replaces it in place, remove deletes only its element (rules 3-7)', async () => {
    await svc.call('POST', valuesPath(ds), { body: { properties: [{ propertyUrn: propertyUrn('io.test.a'), values: [{ string: 'one' }] }] } });
    const add = (id: string, values: unknown[]) => ({ op: 'add', path: `/properties/${propertyUrn(id)}`, value: { propertyUrn: propertyUrn(id), values } });
    const patched = await svc.call('PATCH', valuesPath(ds), {
      contentType: PATCH_TYPE,
      body: { patch: [add('io.test.b', [{ string: 'two' }])], arrayPrimaryKeys: { properties: ['propertyUrn'] } },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(patched.json, {
      urn: ds,
      aspects: {
        structuredProperties: {
          value: {
            properties: [
              { propertyUrn: propertyUrn('io.test.a'), values: [{ string: 'one' }] },
              { propertyUrn: propertyUrn('io.test.b'), values: [{ string: 'two' }] },
            ],
          },
        },
      },
    });
    const replaced = await svc.call('PATCH', valuesPath(ds), {
      contentType: PATCH_TYPE,
      body: { patch: [add('io.test.a', [{ string: 'uno' }, { string: 'eins' }])], arrayPrimaryKeys: { properties: ['propertyUrn'] } },
    });
    const props = (replaced.json as { aspects: { structuredProperties: { value: { properties: { propertyUrn: string; values: unknown[] }[] } } } }).aspects.structuredProperties.value.properties;
    assert.deepEqual(
      props.map((p) => p.propertyUrn),
      [propertyUrn('io.test.a'), propertyUrn('io.test.b')],
    );
    assert.deepEqual(props[0].values, [{ string: 'uno' }, { string: 'eins' }]);
    const removed = await svc.call('PATCH', valuesPath(ds), {
      contentType: PATCH_TYPE,
      body: { patch: [{ op: 'remove', path: `/properties/${propertyUrn('io.test.a')}` }], arrayPrimaryKeys: { properties: ['propertyUrn'] } },
    });
    assert.deepEqual(removed.json, { urn: ds, aspects: { structuredProperties: { value: { properties: [{ propertyUrn: propertyUrn('io.test.b'), values: [{ string: 'two' }] }] } } } });
  });

  it('PATCH on an entity without the aspect starts from an empty list; an invalid patch writes nothing', async () => {
    const fresh = datasetUrn('db.patched_fresh');
    const reply = await svc.call('PATCH', valuesPath(fresh), {
      contentType: PATCH_TYPE,
      body: { patch: [{ op: 'add', path: `/properties/${propertyUrn('io.test.a')}`, value: { propertyUrn: propertyUrn('io.test.a'), values: [{ string: 'v' }] } }], arrayPrimaryKeys: { properties: ['propertyUrn'] } },
    });
    assert.equal(reply.status, 200, reply.text);
    const bad = await svc.call('PATCH', valuesPath(fresh), { contentType: PATCH_TYPE, body: { patch: [{ op: 'remove', path: `/properties/${propertyUrn('io.test.b')}` }], arrayPrimaryKeys: { properties: ['propertyUrn'] } } });
    assert.equal(bad.status, 400);
    assert.match((bad.json as { message: string }).message, /Nothing to remove/);
    // Without arrayPrimaryKeys, properties are still addressed by propertyUrn (DataHub's patch template).
    const plainList = await svc.call('PATCH', valuesPath(fresh), {
      contentType: PATCH_TYPE,
      body: [{ op: 'add', path: `/properties/${propertyUrn('io.test.b')}`, value: { propertyUrn: propertyUrn('io.test.b'), values: [{ string: 'w' }] } }],
    });
    assert.equal(plainList.status, 200, plainList.text);
    assert.equal((plainList.json as { aspects: { structuredProperties: { value: { properties: unknown[] } } } }).aspects.structuredProperties.value.properties.length, 2);
    const notAPatch = await svc.call('PATCH', valuesPath(fresh), { contentType: PATCH_TYPE, body: { patch: 'nope' } });
    assert.equal(notAPatch.status, 400);
  });

  it('a property must be defined before it is applied (rule 1)', async () => {
    const reply = await svc.call('POST', valuesPath(datasetUrn('db.x')), { body: { properties: [{ propertyUrn: propertyUrn('io.test.undefined'), values: [{ string: 'v' }] }] } });
    assert.equal(reply.status, 400);
    assert.equal((reply.json as { error: string }).error, 'Validation Error');
    assert.match((reply.json as { message: string }).message, /io\.test\.undefined/);
    assert.equal((await svc.call('HEAD', `/openapi/v2/entity/dataset/${enc(datasetUrn('db.x'))}`)).status, 404, 'nothing was written');
  });

  it('GET of an absent aspect or entity is an empty 404 with Not-Found-Reason: ENTITY', async () => {
    for (const target of [definitionPath('io.test.nothing'), valuesPath(ds).replace('structuredProperties', 'upstreamLineage'), `/openapi/v2/entity/dataset/${enc(datasetUrn('db.none'))}`]) {
      const reply = await svc.call('GET', target);
      assert.equal(reply.status, 404, target);
      assert.equal(reply.headers.get('not-found-reason'), 'ENTITY');
      assert.equal(reply.text, '');
    }
  });

  it('HEAD says whether an entity or aspect exists', async () => {
    assert.equal((await svc.call('HEAD', valuesPath(ds))).status, 204);
    assert.equal((await svc.call('HEAD', `/openapi/v2/entity/dataset/${enc(ds)}`)).status, 204);
    assert.equal((await svc.call('HEAD', `/openapi/v2/entity/dataset/${enc(datasetUrn('db.none'))}`)).status, 404);
    assert.equal((await svc.call('HEAD', `/openapi/v2/entity/dataset/${enc(ds)}/upstreamLineage`)).status, 404);
  });

  it('createIfNotExists=true / createIfEntityNotExists=true refuse to overwrite, as DataHub does', async () => {
    const createOnly = await svc.call('POST', `${definitionPath('io.test.a')}?createIfNotExists=true`, { body: definition('io.test.a', { cardinality: 'MULTIPLE' }) });
    assert.equal(createOnly.status, 412);
    assert.match((createOnly.json as { message: string }).message, /Cannot perform CREATE since the aspect already exists/);
    const entityOnly = await svc.call('POST', `${valuesPath(ds)}?createIfEntityNotExists=true`, { body: { properties: [] } });
    assert.equal(entityOnly.status, 412);
    const newOne = await svc.call('POST', `${definitionPath('io.test.new')}?createIfNotExists=true&createIfEntityNotExists=true`, { body: definition('io.test.new') });
    assert.equal(newOne.status, 200);
    const badFlag = await svc.call('POST', `${definitionPath('io.test.new')}?createIfNotExists=maybe`, { body: definition('io.test.new') });
    assert.equal(badFlag.status, 400);
  });

  it('the entity type in the path is case-insensitive but must match the URN', async () => {
    assert.equal((await svc.call('GET', `/openapi/v2/entity/structuredproperty/${enc(propertyUrn('io.test.a'))}/propertyDefinition`)).status, 200);
    const mismatch = await svc.call('GET', `/openapi/v2/entity/dataset/${enc(propertyUrn('io.test.a'))}/propertyDefinition`);
    assert.equal(mismatch.status, 400);
    assert.match(mismatch.text, /structuredProperty/);
    const unknownType = await svc.call('GET', `/openapi/v2/entity/nosuchtype/${enc(ds)}/status`);
    assert.equal(unknownType.status, 400);
  });

  it('a URN that does not parse is a 400 naming it; an unknown aspect is a 400 listing the known ones', async () => {
    const bad = 'urn:li:dataset:(urn:li:dataPlatform:hive,only_two)';
    const reply = await svc.call('GET', `/openapi/v2/entity/dataset/${enc(bad)}/status`);
    assert.equal(reply.status, 400);
    assert.ok(reply.text.includes(JSON.stringify(bad).slice(1, -1)), reply.text);
    const posted = await svc.call('POST', `/openapi/v2/entity/dataset/${enc(bad)}/status`, { body: { removed: false } });
    assert.equal(posted.status, 400);
    const aspect = await svc.call('POST', `/openapi/v2/entity/dataset/${enc(ds)}/noSuchAspect`, { body: {} });
    assert.equal(aspect.status, 400);
    assert.match((aspect.json as { message: string }).message, /Unknown aspect "noSuchAspect".*upstreamLineage/);
  });

  it('any aspect of any entity type: POST, GET (lineage is read this way), versions, DELETE', async () => {
    const down = datasetUrn('db.down');
    const up = datasetUrn('db.up');
    const lineage = {
      upstreams: [{ dataset: up, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } }],
      fineGrainedLineages: [
        { upstreamType: 'FIELD_SET', upstreams: [`urn:li:schemaField:(${up},a)`], downstreamType: 'FIELD', downstreams: [`urn:li:schemaField:(${down},a)`], confidenceScore: 1.0 },
      ],
    };
    const path = `/openapi/v2/entity/dataset/${enc(down)}/upstreamLineage`;
    assert.equal((await svc.call('POST', `/openapi/v2/entity/dataset/${enc(up)}/status`, { body: { removed: false } })).status, 200, 'the upstream exists first (spec §1)');
    assert.equal((await svc.call('POST', path, { body: lineage })).status, 200);
    assert.deepEqual((await svc.call('GET', path)).json, { value: lineage });
    assert.equal((await svc.call('POST', path, { body: { upstreams: [] } })).status, 200);
    assert.deepEqual((await svc.call('GET', `${path}?version=1`)).json, { value: lineage }, 'older versions stay readable');
    const entity = (await svc.call('GET', `/openapi/v2/entity/dataset/${enc(down)}`)).json as { urn: string; aspects: Record<string, unknown> };
    assert.equal(entity.urn, down);
    assert.deepEqual(Object.keys(entity.aspects).sort(), ['datasetKey', 'upstreamLineage']);
    assert.deepEqual(entity.aspects.datasetKey, { value: { platform: 'urn:li:dataPlatform:hive', name: 'db.down', origin: 'PROD' } });
    const flow = 'urn:li:dataFlow:(airflow,etl,prod)';
    assert.equal((await svc.call('POST', `/openapi/v2/entity/dataFlow/${enc(flow)}/dataFlowInfo`, { body: { name: 'etl' } })).status, 200);
    assert.equal((await svc.call('DELETE', path)).status, 200);
    assert.equal((await svc.call('GET', path)).status, 404);
    assert.equal((await svc.call('DELETE', `/openapi/v2/entity/dataFlow/${enc(flow)}`)).status, 200);
    assert.equal((await svc.call('HEAD', `/openapi/v2/entity/dataFlow/${enc(flow)}`)).status, 404);
  });

  it('GET /openapi/v2/entity/{type} lists entities with their aspects and scrolls with scrollId', async () => {
    const seen: string[] = [];
    let scrollId: string | undefined;
    for (let page = 0; page < 10; page++) {
      const query = `aspects=propertyDefinition&count=2&query=*${scrollId ? `&scrollId=${enc(scrollId)}` : ''}`;
      const reply = await svc.call('GET', `/openapi/v2/entity/structuredProperty?${query}`);
      assert.equal(reply.status, 200, reply.text);
      const body = reply.json as { scrollId?: string; results: { urn: string; aspects: Record<string, { value: { qualifiedName: string } }> }[] };
      assert.ok(body.results.length <= 2);
      for (const result of body.results) {
        assert.deepEqual(Object.keys(result.aspects), ['propertyDefinition']);
        assert.equal(`urn:li:structuredProperty:${result.aspects.propertyDefinition.value.qualifiedName}`, result.urn);
        seen.push(result.urn);
      }
      scrollId = body.scrollId;
      if (!scrollId) break;
    }
    assert.ok(seen.includes(propertyUrn('io.test.a')) && seen.includes(propertyUrn('io.acryl.privacy.retentionTime')));
    assert.equal(new Set(seen).size, seen.length, 'no entity twice');
    const aspectNames = await svc.call('GET', '/openapi/v2/entity/structuredProperty?aspectNames=status&count=100');
    assert.ok((aspectNames.json as { results: unknown[] }).results.length >= 1);
    assert.equal((await svc.call('GET', '/openapi/v2/entity/structuredProperty?count=100000')).status, 400);
    assert.equal((await svc.call('GET', '/openapi/v2/entity/structuredProperty?count=-1')).status, 400);
    assert.equal((await svc.call('GET', '/openapi/v2/entity/structuredProperty?scrollId=garbage')).status, 400);
  });

  it('batch POST to /openapi/v2/entity/{type} writes all items or none', async () => {
    const a = datasetUrn('db.batch_a');
    const b = datasetUrn('db.batch_b');
    const good = [
      { urn: a, aspects: { status: { value: { removed: false } } } },
      { urn: b, aspects: { structuredProperties: { value: { properties: [{ propertyUrn: propertyUrn('io.test.a'), values: [{ string: 'v' }] }] } } } },
    ];
    assert.equal((await svc.call('POST', '/openapi/v2/entity/dataset?async=false', { body: good })).status, 200);
    const c = datasetUrn('db.batch_c');
    const bad = [
      { urn: c, aspects: { status: { value: { removed: false } } } },
      { urn: c, aspects: { structuredProperties: { value: { properties: [{ propertyUrn: propertyUrn('io.test.missing'), values: [{ string: 'v' }] }] } } } },
    ];
    const reply = await svc.call('POST', '/openapi/v2/entity/dataset', { body: bad });
    assert.equal(reply.status, 400);
    assert.match((reply.json as { message: string }).message, /^Item 1: /);
    assert.equal((await svc.call('HEAD', `/openapi/v2/entity/dataset/${enc(c)}`)).status, 404);
  });
});

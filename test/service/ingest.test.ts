import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { datasetUrn, definition, definitionPath, enc, propertyUrn, startTestService, type TestService } from './helpers';

const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const stamp = { time: 0, actor: 'urn:li:corpuser:unknown' };

function proposal(entityType: string, entityUrn: string, aspectName: string, value: unknown, changeType = 'UPSERT') {
  return {
    entityType,
    entityUrn,
    changeType,
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: changeType === 'PATCH' ? 'application/json-patch+json' : 'application/json' },
  };
}

describe('Rest.li ingestion: POST /aspects?action=ingestProposal', () => {
  let svc: TestService;
  const src = datasetUrn('db.src');
  const other = datasetUrn('db.other');
  const dst = datasetUrn('db.dst');
  before(async () => {
    svc = await startTestService();
    // Both entities of an edge must exist (spec §1): the upstreams these tests name.
    for (const upstream of [src, other]) assert.equal((await svc.call('POST', `/openapi/v2/entity/dataset/${enc(upstream)}/status`, { body: { removed: false } })).status, 200);
  });
  after(() => svc.close());
  const ingest = (body: unknown) => svc.call('POST', '/aspects?action=ingestProposal', { body, headers: { 'X-RestLi-Protocol-Version': '2.0.0' } });
  const read = async (type: string, urn: string, aspect: string) => (await svc.call('GET', `/openapi/v2/entity/${type}/${enc(urn)}/${aspect}`)).json as { value: Record<string, unknown> } | undefined;

  it('an UPSERT creates the entity and answers {"value": "<urn>"}', async () => {
    const lineage = {
      upstreams: [{ dataset: src, type: 'TRANSFORMED', auditStamp: stamp }],
      fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [field(src, 'id')], downstreamType: 'FIELD', downstreams: [field(dst, 'id')], confidenceScore: 1.0 }],
    };
    const reply = await ingest({ proposal: proposal('dataset', dst, 'upstreamLineage', lineage), async: 'false' });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.json, { value: dst });
    assert.deepEqual((await read('dataset', dst, 'upstreamLineage'))?.value, lineage);
    assert.equal((await svc.call('HEAD', `/openapi/v2/entity/dataset/${enc(dst)}`)).status, 204);
  });

  // Issue #25 item 10: Upstream.pdl types `dataset` as DatasetUrn with @Relationship entityTypes
  // [dataset]; DataHub answers 422 "not a valid destination", as offline validate's
  // lineage.upstreamType says. The local catalog now agrees.
  it('refuses an upstreamLineage whose upstream is not a dataset with 422, naming the relationship', async () => {
    const chart = 'urn:li:chart:(looker,revenue)';
    const reply = await ingest({ proposal: proposal('dataset', dst, 'upstreamLineage', { upstreams: [{ dataset: chart, type: 'TRANSFORMED', auditStamp: stamp }] }) });
    assert.equal(reply.status, 422, reply.text);
    assert.match((reply.json as { message: string }).message, /is not a valid destination of DownstreamOf: an upstream in upstreamLineage must be a dataset, not a chart/);
  });

  it('refuses a fine-grained edge whose column belongs to neither the entity nor an upstream (§2.4) with 422', async () => {
    const inconsistent = {
      upstreams: [{ dataset: src, type: 'TRANSFORMED', auditStamp: stamp }],
      fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [field(other, 'id')], downstreamType: 'FIELD', downstreams: [field(dst, 'id')] }],
    };
    const reply = await ingest({ proposal: proposal('dataset', dst, 'upstreamLineage', inconsistent) });
    assert.equal(reply.status, 422);
    const body = reply.json as { status: number; message: string };
    assert.equal(body.status, 422);
    assert.ok(body.message.includes(field(other, 'id')) && body.message.includes('neither'), body.message);
    // The same rule holds on the OpenAPI route, as a 400.
    const viaOpenApi = await svc.call('POST', `/openapi/v2/entity/dataset/${enc(dst)}/upstreamLineage`, { body: inconsistent });
    assert.equal(viaOpenApi.status, 400);
    // Consistent edges whose columns are on the entity itself are fine.
    const dev = 'urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,DEV)';
    const prodColumns = { upstreams: [{ dataset: dev, type: 'TRANSFORMED', auditStamp: stamp }], fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [field('urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,PROD)', 'a')], downstreamType: 'FIELD', downstreams: [field(dst, 'a')] }] };
    assert.equal((await ingest({ proposal: proposal('dataset', dst, 'upstreamLineage', prodColumns) })).status, 422, 'DEV upstream with PROD columns is the classic mistake');
  });

  it('lineage of other entities: dataJobInputOutput, chartInfo, dashboardInfo', async () => {
    const flow = 'urn:li:dataFlow:(airflow,etl,prod)';
    const job = `urn:li:dataJob:(${flow},load)`;
    assert.equal((await ingest({ proposal: proposal('dataJob', job, 'dataJobInputOutput', { inputDatasets: [src], outputDatasets: [dst], inputDatasetEdges: [{ destinationUrn: other }] }) })).status, 200);
    const chart = 'urn:li:chart:(looker,c1)';
    const lastModified = { created: stamp, lastModified: stamp };
    assert.equal((await ingest({ proposal: proposal('chart', chart, 'chartInfo', { title: 'c', description: '', lastModified, inputs: [{ string: dst }] }) })).status, 200);
    const dash = 'urn:li:dashboard:(looker,d1)';
    assert.equal((await ingest({ proposal: proposal('dashboard', dash, 'dashboardInfo', { title: 'd', description: '', lastModified, chartEdges: [{ destinationUrn: chart }] }) })).status, 200);
    const bad = await ingest({ proposal: proposal('dataJob', job, 'dataJobInputOutput', { inputDatasets: ['not-a-urn'], outputDatasets: [] }) });
    assert.equal(bad.status, 422);
    assert.match((bad.json as { message: string }).message, /inputDatasets\[0\].*not-a-urn/);
  });

  it('PATCH applies JSON Patch operations to the stored aspect', async () => {
    await svc.call('POST', definitionPath('io.ing.p'), { body: definition('io.ing.p', { cardinality: 'MULTIPLE' }) });
    const patch = [{ op: 'add', path: `/properties/${propertyUrn('io.ing.p')}`, value: { propertyUrn: propertyUrn('io.ing.p'), values: [{ string: 'a' }] } }];
    const reply = await ingest({ proposal: proposal('dataset', src, 'structuredProperties', { patch, arrayPrimaryKeys: { properties: ['propertyUrn'] } }, 'PATCH') });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual((await read('dataset', src, 'structuredProperties'))?.value, { properties: [{ propertyUrn: propertyUrn('io.ing.p'), values: [{ string: 'a' }] }] });
    const plain = await ingest({ proposal: proposal('dataset', src, 'datasetProperties', [{ op: 'add', path: '/description', value: 'Source table' }], 'PATCH') });
    assert.equal(plain.status, 200, plain.text);
    // patched onto DataHub's template default (DatasetPropertiesTemplate.getDefault: empty customProperties and tags)
    assert.deepEqual((await read('dataset', src, 'datasetProperties'))?.value, { customProperties: {}, tags: [], description: 'Source table' });
  });

  it('validation failures are 422 with a message; malformed proposals say what is wrong', async () => {
    const undefinedProperty = await ingest({ proposal: proposal('dataset', src, 'structuredProperties', { properties: [{ propertyUrn: propertyUrn('io.ing.none'), values: [{ string: 'x' }] }] }) });
    assert.equal(undefinedProperty.status, 422);
    assert.match((undefinedProperty.json as { message: string }).message, /io\.ing\.none/);
    const mismatch = await ingest({ proposal: proposal('dataJob', src, 'status', { removed: false }) });
    assert.equal(mismatch.status, 422);
    assert.match((mismatch.json as { message: string }).message, /does not match the URN/);
    const notJson = await ingest({ proposal: { ...proposal('dataset', src, 'status', {}), aspect: { value: '{oops', contentType: 'application/json' } } });
    assert.equal(notJson.status, 422);
    assert.match((notJson.json as { message: string }).message, /aspect\.value is not valid JSON/);
    const objectValue = await ingest({ proposal: { ...proposal('dataset', src, 'status', {}), aspect: { value: { removed: true } } } });
    assert.equal(objectValue.status, 422);
    const unknownChange = await ingest({ proposal: proposal('dataset', src, 'status', {}, 'MERGE') });
    assert.equal(unknownChange.status, 422);
    const badUrn = await ingest({ proposal: proposal('dataset', 'urn:li:dataset:(broken', 'status', {}) });
    assert.equal(badUrn.status, 422);
    assert.match((badUrn.json as { message: string }).message, /urn:li:dataset:\(broken/);
    const action = await svc.call('POST', '/aspects?action=somethingElse', { body: {} });
    assert.equal(action.status, 400);
  });

  it('ingestProposalBatch is atomic: one bad proposal writes nothing', async () => {
    const a = datasetUrn('db.batch1');
    const b = datasetUrn('db.batch2');
    const bad = await svc.call('POST', '/aspects?action=ingestProposalBatch', {
      body: { proposals: [proposal('dataset', a, 'status', { removed: false }), proposal('dataset', b, 'structuredProperties', { properties: [{ propertyUrn: propertyUrn('io.ing.none'), values: [] }] })] },
    });
    assert.equal(bad.status, 422);
    assert.match((bad.json as { message: string }).message, /^proposals\[1\]/);
    assert.equal((await svc.call('HEAD', `/openapi/v2/entity/dataset/${enc(a)}`)).status, 404);
    // A definition earlier in the batch can be used later in the same batch.
    const good = await svc.call('POST', '/aspects?action=ingestProposalBatch', {
      body: {
        proposals: [
          proposal('structuredProperty', propertyUrn('io.ing.batch'), 'propertyDefinition', definition('io.ing.batch')),
          proposal('dataset', a, 'structuredProperties', { properties: [{ propertyUrn: propertyUrn('io.ing.batch'), values: [{ string: 'v' }] }] }),
        ],
      },
    });
    assert.equal(good.status, 200, good.text);
    assert.deepEqual(good.json, { value: [propertyUrn('io.ing.batch'), a] });
  });
});

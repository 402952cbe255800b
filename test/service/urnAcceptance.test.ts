/**
 * The local catalog accepts the URNs DataHub accepts and refuses the ones GMS refuses
 * (test/fixtures/urn-vectors has the grammar; here the same verdicts through real HTTP writes).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { datasetUrn, enc, startTestService, type TestService } from './helpers';

function proposal(entityType: string, entityUrn: string, aspectName: string, value: unknown) {
  return { entityType, entityUrn, changeType: 'UPSERT', aspectName, aspect: { value: JSON.stringify(value), contentType: 'application/json' } };
}

describe("the local catalog's URN acceptance matches DataHub's", () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());
  const ingest = (body: unknown) => svc.call('POST', '/aspects?action=ingestProposal', { body, headers: { 'X-RestLi-Protocol-Version': '2.0.0' } });
  const read = async (type: string, urn: string, aspect: string) => (await svc.call('GET', `/openapi/v2/entity/${type}/${enc(urn)}/${aspect}`)).json as { value: Record<string, unknown> } | undefined;
  /** Both entities of an edge must exist (spec §1): an upstream is written before the lineage that names it. */
  const create = async (urn: string) => assert.equal((await ingest({ proposal: proposal('dataset', urn, 'status', { removed: false }), async: 'false' })).status, 200);

  it('a corpUser actor (as DataHub lineage sources write it) is stored', async () => {
    const dst = datasetUrn('db.actor_dst');
    const lineage = { upstreams: [{ dataset: datasetUrn('db.actor_src'), type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpUser:datahub' } }] };
    await create(datasetUrn('db.actor_src'));
    const reply = await ingest({ proposal: proposal('dataset', dst, 'upstreamLineage', lineage), async: 'false' });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual((await read('dataset', dst, 'upstreamLineage'))?.value, lineage);
  });

  it('a corpUser entity (capital U, as GMS accepts it) is written as a corpuser under the URN as written', async () => {
    const user = 'urn:li:corpUser:jdoe';
    const info = { active: true, displayName: 'Jane Doe', email: 'jdoe@example.com' };
    const reply = await ingest({ proposal: proposal('corpuser', user, 'corpUserInfo', info), async: 'false' });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual((await read('corpuser', user, 'corpUserInfo'))?.value, info);
    assert.deepEqual((await read('corpuser', user, 'corpUserKey'))?.value, { username: 'jdoe' });
    assert.equal((await read('corpuser', 'urn:li:corpuser:jdoe', 'corpUserInfo'))?.value, undefined, 'a different entity from urn:li:corpuser:jdoe');
    const listed = await svc.call('GET', '/openapi/v2/entity/corpuser');
    assert.equal(listed.status, 200, listed.text);
    assert.match(listed.text, /urn:li:corpUser:jdoe/);
  });

  it("a fine-grained edge between schemaFields of a chart and a dataset (Looker/Sigma inputFields) is stored", async () => {
    const chart = 'urn:li:chart:(looker,look.42)';
    const source = datasetUrn('db.looker_src', 'snowflake');
    const chartField = `urn:li:schemaField:(${chart},orders.count)`;
    const datasetField = `urn:li:schemaField:(${source},count)`;
    const lineage = {
      upstreams: [{ dataset: source, type: 'TRANSFORMED' }],
      fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [chartField], downstreamType: 'FIELD', downstreams: [datasetField] }],
    };
    await create(source);
    const reply = await ingest({ proposal: proposal('dataset', datasetUrn('db.looker_dst', 'snowflake'), 'upstreamLineage', lineage), async: 'false' });
    assert.equal(reply.status, 200, reply.text);
  });

  it("a chart's inputFields naming the chart's own schemaFields are stored", async () => {
    const chart = 'urn:li:chart:(sigma,workbook.page.element)';
    const inputFields = { fields: [{ schemaFieldUrn: `urn:li:schemaField:(${chart},Order Count)`, schemaField: { fieldPath: 'Order Count', nativeDataType: 'number', type: { type: { 'com.linkedin.schema.NumberType': {} } } } }] };
    const reply = await ingest({ proposal: proposal('chart', chart, 'inputFields', inputFields), async: 'false' });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual((await read('chart', chart, 'inputFields'))?.value, inputFields);
  });

  it('a dataset whose name is itself a (URL-encoded) dataset URN is stored', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:s3,urn:li:dataset:%28urn:li:dataPlatform:s3%2Ctest-datalake-concepts/prog_maintenance%2CPROD%29,PROD)';
    const reply = await ingest({ proposal: proposal('dataset', urn, 'status', { removed: false }), async: 'false' });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual((await read('dataset', urn, 'status'))?.value, { removed: false });
  });

  it('a dataset whose platform looks misspelt is stored (custom platforms are legal)', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:snowflak,db.t,PROD)';
    assert.equal((await ingest({ proposal: proposal('dataset', urn, 'status', { removed: false }), async: 'false' })).status, 200);
  });

  it('a PATCH whose upstream key is a legacy URL-encoded URN is applied, and the plain key removes it', async () => {
    const upstream = datasetUrn('db.legacy_up');
    const dst = datasetUrn('db.legacy_dst');
    const patch = (operations: unknown[]) => ({
      proposal: { entityType: 'dataset', entityUrn: dst, changeType: 'PATCH', aspectName: 'upstreamLineage', aspect: { value: JSON.stringify(operations), contentType: 'application/json-patch+json' } },
      async: 'false',
    });
    await create(upstream);
    const added = await ingest(patch([{ op: 'add', path: `/upstreams/${encodeURIComponent(upstream)}`, value: { dataset: upstream, type: 'TRANSFORMED' } }]));
    assert.equal(added.status, 200, added.text);
    assert.deepEqual((await read('dataset', dst, 'upstreamLineage'))?.value, { upstreams: [{ dataset: upstream, type: 'TRANSFORMED' }] });
    const removed = await ingest(patch([{ op: 'remove', path: `/upstreams/${upstream}` }]));
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual((await read('dataset', dst, 'upstreamLineage'))?.value, { upstreams: [] });
  });

  it('refuses what GMS refuses: an unknown entity type, a lower-case environment, parentheses that do not balance', async () => {
    for (const urn of [
      'urn:li:abc:foo',
      'urn:li:dataset:(urn:li:dataPlatform:snowflak,db.t,prod)',
      'urn:li:dataset:(urn:li:dataPlatform:hdfs,(illegal,PROD)',
    ]) {
      const reply = await ingest({ proposal: proposal('dataset', urn, 'status', { removed: false }), async: 'false' });
      assert.equal(reply.status, 422, `${urn}: ${reply.text}`);
      assert.match((reply.json as { message: string }).message, /Invalid urn/);
    }
  });

  // A default GMS only logs balanced raw parentheses inside a name (UrnValidationUtil without
  // STRICT_URN_VALIDATION_ENABLED; datahub-project/datahub#19086): stored under the URN as written.
  it('stores a name with balanced raw parentheses, as a default GMS does', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,(illegal),PROD)';
    const reply = await ingest({ proposal: proposal('dataset', urn, 'status', { removed: false }), async: 'false' });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual((await read('dataset', urn, 'status'))?.value, { removed: false });
  });

  it('refuses an unknown entity type inside an aspect, as GMS does for Urn fields', async () => {
    const lineage = { upstreams: [{ dataset: 'urn:li:abc:(urn:li:dataPlatform:hive,x,PROD)', type: 'TRANSFORMED' }] };
    const reply = await ingest({ proposal: proposal('dataset', datasetUrn('db.unknown_up'), 'upstreamLineage', lineage), async: 'false' });
    assert.equal(reply.status, 422, reply.text);
    assert.match((reply.json as { message: string }).message, /'abc' is not an entity type/);
  });
});

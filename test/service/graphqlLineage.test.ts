import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chartUrn, dashboardUrn, datasetUrn, existenceAspect, flowUrn, jobUrn, startTestCatalog, type TestCatalog } from '../support/catalogService';
import { ENTITY_ASPECTS, UPDATE_LINEAGE } from '../support/graphqlDocuments';

/** updateLineage over HTTP against a fresh local catalog: every rule of spec §4.1 and DataHub's. */

let catalog: TestCatalog;

const raw = datasetUrn('raw.events');
const clean = datasetUrn('clean.events');
const daily = datasetUrn('mart.daily');
const weekly = datasetUrn('mart.weekly');
const deleted = datasetUrn('old.events');
const missing = datasetUrn('never.written');
const job = jobUrn('etl', 'build_daily');
const otherJob = jobUrn('etl', 'build_weekly');
const chart = chartUrn('daily_chart');
const dashboard = dashboardUrn('sales');
const flow = flowUrn('etl');

async function aspect(urn: string, aspectName: string): Promise<Record<string, unknown> | undefined> {
  const answer = await catalog.graphql(ENTITY_ASPECTS, { urn, names: [aspectName] });
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  const entity = answer.data?.entity as { aspects?: { aspectName: string; payload: string }[] };
  const found = entity.aspects?.find((a) => a.aspectName === aspectName);
  return found ? (JSON.parse(found.payload) as Record<string, unknown>) : undefined;
}

async function updateLineage(edgesToAdd: unknown, edgesToRemove: unknown = []) {
  return catalog.graphql(UPDATE_LINEAGE, { input: { edgesToAdd, edgesToRemove } });
}

const edge = (downstreamUrn: string, upstreamUrn: string) => ({ downstreamUrn, upstreamUrn });

function assertFailure(answer: Awaited<ReturnType<typeof updateLineage>>, mentions: string) {
  assert.deepEqual(answer.data, { updateLineage: null });
  assert.equal(answer.errors?.length, 1);
  const [error] = answer.errors ?? [];
  assert.ok(error.message.includes(mentions), `"${error.message}" should name ${mentions}`);
  assert.deepEqual(error.extensions, { code: 400, type: 'BAD_REQUEST' });
  assert.deepEqual(error.path, ['updateLineage']);
}

describe('updateLineage', () => {
  before(async () => {
    catalog = await startTestCatalog();
    await catalog.ingest([raw, clean, daily, weekly, deleted, job, otherJob, chart, dashboard, flow].map(existenceAspect));
    await catalog.ingest([{ urn: deleted, aspectName: 'status', value: { removed: true } }]);
  });
  after(() => catalog.close());

  test('several edges give one dataset several upstreams, written as upstreamLineage TRANSFORMED with an audit stamp', async () => {
    const answer = await updateLineage([edge(daily, raw), edge(daily, clean)]);
    assert.deepEqual(answer, { data: { updateLineage: true }, extensions: {} });
    const lineage = (await aspect(daily, 'upstreamLineage')) as { upstreams: { dataset: string; type: string; auditStamp: { time: number; actor: string } }[] };
    assert.deepEqual(lineage.upstreams.map((u) => u.dataset), [raw, clean]);
    for (const upstream of lineage.upstreams) {
      assert.equal(upstream.type, 'TRANSFORMED');
      assert.equal(typeof upstream.auditStamp.time, 'number');
      assert.match(upstream.auditStamp.actor, /^urn:li:corpuser:/);
    }
  });

  test('adding an edge that is already there changes nothing', async () => {
    assert.deepEqual((await updateLineage([edge(daily, raw)])).data, { updateLineage: true });
    const lineage = (await aspect(daily, 'upstreamLineage')) as { upstreams: unknown[] };
    assert.equal(lineage.upstreams.length, 2);
  });

  test('empty lists are valid for either list', async () => {
    assert.deepEqual(await updateLineage([], []), { data: { updateLineage: true }, extensions: {} });
  });

  test('a single edge object in place of a list is accepted, in variables and written inline', async () => {
    assert.deepEqual((await updateLineage(edge(weekly, raw), edge(weekly, clean))).data, { updateLineage: true });
    const inline = `mutation { updateLineage(input: {edgesToAdd: {downstreamUrn: ${JSON.stringify(weekly)}, upstreamUrn: ${JSON.stringify(clean)}}, edgesToRemove: []}) }`;
    assert.deepEqual((await catalog.graphql(inline)).data, { updateLineage: true });
    const lineage = (await aspect(weekly, 'upstreamLineage')) as { upstreams: { dataset: string }[] };
    assert.deepEqual(lineage.upstreams.map((u) => u.dataset), [raw, clean]);
  });

  test('both lists are required', async () => {
    const answer = await catalog.graphql(UPDATE_LINEAGE, { input: { edgesToAdd: [edge(daily, raw)] } });
    assert.equal(answer.data, undefined);
    assert.match(answer.errors?.[0].message ?? '', /edgesToRemove/);
  });

  test('a missing downstream or upstream fails, naming the URN, and writes nothing', async () => {
    assertFailure(await updateLineage([edge(missing, raw)]), missing);
    assertFailure(await updateLineage([edge(clean, missing)]), missing);
    assertFailure(await updateLineage([], [edge(clean, missing)]), missing);
    assert.equal(await aspect(clean, 'upstreamLineage'), undefined);
  });

  test('a soft-deleted entity counts as existing', async () => {
    assert.deepEqual((await updateLineage([edge(clean, deleted)])).data, { updateLineage: true });
    assert.deepEqual((await updateLineage([], [edge(clean, deleted)])).data, { updateLineage: true });
  });

  test('upstream types are checked per downstream type', async () => {
    assertFailure(await updateLineage([edge(daily, chart)]), chart); // dataset ← dataset/dataJob only
    assertFailure(await updateLineage([edge(chart, job)]), job); // chart ← dataset/chart (LineageService.validateChartUpstreamUrns)
    assertFailure(await updateLineage([edge(dashboard, job)]), job); // dashboard ← chart/dataset
    assertFailure(await updateLineage([edge(job, chart)]), chart); // dataJob ← dataset/dataJob
  });

  test('a downstream type updateLineage does not write into (a dataFlow) is skipped and the answer is true, as UpdateLineageResolver answers', async () => {
    assert.deepEqual(await updateLineage([edge(flow, job)]), { data: { updateLineage: true }, extensions: {} });
    assert.equal(await aspect(flow, 'dataJobInputOutput'), undefined, 'nothing is written into the flow');
    assert.deepEqual(await updateLineage([], [edge(flow, job)]), { data: { updateLineage: true }, extensions: {} });
  });

  test('chart ← dataset goes into chartInfo.inputEdges', async () => {
    assert.deepEqual((await updateLineage([edge(chart, daily)])).data, { updateLineage: true });
    const info = (await aspect(chart, 'chartInfo')) as { title: string; inputEdges: { destinationUrn: string; sourceUrn: string }[] };
    assert.equal(info.title, chart, 'the rest of chartInfo is kept');
    assert.deepEqual(info.inputEdges.map((e) => [e.sourceUrn, e.destinationUrn]), [[chart, daily]]);
  });

  test('dashboard ← chart and dashboard ← dataset go into chartEdges and datasetEdges', async () => {
    assert.deepEqual((await updateLineage([edge(dashboard, chart), edge(dashboard, weekly)])).data, { updateLineage: true });
    const info = (await aspect(dashboard, 'dashboardInfo')) as { chartEdges: { destinationUrn: string }[]; datasetEdges: { destinationUrn: string }[] };
    assert.deepEqual(info.chartEdges.map((e) => e.destinationUrn), [chart]);
    assert.deepEqual(info.datasetEdges.map((e) => e.destinationUrn), [weekly]);
  });

  test('dataJob ← dataset and dataJob ← dataJob go into dataJobInputOutput', async () => {
    assert.deepEqual((await updateLineage([edge(job, clean), edge(otherJob, job)])).data, { updateLineage: true });
    const io = (await aspect(job, 'dataJobInputOutput')) as { inputDatasets: unknown[]; outputDatasets: unknown[]; inputDatasetEdges: { destinationUrn: string }[] };
    assert.deepEqual(io.inputDatasetEdges.map((e) => e.destinationUrn), [clean]);
    assert.deepEqual([io.inputDatasets, io.outputDatasets], [[], []], 'the required deprecated lists are present');
    const other = (await aspect(otherJob, 'dataJobInputOutput')) as { inputDatajobEdges: { destinationUrn: string }[] };
    assert.deepEqual(other.inputDatajobEdges.map((e) => e.destinationUrn), [job]);
  });

  test("dataset ← dataJob goes into the job's outputDatasetEdges, not the dataset's upstreamLineage", async () => {
    assert.deepEqual((await updateLineage([edge(daily, job)])).data, { updateLineage: true });
    const io = (await aspect(job, 'dataJobInputOutput')) as { outputDatasetEdges: { destinationUrn: string }[] };
    assert.deepEqual(io.outputDatasetEdges.map((e) => e.destinationUrn), [daily]);
    const lineage = (await aspect(daily, 'upstreamLineage')) as { upstreams: { dataset: string }[] };
    assert.ok(!lineage.upstreams.some((u) => u.dataset === job));
    assert.deepEqual((await updateLineage([], [edge(daily, job)])).data, { updateLineage: true });
    const after = (await aspect(job, 'dataJobInputOutput')) as { outputDatasetEdges: unknown[] };
    assert.deepEqual(after.outputDatasetEdges, []);
  });

  test('one call is atomic: when one edge fails, no edge of the call is written', async () => {
    const answer = await updateLineage([edge(raw, clean), edge(chart, weekly), edge(daily, missing)]);
    assertFailure(answer, missing);
    assert.equal(await aspect(raw, 'upstreamLineage'), undefined);
    const info = (await aspect(chart, 'chartInfo')) as { inputEdges: { destinationUrn: string }[] };
    assert.deepEqual(info.inputEdges.map((e) => e.destinationUrn), [daily]);
  });

  test('removals win over additions, and removal also clears the deprecated fields', async () => {
    assert.deepEqual((await updateLineage([edge(raw, clean)], [edge(raw, clean)])).data, { updateLineage: true });
    assert.equal(await aspect(raw, 'upstreamLineage'), undefined);

    await catalog.ingest([{ urn: chart, aspectName: 'chartInfo', value: { title: 'c', description: '', lastModified: { created: { time: 0, actor: 'urn:li:corpuser:test' }, lastModified: { time: 0, actor: 'urn:li:corpuser:test' } }, inputs: [{ string: weekly }], inputEdges: [{ destinationUrn: daily }] } }]);
    assert.deepEqual((await updateLineage([], [edge(chart, weekly), edge(chart, daily)])).data, { updateLineage: true });
    const info = (await aspect(chart, 'chartInfo')) as { inputs: unknown[]; inputEdges: unknown[] };
    assert.deepEqual([info.inputs, info.inputEdges], [[], []]);
  });

  test('removing a dataset upstream also drops the column-level edges that read from it', async () => {
    const column = (dataset: string, field: string) => `urn:li:schemaField:(${dataset},${field})`;
    await catalog.ingest([
      {
        urn: weekly,
        aspectName: 'upstreamLineage',
        value: {
          upstreams: [{ dataset: raw, type: 'TRANSFORMED' }, { dataset: clean, type: 'TRANSFORMED' }],
          fineGrainedLineages: [
            { upstreamType: 'FIELD_SET', upstreams: [column(raw, 'id')], downstreamType: 'FIELD', downstreams: [column(weekly, 'id')], confidenceScore: 1 },
            { upstreamType: 'FIELD_SET', upstreams: [column(clean, 'n')], downstreamType: 'FIELD', downstreams: [column(weekly, 'n')], confidenceScore: 1 },
          ],
        },
      },
    ]);
    assert.deepEqual((await updateLineage([], [edge(weekly, raw)])).data, { updateLineage: true });
    const lineage = (await aspect(weekly, 'upstreamLineage')) as { upstreams: { dataset: string }[]; fineGrainedLineages: { upstreams: string[] }[] };
    assert.deepEqual(lineage.upstreams.map((u) => u.dataset), [clean]);
    assert.deepEqual(lineage.fineGrainedLineages.map((f) => f.upstreams), [[column(clean, 'n')]]);
  });

  test('a string that is not a URN is refused before anything runs', async () => {
    assertFailure(await updateLineage([edge('not-a-urn', raw)]), 'not-a-urn');
  });
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chartUrn, dashboardUrn, datasetUrn, existenceAspect, fieldUrn, flowUrn, jobUrn, startTestCatalog, type TestCatalog } from '../support/catalogService';
import { SCROLL_ACROSS_LINEAGE, SEARCH_ACROSS_LINEAGE, UPDATE_LINEAGE } from '../support/graphqlDocuments';

/**
 * scrollAcrossLineage / searchAcrossLineage over HTTP on this graph (arrows point downstream):
 *
 *   src → s1 → job → s2 (snowflake, DEV) → s3 → s4 → src   (a cycle)
 *                job → flow (membership)   s2 → chart → dashboard     s4 → gone (soft-deleted)
 */

let catalog: TestCatalog;

const src = datasetUrn('src');
const s1 = datasetUrn('s1');
const s2 = datasetUrn('s2', 'snowflake', 'DEV');
const s3 = datasetUrn('s3');
const s4 = datasetUrn('s4');
const gone = datasetUrn('gone');
const flow = flowUrn('etl');
const job = jobUrn('etl', 'load');
const chart = chartUrn('c1');
const dashboard = dashboardUrn('d1');
const tier = 'urn:li:structuredProperty:io.test.tier';

interface Hit {
  degree: number;
  degrees: number[];
  entity: { urn: string; type: string };
  paths: { path: { urn: string }[] }[];
}
interface Scroll {
  nextScrollId: string | null;
  count: number;
  total: number;
  searchResults: Hit[];
}

type Input = Record<string, unknown>;

async function scroll(input: Input): Promise<Scroll> {
  const answer = await catalog.graphql(SCROLL_ACROSS_LINEAGE, { input: { query: '*', count: 100, ...input } });
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  assert.deepEqual(answer.extensions, {});
  return answer.data?.scrollAcrossLineage as Scroll;
}

async function scrollError(input: Input) {
  const answer = await catalog.graphql(SCROLL_ACROSS_LINEAGE, { input: { query: '*', ...input } });
  assert.equal(answer.errors?.length, 1, JSON.stringify(answer));
  return answer.errors?.[0] ?? { message: '' };
}

const degreeFilter = (...values: string[]) => ({ field: 'degree', values, condition: 'EQUAL' });
const urnsOf = (result: Scroll) => result.searchResults.map((hit) => hit.entity.urn);
const byUrn = (result: Scroll) => new Map(result.searchResults.map((hit) => [hit.entity.urn, hit]));

describe('lineage search', () => {
  before(async () => {
    catalog = await startTestCatalog();
    await catalog.ingest([src, s1, s2, s3, s4, gone, flow, job, chart, dashboard].map(existenceAspect));
    const edges = [
      [s1, src],
      [job, s1],
      [s2, job],
      [s3, s2],
      [s4, s3],
      [src, s4],
      [chart, s2],
      [dashboard, chart],
      [gone, s4],
    ].map(([downstreamUrn, upstreamUrn]) => ({ downstreamUrn, upstreamUrn }));
    const answer = await catalog.graphql(UPDATE_LINEAGE, { input: { edgesToAdd: edges, edgesToRemove: [] } });
    assert.deepEqual(answer.data, { updateLineage: true }, JSON.stringify(answer.errors));
    await catalog.ingest([{ urn: gone, aspectName: 'status', value: { removed: true } }]);
  });
  after(() => catalog.close());

  test('degree 1 only walks one hop', async () => {
    const result = await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [degreeFilter('1')] }] });
    assert.deepEqual(urnsOf(result), [s1]);
    assert.equal(result.total, 1);
    assert.equal(result.nextScrollId, null);
  });

  test('degrees 1 and 2, and 3+ for three hops or more', async () => {
    const near = await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [degreeFilter('1', '2')] }] });
    assert.deepEqual(urnsOf(near), [s1, job]);
    const far = await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [degreeFilter('3+')] }] });
    assert.deepEqual(new Set(urnsOf(far)), new Set([s2, flow, s3, chart, s4, dashboard]));
    assert.ok(far.searchResults.every((hit) => hit.degree >= 3));
  });

  test('downstream: fewest hops, entity types, paths; the cycle back to the start is not a result', async () => {
    const result = await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [degreeFilter('1', '2', '3+')] }] });
    const hits = byUrn(result);
    assert.equal(result.total, 8);
    assert.ok(!hits.has(src));
    assert.deepEqual(
      [s1, job, s2, flow, s3, chart, s4, dashboard].map((urn) => [hits.get(urn)?.degree, hits.get(urn)?.entity.type]),
      [[1, 'DATASET'], [2, 'DATA_JOB'], [3, 'DATASET'], [3, 'DATA_FLOW'], [4, 'DATASET'], [4, 'CHART'], [5, 'DATASET'], [5, 'DASHBOARD']],
    );
    assert.deepEqual(hits.get(s2)?.paths[0].path.map((e) => e.urn), [src, s1, job, s2]);
    assert.deepEqual(hits.get(s2)?.degrees, [3]);
  });

  test('upstream from the dashboard', async () => {
    const result = await scroll({ urn: dashboard, direction: 'UPSTREAM' });
    const degrees = Object.fromEntries(result.searchResults.map((hit) => [hit.entity.urn, hit.degree]));
    assert.deepEqual(degrees, { [chart]: 1, [s2]: 2, [job]: 3, [s1]: 4, [src]: 5, [s4]: 6, [s3]: 7 });
  });

  test('soft-deleted entities are left out unless includeSoftDeleted', async () => {
    const hidden = await scroll({ urn: s4, direction: 'DOWNSTREAM', orFilters: [{ and: [degreeFilter('1')] }] });
    assert.deepEqual(urnsOf(hidden), [src]);
    const shown = await scroll({ urn: s4, direction: 'DOWNSTREAM', orFilters: [{ and: [degreeFilter('1')] }], searchFlags: { includeSoftDeleted: true } });
    assert.deepEqual(new Set(urnsOf(shown)), new Set([src, gone]));
  });

  test('nextScrollId pages through every result exactly once with a stable total', async () => {
    const all = await scroll({ urn: src, direction: 'DOWNSTREAM' });
    const seen: string[] = [];
    let scrollId: string | null = null;
    let pages = 0;
    do {
      const page: Scroll = await scroll({ urn: src, direction: 'DOWNSTREAM', count: 3, scrollId });
      assert.equal(page.total, all.total);
      assert.ok(page.count <= 3);
      seen.push(...urnsOf(page));
      scrollId = page.nextScrollId;
      pages++;
    } while (scrollId && pages < 10);
    assert.deepEqual(seen, urnsOf(all));
    assert.equal(pages, Math.ceil(all.total / 3));
  });

  test('a scrollId of another search, or a made-up one, is refused with a clear message', async () => {
    const first = await scroll({ urn: src, direction: 'DOWNSTREAM', count: 2 });
    assert.ok(first.nextScrollId);
    const other = await scrollError({ urn: dashboard, direction: 'UPSTREAM', count: 2, scrollId: first.nextScrollId });
    assert.match(other.message, /different search/);
    assert.equal(other.extensions?.code, 400);
    const madeUp = await scrollError({ urn: src, direction: 'DOWNSTREAM', scrollId: 'abc' });
    assert.match(madeUp.message, /not issued by this service/);
  });

  test('searchAcrossLineage pages with start and count', async () => {
    const answer = await catalog.graphql(SEARCH_ACROSS_LINEAGE, { input: { urn: src, direction: 'DOWNSTREAM', query: '*', start: 2, count: 2 } });
    const result = answer.data?.searchAcrossLineage as { start: number; count: number; total: number; searchResults: Hit[] };
    assert.deepEqual([result.start, result.count, result.total], [2, 2, 8]);
    assert.deepEqual(new Set(result.searchResults.map((hit) => hit.entity.urn)), new Set([s2, flow]), 'the two entities at degree 3, in walk order');
  });

  test('count over the maximum is an error that says the maximum', async () => {
    const error = await scrollError({ urn: src, direction: 'DOWNSTREAM', count: 10001 });
    assert.match(error.message, /10000/);
    assert.deepEqual(error.extensions, { code: 400, type: 'BAD_REQUEST' });
  });

  test('query matches URN and name, case-insensitively; * matches all', async () => {
    assert.deepEqual(urnsOf(await scroll({ urn: src, direction: 'DOWNSTREAM', query: 'S3' })), [s3]);
    assert.deepEqual(urnsOf(await scroll({ urn: src, direction: 'DOWNSTREAM', query: 'load' })), [job]);
    assert.equal((await scroll({ urn: src, direction: 'DOWNSTREAM', query: '*' })).total, 8);
  });

  test('types and _entityType filters, combined with degree, and negated', async () => {
    const datasets = await scroll({ urn: src, direction: 'DOWNSTREAM', types: ['DATASET'] });
    assert.deepEqual(urnsOf(datasets), [s1, s2, s3, s4]);
    const farDatasets = await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [degreeFilter('3+'), { field: '_entityType', values: ['DATASET'] }] }] });
    assert.deepEqual(urnsOf(farDatasets), [s2, s3, s4]);
    const notDatasets = await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'entityType', values: ['DATASET'], negated: true }] }] });
    assert.deepEqual(urnsOf(notDatasets), [job, flow, chart, dashboard]);
    const either = await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [degreeFilter('1')] }, { and: [{ field: '_entityType', values: ['CHART'] }] }] });
    assert.deepEqual(urnsOf(either), [s1, chart]);
  });

  test('platform (name or URN) and origin filters', async () => {
    for (const value of ['snowflake', 'urn:li:dataPlatform:snowflake']) {
      assert.deepEqual(urnsOf(await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'platform', values: [value], condition: 'EQUAL' }] }] })), [s2]);
    }
    assert.deepEqual(urnsOf(await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'origin', values: ['DEV'] }] }] })), [s2]);
    assert.deepEqual(urnsOf(await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'platform', values: ['airflow'] }] }] })), [job, flow]);
  });

  test('CONTAIN and IN conditions', async () => {
    assert.deepEqual(urnsOf(await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'urn', values: ['S3,'], condition: 'CONTAIN' }] }] })), [s3]);
    assert.deepEqual(urnsOf(await scroll({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'name', values: ['s1', 's4'], condition: 'IN' }] }] })), [s1, s4]);
  });

  test('an unknown filter field is refused, naming the supported ones', async () => {
    const error = await scrollError({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'colour', values: ['red'] }] }] });
    assert.match(error.message, /"colour" is not supported.*degree/);
  });

  test('column-level edges between schema fields are lineage too', async () => {
    const from = fieldUrn(s3, 'id');
    const to = fieldUrn(s4, 'id');
    await catalog.ingest([
      {
        urn: s4,
        aspectName: 'upstreamLineage',
        value: {
          upstreams: [{ dataset: s3, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:test' } }],
          fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [from], downstreamType: 'FIELD', downstreams: [to], confidenceScore: 1 }],
        },
      },
    ]);
    const result = await scroll({ urn: from, direction: 'DOWNSTREAM', types: ['SCHEMA_FIELD'] });
    assert.deepEqual(result.searchResults.map((hit) => [hit.entity.urn, hit.entity.type, hit.degree]), [[to, 'SCHEMA_FIELD', 1]]);
  });
});

describe('lineage search by structured property', () => {
  before(async () => {
    catalog = await startTestCatalog();
    await catalog.ingest([src, s1, s2].map(existenceAspect));
    await catalog.ingest([
      {
        urn: tier,
        aspectName: 'propertyDefinition',
        value: {
          qualifiedName: 'io.test.tier',
          displayName: 'Tier',
          valueType: 'urn:li:dataType:datahub.string',
          cardinality: 'SINGLE',
          entityTypes: ['urn:li:entityType:datahub.dataset'],
          allowedValues: [{ value: { string: 'gold' }, description: 'best' }, { value: { string: 'bronze' }, description: '' }],
        },
      },
    ]);
    await catalog.ingest([
      { urn: s1, aspectName: 'structuredProperties', value: { properties: [{ propertyUrn: tier, values: [{ string: 'gold' }] }] } },
      { urn: s2, aspectName: 'structuredProperties', value: { properties: [{ propertyUrn: tier, values: [{ string: 'bronze' }] }] } },
    ]);
    const edges = [{ downstreamUrn: s1, upstreamUrn: src }, { downstreamUrn: s2, upstreamUrn: s1 }];
    assert.deepEqual((await catalog.graphql(UPDATE_LINEAGE, { input: { edgesToAdd: edges, edgesToRemove: [] } })).data, { updateLineage: true });
  });
  after(() => catalog.close());

  const byTier = (value: string) => ({ urn: src, direction: 'DOWNSTREAM', orFilters: [{ and: [degreeFilter('1', '2', '3+'), { field: 'structuredProperties.io.test.tier', values: [value], condition: 'EQUAL' }] }] });

  test('filters on the values an entity carries', async () => {
    assert.deepEqual(urnsOf(await scroll(byTier('gold'))), [s1]);
    assert.deepEqual(urnsOf(await scroll(byTier('bronze'))), [s2]);
  });

  test('a filter on a soft-deleted property is denied, and works again after restore', async () => {
    await catalog.ingest([{ urn: tier, aspectName: 'status', value: { removed: true } }]);
    const error = await scrollError(byTier('gold'));
    assert.match(error.message, /urn:li:structuredProperty:io\.test\.tier.*soft deleted/);
    assert.equal(error.extensions?.code, 400);
    await catalog.ingest([{ urn: tier, aspectName: 'status', value: { removed: false } }]);
    assert.deepEqual(urnsOf(await scroll(byTier('gold'))), [s1]);
  });
});

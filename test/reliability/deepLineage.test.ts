import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_PATH_ENTRIES } from '../../service/lineage/search';
import { TEST_TOKEN, startTestService, type TestService } from '../service/helpers';

/**
 * The attack: a 20,000-hop lineage chain and a lineage search for 3,000 (or 10,000) results. Before
 * the fix every hit's full path was built whether or not the query asked for paths — 12 s of
 * blocked event loop and 1.7 GB for `count: 3000`, an out-of-memory death for 10,000. Now paths are
 * built only when the query selects them, a page whose paths would be too long is refused with a
 * BAD_REQUEST that says what to do, and the service answers honest clients throughout. (The
 * suite's timeout is the hang guard; nothing here measures time.)
 */

const HOPS = 20_000;
const node = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,chain.t${i},PROD)`;

const SEARCH = `query deep($input: SearchAcrossLineageInput!) {
  searchAcrossLineage(input: $input) { total count searchResults { entity { urn } degree } }
}`;
const SEARCH_WITH_PATHS = `query deepPaths($input: SearchAcrossLineageInput!) {
  searchAcrossLineage(input: $input) { total count searchResults { entity { urn } degree ...withPaths } }
}
fragment withPaths on SearchAcrossLineageResult { paths { path { urn } } }`;

const input = (count: number, start = 0) => ({ urn: node(0), direction: 'DOWNSTREAM', count, start, orFilters: [{ and: [{ field: 'degree', values: ['1', '2', '3+'] }] }] });

interface SearchData {
  searchAcrossLineage: { total: number; count: number; searchResults: { entity: { urn: string }; degree: number; paths?: { path: { urn: string }[] }[] }[] } | null;
}

describe('reliability: lineage search over a 20,000-hop chain', { timeout: 120_000 }, () => {
  let svc: TestService;
  const graphql = async (query: string, variables: Record<string, unknown>) => {
    const reply = await svc.call('POST', '/api/graphql', { body: { query, variables }, token: TEST_TOKEN });
    assert.equal(reply.status, 200, reply.text.slice(0, 500));
    return reply.json as { data?: SearchData; errors?: { message: string; extensions?: { code?: number } }[] };
  };

  before(async () => {
    svc = await startTestService();
    const writes = [];
    for (let i = 1; i <= HOPS; i++) writes.push({ urn: node(i), aspectName: 'upstreamLineage', value: { upstreams: [{ dataset: node(i - 1), type: 'TRANSFORMED' }] } });
    writes.push({ urn: node(0), aspectName: 'status', value: { removed: false } });
    svc.service.store.apply(writes);
  });
  after(() => svc.close());

  it('answers count 3000 and count 10000 without paths, with every total right', async () => {
    for (const count of [3000, 10_000]) {
      const result = await graphql(SEARCH, { input: input(count) });
      assert.equal(result.errors, undefined, JSON.stringify(result.errors));
      const search = result.data?.searchAcrossLineage;
      assert.equal(search?.total, HOPS);
      assert.equal(search?.count, count);
      assert.equal(search?.searchResults[count - 1].degree, count);
    }
    // The deep end of the chain, too.
    const last = await graphql(SEARCH, { input: input(10, HOPS - 10) });
    assert.deepEqual(last.data?.searchAcrossLineage?.searchResults.map((r) => r.degree), Array.from({ length: 10 }, (_, i) => HOPS - 9 + i));
  });

  it('refuses a page whose paths would be too long, with a BAD_REQUEST that says what to do', async () => {
    const result = await graphql(SEARCH_WITH_PATHS, { input: input(3000) });
    assert.ok(result.errors && result.errors.length === 1, JSON.stringify(result).slice(0, 500));
    assert.equal(result.errors[0].extensions?.code, 400);
    assert.match(result.errors[0].message, new RegExp(`would list \\d+ entities, more than the ${MAX_PATH_ENTRIES}.*Ask for fewer results with count, or leave "paths" out of the query`));
  });

  it('still builds the paths of a page that asks for them within the bound', async () => {
    const result = await graphql(SEARCH_WITH_PATHS, { input: input(5) });
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const hits = result.data?.searchAcrossLineage?.searchResults ?? [];
    assert.deepEqual(hits[4].paths?.[0].path.map((p) => p.urn), [0, 1, 2, 3, 4, 5].map(node));
    const health = await svc.call('GET', '/health');
    assert.equal(health.status, 200);
  });
});

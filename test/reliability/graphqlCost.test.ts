import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scrollLineage } from '../../core/api/lineageClient';
import { MAX_QUERY_COST, MAX_SAME_NAME_FIELDS } from '../../service/graphql/limits';
import { datasetUrn } from '../service/helpers';
import { startCliCatalog, type CliCatalog } from './cliCatalog';
import { budgetMs } from '../support/timeScale';

/**
 * Issue 21, findings 4 and 5: GraphQL documents that are small but ask for a great deal.
 * - 25 fragments, each spreading the next twice (about 1 KB): the old nesting-depth check walked
 *   every spread, 2^25 walks, and the catalog answered nothing — not /health, not SIGINT — for
 *   hours. Now depth and cost are measured once per fragment, and the query is refused at once.
 * - 400 aliased `scrollAcrossLineage(count: 10000)` (47 KB): 19–39 s, 1.3 GB and a 127 MB answer
 *   with /health stalled. Now the document's cost is over the budget and it is refused with a 400
 *   that names the cost, the budget and what to do.
 * Each attack is followed by the honest lineage query the client sends. The catalog runs as
 * `catalog-code serve` in its own process, so a stalled catalog cannot stall the test. No timing is
 * asserted: a test-level timeout (60 s) is only the liveness bound; on the code before the fix the
 * tests fail at that bound (the catalog never answers, nor ends on SIGINT).
 */

const CHAIN = 30;
const node = (i: number) => datasetUrn(`db.cost_${i}`);

/** `levels` fragments, each spreading the next one twice. */
export function doublingFragments(levels: number): string {
  const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
  return `query doubling { ...F0 }\n${fragments.join('\n')}\nfragment F${levels} on Query { __typename }`;
}

function aliasedSearches(aliases: number): string {
  const fields = Array.from({ length: aliases }, (_, i) => `a${i}: scrollAcrossLineage(input: {urn: $u, direction: DOWNSTREAM, count: 10000}) { searchResults { entity { urn } } }`);
  return `query aliases($u: String!) {\n${fields.join('\n')}\n}`;
}

/** A GraphQL POST whose `sent` resolves once its body is written out, and `reply` with the status or 'connection closed'. */
function postGraphql(catalog: CliCatalog, query: string): { sent: Promise<void>; reply: Promise<number | 'connection closed'> } {
  const body = JSON.stringify({ query });
  const outgoing = request(`${catalog.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${catalog.token}` },
  });
  const sent = new Promise<void>((resolve, reject) => {
    outgoing.once('finish', resolve);
    outgoing.once('error', reject);
  });
  const reply = new Promise<number | 'connection closed'>((resolve) => {
    outgoing.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', () => resolve('connection closed'));
    });
    outgoing.once('error', () => resolve('connection closed'));
  });
  outgoing.end(body);
  return { sent, reply };
}

const COST_MESSAGE = new RegExp(`would cost [\\d,]+; the local catalog runs at most ${MAX_QUERY_COST.toLocaleString('en-US')} per request\\..*Ask for fewer or smaller pages`);

describe('reliability: GraphQL documents that cost more than they look', { timeout: budgetMs(180_000) }, () => {
  let catalog: CliCatalog;
  const health = async () => (await fetch(`${catalog.url}/health`)).status;
  const honestLineage = async () => {
    const page = await scrollLineage({ url: catalog.url, token: catalog.token }, { urn: node(0), direction: 'DOWNSTREAM', degrees: ['1', '2', '3+'], count: 50 });
    assert.equal(page.total, CHAIN);
    assert.deepEqual(page.results.slice(0, 3).map((hit) => [hit.urn, hit.degree]), [[node(1), 1], [node(2), 2], [node(3), 3]]);
  };

  before(async () => {
    catalog = await startCliCatalog('graphql-cost');
    const proposals = [{ urn: node(0), aspectName: 'status', value: { removed: false } }];
    for (let i = 1; i <= CHAIN; i++) proposals.push({ urn: node(i), aspectName: 'upstreamLineage', value: { upstreams: [{ dataset: node(i - 1), type: 'TRANSFORMED' }] } as never });
    const written = await fetch(`${catalog.url}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: JSON.stringify({
        proposals: proposals.map(({ urn, aspectName, value }) => ({ entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName, aspect: { contentType: 'application/json', value: JSON.stringify(value) } })),
      }),
    });
    assert.equal(written.status, 200, await written.text());
  });
  after(() => catalog.close());

  it('25 fragments each spreading the next twice: refused, and /health answers while and after', async () => {
    const attack = catalog.graphql(doublingFragments(25));
    const healthWhile = await health();
    const reply = await attack;
    assert.equal(healthWhile, 200);
    assert.equal(reply.status, 400, reply.text.slice(0, 500));
    assert.match(reply.text, COST_MESSAGE);
    assert.equal(await health(), 200);
    await honestLineage();
  });

  it('400 aliased scrollAcrossLineage(count: 10000): refused with the cost, the budget and what to do', async () => {
    const reply = await catalog.graphql(aliasedSearches(400), { u: node(0) });
    assert.equal(reply.status, 400, reply.text.slice(0, 500));
    const body = reply.json as { message: string; errors: { message: string; extensions: { code: number; type: string } }[] };
    assert.match(body.message, COST_MESSAGE);
    assert.match(body.message, /would cost 13,000,400;/);
    assert.equal(body.errors[0].extensions.code, 400, 'GraphQL clients read the refusal as an error too');
    assert.equal(await health(), 200);
    await honestLineage();
  });

  it('6,000 fields under one name (seconds of pairwise merge checks): refused naming the limit', async () => {
    const fields = Array.from({ length: 6000 }, (_, i) => (i % 2 ? 'a: __typename' : 'a: entityExists(urn: "x")')).join(' ');
    const reply = await catalog.graphql(`{ ${fields} }`);
    assert.equal(reply.status, 400, reply.text.slice(0, 500));
    assert.match((reply.json as { message: string }).message, new RegExp(`selects 6000 fields under one name in one selection set; the local catalog accepts at most ${MAX_SAME_NAME_FIELDS}\\. Give each field its own alias`));
    await honestLineage();
  });

  it('a fragment cycle is refused with what to remove (it never loops)', async () => {
    const reply = await catalog.graphql('query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }');
    assert.equal(reply.status, 200);
    const errors = (reply.json as { errors: { message: string }[] }).errors;
    assert.match(errors[0].message, /Cannot spread fragment "[AB]" within itself.*Remove the spread that closes the cycle/);
    await honestLineage();
  });
});

describe('reliability: SIGINT stops the catalog while a hostile request is in', { timeout: budgetMs(180_000) }, () => {
  let catalog: CliCatalog | undefined;
  // also when the test times out (a catalog that ignores SIGINT is killed, not left behind)
  after(() => catalog?.close());

  it('26 levels of doubling fragments, then SIGINT: the process closes and exits 0', async () => {
    const started = await startCliCatalog('cost-sigint');
    catalog = started;
    const attack = postGraphql(started, doublingFragments(26));
    // SIGINT once the whole request has been handed to the connection (its 'finish'): the request is in
    await attack.sent;
    started.child.kill('SIGINT');
    assert.equal(await started.exited, 0, started.stderr());
    assert.match(started.stderr(), /Received SIGINT; closing the local catalog/);
    assert.ok([400, 'connection closed'].includes(await attack.reply), 'the attack was refused, or cut off by the close');
  });
});

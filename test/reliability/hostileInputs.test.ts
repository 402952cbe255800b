import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { complete } from '../../core/features/completion';
import { MAX_QUERY_CHARS, MAX_QUERY_DEPTH, MAX_QUERY_TOKENS } from '../../service/graphql/limits';
import { MAX_JSON_DEPTH } from '../../service/validation/jsonShape';
import { MAX_ASPECT_VERSIONS } from '../../service/store/sqliteStore';
import { TEST_TOKEN, datasetUrn, enc, startTestService, type TestService } from '../service/helpers';
import { definitionsOf, documentOf } from '../unit/features/helpers';

/**
 * The low-severity attacks, each sent as the attacker would: GraphQL nested 600 and 5,000 deep and
 * a query of a million tokens, a JSON aspect 5,000 deep, a forged scrollId with start 1e300, a URN
 * with a lone surrogate, a history that grows without bound, and completion in a 100k-deep JSON
 * file. Each used to answer 500, hang, or store something that could never be read back; now each
 * gets a 4xx that names the limit, nothing is stored, and honest clients are answered.
 */

const DS = datasetUrn('db.hostile');
const E = '/openapi/v2/entity';

describe('reliability: hostile inputs get a clear 4xx', () => {
  let svc: TestService;
  const graphql = (query: string, variables?: Record<string, unknown>) => svc.call('POST', '/api/graphql', { body: { query, variables }, token: TEST_TOKEN });
  const assertHealthy = async () => {
    assert.equal((await svc.call('GET', '/health')).status, 200);
    const honest = await graphql('{ __typename }');
    assert.equal(honest.status, 200, honest.text);
  };

  before(async () => {
    svc = await startTestService();
    assert.equal((await svc.call('POST', `${E}/dataset/${enc(DS)}/status`, { body: { removed: false } })).status, 200);
  });
  after(() => svc.close());

  for (const depth of [600, 5000]) {
    it(`GraphQL selections nested ${depth} deep: 400 naming the depth limit`, async () => {
      const reply = await graphql(selectionsNested(depth));
      assert.equal(reply.status, 400, reply.text.slice(0, 300));
      assert.match(reply.text, new RegExp(depth > 1000 ? `nests (selections more than ${MAX_QUERY_DEPTH} levels deep|too deeply to be read)` : `nests selections more than ${MAX_QUERY_DEPTH} levels deep`));
      await assertHealthy();
    });
  }

  it('a GraphQL query of a million tokens, and one just over the token limit: 400 before any work', async () => {
    const huge = await graphql(`{ ${'__typename '.repeat(1_000_000)}}`);
    assert.equal(huge.status, 400, huge.text.slice(0, 300));
    assert.match(huge.text, new RegExp(`characters long; the local catalog reads at most ${MAX_QUERY_CHARS}`));
    const tokens = await graphql(`{ ${'a '.repeat(MAX_QUERY_TOKENS + 10)}}`);
    assert.equal(tokens.status, 400, tokens.text.slice(0, 300));
    assert.match(tokens.text, new RegExp(`more than ${MAX_QUERY_TOKENS} tokens`));
    const body = JSON.parse(tokens.text) as { errors: { extensions: { code: number } }[] };
    assert.equal(body.errors[0].extensions.code, 400, 'GraphQL clients read the refusal as an error too');
    await assertHealthy();
  });

  it('a JSON aspect 5,000 deep: 400 (OpenAPI) and 422 (ingestion), nothing stored', async () => {
    const deep = `{"name": "x", "customProperties": {}, "extra": ${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const posted = await svc.call('POST', `${E}/dataset/${enc(DS)}/datasetProperties`, { raw: deep });
    assert.equal(posted.status, 400, posted.text.slice(0, 300));
    assert.match(posted.text, new RegExp(`more than ${MAX_JSON_DEPTH} levels deep`));
    const ingested = await svc.call('POST', '/aspects?action=ingestProposal', {
      body: { proposal: { entityType: 'dataset', entityUrn: DS, changeType: 'UPSERT', aspectName: 'datasetProperties', aspect: { value: deep, contentType: 'application/json' } } },
    });
    assert.equal(ingested.status, 422, ingested.text.slice(0, 300));
    assert.match(ingested.text, /proposal\.aspect\.value nests objects and lists more than 1000 levels deep/);
    assert.equal((await svc.call('GET', `${E}/dataset/${enc(DS)}/datasetProperties`)).status, 404);
    await assertHealthy();
  });

  it('a forged scrollId with start 1e300: 400 (OpenAPI list and GraphQL scroll)', async () => {
    const forged = Buffer.from(JSON.stringify({ start: 1e300 })).toString('base64url');
    const list = await svc.call('GET', `${E}/dataset?scrollId=${forged}`);
    assert.equal(list.status, 400, list.text);
    assert.match(list.text, /was not issued by this catalog/);
    const forgedGraphql = Buffer.from(JSON.stringify({ o: 1e300, f: 'x' })).toString('base64url');
    const scroll = await graphql('query($id: String) { scrollAcrossEntities(input: {query: "*", scrollId: $id}) { count } }', { id: forgedGraphql });
    assert.equal(scroll.status, 200);
    const errors = (scroll.json as { errors?: { message: string; extensions: { code: number } }[] }).errors ?? [];
    assert.equal(errors[0]?.extensions.code, 400, scroll.text);
    assert.match(errors[0].message, /was not issued by this service/);
    await assertHealthy();
  });

  it('a URN with a lone surrogate is refused at write, so nothing unreadable is stored', async () => {
    const lone = `urn:li:dataset:(urn:li:dataPlatform:hive,db.bad\ud800name,PROD)`;
    const ingested = await svc.call('POST', '/aspects?action=ingestProposal', {
      raw: JSON.stringify({ proposal: { entityType: 'dataset', entityUrn: lone, changeType: 'UPSERT', aspectName: 'status', aspect: { value: '{"removed":false}' } } }),
    });
    assert.equal(ingested.status, 422, ingested.text);
    assert.match(ingested.text, /lone UTF-16 surrogate \(\\\\uD800 at position 47\)/);
    const batch = await svc.call('POST', `${E}/dataset`, { raw: JSON.stringify([{ urn: lone, aspects: { status: { value: { removed: false } } } }]) });
    assert.equal(batch.status, 400, batch.text);
    const all = await svc.call('GET', `${E}/dataset?count=100`);
    assert.deepEqual((all.json as { results: { urn: string }[] }).results.map((r) => r.urn), [DS], 'only the honest entity is stored');
  });

  it(`keeps the newest ${MAX_ASPECT_VERSIONS} versions of an aspect (the documented retention)`, async () => {
    const path = `${E}/dataset/${enc(DS)}/datasetProperties`;
    const writes = MAX_ASPECT_VERSIONS + 10;
    for (let i = 1; i <= writes; i++) assert.equal((await svc.call('POST', path, { body: { name: `v${i}`, customProperties: {} } })).status, 200);
    const store = svc.service.store as unknown as { history(urn: string, aspect: string): { version: number }[] };
    const versions = store.history(DS, 'datasetProperties').map((v) => v.version);
    assert.deepEqual(versions, Array.from({ length: MAX_ASPECT_VERSIONS }, (_, i) => writes - MAX_ASPECT_VERSIONS + 1 + i));
    assert.equal((await svc.call('GET', `${path}?version=${writes - MAX_ASPECT_VERSIONS}`)).status, 404, 'a version past the retention is gone');
    const kept = await svc.call('GET', `${path}?version=${writes - MAX_ASPECT_VERSIONS + 1}`);
    assert.equal(kept.status, 200);
    assert.equal((kept.json as { value: { name: string } }).value.name, `v${writes - MAX_ASPECT_VERSIONS + 1}`);
    assert.equal((await svc.call('GET', path)).status, 200);
  });
});

/** A document whose selections nest `depth` fields deep (the depth is checked before the fields are). */
function selectionsNested(depth: number): string {
  return `{ ${'a { '.repeat(depth)}b${' }'.repeat(depth)} }`;
}

it('completion in a 100k-deep JSON document answers (nothing to offer) instead of overflowing the stack', () => {
  const text = `[${'{"a": ['.repeat(100_000)}${']}'.repeat(100_000)}]`;
  const document = documentOf('file:///w/deep.mcp.json', text);
  const list = complete({ document, definitions: definitionsOf([]), workspace: [] } as unknown as Parameters<typeof complete>[0], 300_000);
  assert.deepEqual(list.items, []);
});

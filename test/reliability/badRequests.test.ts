import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { ENTITY_TYPE_NAMES } from '../../core/urn/vocabulary';
import { TEST_TOKEN, datasetUrn, definition, enc, propertyUrn, startTestService, type TestService } from '../service/helpers';
import type { RequestCase } from './requestCase';

/**
 * Every route with input it must refuse: malformed JSON, wrong types, missing fields, unparseable
 * and oversized URNs, unknown entity types and aspects, path tricks, huge and slow bodies. Each
 * gets a 4xx that says what is wrong (GraphQL: an error in the body), the service stays healthy,
 * and nothing is stored.
 */

const DS = datasetUrn('db.bad');
const PROP = propertyUrn('io.bad.tier');
const E = '/openapi/v2/entity';
const mcp = (extra: Record<string, unknown> = {}) => ({ entityType: 'dataset', entityUrn: DS, changeType: 'UPSERT', aspectName: 'status', aspect: { value: '{"removed":false}', contentType: 'application/json' }, ...extra });
const HUGE_URN = `urn:li:dataset:(urn:li:dataPlatform:hive,${'n'.repeat(100_000)},PROD)`;

interface Case extends RequestCase {
  /** GraphQL answers a bad document with 200 and `errors` (as DataHub does) */
  graphql?: boolean;
}

const cases: Case[] = [
  // malformed JSON and empty bodies, on every write route
  ...[`${E}/dataset/${enc(DS)}/structuredProperties`, `${E}/structuredProperty/${enc(PROP)}/propertyDefinition`, `${E}/structuredProperty/${enc(PROP)}/status`, `${E}/dataset`, '/aspects?action=ingestProposal', '/aspects?action=ingestProposalBatch', '/api/graphql'].flatMap(
    (path): Case[] => [
      { name: `malformed JSON to ${path}`, method: 'POST', path, raw: '{"properties": [' },
      { name: `empty body to ${path}`, method: 'POST', path, raw: '' },
      { name: `JSON null to ${path}`, method: 'POST', path, raw: 'null' },
      { name: `text/plain to ${path}`, method: 'POST', path, raw: '{}', contentType: 'text/plain' },
    ],
  ),
  { name: 'malformed JSON patch', method: 'PATCH', path: `${E}/dataset/${enc(DS)}/structuredProperties`, raw: '{"patch": [', contentType: 'application/json-patch+json' },
  // wrong types and missing fields
  { name: 'properties is a string', method: 'POST', path: `${E}/dataset/${enc(DS)}/structuredProperties`, body: { properties: 'x' } },
  { name: 'propertyUrn is a number', method: 'POST', path: `${E}/dataset/${enc(DS)}/structuredProperties`, body: { properties: [{ propertyUrn: 5, values: 'a' }] } },
  { name: 'value of an undefined property', method: 'POST', path: `${E}/dataset/${enc(DS)}/structuredProperties`, body: { properties: [{ propertyUrn: PROP, values: [{ string: 'a' }] }] } },
  { name: 'definition without fields', method: 'POST', path: `${E}/structuredProperty/${enc(PROP)}/propertyDefinition`, body: {} },
  { name: 'definition with a numeric qualifiedName', method: 'POST', path: `${E}/structuredProperty/${enc(PROP)}/propertyDefinition`, body: definition('io.bad.tier', { qualifiedName: 5 }) },
  // A self-defined data type (urn:li:dataType:service.spaceship) is accepted, as DataHub does; a value type that is no data-type URN is not.
  { name: 'definition whose value type is not a data-type URN', method: 'POST', path: `${E}/structuredProperty/${enc(PROP)}/propertyDefinition`, body: definition('io.bad.tier', { valueType: 'urn:li:tag:spaceship' }) },
  { name: 'definition whose name is not its URN', method: 'POST', path: `${E}/structuredProperty/${enc(PROP)}/propertyDefinition`, body: definition('io.other') },
  { name: 'status removed is a string', method: 'POST', path: `${E}/structuredProperty/${enc(PROP)}/status?systemMetadata=false`, body: { removed: 'yes' } },
  { name: 'patch is a string', method: 'PATCH', path: `${E}/dataset/${enc(DS)}/structuredProperties`, body: { patch: 'x' }, contentType: 'application/json-patch+json' },
  { name: 'patch op move', method: 'PATCH', path: `${E}/dataset/${enc(DS)}/structuredProperties`, body: { patch: [{ op: 'move', path: '/properties/x' }] }, contentType: 'application/json-patch+json' },
  { name: 'patch add without value', method: 'PATCH', path: `${E}/dataset/${enc(DS)}/structuredProperties`, body: { patch: [{ op: 'add', path: `/properties/${PROP}` }], arrayPrimaryKeys: { properties: ['propertyUrn'] } }, contentType: 'application/json-patch+json' },
  { name: 'batch that is not a list', method: 'POST', path: `${E}/dataset`, body: { urn: DS } },
  { name: 'batch item with a numeric urn', method: 'POST', path: `${E}/dataset`, body: [{ urn: 5, aspects: {} }] },
  { name: 'batch aspect without value envelope', method: 'POST', path: `${E}/dataset`, body: [{ urn: DS, aspects: { status: { removed: false } } }] },
  { name: 'ingestProposal without proposal', method: 'POST', path: '/aspects?action=ingestProposal', body: {} },
  { name: 'ingestProposal with a numeric entityUrn', method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: mcp({ entityUrn: 5 }) } },
  { name: 'ingestProposal whose aspect is not JSON', method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: mcp({ aspect: { value: '{bad', contentType: 'application/json' } }) } },
  { name: 'ingestProposal with changeType EXPLODE', method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: mcp({ changeType: 'EXPLODE' }) } },
  { name: 'ingestProposal of an unknown aspect', method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: mcp({ aspectName: 'spaceshipInfo' }) } },
  { name: 'ingestProposal of an unknown entity type', method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: mcp({ entityType: 'spaceship' }) } },
  { name: 'ingestProposal with a wrong aspect shape', method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: mcp({ aspect: { value: '{"removed":"no"}', contentType: 'application/json' } }) } },
  { name: 'an unknown action', method: 'POST', path: '/aspects?action=dropTables', body: { proposal: mcp() } },
  { name: 'a batch with one bad proposal after a good one', method: 'POST', path: '/aspects?action=ingestProposalBatch', body: { proposals: [mcp(), mcp({ entityUrn: 'urn:li:dataset:(' })] } },
  { name: 'proposals is a string', method: 'POST', path: '/aspects?action=ingestProposalBatch', body: { proposals: 'x' } },
  { name: 'GraphQL query is a number', method: 'POST', path: '/api/graphql', body: { query: 5 } },
  { name: 'GraphQL variables is a list', method: 'POST', path: '/api/graphql', body: { query: '{ __typename }', variables: [] } },
  { name: 'GraphQL syntax error', method: 'POST', path: '/api/graphql', body: { query: 'mutation {' }, graphql: true },
  { name: 'updateLineage with a string for the edge list', method: 'POST', path: '/api/graphql', body: { query: 'mutation($i: UpdateLineageInput!) { updateLineage(input: $i) }', variables: { i: { edgesToAdd: 'x', edgesToRemove: [] } } }, graphql: true },
  { name: 'updateLineage between entities that do not exist', method: 'POST', path: '/api/graphql', body: { query: 'mutation($i: UpdateLineageInput!) { updateLineage(input: $i) }', variables: { i: { edgesToAdd: [{ downstreamUrn: DS, upstreamUrn: datasetUrn('db.ghost') }], edgesToRemove: [] } } }, graphql: true },
  { name: 'updateLineage with an unparseable URN', method: 'POST', path: '/api/graphql', body: { query: 'mutation($i: UpdateLineageInput!) { updateLineage(input: $i) }', variables: { i: { edgesToAdd: [{ downstreamUrn: 'urn:li:dataset:(', upstreamUrn: 'x' }], edgesToRemove: [] } } }, graphql: true },
  // URNs
  { name: 'an unparseable URN in the path', method: 'POST', path: `${E}/dataset/${enc('urn:li:dataset:(')}/status`, body: { removed: false } },
  { name: 'not a URN in the path', method: 'GET', path: `${E}/dataset/not-a-urn/status` },
  { name: 'a 100 kB URN in a body', method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: mcp({ entityUrn: HUGE_URN }) } },
  { name: 'a 10 kB URN in the path', method: 'POST', path: `${E}/dataset/${enc(HUGE_URN.slice(0, 10_000))}/status`, body: { removed: false } },
  { name: 'a 20 kB URN in the path (past the header limit)', method: 'POST', path: `${E}/dataset/${enc(HUGE_URN.slice(0, 20_000))}/status`, body: { removed: false } },
  { name: 'URN of another entity type than the path', method: 'POST', path: `${E}/dataJob/${enc(DS)}/status`, body: { removed: false } },
  // unknown entity types and aspects
  { name: 'an unknown entity type', method: 'POST', path: `${E}/spaceship/${enc(DS)}/status`, body: { removed: false } },
  { name: 'an unknown entity type list', method: 'GET', path: `${E}/spaceship` },
  { name: 'an unknown aspect', method: 'POST', path: `${E}/dataset/${enc(DS)}/spaceshipInfo`, body: { x: 1 } },
  // path tricks
  { name: 'dot-dot segment', method: 'POST', path: `${E}/dataset/../structuredProperty/${enc(PROP)}/status`, body: { removed: true } },
  { name: 'encoded dot-dot', method: 'POST', path: `${E}/dataset/%2e%2e/status`, body: { removed: false } },
  { name: 'double-encoded dot-dot', method: 'POST', path: `${E}/dataset/%252e%252e/status`, body: { removed: false } },
  { name: 'encoded slashes climbing out', method: 'POST', path: `${E}/dataset/..%2F..%2Fstatus/status`, body: { removed: false } },
  { name: 'broken percent-encoding', method: 'POST', path: `${E}/dataset/%zz/status`, body: { removed: false } },
  { name: 'a NUL byte', method: 'POST', path: `${E}/dataset/${enc(DS)}%00/status`, body: { removed: false } },
  { name: 'doubled slashes', method: 'POST', path: `//openapi/v2//entity/dataset/${enc(DS)}/status`, body: { removed: false } },
  { name: 'an unknown route', method: 'POST', path: '/admin/shutdown', body: {} },
  { name: 'a wrong method', method: 'PUT', path: `${E}/dataset/${enc(DS)}/status`, body: { removed: false } },
];

describe('bad requests to the local catalog', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ bodyLimitBytes: 1024 * 1024 });
  });
  after(() => service.close());

  async function healthy(): Promise<void> {
    const health = await service.call('GET', '/health');
    assert.equal(health.status, 200);
  }

  function nothingStored(): void {
    const store = service.service.store;
    const stored = ENTITY_TYPE_NAMES.flatMap((type) => store.listEntities(type, { count: 10 }).urns);
    assert.deepEqual(stored, [], 'no entity was stored');
    assert.equal(store.lineage.edgeCount(), 0, 'no lineage edge was stored');
  }

  for (const c of cases) {
    it(`${c.name}: a clear refusal`, async () => {
      // node:http sends the path exactly as written (fetch would resolve the `..` before sending).
      const reply = await exactRequest(service.url, c);
      if (c.graphql && reply.status === 200) {
        const errors = (reply.json as { errors?: { message: string }[] }).errors ?? [];
        assert.ok(errors.length > 0 && errors[0].message.length > 10, `GraphQL answered without an error: ${reply.text}`);
      } else {
        assert.ok(reply.status >= 400 && reply.status < 500, `${c.method} ${c.path.slice(0, 120)} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
        if (reply.status !== 431 && reply.status !== 404 && reply.status !== 405) {
          const body = reply.json as Record<string, unknown> | undefined;
          const words = String(body?.message ?? body?.error ?? '');
          assert.ok(words.length > 15, `the refusal says what is wrong: ${reply.text.slice(0, 300)}`);
        }
      }
      assert.ok(!reply.text.includes(TEST_TOKEN));
      await healthy();
    });
  }

  it('a body over the limit: 413 whether its length is declared or streamed', async () => {
    const big = `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`;
    const declared = await service.call('POST', '/aspects?action=ingestProposal', { raw: big });
    assert.equal(declared.status, 413);
    assert.match(declared.text, /larger than the local catalog accepts/);
    const streamed = await rawRequest(service.url, '/aspects?action=ingestProposal', (req) => {
      for (let i = 0; i < 32; i++) req.write('a'.repeat(64 * 1024));
      req.end();
    });
    assert.equal(streamed, 413);
    await healthy();
  });

  it('a body that trickles in: the service keeps answering others meanwhile, then refuses it', async () => {
    let send: (chunk: string | null) => void = () => undefined;
    const slow = rawRequest(service.url, '/aspects?action=ingestProposal', (req) => {
      send = (chunk) => (chunk === null ? req.end() : void req.write(chunk));
      req.write('{"proposal": ');
    });
    for (let i = 0; i < 5; i++) {
      send('{"entityUrn": ');
      await healthy();
      const read = await service.call('GET', `${E}/dataset/${enc(DS)}/status`);
      assert.equal(read.status, 404);
    }
    send(null);
    assert.equal(await slow, 400);
    await healthy();
  });

  it('after everything: healthy, and nothing was stored', async () => {
    await healthy();
    nothingStored();
  });
});

async function exactRequest(base: string, c: Case): Promise<{ status: number; text: string; json: unknown }> {
  const body = c.raw ?? (c.body === undefined ? undefined : JSON.stringify(c.body));
  const url = new URL(base);
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${TEST_TOKEN}` };
  if (body !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: c.path, method: c.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? (JSON.parse(text) as unknown) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A POST whose body the caller writes by hand (chunked, no declared length); resolves with the status. */
function rawRequest(base: string, path: string, write: (req: http.ClientRequest) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error) => reject(error));
    write(req);
  });
}

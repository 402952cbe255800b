import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decideAccess, tokenMatches } from '../../service/http/auth';
import { TEST_TOKEN, datasetUrn, definition, definitionPath, enc, startTestService, type TestService } from '../service/helpers';

/**
 * Every route with no token, a wrong token and the token of another local catalog. GraphQL always
 * needs the right token; OpenAPI and ingestion are open without a token only while the service
 * listens on loopback; a token that is given must be right everywhere; /health is always open.
 * The comparison is constant-time (hashed, then timingSafeEqual) and never throws on lengths.
 */

const OTHER_TOKEN = 'other-catalog-token-aaaaaaaaaaaa';
const DS = datasetUrn('db.auth');
const E = '/openapi/v2/entity';

interface RouteCall {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  contentType?: string;
  access: 'open' | 'token' | 'tokenUnlessLoopback';
}

const ROUTES: RouteCall[] = [
  { name: 'health', method: 'GET', path: '/health', access: 'open' },
  { name: 'GraphQL', method: 'POST', path: '/api/graphql', body: { query: '{ __typename }' }, access: 'token' },
  { name: 'GraphQL (wrong method)', method: 'GET', path: '/api/graphql', access: 'token' },
  { name: 'list', method: 'GET', path: `${E}/dataset`, access: 'tokenUnlessLoopback' },
  { name: 'batch write', method: 'POST', path: `${E}/dataset`, body: [{ urn: DS, aspects: { status: { value: { removed: false } } } }], access: 'tokenUnlessLoopback' },
  { name: 'entity', method: 'GET', path: `${E}/dataset/${enc(DS)}`, access: 'tokenUnlessLoopback' },
  { name: 'entity HEAD', method: 'HEAD', path: `${E}/dataset/${enc(DS)}`, access: 'tokenUnlessLoopback' },
  { name: 'entity DELETE', method: 'DELETE', path: `${E}/dataset/${enc(DS)}`, access: 'tokenUnlessLoopback' },
  { name: 'aspect GET', method: 'GET', path: `${E}/dataset/${enc(DS)}/status`, access: 'tokenUnlessLoopback' },
  { name: 'aspect HEAD', method: 'HEAD', path: `${E}/dataset/${enc(DS)}/status`, access: 'tokenUnlessLoopback' },
  { name: 'aspect POST', method: 'POST', path: `${E}/dataset/${enc(DS)}/status`, body: { removed: false }, access: 'tokenUnlessLoopback' },
  { name: 'definition POST', method: 'POST', path: definitionPath('io.auth.tier'), body: definition('io.auth.tier'), access: 'tokenUnlessLoopback' },
  { name: 'property status POST', method: 'POST', path: `${E}/structuredProperty/${enc('urn:li:structuredProperty:io.auth.tier')}/status?systemMetadata=false`, body: { removed: false }, access: 'tokenUnlessLoopback' },
  { name: 'aspect PATCH', method: 'PATCH', path: `${E}/dataset/${enc(DS)}/structuredProperties`, body: { patch: [], arrayPrimaryKeys: { properties: ['propertyUrn'] } }, contentType: 'application/json-patch+json', access: 'tokenUnlessLoopback' },
  { name: 'aspect DELETE', method: 'DELETE', path: `${E}/dataset/${enc(DS)}/status`, access: 'tokenUnlessLoopback' },
  { name: 'ingestProposal', method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: { entityType: 'dataset', entityUrn: DS, changeType: 'UPSERT', aspectName: 'status', aspect: { value: '{"removed":false}' } } }, access: 'tokenUnlessLoopback' },
  { name: 'ingestProposalBatch', method: 'POST', path: '/aspects?action=ingestProposalBatch', body: { proposals: [] }, access: 'tokenUnlessLoopback' },
];

const WRONG_HEADERS: [string, string][] = [
  ['a wrong token of the same length', `Bearer ${TEST_TOKEN.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x'))}`],
  ['a wrong shorter token', 'Bearer abc'],
  ['a wrong much longer token', `Bearer ${TEST_TOKEN.repeat(50)}`],
  ['the token of another local catalog', `Bearer ${OTHER_TOKEN}`],
  ['the right token under another scheme', `Basic ${TEST_TOKEN}`],
  ['Bearer with no token', 'Bearer '],
];

async function call(base: string, route: RouteCall, authorization?: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authorization !== undefined) headers.authorization = authorization;
  if (route.body !== undefined) headers['content-type'] = route.contentType ?? 'application/json';
  const response = await fetch(`${base}${route.path}`, { method: route.method, headers, body: route.body === undefined ? undefined : JSON.stringify(route.body) });
  return { status: response.status, text: route.method === 'HEAD' ? '' : await response.text() };
}

describe('auth on every route', () => {
  let loopback: TestService;
  let exposed: TestService;
  let other: TestService;
  before(async () => {
    loopback = await startTestService();
    // Listening on every interface: the service is not loopback-only, so the token is needed everywhere.
    exposed = await startTestService({ host: '0.0.0.0' });
    other = await startTestService({ token: OTHER_TOKEN });
  });
  after(async () => {
    await Promise.all([loopback.close(), exposed.close(), other.close()]);
  });

  const localUrl = (service: TestService) => service.url.replace('0.0.0.0', '127.0.0.1');

  for (const route of ROUTES) {
    it(`${route.name} (${route.method}): as the access rules say`, async () => {
      for (const [service, onLoopback] of [
        [loopback, true],
        [exposed, false],
      ] as const) {
        const base = localUrl(service);
        const none = await call(base, route);
        const needsToken = route.access === 'token' || (route.access === 'tokenUnlessLoopback' && !onLoopback);
        if (needsToken) {
          assert.equal(none.status, 401, `${route.name} without a token (loopback: ${onLoopback})`);
          if (route.method !== 'HEAD') assert.match(none.text, /Authorization: Bearer <token>/);
        } else assert.notEqual(none.status, 401, `${route.name} without a token (loopback: ${onLoopback}): ${none.text}`);
        for (const [what, header] of WRONG_HEADERS) {
          const wrong = await call(base, route, header);
          if (route.access === 'open') assert.equal(wrong.status, 200, `${route.name} stays open with ${what}`);
          else {
            assert.equal(wrong.status, 401, `${route.name} with ${what} (loopback: ${onLoopback})`);
            assert.ok(!wrong.text.includes(header.slice(7)) || header.length < 12, 'the refusal does not echo the token');
          }
        }
        const right = await call(base, route, `Bearer ${TEST_TOKEN}`);
        assert.notEqual(right.status, 401, `${route.name} with the right token: ${right.text}`);
      }
    });
  }

  it('the other catalog takes its own token and refuses ours', async () => {
    const graphql = ROUTES[1];
    assert.equal((await call(other.url, graphql, `Bearer ${OTHER_TOKEN}`)).status, 200);
    assert.equal((await call(other.url, graphql, `Bearer ${TEST_TOKEN}`)).status, 401);
  });
});

describe('token comparison', () => {
  it('compares tokens of any length without throwing, and only equal tokens match', () => {
    const expected = 'expected-token-0123456789';
    for (const given of ['', 'e', expected.slice(0, -1), `${expected}x`, expected.repeat(100), expected.toUpperCase(), 'ünïcödé-tökën', '\u0000']) {
      assert.equal(tokenMatches(given, expected), false, JSON.stringify(given));
    }
    assert.equal(tokenMatches(expected, expected), true);
    assert.equal(decideAccess('token', 'Bearer x', expected, true).allowed, false);
    assert.equal(decideAccess('tokenUnlessLoopback', undefined, expected, true).allowed, true);
    assert.equal(decideAccess('tokenUnlessLoopback', 'Bearer wrong', expected, true).allowed, false);
  });

  it('is constant-time: both sides hashed to one length, then crypto.timingSafeEqual', () => {
    const source = readFileSync(join(process.cwd(), 'service', 'http', 'auth.ts'), 'utf8');
    const body = /export function tokenMatches[\s\S]*?\n}/.exec(source)?.[0] ?? '';
    assert.match(body, /timingSafeEqual\(digest\(given\), digest\(expected\)\)/);
    assert.match(source, /createHash\('sha256'\)/);
    assert.doesNotMatch(body, /===|!==|\.length/, 'no early exit on length or content');
  });
});

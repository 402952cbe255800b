import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import * as os from 'node:os';
import { decideAccess, isLoopbackAddress, tokenMatches } from '../../service/http/auth';
import { datasetUrn, definition, definitionPath, enc, startTestService, TEST_TOKEN, type TestService } from './helpers';
import { versionFromConfig } from '../../core/api/serviceVersion';
import { NEWEST_MODELLED_VERSION } from '../../core/datahub/versions';

/** Sends bytes as written (fetch would normalise the path). */
function rawRequest(url: string, lines: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(lines));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('HTTP: bodies, routes and paths', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ bodyLimitBytes: 64 * 1024 });
  });
  after(() => svc.close());

  it('GET /health needs no token, and says it is the local catalog (clients judge files for it)', async () => {
    const reply = await svc.call('GET', '/health');
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.json, { status: 'ok', service: 'catalog-code-local-catalog' });
  });

  it("GET /config needs no token and reports the DataHub version whose rules the local catalog keeps, shaped as DataHub's GMS answers it", async () => {
    const reply = await svc.call('GET', '/config');
    assert.equal(reply.status, 200);
    assert.equal(versionFromConfig(reply.json), `v${NEWEST_MODELLED_VERSION}`);
    assert.equal((reply.json as { service: string }).service, 'catalog-code-local-catalog');
  });

  it('malformed JSON is a 400 that says so', async () => {
    const reply = await svc.call('POST', definitionPath('io.h.x'), { raw: '{"qualifiedName": ', contentType: 'application/json' });
    assert.equal(reply.status, 400);
    assert.match((reply.json as { message: string }).message, /not valid JSON/);
    const empty = await svc.call('POST', definitionPath('io.h.x'), { raw: '', contentType: 'application/json' });
    assert.equal(empty.status, 400);
  });

  it('a wrong content type is 415; PATCH takes json-patch+json', async () => {
    const reply = await svc.call('POST', definitionPath('io.h.x'), { raw: JSON.stringify(definition('io.h.x')), contentType: 'text/plain' });
    assert.equal(reply.status, 415);
    assert.match((reply.json as { message: string }).message, /application\/json/);
    const patch = await svc.call('PATCH', `/openapi/v2/entity/dataset/${enc(datasetUrn('a'))}/structuredProperties`, { raw: '{"patch": []}', contentType: 'text/csv' });
    assert.equal(patch.status, 415);
  });

  it('a body over the limit is 413 and nothing is written', async () => {
    const huge = { ...definition('io.h.big'), description: 'x'.repeat(200 * 1024) };
    const reply = await svc.call('POST', definitionPath('io.h.big'), { body: huge });
    assert.equal(reply.status, 413);
    assert.equal((await svc.call('GET', definitionPath('io.h.big'))).status, 404);
    const ingest = await svc.call('POST', '/aspects?action=ingestProposal', { body: { proposal: { pad: 'y'.repeat(200 * 1024) } } });
    assert.equal(ingest.status, 413);
  });

  it('unknown routes are 404 and wrong methods 405', async () => {
    const reply = await svc.call('GET', '/openapi/v4/entity/dataset');
    assert.equal(reply.status, 404);
    assert.match((reply.json as { message: string }).message, /No endpoint GET \/openapi\/v4\/entity\/dataset/);
    // The v3 batch routes take POST and PATCH only (service/openapi/v3BatchRoutes.ts).
    assert.equal((await svc.call('GET', '/openapi/v3/entity/dataset')).status, 405);
    const wrongMethod = await svc.call('PUT', definitionPath('io.h.x'), { body: {} });
    assert.equal(wrongMethod.status, 405);
    assert.equal((wrongMethod.json as { error: string }).error, 'Method Not Allowed');
    assert.match((wrongMethod.json as { message: string }).message, /use .*POST/);
    assert.ok(wrongMethod.headers.get('allow')?.includes('POST'));
    assert.equal((await svc.call('GET', '/api/graphql', { token: TEST_TOKEN })).status, 405);
  });

  it('path tricks: dot segments, bad percent-encoding and an unencoded URN with a slash', async () => {
    const dots = await rawRequest(svc.url, `GET /openapi/v2/entity/dataset/../structuredProperty/${enc('urn:li:structuredProperty:x')}/propertyDefinition HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    assert.match(dots, /^HTTP\/1\.1 400/);
    const encodedDots = await rawRequest(svc.url, `GET /openapi/v2/entity/%2e%2e/x/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    assert.match(encodedDots, /^HTTP\/1\.1 400/);
    const badEscape = await svc.call('GET', '/openapi/v2/entity/dataset/%E0%A4%A/status');
    assert.equal(badEscape.status, 400);
    // A URN whose name holds "/" must be percent-encoded; unencoded it no longer is one segment.
    const slashName = datasetUrn('bucket/key');
    assert.equal((await svc.call('POST', `/openapi/v2/entity/dataset/${enc(slashName)}/status`, { body: { removed: false } })).status, 200);
    assert.equal((await svc.call('GET', `/openapi/v2/entity/dataset/${enc(slashName)}/status`)).status, 200);
    assert.equal((await svc.call('GET', `/openapi/v2/entity/dataset/${slashName}/status`)).status, 404);
    const nul = await svc.call('GET', '/openapi/v2/entity/dataset/%00/status');
    assert.equal(nul.status, 400);
  });
});

describe('auth on a loopback address', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ host: '127.0.0.2' });
  });
  after(() => svc.close());

  it('GraphQL always needs the token: 401 JSON before any GraphQL runs', async () => {
    const missing = await svc.call('POST', '/api/graphql', { body: { query: '{ __typename }' } });
    assert.equal(missing.status, 401);
    assert.equal((missing.json as { error: string }).error, 'Unauthorized');
    const wrong = await svc.call('POST', '/api/graphql', { body: { query: '{ __typename }' }, token: 'wrong' });
    assert.equal(wrong.status, 401);
    assert.ok(!wrong.text.includes(TEST_TOKEN), 'the token is never echoed');
    const malformedBodyNoToken = await svc.call('POST', '/api/graphql', { raw: '{', contentType: 'application/json' });
    assert.equal(malformedBodyNoToken.status, 401, 'auth is checked before the body is read');
    const basic = await svc.call('POST', '/api/graphql', { body: { query: '{ __typename }' }, headers: { authorization: `Basic ${TEST_TOKEN}` } });
    assert.equal(basic.status, 401);
    const right = await svc.call('POST', '/api/graphql', { body: { query: '{ __typename }' }, token: TEST_TOKEN });
    assert.equal(right.status, 200);
    assert.deepEqual(right.json, { data: { __typename: 'Query' }, extensions: {} });
    const noQuery = await svc.call('POST', '/api/graphql', { body: { variables: {} }, token: TEST_TOKEN });
    assert.equal(noQuery.status, 400);
  });

  it('OpenAPI and ingestion are open without a token, but a wrong token is still 401', async () => {
    assert.equal((await svc.call('POST', definitionPath('io.a.x'), { body: definition('io.a.x') })).status, 200);
    assert.equal((await svc.call('GET', definitionPath('io.a.x'), { token: 'wrong' })).status, 401);
    assert.equal((await svc.call('GET', definitionPath('io.a.x'), { token: TEST_TOKEN })).status, 200);
    assert.equal((await svc.call('POST', '/aspects?action=ingestProposal', { body: {}, token: 'wrong' })).status, 401);
  });
});

describe('auth off loopback', () => {
  it('the decision: every route but /health needs the right token', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) assert.ok(isLoopbackAddress(host), host);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '::ffff:10.0.0.1']) assert.ok(!isLoopbackAddress(host), host);
    assert.deepEqual(decideAccess('tokenUnlessLoopback', undefined, 'secret', true), { allowed: true });
    assert.equal(decideAccess('tokenUnlessLoopback', undefined, 'secret', false).allowed, false);
    assert.equal(decideAccess('tokenUnlessLoopback', 'Bearer wrong', 'secret', true).allowed, false);
    assert.equal(decideAccess('tokenUnlessLoopback', 'Bearer secret', 'secret', false).allowed, true);
    assert.equal(decideAccess('token', undefined, 'secret', true).allowed, false);
    assert.equal(decideAccess('open', 'Bearer wrong', 'secret', false).allowed, true);
    assert.ok(tokenMatches('secret', 'secret'));
    assert.ok(!tokenMatches('secret', 'secret-but-longer'));
  });

  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;

  it('bound to a non-loopback address of this machine, OpenAPI needs the token', { skip: external ? false : 'this machine has no non-loopback IPv4 address' }, async () => {
    const svc = await startTestService({ host: external });
    try {
      const open = await svc.call('GET', definitionPath('io.x.none'));
      assert.equal(open.status, 401);
      assert.equal((await svc.call('GET', definitionPath('io.x.none'), { token: TEST_TOKEN })).status, 404);
      assert.equal((await svc.call('GET', '/health')).status, 200);
    } finally {
      await svc.close();
    }
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as os from 'node:os';
import { TEST_TOKEN, datasetUrn, enc, startTestService, type TestService } from '../service/helpers';

/**
 * The attack: a web page on evil.example rebinds its name to 127.0.0.1, so the browser sends the
 * page's requests to the local catalog with `Host: evil.example` (and, for a page that is simply
 * of another origin, `Origin: http://evil.example`). Before the fix
 * `curl -X DELETE …/upstreamLineage -H 'Host: evil.example'` answered 200 and deleted the lineage.
 * Now every such request is refused with a 403 that says why, nothing is read or changed, and
 * honest clients (which address 127.0.0.1, localhost or [::1], and send no Origin) still work.
 */

const DOWN = datasetUrn('db.rebind.down');
const UP = datasetUrn('db.rebind.up');
const LINEAGE = `/openapi/v2/entity/dataset/${enc(DOWN)}/upstreamLineage`;
const lineageValue = { upstreams: [{ dataset: UP, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' } }] };

interface RawReply {
  status: number;
  text: string;
}

/** A request with exactly these headers (fetch would not let a test set Host). */
function raw(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawReply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, setHost: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('reliability: DNS rebinding and cross-origin pages are refused', () => {
  let svc: TestService;
  let port: string;

  before(async () => {
    svc = await startTestService();
    port = new URL(svc.url).port;
    for (const urn of [UP, DOWN]) assert.equal((await svc.call('POST', `/openapi/v2/entity/dataset/${enc(urn)}/status`, { body: { removed: false } })).status, 200);
    const written = await svc.call('POST', LINEAGE, { body: lineageValue });
    assert.equal(written.status, 200, written.text);
  });
  after(() => svc.close());

  const attacks: { name: string; method: string; path: () => string; headers: () => Record<string, string>; body?: string }[] = [
    { name: 'DELETE of lineage with Host: evil.example', method: 'DELETE', path: () => LINEAGE, headers: () => ({ host: 'evil.example' }) },
    { name: 'DELETE of lineage with Host: evil.example:<port>', method: 'DELETE', path: () => LINEAGE, headers: () => ({ host: `evil.example:${port}` }) },
    { name: 'a read with Host: evil.example', method: 'GET', path: () => LINEAGE, headers: () => ({ host: `evil.example:${port}` }) },
    { name: 'a write with Host: evil.example', method: 'POST', path: () => LINEAGE, headers: () => ({ host: `evil.example:${port}` }), body: JSON.stringify({ upstreams: [] }) },
    { name: 'an ingestProposal with Host: evil.example', method: 'POST', path: () => '/aspects?action=ingestProposal', headers: () => ({ host: `evil.example:${port}` }), body: JSON.stringify({ proposal: { entityType: 'dataset', entityUrn: DOWN, changeType: 'DELETE', aspectName: 'upstreamLineage' } }) },
    { name: 'a name that resolves to loopback but is not a loopback name', method: 'DELETE', path: () => LINEAGE, headers: () => ({ host: `127.0.0.1.nip.io:${port}` }) },
    { name: 'no Host header at all', method: 'DELETE', path: () => LINEAGE, headers: () => ({}) },
    { name: 'a page of another origin (Origin: http://evil.example)', method: 'DELETE', path: () => LINEAGE, headers: () => ({ host: `127.0.0.1:${port}`, origin: 'http://evil.example' }) },
    { name: 'a local page of another port (Origin: http://localhost:3000)', method: 'DELETE', path: () => LINEAGE, headers: () => ({ host: `127.0.0.1:${port}`, origin: 'http://localhost:3000' }) },
    { name: 'a sandboxed page (Origin: null)', method: 'DELETE', path: () => LINEAGE, headers: () => ({ host: `127.0.0.1:${port}`, origin: 'null' }) },
    { name: 'a request the browser marks cross-site', method: 'DELETE', path: () => LINEAGE, headers: () => ({ host: `127.0.0.1:${port}`, 'sec-fetch-site': 'cross-site' }) },
    { name: 'GraphQL with the right token but Host: evil.example', method: 'POST', path: () => '/api/graphql', headers: () => ({ host: `evil.example:${port}`, authorization: `Bearer ${TEST_TOKEN}` }), body: JSON.stringify({ query: '{ __typename }' }) },
  ];

  for (const attack of attacks) {
    it(`refuses ${attack.name}; the lineage is unchanged`, async () => {
      const reply = await raw(svc.url, attack.method, attack.path(), attack.headers(), attack.body);
      if (attack.name === 'no Host header at all') {
        // Node's HTTP server refuses an HTTP/1.1 request without Host (400) before the catalog sees it.
        assert.ok(reply.status === 400 || reply.status === 403, `${attack.name}: ${reply.status} ${reply.text}`);
      } else {
        assert.equal(reply.status, 403, `${attack.name}: ${reply.status} ${reply.text}`);
        assert.match(reply.text, /answers only requests addressed to localhost, 127\.0\.0\.1, \[::1\]/);
        assert.match(reply.text, /DNS rebinding/);
      }
      const read = await svc.call('GET', LINEAGE);
      assert.equal(read.status, 200, 'the lineage is still there');
      assert.deepEqual((read.json as { value: { upstreams: { dataset: string }[] } }).value.upstreams.map((u) => u.dataset), [UP]);
    });
  }

  it('answers honest clients addressing 127.0.0.1, localhost and [::1], with or without a same-origin Origin', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      const reply = await raw(svc.url, 'GET', LINEAGE, { host });
      assert.equal(reply.status, 200, `Host ${host}: ${reply.text}`);
    }
    const sameOrigin = await raw(svc.url, 'GET', LINEAGE, { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` });
    assert.equal(sameOrigin.status, 200, sameOrigin.text);
    const graphql = await svc.call('POST', '/api/graphql', { body: { query: '{ __typename }' }, token: TEST_TOKEN });
    assert.equal(graphql.status, 200, graphql.text);
  });

  it('answers a name the user allowed (--allowed-host), and still refuses others', async () => {
    const allowed = await startTestService({ allowedHosts: ['catalog.test'] });
    try {
      const allowedPort = new URL(allowed.url).port;
      assert.equal((await raw(allowed.url, 'GET', '/health', { host: `catalog.test:${allowedPort}` })).status, 200);
      assert.equal((await raw(allowed.url, 'GET', '/health', { host: `evil.example:${allowedPort}` })).status, 403);
    } finally {
      await allowed.close();
    }
  });

  it("on every interface (--host 0.0.0.0): answers this machine's own names, refuses others without listing them", async () => {
    const exposed = await startTestService({ host: '0.0.0.0' });
    try {
      const exposedPort = new URL(exposed.url).port;
      const base = `http://127.0.0.1:${exposedPort}`;
      assert.equal((await raw(base, 'GET', '/health', { host: `${os.hostname()}:${exposedPort}` })).status, 200);
      const refused = await raw(base, 'GET', '/health', { host: `evil.example:${exposedPort}` });
      assert.equal(refused.status, 403);
      assert.match(refused.text, /localhost, 127\.0\.0\.1, \[::1\], this machine's own addresses/);
      for (const list of Object.values(os.networkInterfaces())) {
        for (const entry of list ?? []) if (!entry.internal) assert.ok(!refused.text.includes(entry.address), `the refusal lists ${entry.address}`);
      }
    } finally {
      await exposed.close();
    }
  });
});

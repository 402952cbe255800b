import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autoCompleteEntities } from '../../core/api/autoComplete';
import { listPropertyDefinitions } from '../../core/api/definitions';
import { entitiesExist } from '../../core/api/entities';
import { ServiceError } from '../../core/api/errors';
import { startService, type RunningService } from '../../service/main';

const TOKEN = 'api-test-token';

/** A real HTTP server that answers like a misconfigured URL would: an HTML page, or nothing in time. */
async function strangeServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/slow')) return; // never answers
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><body>Welcome to nginx!</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

describe('the service API client against the local catalog', () => {
  let service: RunningService;
  let strange: { url: string; server: Server };

  before(async () => {
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: mkdtempSync(join(tmpdir(), 'catalog-code-api-')), token: TOKEN, seeds: [join(process.cwd(), 'test', 'protocol', 'fixtures', 'catalog')] });
    strange = await strangeServer();
  });

  after(async () => {
    await service?.close();
    strange?.server.closeAllConnections();
    await new Promise((resolve) => strange?.server.close(resolve));
  });

  it('lists the property definitions with their status', async () => {
    const definitions = await listPropertyDefinitions({ url: service.url, token: TOKEN });
    assert.deepEqual(definitions.map((d) => d.urn).sort(), ['urn:li:structuredProperty:io.acryl.dataManagement.classification', 'urn:li:structuredProperty:io.acryl.privacy.retentionTime']);
    const retention = definitions.find((d) => d.urn.endsWith('retentionTime'));
    assert.equal(retention?.aspect.cardinality, 'MULTIPLE');
    assert.equal(retention?.removed, false);
  });

  it('falls back to GraphQL searchAcrossEntities where the OpenAPI list is missing', async () => {
    // A real proxy in front of the catalog that hides its OpenAPI routes, as an older deployment would.
    const proxy = createServer(async (request, response) => {
      if (!request.url?.startsWith('/api/graphql')) {
        response.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const upstream = await fetch(`${service.url}${request.url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: String(request.headers.authorization) }, body: Buffer.concat(chunks) });
      response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const definitions = await listPropertyDefinitions({ url, token: TOKEN });
      const classification = definitions.find((d) => d.urn.endsWith('classification'));
      assert.equal(classification?.aspect.valueType, 'urn:li:dataType:service.string');
      assert.deepEqual(classification?.aspect.allowedValues, [
        { value: { string: 'Public' }, description: 'Anyone may see it' },
        { value: { string: 'Internal' }, description: 'Employees only' },
        { value: { string: 'Confidential' }, description: 'Named people only' },
      ]);
      assert.equal(definitions.length, 2);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('answers which entities exist, in one batch', async () => {
    const answers = await entitiesExist({ url: service.url, token: TOKEN }, ['urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)', 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)']);
    assert.deepEqual([...answers.values()], [true, false]);
  });

  it('completes entity URNs by name', async () => {
    const suggestions = await autoCompleteEntities({ url: service.url, token: TOKEN }, 'cust');
    assert.ok(suggestions.some((s) => s.urn === 'urn:li:dataset:(urn:li:dataPlatform:hive,customers,PROD)'), JSON.stringify(suggestions));
  });

  it('classifies failures: 401, unreachable, not a catalog, timeout', async () => {
    const unauthorized = await rejection(listPropertyDefinitions({ url: service.url, token: 'not-the-token-x1' }));
    assert.equal(unauthorized.kind, 'unauthorized');
    assert.match(unauthorized.message, /refused the token \(HTTP 401\); it is wrong or has expired\. Supply a valid personal access token/);
    assert.ok(!unauthorized.message.includes('not-the-token-x1'));

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await rejection(entitiesExist({ url: `http://127.0.0.1:${port}`, token: TOKEN }, ['urn:li:corpuser:x']));
    assert.equal(unreachable.kind, 'unreachable');
    assert.match(unreachable.message, /could not be reached \(ECONNREFUSED\)/);

    const html = await rejection(listPropertyDefinitions({ url: strange.url, token: TOKEN }));
    assert.equal(html.kind, 'badResponse');
    assert.match(html.message, /not JSON/);

    const timeout = await rejection(listPropertyDefinitions({ url: `${strange.url}/slow`, token: TOKEN, timeoutMs: 300 }));
    assert.equal(timeout.kind, 'timeout');
    assert.match(timeout.message, /did not answer within/);
  });
});

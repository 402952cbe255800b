import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isServiceError, type ServiceError } from '../../core/api/errors';
import { graphqlRequest } from '../../core/api/graphql';
import { requestJson } from '../../core/api/http';

/**
 * What a service says reaches the user only as far as it is safe and true: a service that quotes
 * the request it refused (the Authorization header included) never puts the token in a message; an
 * answer that is JSON but not a GraphQL response, and a token a header cannot carry, are named as
 * what they are instead of "could not be reached"; a timeout names the setting that gives a slow
 * service longer.
 */

const TOKEN = 'SECRET-TOKEN-0123456789';

type Answer = (request: IncomingMessage) => { status: number; type: string; body: string } | undefined;

async function serve(answer: Answer): Promise<{ url: string; server: Server; received: () => number }> {
  let received = 0;
  const server = createServer((request, response) => {
    received++;
    request.resume();
    const reply = answer(request);
    if (!reply) return; // never answers
    response.writeHead(reply.status, { 'content-type': reply.type });
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, received: () => received };
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isServiceError(error), `expected a ServiceError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

describe('the words of a service reach the user safely', () => {
  const servers: Server[] = [];
  const started = async (answer: Answer) => {
    const running = await serve(answer);
    servers.push(running.server);
    return running;
  };
  const quoting = (status: number, type: string, wrap: (header: string) => string): Answer => (request) => ({ status, type, body: wrap(String(request.headers.authorization)) });

  after(() => servers.forEach((server) => server.close()));

  it('a 400, a 500 and a GraphQL error that quote the Authorization header: the message keeps their words, never the token', async () => {
    const cases: [string, Answer, (url: string) => Promise<unknown>][] = [
      ['400 JSON', quoting(400, 'application/json', (h) => JSON.stringify({ error: 'Bad Request', message: `Invalid credentials header: ${h}` })), (url) => requestJson({ url, token: TOKEN }, { method: 'GET', path: '/openapi/v2/entity/dataset' })],
      ['500 text', quoting(500, 'text/plain', (h) => `java.lang.IllegalStateException: bad token ${h}`), (url) => requestJson({ url, token: TOKEN }, { method: 'POST', path: '/openapi/v2/entity/dataset', body: {} })],
      ['GraphQL errors', quoting(200, 'application/json', (h) => JSON.stringify({ errors: [{ message: `Token ${h} is not authorized` }] })), (url) => graphqlRequest({ url, token: TOKEN }, '{ me { corpUser { urn } } }')],
    ];
    for (const [name, answer, call] of cases) {
      const { url } = await started(answer);
      const error = await failure(call(url));
      assert.ok(!error.message.includes(TOKEN), `${name}: ${error.message}`);
      assert.match(error.message, /\[token hidden\]/, `${name}: the service's words are kept, the token replaced: ${error.message}`);
    }
  });

  it('JSON that is not a GraphQL response is a bad answer, not "could not be reached"', async () => {
    const { url } = await started(() => ({ status: 200, type: 'application/json', body: '[1,2,3]' }));
    const error = await failure(graphqlRequest({ url, token: TOKEN }, '{ me { corpUser { urn } } }'));
    assert.equal(error.kind, 'badResponse');
    assert.match(error.message, /JSON that is not a GraphQL response/);
  });

  it('a token with a character a header cannot carry is named as such, and nothing is sent', async () => {
    const { url, received } = await started(() => ({ status: 200, type: 'application/json', body: '{"data":{}}' }));
    for (const token of ['tok€en-0123', 'tok\nen-0123', 'tok en-0123']) {
      for (const call of [graphqlRequest({ url, token }, '{ me { corpUser { urn } } }'), requestJson({ url, token }, { method: 'GET', path: '/openapi/v2/entity/dataset' })]) {
        const error = await failure(call);
        assert.equal(error.kind, 'unauthorized');
        assert.match(error.message, /a character an HTTP header cannot carry/);
        assert.ok(!error.message.includes(token));
      }
    }
    assert.equal(received(), 0);
  });

  it('a URL with a user name and password is refused before anything is sent, and no message carries the password', async () => {
    const { url, received } = await started(() => ({ status: 200, type: 'application/json', body: '{"data":{}}' }));
    const withPassword = url.replace('http://', 'http://admin:HUNTER2PASS@');
    for (const call of [graphqlRequest({ url: withPassword, token: TOKEN }, '{ me { corpUser { urn } } }'), requestJson({ url: withPassword }, { method: 'GET', path: '/openapi/v2/entity/dataset' })]) {
      const error = await failure(call);
      assert.equal(error.kind, 'unauthorized');
      assert.match(error.message, /with a user name or password before '@'/);
      assert.ok(!error.message.includes('HUNTER2PASS') && !error.message.includes('admin:'), error.message);
    }
    assert.equal(received(), 0);
  });

  it('a timeout names CATALOG_TIMEOUT_SECONDS, not an editor command', async () => {
    const { url } = await started(() => undefined);
    const error = await failure(requestJson({ url, token: TOKEN, timeoutMs: 300 }, { method: 'POST', path: '/openapi/v2/entity/dataset', body: {} }));
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /did not answer within 300 ms\. Check that it is running and not overloaded; a slow service can be given longer with CATALOG_TIMEOUT_SECONDS/);
    assert.match(error.message, /The POST to http:\S+\/openapi\/v2\/entity\/dataset may have been applied all the same: run plan/, 'a write that timed out may have gone through');
    const read = await failure(requestJson({ url, token: TOKEN, timeoutMs: 300 }, { method: 'GET', path: '/openapi/v2/entity/dataset' }));
    assert.doesNotMatch(read.message, /may have been applied/);
  });
});

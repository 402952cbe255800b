import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ServiceError } from '../../core/api/errors';
import { graphqlRequest } from '../../core/api/graphql';
import { MAX_RETRY_DELAY_MS, requestJson, retryDelayMs, type ServiceConnection } from '../../core/api/http';
import { listPropertyDefinitions } from '../../core/api/definitions';
import { postAspect, updateLineage } from '../../core/api/pushClient';
import { scrollLineage } from '../../core/api/lineageClient';
import { TEST_TOKEN, datasetUrn, definition, definitionPath, startTestService, type TestService } from '../service/helpers';
import { refusedUrl, startFaultProxy, type Fault, type FaultProxy, type RecordedRequest } from '../support/faultProxy';
import { budgetMs } from '../support/timeScale';
import { watchUnhandledRejections } from './unhandled';

/**
 * The typed client against a faulty service: each fault ends in a ServiceError of the right kind
 * whose message says what happened and what to do; reads (GET, GraphQL queries) are retried with
 * backoff after 429, 5xx, timeouts and dropped connections, honouring Retry-After; writes are
 * never repeated; redirects are not followed; the token appears in no message.
 */

const rejections = watchUnhandledRejections();

describe('client against a faulty service', () => {
  let service: TestService;
  let proxy: FaultProxy;
  let connection: ServiceConnection;
  const messages: string[] = [];

  before(async () => {
    service = await startTestService();
    const put = await service.call('POST', definitionPath('io.fault.tier'), { body: definition('io.fault.tier') });
    assert.equal(put.status, 200);
    proxy = await startFaultProxy(service.url);
    // Generous for every answer that comes; the timeout test below gives its own short one to a proxy that never answers.
    connection = { url: proxy.url, token: TEST_TOKEN, timeoutMs: budgetMs(10_000) };
  });
  after(async () => {
    for (const message of messages) assert.ok(!message.includes(TEST_TOKEN), `a message carries the token: ${message}`);
    assert.deepEqual(rejections(), [], 'no promise rejection went unhandled');
    await proxy.close();
    await service.close();
  });

  const readDefinition = (through = connection) => requestJson(through, { method: 'GET', path: definitionPath('io.fault.tier') });
  const query = (through = connection) => graphqlRequest<{ __typename: string }>(through, 'query catalogCodeProbe { __typename }');

  async function failure(run: () => Promise<unknown>): Promise<ServiceError> {
    try {
      await run();
    } catch (error) {
      assert.ok(error instanceof ServiceError, `a ServiceError, not ${String(error)}`);
      messages.push(error.message);
      return error;
    }
    assert.fail('the call should have failed');
  }

  const seenByProxy: RecordedRequest[] = [];
  function withFault(fault: Fault, times?: number): void {
    seenByProxy.push(...proxy.requests);
    proxy.requests.length = 0;
    proxy.setRules([{ fault, times }]);
  }

  it('refused connection: unreachable, says to check it runs and the URL', async () => {
    const url = await refusedUrl();
    const error = await failure(() => requestJson({ url, token: TEST_TOKEN }, { method: 'GET', path: '/health' }));
    assert.equal(error.kind, 'unreachable');
    assert.match(error.message, /could not be reached \(ECONNREFUSED\)\. Check that it is running and that the URL is right\./);
  });

  it('no answer: a timeout, tried once more, then says so', async () => {
    withFault({ kind: 'hang' });
    // The proxy never answers, so the short timeout is a floor, not a race against the machine.
    const impatient = { ...connection, timeoutMs: 400 };
    for (const run of [readDefinition, query]) {
      proxy.requests.length = 0;
      const error = await failure(() => run(impatient));
      assert.equal(error.kind, 'timeout');
      assert.match(error.message, /did not answer within 400 ms\. Check that it is running and not overloaded/);
      assert.equal(proxy.requests.length, 2, 'one retry after a timeout');
    }
  });

  it('slow answers inside the timeout are simply waited for', async () => {
    withFault({ kind: 'slow', delayMs: 150 });
    assert.equal(((await readDefinition()) as { value: { qualifiedName: string } }).value.qualifiedName, 'io.fault.tier');
    assert.equal((await query()).__typename, 'Query');
  });

  it('401 and 403 are not retried and say what to do with the token', async () => {
    for (const run of [readDefinition, query]) {
      withFault({ kind: 'status', status: 401 });
      const unauthorized = await failure(run);
      assert.equal(unauthorized.kind, 'unauthorized');
      assert.match(unauthorized.message, /refused the token \(HTTP 401\); it is wrong or has expired\. Supply a valid personal access token/);
      assert.equal(proxy.requests.length, 1);
      withFault({ kind: 'status', status: 403 });
      const forbidden = await failure(run);
      assert.equal(forbidden.kind, 'forbidden');
      assert.match(forbidden.message, /may not do this \(HTTP 403.*Ask a catalog administrator/);
      assert.equal(proxy.requests.length, 1);
    }
  });

  it('429 with Retry-After: reads wait as asked and then succeed', async () => {
    for (const run of [readDefinition, query]) {
      withFault({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, 1);
      await run();
      assert.equal(proxy.requests.length, 2);
      assert.ok(proxy.requests[1].at - proxy.requests[0].at >= 950, `waited ${proxy.requests[1].at - proxy.requests[0].at} ms for Retry-After: 1`);
    }
  });

  it('429 that does not stop: three tries, then a message that says to wait', async () => {
    withFault({ kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    const error = await failure(readDefinition);
    assert.equal(error.status, 429);
    assert.match(error.message, /too many requests and asked to slow down \(HTTP 429\)\. Nothing was changed by this request; wait 1 s and try again\./);
    assert.equal(proxy.requests.length, 3);
  });

  it('Retry-After is capped, and backoff grows without it', () => {
    const hour = new ServiceError('rejected', 'busy', 429, { transient: true, retryAfterMs: 3_600_000 });
    assert.equal(retryDelayMs(hour, 0), MAX_RETRY_DELAY_MS);
    const plain = new ServiceError('badResponse', 'HTTP 503', 503, { transient: true });
    assert.ok(retryDelayMs(plain, 2, () => 1) > retryDelayMs(plain, 0, () => 1));
  });

  it('500 twice: reads retry with backoff and succeed on the third try', async () => {
    for (const run of [readDefinition, query, () => listPropertyDefinitions(connection)]) {
      withFault({ kind: 'status', status: 500 }, 2);
      await run();
      assert.equal(proxy.requests.length, 3);
      assert.ok(proxy.requests[1].at - proxy.requests[0].at >= 100, 'a pause before the first retry');
    }
  });

  it('500 on a write: sent once, never repeated, and reported', async () => {
    withFault({ kind: 'status', status: 500 });
    const error = await failure(() => postAspect(connection, 'dataset', datasetUrn('db.fault_write'), 'status', { removed: false }));
    assert.equal(error.kind, 'badResponse');
    assert.match(error.message, /failed with HTTP 500.*Try again later/);
    assert.equal(proxy.requests.length, 1);
    withFault({ kind: 'status', status: 503 });
    await failure(() => updateLineage(connection, [{ downstreamUrn: datasetUrn('db.a'), upstreamUrn: datasetUrn('db.b') }], []));
    assert.equal(proxy.requests.length, 1, 'a GraphQL mutation is not retried');
    withFault({ kind: 'hang' });
    await failure(() => postAspect(connection, 'dataset', datasetUrn('db.fault_write'), 'status', { removed: false }));
    assert.equal(proxy.requests.length, 1, 'a write that timed out is not repeated');
  });

  it('truncated body: the broken connection is named, and a read succeeds on retry', async () => {
    withFault({ kind: 'truncate' });
    const error = await failure(readDefinition);
    assert.equal(error.kind, 'unreachable');
    assert.match(error.message, /broke before the answer was complete/);
    withFault({ kind: 'truncate' }, 1);
    await readDefinition();
    withFault({ kind: 'truncate' }, 1);
    await scrollLineage(connection, { urn: datasetUrn('db.none'), direction: 'DOWNSTREAM', degrees: ['1'], count: 5 });
    assert.equal(proxy.requests.length, 2);
  });

  it('a body that is not JSON: badResponse, says the URL may point at a web page', async () => {
    withFault({ kind: 'nonJson' });
    const rest = await failure(readDefinition);
    assert.equal(rest.kind, 'badResponse');
    assert.match(rest.message, /not JSON\. Check that the URL points at the catalog service/);
    const graph = await failure(query);
    assert.equal(graph.kind, 'badResponse');
    assert.match(graph.message, /answered a GraphQL request with something that is not JSON/);
  });

  it('a redirect to another origin is not followed: nothing, and no token, reaches it', async () => {
    withFault({ kind: 'redirect', status: 307 });
    for (const run of [readDefinition, query, () => postAspect(connection, 'dataset', datasetUrn('db.redirected'), 'status', { removed: false })]) {
      const error = await failure(run);
      assert.equal(error.kind, 'badResponse');
      assert.match(error.message, new RegExp(`redirect \\(HTTP 307\\) to ${proxy.redirectTargetUrl.replace(/[.]/g, '\\.')}\\. Catalog Code does not follow redirects`));
    }
    assert.deepEqual(proxy.redirectedRequests, [], 'the other origin received nothing');
    seenByProxy.push(...proxy.requests.splice(0));
    const stored = await service.call('GET', `/openapi/v2/entity/dataset/${encodeURIComponent(datasetUrn('db.redirected'))}/status`);
    assert.equal(stored.status, 404, 'the redirected write was not stored anywhere');
  });

  it('the token went only to the proxy, only as the Authorization header', () => {
    proxy.setRules([]);
    const all = [...seenByProxy, ...proxy.requests];
    assert.ok(all.length > 30, `the proxy saw the requests of every test (${all.length})`);
    for (const request of all) {
      assert.equal(request.headers.authorization, `Bearer ${TEST_TOKEN}`, `${request.method} ${request.path} carried the token as a bearer header`);
      assert.ok(!request.path.includes(TEST_TOKEN) && !request.body.includes(TEST_TOKEN), `${request.method} ${request.path} carries the token outside the header`);
    }
  });
});

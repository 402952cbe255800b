import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_TOKEN, datasetUrn, startTestService, type TestService } from '../service/helpers';
import { refusedUrl, startFaultProxy, type FaultProxy, type RecordedRequest } from '../support/faultProxy';
import { runCli, type CliRun } from './cli';

/**
 * `catalog-code push` and `catalog-code lineage` against a faulty service: the words on stderr
 * say what broke and what to do, the exit code says it failed, a partly failed push names the
 * failed items and a second run sends only those, and the token is printed nowhere.
 */

const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'sample-catalog');
const MART = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,marts.revenue_daily,PROD)';
const isWrite = (r: RecordedRequest) => r.method !== 'GET' && !(r.path === '/api/graphql' && !r.body.includes('mutation'));

describe('CLI against a faulty service', () => {
  let service: TestService;
  let proxy: FaultProxy;
  let files: string;
  const runs: CliRun[] = [];
  const cli = async (args: string[], url: string) => {
    const run = await runCli(args, { CATALOG_TOKEN: TEST_TOKEN, CATALOG_SERVICE_URL: url });
    runs.push(run);
    return run;
  };
  const push = (url = proxy.url) => cli(['push', files, '--yes'], url);

  before(async () => {
    service = await startTestService();
    proxy = await startFaultProxy(service.url);
    files = mkdtempSync(join(tmpdir(), 'catalog-cli-faults-'));
    // 06 conflicts with 05 (see pushFaults.test.ts); the rest converges.
    for (const name of readdirSync(SAMPLE).filter((n) => n !== '06-lineage-edges.yaml')) copyFileSync(join(SAMPLE, name), join(files, name));
  });
  after(async () => {
    for (const run of runs) {
      assert.ok(!run.stdout.includes(TEST_TOKEN) && !run.stderr.includes(TEST_TOKEN), `the CLI printed the token:\n${run.stdout}\n${run.stderr}`);
    }
    await proxy.close();
    await service.close();
    rmSync(files, { recursive: true, force: true });
  });

  it('refused connection: says it could not reach the service, exit 1', async () => {
    const run = await push(await refusedUrl());
    assert.equal(run.code, 1);
    assert.match(run.stderr, /Could not plan the push: The catalog service at http:\/\/127\.0\.0\.1:\d+ could not be reached \(ECONNREFUSED\)\. Check that it is running and that the URL is right\./);
  });

  it('401 and 403: says what to do with the token', async () => {
    proxy.setRules([{ fault: { kind: 'status', status: 401 } }]);
    const unauthorized = await push();
    assert.equal(unauthorized.code, 1);
    assert.match(unauthorized.stderr, /refused the token \(HTTP 401\); it is wrong or has expired\. Supply a valid personal access token .*set CATALOG_TOKEN.*"Catalog Code: Sign In"/);
    proxy.setRules([{ fault: { kind: 'status', status: 403 } }]);
    const forbidden = await push();
    assert.match(forbidden.stderr, /may not do this \(HTTP 403.*Ask a catalog administrator for the privilege/);
  });

  it('redirect and non-JSON answers: named as such, nothing sent elsewhere', async () => {
    proxy.setRules([{ fault: { kind: 'redirect', status: 302 } }]);
    const redirected = await push();
    assert.equal(redirected.code, 1);
    assert.match(redirected.stderr, /with a redirect \(HTTP 302\) to http:\/\/127\.0\.0\.1:\d+\. Catalog Code does not follow redirects/);
    assert.deepEqual(proxy.redirectedRequests, []);
    proxy.setRules([{ fault: { kind: 'nonJson' } }]);
    const html = await push();
    assert.match(html.stderr, /with something that is not JSON\. Check that the URL points at the catalog service/);
  });

  it('reads ride out 429 and 500 by retrying; lineage prints its tree', async () => {
    proxy.setRules([
      { fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } }, times: 1 },
      { fault: { kind: 'status', status: 503 }, times: 1 },
    ]);
    const root = datasetUrn('db.lineage_root');
    const created = await service.call('POST', `/openapi/v2/entity/dataset/${encodeURIComponent(root)}/status`, { body: { removed: false } });
    assert.equal(created.status, 200);
    proxy.requests.length = 0;
    const run = await cli(['lineage', root, '--direction', 'downstream'], proxy.url);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.stdout.includes(root), run.stdout);
    assert.deepEqual(proxy.requests.slice(0, 3).map((r) => r.fault), ['status', 'status', 'pass'], 'the first query was tried three times');
  });

  it('a push with one failing write: names it, exit 1; the next push sends only that one', async () => {
    // The values of a mart: nothing else in the push depends on them, so the failure cannot cascade.
    // It goes out in an OpenAPI v3 batch with the other values; the failed batch is resent item by
    // item, and the mart's own request fails again.
    const failing = (r: RecordedRequest) =>
      r.method === 'POST' &&
      (r.path.startsWith(`/openapi/v2/entity/dataset/${encodeURIComponent(MART)}/structuredProperties`) || (r.path.startsWith('/openapi/v3/entity/dataset') && r.body.includes(JSON.stringify(MART))));
    proxy.setRules([{ match: failing, fault: { kind: 'status', status: 500 } }]);
    proxy.requests.length = 0;
    const run = await push();
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const failedLine = run.stdout.split('\n').filter((l) => l.includes('✗'));
    assert.equal(failedLine.length, 1, run.stdout);
    assert.ok(failedLine[0].includes(`✗ ${MART} — Structured properties`), failedLine[0]);
    assert.match(failedLine[0], /failed with HTTP 500 \(Injected HTTP 500: injected by the fault proxy\)\. Try again later/);
    assert.match(run.stderr, /1 item\(s\) failed:[\s\S]*Fix the cause and push again: only what is still missing will be sent\./);
    const sentFirst = proxy.requests.filter(isWrite).length;
    assert.ok(sentFirst > 5);

    proxy.setRules([]);
    proxy.requests.length = 0;
    const again = await push();
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.equal(proxy.requests.filter(isWrite).length, 1, `only the failed item was sent again:\n${again.stdout}`);
    assert.match(again.stdout, /Pushed 1 of 1 item\(s\)\./);
  });
});

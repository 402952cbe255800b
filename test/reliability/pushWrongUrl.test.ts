import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postAspect } from '../../core/api/pushClient';
import { isServiceError } from '../../core/api/errors';
import { TEST_TOKEN, startTestService, type TestService } from '../service/helpers';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';
import { runCli } from './cli';

/**
 * The attack is a wrong URL: `push` against the real local catalog under a base path it does not
 * serve (`…/gms`, the shape of a DataHub frontend's proxy path). Every write answers 404; before
 * the fix the push printed "Pushed 6 of 6", exited 0 and the catalog held nothing. Now the push
 * fails, exits non-zero, names the URL that answered, and claims no write. The same for a service
 * that answers an empty 200 to every write (a proxy or a web server in the way). The VS Code push
 * runs the same core/plan + core/api code, so it fails the same way.
 */

const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'sample-catalog');

describe('push against a wrong URL tells the truth', () => {
  let service: TestService;
  let proxy: FaultProxy;
  let files: string;

  before(async () => {
    service = await startTestService();
    proxy = await startFaultProxy(service.url);
    files = mkdtempSync(join(tmpdir(), 'catalog-wrong-url-'));
    for (const name of readdirSync(SAMPLE).filter((n) => n !== '06-lineage-edges.yaml')) copyFileSync(join(SAMPLE, name), join(files, name));
  });
  after(async () => {
    await proxy.close();
    await service.close();
    rmSync(files, { recursive: true, force: true });
  });

  it('a base path the service does not serve (…/gms): non-zero exit, the 404 URL named, nothing claimed', async () => {
    const wrong = `${service.url}/gms`;
    const run = await runCli(['push', files, '--yes'], { CATALOG_TOKEN: TEST_TOKEN, CATALOG_SERVICE_URL: wrong });
    assert.notEqual(run.code, 0, `push must fail:\n${run.stdout}\n${run.stderr}`);
    const output = run.stdout + run.stderr;
    assert.doesNotMatch(output, /Pushed (\d+) of \1\b/, `push must not report every item pushed:\n${output}`);
    // Planning finds it first now: the GraphQL endpoint under that base answers 404.
    assert.match(output, new RegExp(`${wrong.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\S* (answered|has no GraphQL endpoint at /api/graphql \\()HTTP 404`), `the message names the URL that answered 404:\n${output}`);
    // The catalog really holds nothing: the honest client sees an empty catalog.
    const list = await service.call('GET', '/openapi/v2/entity/dataset?count=10');
    assert.equal(list.status, 200);
    assert.equal((list.json as { totalCount: number }).totalCount, 0, 'the wrong URL must not have written anything');
    assert.ok(!output.includes(TEST_TOKEN), 'the token is never printed');
  });

  it('plan at a base path the service does not serve (…/gms) fails and names it, instead of planning every aspect as new', async () => {
    const wrong = `${service.url}/gms`;
    const run = await runCli(['plan', files, '--detailed-exitcode'], { CATALOG_TOKEN: TEST_TOKEN, CATALOG_SERVICE_URL: wrong });
    const output = run.stdout + run.stderr;
    assert.equal(run.code, 1, `plan must fail with 1 (a service failure):\n${output}`);
    assert.match(output, /has no GraphQL endpoint at \/api\/graphql \(HTTP 404\)/);
    assert.doesNotMatch(output, /Summary: \d+ to add/, 'no plan is shown');
  });

  it('plan against a service that refuses every read (400) fails with its first refusal, instead of planning every aspect as new', async () => {
    proxy.setRules([{ fault: { kind: 'status', status: 400, body: '{"error":"Bad Request","message":"no"}' }, match: (r) => r.path !== '/health' }]);
    try {
      const run = await runCli(['plan', files], { CATALOG_TOKEN: TEST_TOKEN, CATALOG_SERVICE_URL: proxy.url });
      const output = run.stdout + run.stderr;
      assert.equal(run.code, 1, output);
      assert.match(output, /refused every read the plan needs \(\d+ of \d+\)/);
      assert.doesNotMatch(output, /Summary: \d+ to add/, 'no plan is shown');
    } finally {
      proxy.setRules([]);
    }
  });

  it('an empty 200 to a write is a failure that names the URL', async () => {
    proxy.setRules([{ fault: { kind: 'status', status: 200, body: '' }, match: (r) => r.method === 'POST' && r.path.startsWith('/openapi/v2/') }]);
    try {
      await assert.rejects(
        () => postAspect({ url: proxy.url, token: TEST_TOKEN }, 'dataset', 'urn:li:dataset:(urn:li:dataPlatform:hive,db.empty,PROD)', 'status', { removed: false }),
        (error: unknown) => {
          assert.ok(isServiceError(error));
          assert.match(error.message, new RegExp(`POST ${proxy.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/openapi/v2/entity/dataset/\\S+/status answered with an empty body`));
          assert.match(error.message, /cannot confirm that anything was written/);
          return true;
        },
      );
      const run = await runCli(['push', files, '--yes'], { CATALOG_TOKEN: TEST_TOKEN, CATALOG_SERVICE_URL: proxy.url });
      assert.notEqual(run.code, 0, `push must fail:\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout + run.stderr, /answered with an empty body instead of \{"urn": \.\.\., "aspects": \{\.\.\.\}\}/);
    } finally {
      proxy.setRules([]);
    }
  });

  it('the right URL still pushes, and says so', async () => {
    const run = await runCli(['push', files, '--yes'], { CATALOG_TOKEN: TEST_TOKEN, CATALOG_SERVICE_URL: service.url });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const list = await service.call('GET', '/openapi/v2/entity/dataset?count=10');
    assert.ok((list.json as { totalCount: number }).totalCount > 0);
  });
});

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestCatalog, TOKEN, type TestCatalog } from '../integration/catalog';

/**
 * The attack is an honest mistake: a definitions file removes an allowed value the catalog holds,
 * without a new version. `validate --service` calls it an error (definition.breakingChange), and
 * the service refuses the write. `plan` and `push` used to go ahead (the push checks compared the
 * files' definitions with none of the service's), so a push wrote the other items and then failed
 * on this one: half a push. Now both stop before anything is sent, as validate does.
 */

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(process.cwd(), 'dist', 'cli.js'), ...args], { env: { ...process.env, CATALOG_SERVICE_URL: '', CATALOG_TOKEN: TOKEN } }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

const properties = (values: readonly string[]) => ['- id: io.acme.tier', '  type: string', '  entity_types: [dataset]', '  allowed_values:', ...values.map((value) => `    - value: ${value}`), ''].join('\n');
const DATASET = ['- id: orders', '  platform: hive', '  structured_properties:', '    io.acme.tier: gold', ''].join('\n');

describe('a breaking definition change stops plan and push before anything is sent', () => {
  let catalog: TestCatalog;
  before(async () => {
    catalog = await startTestCatalog();
    catalog.write('props.yaml', properties(['gold', 'silver']));
    const pushed = await cli(['push', catalog.files, '--service', catalog.url, '--yes']);
    assert.equal(pushed.code, 0, pushed.stderr);
  });
  after(() => catalog.close());

  it('plan --detailed-exitcode and push exit 1 on definition.breakingChange; the catalog keeps its definition, and the dataset is not written', async () => {
    catalog.write('props.yaml', properties(['gold']));
    catalog.write('datasets.yaml', DATASET);
    const planned = await cli(['plan', catalog.files, '--service', catalog.url, '--detailed-exitcode']);
    assert.equal(planned.code, 1, planned.stdout + planned.stderr);
    assert.match(planned.stdout + planned.stderr, /error definition\.breakingChange: This removes the allowed value 'silver'/);
    const pushed = await cli(['push', catalog.files, '--service', catalog.url, '--yes']);
    assert.equal(pushed.code, 1, pushed.stdout + pushed.stderr);
    assert.match(pushed.stdout + pushed.stderr, /Nothing was pushed because the files have errors/);
    const validated = await cli(['validate', catalog.files, '--service', catalog.url]);
    assert.equal(validated.code, 1, 'validate --service says the same');
    const orders = await fetch(`${catalog.url}/openapi/v2/entity/dataset/${encodeURIComponent('urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)')}/structuredProperties`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(orders.status, 404, 'nothing of the push was written');
  });
});

// `push` checks values before it sends anything, as `validate --service` does: against the
// service's definitions, and against the definitions the same push writes first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startService } from '../../service/main';
import { runCli, type CliRun } from '../reliability/cli';

const token = `push-checks-${process.pid}`;
let service: { url: string; close(): Promise<void> };

before(async () => {
  const seeds = [resolve(__dirname, '..', 'protocol', 'fixtures', 'catalog', 'properties.yaml')];
  service = await startService({ host: '127.0.0.1', port: 0, dataDir: mkdtempSync(join(tmpdir(), 'cc-push-checks-')), token, seeds });
});
after(() => service.close());

const push = (dir: string): Promise<CliRun> => runCli(['push', dir, '--service', service.url, '--dry-run'], { CATALOG_TOKEN: token });

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cc-push-checks-files-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

test('a value the service would refuse (not an allowed value of its definition) stops the push before anything is read or sent', async () => {
  const dir = folderWith({ 'orders.yaml': '- id: sales.orders\n  platform: hive\n  structured_properties:\n    io.acryl.dataManagement.classification: Secret\n' });
  const result = await push(dir);
  assert.equal(result.code, 1, result.stdout + result.stderr);
  assert.match(result.stderr, /orders\.yaml:4:\d+: error property\.notAllowedValue: .*Secret/);
  assert.match(result.stderr, /Nothing was pushed because the files have errors/);
  assert.doesNotMatch(result.stdout, /Push plan|Reading the current state/);
});

/** A definition that allows Secret, and a dataset that uses it: the service does not allow it yet. */
const DEFINED_IN_THE_SAME_PUSH = {
  'properties.yaml':
    '- id: io.acryl.dataManagement.classification\n  type: string\n  cardinality: SINGLE\n  display_name: Classification\n  entity_types:\n    - dataset\n    - schemaField\n' +
    '  allowed_values:\n    - value: Public\n    - value: Internal\n    - value: Confidential\n    - value: Secret\n',
  'orders.yaml': '- id: sales.orders\n  platform: hive\n  structured_properties:\n    io.acryl.dataManagement.classification: Secret\n',
};

test('a value allowed by the definition the same push writes first passes the check, though the service does not allow it yet', async () => {
  const dir = folderWith(DEFINED_IN_THE_SAME_PUSH);
  const result = await push(dir);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /Dry run: nothing was sent\./);
});

// `plan` checks the files as push does, so plan and push agree on what the service would refuse.
const plan = (dir: string): Promise<CliRun> =>
  runCli(['plan', dir, '--service', service.url, '--detailed-exitcode', '--no-impact'], { CATALOG_TOKEN: token });

test('plan stops (exit 1, no plan) on a value the service would refuse, as push does', async () => {
  const dir = folderWith({ 'orders.yaml': '- id: sales.orders\n  platform: hive\n  structured_properties:\n    io.acryl.dataManagement.classification: Secret\n' });
  const result = await plan(dir);
  assert.equal(result.code, 1, result.stdout + result.stderr);
  assert.match(result.stderr, /orders\.yaml:4:\d+: error property\.notAllowedValue: .*Secret/);
  assert.match(result.stderr, /No plan: the files have errors/);
  assert.equal(result.stdout, '');
});

test('plan accepts a value allowed by the definition the same push writes first, as push does', async () => {
  const dir = folderWith(DEFINED_IN_THE_SAME_PUSH);
  const result = await plan(dir);
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.match(result.stdout, /sales\.orders/);
});

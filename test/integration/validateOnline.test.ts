import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startService } from '../../service/main';

const repo = resolve(__dirname, '..', '..');
const cli = join(repo, 'dist', 'cli.js');
const token = `validate-online-${process.pid}`;
let service: { url: string; close(): Promise<void> };

before(async () => {
  service = await startService({
    host: '127.0.0.1',
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'cc-validate-online-')),
    token,
    seeds: [join(repo, 'test', 'protocol', 'fixtures', 'catalog', 'properties.yaml')],
  });
});
after(() => service.close());

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, cwd: repo });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

const dataset = `- id: sales.orders
  platform: hive
  structured_properties:
    io.acryl.dataManagement.classification: Secret
    io.acryl.privacy.retentionTime: 30
`;

test('offline, a value of a property defined only in the service is unknown to the files: quiet (no definitions in the workspace)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-online-'));
  writeFileSync(join(dir, 'orders.yaml'), dataset);
  const result = await runCli(['validate', dir, '--format', 'json'], {});
  const codes = (JSON.parse(result.stdout) as { code: string }[]).map((d) => d.code);
  assert.ok(!codes.includes('property.notAllowedValue'), result.stdout);
});

test('with --service, values are checked against the live definitions and edges against existing entities', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-online-'));
  writeFileSync(join(dir, 'orders.yaml'), dataset);
  writeFileSync(
    join(dir, 'edges.yaml'),
    'edgesToAdd:\n  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)\n    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,nowhere,PROD)\nedgesToRemove: []\n',
  );
  const result = await runCli(['validate', dir, '--format', 'json', '--service', service.url], { CATALOG_TOKEN: token });
  assert.equal(result.code, 1, result.stderr);
  const diagnostics = JSON.parse(result.stdout) as { code: string; message: string }[];
  const notAllowed = diagnostics.find((d) => d.code === 'property.notAllowedValue');
  assert.ok(notAllowed, result.stdout);
  assert.match(notAllowed.message, /Secret/);
  assert.ok(diagnostics.some((d) => d.code === 'lineage.unknownEntity' && /nowhere/.test(d.message)), result.stdout);
  assert.ok(!result.stdout.includes(token) && !result.stderr.includes(token));
});

test('with --service and a wrong token, validate says why in words and exits 1 (the service failed, as plan exits) without the token', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-online-'));
  writeFileSync(join(dir, 'orders.yaml'), dataset);
  const result = await runCli(['validate', dir, '--service', service.url], { CATALOG_TOKEN: 'wrong-token-value' });
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stderr, /Cannot check against .*401|token/i);
  assert.ok(!result.stderr.includes('wrong-token-value'));
});

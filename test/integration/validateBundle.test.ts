import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// validate's own bundle (dist/cli-validate.js, cli/validate/validateMain.ts) leaves the service client and
// GraphQL out — unused offline, they cost about 2.7 MiB of peak memory — and hands a run with
// --service to the whole CLI's bundle (dist/cli-main.js). Needs the bundles: `node esbuild.mjs`.

const repo = process.cwd();
const validateBundle = join(repo, 'dist', 'cli-validate.js');
const wholeCli = join(repo, 'dist', 'cli-main.js');

function lineageFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cc-validate-bundle-'));
  const file = join(dir, 'edges.yaml');
  writeFileSync(file, ['edgesToAdd:', '  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)', '    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,raw.orders,PROD)', ''].join('\n'));
  return file;
}

/** A port on 127.0.0.1 nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  assert.ok(address && typeof address === 'object');
  return address.port;
}

test('the validate bundle carries no GraphQL client; the whole CLI does', () => {
  assert.ok(existsSync(validateBundle) && existsSync(wholeCli), 'build the bundles first: node esbuild.mjs');
  const validate = readFileSync(validateBundle, 'utf8');
  const whole = readFileSync(wholeCli, 'utf8');
  assert.ok(whole.includes('GraphQLClient'), 'the marker is in the whole CLI, so its absence below means something');
  assert.ok(!validate.includes('GraphQLClient'), 'graphql-request is in dist/cli-validate.js again: keep the service steps in cli/validate/validateService.ts');
  assert.equal(Buffer.byteLength(validate, 'utf8'), validate.length, 'dist/cli-validate.js is ASCII (a one-byte string for V8)');
});

test('validate --service through the validate bundle is run by the whole CLI and reaches the service code', async () => {
  const url = `http://127.0.0.1:${await closedPort()}`;
  const result = spawnSync(process.execPath, [validateBundle, 'validate', lineageFile(), '--service', url], { cwd: repo, encoding: 'utf8' });
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, /did not answer GET \/health/);
  assert.match(result.stderr, /Cannot check against http:\/\/127\.0\.0\.1:\d+: /);
  assert.doesNotMatch(result.stderr, /failed unexpectedly|without the service client/);
});

test('validate without --service stays in the validate bundle and checks offline', () => {
  const result = spawnSync(process.execPath, [validateBundle, 'validate', lineageFile(), '--format', 'json'], { cwd: repo, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, /^Target: offline/);
  assert.deepEqual(JSON.parse(result.stdout), []);
});

// A 401/403 says what to do in any surface, and tells apart "no token was sent" from "the token
// was refused": through the real CLI against a real local catalog that requires a token.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../service/main';
import { errorForStatus } from '../../core/api/errors';
import { runCli } from '../reliability/cli';

const token = `auth-messages-${process.pid}`;
let service: { url: string; close(): Promise<void> };

before(async () => {
  service = await startService({ host: '127.0.0.1', port: 0, dataDir: mkdtempSync(join(tmpdir(), 'cc-auth-messages-')), token, seeds: [] });
});
after(() => service.close());

// The local catalog's GraphQL endpoint always needs a token (service/http/graphqlRoute.ts), even on loopback.
const lineage = (env: Record<string, string | undefined>) =>
  runCli(['lineage', 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)', '--service', service.url], env);

test('no token sent: the CLI says none was sent and how to supply one (CATALOG_TOKEN, or Sign In in VS Code), not that a token was refused', async () => {
  const run = await lineage({});
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stderr, /needs a token and none was sent \(HTTP 401\)\. Supply a personal access token \(the CLI and other editors: set CATALOG_TOKEN .*; VS Code: run "Catalog Code: Sign In"\)\./);
  assert.doesNotMatch(run.stderr, /refused the token/);
});

test('a wrong token: the CLI says the token was refused, without printing it', async () => {
  const run = await lineage({ CATALOG_TOKEN: 'not-the-right-token' });
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stderr, /refused the token \(HTTP 401\); it is wrong or has expired\. Supply a valid personal access token \(.*CATALOG_TOKEN.*"Catalog Code: Sign In"\)\./);
  assert.ok(!run.stderr.includes('not-the-right-token'));
});

test('403 without a token asks for one; 403 with a token asks for the privilege', () => {
  assert.match(errorForStatus('http://catalog', 403, '', false).message, /sent without a token \(HTTP 403\)\. Supply a personal access token .*CATALOG_TOKEN/);
  assert.match(errorForStatus('http://catalog', 403, 'no privilege', true).message, /the token may not do this \(HTTP 403: no privilege\)\. Ask a catalog administrator/);
});

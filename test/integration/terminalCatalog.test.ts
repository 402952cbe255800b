import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startLocalCatalog } from '../../client/connection/localCatalog';
import { CONNECTION_FILE_NAME, connectionFileText } from '../../core/api/localCatalogToken';
import { budgetMs } from '../support/timeScale';

/**
 * Editor and terminal reach the same catalog (issue 23): the local catalog started as the extension
 * starts it (client/connection/localCatalog.ts, its token passed by environment) writes its token
 * file bound to its URL, and `catalog-code plan` with nothing but CATALOG_SERVICE_URL — what the
 * editor's integrated terminals get — works against it. Then the attacks: a token file that is not
 * private, not a regular file, bound to another origin, or a URL off this machine → no token sent,
 * checked on the wire by a recording server.
 */

const cliPath = join(process.cwd(), 'dist', 'cli.js');
const root = mkdtempSync(join(tmpdir(), 'catalog-terminal-'));
after(() => rmSync(root, { recursive: true, force: true }));

const PROPERTIES = `- id: io.acme.team
  type: string
  cardinality: SINGLE
  display_name: Team
  entity_types: [dataset]
`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node dist/cli.js …` in `cwd` with only the variables given (no CATALOG_TOKEN from this process). */
function cli(args: string[], cwd: string, env: Record<string, string>): Promise<Run> {
  const base = { ...process.env };
  delete base.CATALOG_TOKEN;
  delete base.CATALOG_SERVICE_URL;
  delete base.CATALOG_TOKEN_FILE;
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath, ...args], { cwd, env: { ...base, ...env }, timeout: budgetMs(120_000) }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

function workspace(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'properties.yaml'), PROPERTIES);
  return dir;
}

describe('catalog-code in the editor’s terminal reaches the local catalog the editor started', () => {
  it('plans and validates with only CATALOG_SERVICE_URL set, says the target and where the token came from, never the token', async () => {
    const dir = workspace('editor');
    const token = randomBytes(24).toString('base64url');
    const catalog = await startLocalCatalog({ cliPath, dataDir: join(dir, '.catalog'), token, startTimeoutMs: budgetMs(60_000) });
    try {
      const tokenFile = join(dir, '.catalog', CONNECTION_FILE_NAME);
      assert.equal(statSync(tokenFile).mode & 0o777, 0o600);
      assert.match(readFileSync(join(dir, '.catalog', '.gitignore'), 'utf8'), /^\*$/m, 'the data folder keeps itself out of git');
      mkdirSync(join(dir, 'sub'));
      const run = await cli(['plan', '..'], join(dir, 'sub'), { CATALOG_SERVICE_URL: catalog.url });
      assert.equal(run.code, 0, run.stderr + run.stdout);
      assert.ok(run.stderr.includes(`Target: the local catalog at ${catalog.url}. Token from ${tokenFile}.`), run.stderr);
      assert.match(run.stdout, /io\.acme\.team/);
      assert.ok(!run.stdout.includes(token) && !run.stderr.includes(token), 'the token is never printed');

      // One connection rule (issue 37): validate reads CATALOG_SERVICE_URL and the token file as plan does.
      const fromVariable = await cli(['validate', '.'], dir, { CATALOG_SERVICE_URL: catalog.url });
      assert.equal(fromVariable.code, 0, fromVariable.stderr + fromVariable.stdout);
      assert.ok(fromVariable.stderr.includes(`Target: the local catalog at ${catalog.url}. Token from ${tokenFile}.`), fromVariable.stderr);
      const offline = await cli(['validate', '--target', 'offline', '.'], dir, { CATALOG_SERVICE_URL: catalog.url });
      assert.match(offline.stderr, /Target: offline \(the files alone, no catalog service\)\. CATALOG_SERVICE_URL is set; --target offline leaves it out\./);
      const checked = await cli(['validate', '--service', catalog.url, '.'], dir, {});
      assert.equal(checked.code, 0, checked.stderr);
      assert.ok(checked.stderr.includes(`Target: the local catalog at ${catalog.url}.`), checked.stderr);
    } finally {
      await catalog.stop();
    }
    assert.equal(existsSync(join(dir, '.catalog', CONNECTION_FILE_NAME)), false, 'the token file goes when the catalog stops');
    // A terminal whose catalog has stopped (or a commit hook run from it) still validates the files alone.
    const stale = await cli(['validate', '.'], dir, { CATALOG_SERVICE_URL: catalog.url });
    assert.equal(stale.code, 0, stale.stderr);
    assert.match(stale.stderr, /Target: offline \(the files alone, no catalog service\)\. \(CATALOG_SERVICE_URL did not answer; --service URL makes that an error\.\)/);
  });
});

/** An HTTP server on `host` that answers 401 to everything and records the headers it was sent. */
async function recordingServer(host = '127.0.0.1'): Promise<{ url: string; seen: IncomingHttpHeaders[]; server: Server }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return { url: `http://${host}:${port}`, seen, server };
}

/** A workspace whose `.catalog/connection.json` is a valid private file bound to `url`, then changed by `spoil`. */
function tokenWorkspace(name: string, url: string, spoil?: (file: string) => void): { dir: string; token: string } {
  const dir = workspace(name);
  mkdirSync(join(dir, '.catalog'));
  const file = join(dir, '.catalog', CONNECTION_FILE_NAME);
  const token = `planted-${name}-${randomBytes(12).toString('hex')}`;
  // This test process stands in for the running catalog (the file names a live process).
  writeFileSync(file, connectionFileText({ url, token, pid: process.pid }), { mode: 0o600 });
  spoil?.(file);
  return { dir, token };
}

describe('a token file that is not private or not bound to the URL sends no token (recording server)', () => {
  const attacks: { name: string; note: RegExp; spoil: (file: string, other: string) => void }[] = [
    { name: 'mode0644', note: /mode 0644/, spoil: (file) => chmodSync(file, 0o644) },
    {
      name: 'symlink',
      note: /symbolic link/,
      spoil: (file, other) => {
        rmSync(file);
        symlinkSync(other, file);
      },
    },
    {
      name: 'fifo',
      note: /FIFO/,
      spoil: (file) => {
        rmSync(file);
        execFileSync('mkfifo', ['-m', '600', file]);
      },
    },
    { name: 'otherOrigin', note: /not of http:\/\/127\.0\.0\.1:\d+/, spoil: (file) => writeFileSync(file, connectionFileText({ url: 'http://127.0.0.1:1', token: 'other-origin-token-123456', pid: process.pid }), { mode: 0o600 }) },
    { name: 'deadProcess', note: /no longer running/, spoil: (file) => writeFileSync(file, connectionFileText({ url: readUrl(file), token: 'dead-process-token-123456', pid: 999_999_999 }), { mode: 0o600 }) },
  ];

  it('a valid file bound to the URL is sent (the recording works)', async () => {
    const recorder = await recordingServer();
    try {
      const { dir, token } = tokenWorkspace('valid', recorder.url);
      const run = await cli(['plan', '.'], dir, { CATALOG_SERVICE_URL: recorder.url });
      assert.equal(run.code, 1);
      assert.ok(recorder.seen.some((headers) => headers.authorization === `Bearer ${token}`), 'the bound token went to its own origin');
    } finally {
      recorder.server.close();
    }
  });

  for (const attack of attacks) {
    it(`${attack.name}: nothing sent, and the CLI says why the file was not used`, async () => {
      const recorder = await recordingServer();
      try {
        const valid = tokenWorkspace(`${attack.name}-target`, recorder.url);
        const { dir } = tokenWorkspace(attack.name, recorder.url, (file) => attack.spoil(file, join(valid.dir, '.catalog', CONNECTION_FILE_NAME)));
        const run = await cli(['plan', '.'], dir, { CATALOG_SERVICE_URL: recorder.url });
        assert.equal(run.code, 1, run.stderr);
        assert.ok(recorder.seen.length > 0, 'the CLI did talk to the server');
        assert.deepEqual(recorder.seen.map((headers) => headers.authorization).filter(Boolean), [], 'no Authorization header');
        assert.match(run.stderr, /Not using the token file /);
        assert.match(run.stderr, attack.note);
        assert.match(run.stderr, /needs a token and none was sent \(HTTP 401\)/);
      } finally {
        recorder.server.close();
      }
    });
  }

  it('a URL that is not on this machine: the file is not even read, nothing is sent', async (t) => {
    let recorder: Awaited<ReturnType<typeof recordingServer>>;
    try {
      recorder = await recordingServer('192.0.2.2');
    } catch {
      t.skip('this machine has no address 192.0.2.2 to stand for another machine (the unit test covers the rule)');
      return;
    }
    try {
      const { dir } = tokenWorkspace('remote', recorder.url);
      const run = await cli(['plan', '.'], dir, { CATALOG_SERVICE_URL: recorder.url });
      assert.equal(run.code, 1);
      assert.ok(recorder.seen.length > 0);
      assert.deepEqual(recorder.seen.map((headers) => headers.authorization).filter(Boolean), []);
      assert.doesNotMatch(run.stderr, /token file/);
    } finally {
      recorder.server.close();
    }
  });
});

function readUrl(file: string): string {
  return (JSON.parse(readFileSync(file, 'utf8')) as { url: string }).url;
}

import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CONNECTION_FILE_NAME, connectionFileText } from '../../core/api/localCatalogToken';
import { budgetMs } from '../support/timeScale';

/**
 * Issue 33, attack 4: a `.catalog/connection.json` that did not come from a local catalog running
 * on this machine for this user — committed and cloned under umask 077 (so checked out 0600, which
 * the mode check alone let through), naming pid 1 (always "alive"), naming a process younger than
 * the file (a reused pid), naming another user's process, or owned by another user. Sent through
 * the real CLI (`dist/cli.js plan`) at a recording server on the loopback address the file names:
 * no Authorization header reaches it, and the CLI says why the file was not used. Then the honest
 * path: an untracked private file naming a live process of the user that started before it sends
 * its token.
 */

const cliPath = join(process.cwd(), 'dist', 'cli.js');
const root = mkdtempSync(join(tmpdir(), 'catalog-connection-file-'));
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stderr: string;
}

function cli(args: string[], cwd: string, env: Record<string, string>): Promise<Run> {
  const base = { ...process.env };
  delete base.CATALOG_TOKEN;
  delete base.CATALOG_SERVICE_URL;
  delete base.CATALOG_TOKEN_FILE;
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath, ...args], { cwd, env: { ...base, ...env }, timeout: budgetMs(120_000) }, (error, _stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
    );
  });
}

async function recordingServer(): Promise<{ url: string; seen: IncomingHttpHeaders[]; server: Server }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

/** A live process standing for a catalog (or for whatever a planted file names), killed after the tests. */
async function liveProcess(options: { uid?: number; gid?: number } = {}): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', ...options });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child.pid!;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, stdio: 'pipe' });

const PROPERTIES = '- id: io.acme.team\n  type: string\n  entity_types: [dataset]\n';

/** A workspace (a properties file to plan) with `.catalog/connection.json` bound to `url`, naming `pid`. */
function tokenFile(dir: string, url: string, pid: number): { file: string; token: string } {
  mkdirSync(join(dir, '.catalog'), { recursive: true });
  writeFileSync(join(dir, 'properties.yaml'), PROPERTIES);
  const file = join(dir, '.catalog', CONNECTION_FILE_NAME);
  const token = `planted-${randomBytes(12).toString('hex')}`;
  writeFileSync(file, connectionFileText({ url, token, pid }), { mode: 0o600 });
  return { file, token };
}

async function assertRefused(dir: string, recorder: Awaited<ReturnType<typeof recordingServer>>, note: RegExp): Promise<void> {
  const before = recorder.seen.length;
  const run = await cli(['plan', '.'], dir, { CATALOG_SERVICE_URL: recorder.url });
  assert.equal(run.code, 1, run.stderr);
  const seen = recorder.seen.slice(before);
  assert.ok(seen.length > 0, 'the CLI did talk to the server');
  assert.deepEqual(seen.map((headers) => headers.authorization).filter(Boolean), [], 'no Authorization header');
  assert.match(run.stderr, /Not using the token file /);
  assert.match(run.stderr, note);
}

async function assertSent(dir: string, recorder: Awaited<ReturnType<typeof recordingServer>>, token: string): Promise<void> {
  const run = await cli(['plan', '.'], dir, { CATALOG_SERVICE_URL: recorder.url });
  assert.doesNotMatch(run.stderr, /Not using the token file/);
  assert.ok(recorder.seen.some((headers) => headers.authorization === `Bearer ${token}`), `the honest file's token went to its own origin: ${run.stderr}`);
}

describe('reliability: the local catalog connection file is only one a running catalog of this user wrote here', () => {
  let recorder: Awaited<ReturnType<typeof recordingServer>>;
  let writer: number;
  before(async () => {
    recorder = await recordingServer();
    writer = await liveProcess();
  });
  after(() => recorder.server.close());

  it('committed, then cloned under umask 077 (checked out 0600): refused because git tracks it; untracked again, it is used', async () => {
    const origin = join(root, 'origin');
    mkdirSync(origin);
    git(origin, 'init', '-q');
    const { token } = tokenFile(origin, recorder.url, writer);
    git(origin, 'add', '-f', '.');
    git(origin, 'commit', '-qm', 'a repository that ships a token file');
    const clone = join(root, 'clone');
    execFileSync('sh', ['-c', 'umask 077 && git clone -q "$0" "$1"', origin, clone]);
    const cloned = join(clone, '.catalog', CONNECTION_FILE_NAME);
    assert.equal(statSync(cloned).mode & 0o777, 0o600, 'git checks the file out 0600 under umask 077');
    await assertRefused(clone, recorder, /git tracks it, so it came with the repository/);
    // The honest path in the same clone: the file is no longer tracked (the catalog writes its own).
    git(clone, 'rm', '-q', '--cached', '.catalog/connection.json');
    const honest = tokenFile(clone, recorder.url, writer);
    assert.notEqual(honest.token, token);
    await assertSent(clone, recorder, honest.token);
  });

  it('naming pid 1 (always alive): refused', async () => {
    const dir = join(root, 'pid1');
    tokenFile(dir, recorder.url, 1);
    await assertRefused(dir, recorder, /names process 1/);
  });

  it('naming a process that started after the file was written (a reused pid): refused', async () => {
    const dir = join(root, 'younger');
    const { file } = tokenFile(dir, recorder.url, writer);
    // A file last written an hour ago cannot name a process started a moment ago as its writer.
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(file, hourAgo, hourAgo);
    await assertRefused(dir, recorder, /process \d+ started after the file was written/);
  });

  it('naming another user\'s process, or owned by another user: refused', async (t) => {
    if (process.getuid?.() !== 0) {
      t.skip('needs root to start a process as, and give a file to, another user (the unit test covers the owner rule)');
      return;
    }
    const other = await liveProcess({ uid: 65_534, gid: 65_534 });
    const dir = join(root, 'otherUser');
    tokenFile(dir, recorder.url, other);
    await assertRefused(dir, recorder, /process \d+ belongs to another user \(uid 65534\)/);
    const owned = join(root, 'otherOwner');
    const { file } = tokenFile(owned, recorder.url, writer);
    chownSync(file, 65_534, 65_534);
    await assertRefused(owned, recorder, /belongs to another user \(uid 65534, you are 0\)/);
  });

  it('honest: an untracked private file naming a live process of this user that started before it', async () => {
    const dir = join(root, 'honest');
    const { token } = tokenFile(dir, recorder.url, writer);
    await assertSent(dir, recorder, token);
  });
});

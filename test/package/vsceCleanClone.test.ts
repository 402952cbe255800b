// The repository as committed installs the way extensions and npm packages install: in a fresh
// clone (node_modules hard-linked from this checkout, laid out as `npm ci` lays it), a plain `vsce package`
// — what `npx @vscode/vsce package` runs, with no flags and no staged copy — builds the VSIX, and
// `npm publish --dry-run` passes, and `ovsx publish` (Open VSX's own CLI, which packages with vsce and
// uploads) runs to its upload against a recording registry on 127.0.0.1. Uncommitted changes are not
// in the clone: commit first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipEntryNames } from '../support/zipEntries';
import { NOTICES_FILE } from '../../scripts/thirdPartyNotices';

const repo = resolve(__dirname, '..', '..');
const vsce = join(repo, 'node_modules', '@vscode', 'vsce', 'vsce');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let scratch: string;
let clone: string;
let vsix: string;
let packaged: SpawnSyncReturns<string>;

const described = (result: SpawnSyncReturns<string>) => `exit ${result.status}\nstdout:\n${result.stdout.slice(-3000)}\nstderr:\n${result.stderr.slice(-3000)}`;

function unzipText(archive: string, entry: string): string {
  const result = spawnSync('unzip', ['-p', archive, entry], { encoding: 'utf8' });
  assert.equal(result.status, 0, `unzip -p ${entry} (apt-get install unzip): ${described(result)}`);
  return result.stdout;
}

before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'catalog-code-clone-'));
  clone = join(scratch, 'catalog-code');
  const cloned = spawnSync('git', ['clone', '--quiet', repo, clone], { encoding: 'utf8' });
  assert.equal(cloned.status, 0, described(cloned));
  // A copy of hard links, not a symbolic link: npm (which vsce asks for the dependencies) reads every package under a linked folder as a linked project, dev dependencies and all.
  const linked = spawnSync('cp', ['-al', join(repo, 'node_modules'), join(clone, 'node_modules')], { encoding: 'utf8' });
  assert.equal(linked.status, 0, described(linked));
  vsix = join(scratch, 'catalog-code.vsix');
  packaged = spawnSync(process.execPath, [vsce, 'package', '--out', vsix], { cwd: clone, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
});

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('vsce package runs on a clean clone as it is, with no warning to confirm', () => {
  assert.equal(packaged.status, 0, described(packaged));
  assert.doesNotMatch(`${packaged.stdout}\n${packaged.stderr}`, /WARNING|Do you want to continue/i);
});

test('the VSIX README links into the repository: no relative link or image is left', () => {
  const readme = unzipText(vsix, 'extension/readme.md');
  const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
  assert.ok(targets.length > 5);
  assert.deepEqual(targets.filter((target) => !/^(https:\/\/|#)/.test(target)), []);
  assert.ok(targets.some((target) => target.startsWith('https://github.com/catalog-code/catalog-code/') && target.endsWith('.png')), 'the screenshots are absolute');
});

test('the VSIX carries the third-party notices of what its bundles hold, and the English strings', () => {
  const names = zipEntryNames(vsix);
  for (const needed of [`extension/${NOTICES_FILE}`, 'extension/package.nls.json', 'extension/l10n/bundle.l10n.json']) assert.ok(names.includes(needed), `${needed} is missing`);
  assert.equal(unzipText(vsix, `extension/${NOTICES_FILE}`), readFileSync(join(clone, NOTICES_FILE), 'utf8'));
});

test('npm publish --dry-run passes on the clone', () => {
  const result = spawnSync(npm, ['publish', '--dry-run', '--ignore-scripts', '--json'], { cwd: clone, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  assert.equal(result.status, 0, described(result));
  // npm 10 answers {files: […]}, npm 11 {"catalog-code": {files: […]}}.
  const published = JSON.parse(result.stdout) as Record<string, unknown>;
  const entry = (Array.isArray(published.files) ? published : Object.values(published)[0]) as { files: { path: string }[] };
  const files = entry.files.map((file) => file.path);
  assert.ok(files.includes('dist/cli.js') && files.includes(NOTICES_FILE), files.join(', '));
});

/** What a recording Open VSX registry received: each request's method, path and body. */
interface Received { method: string; path: string; token: string | null; body: Buffer }

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolveBody(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Runs a command to its end without blocking this process's event loop (the registry answers on it). */
function run(command: string, args: string[], cwd: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolveRun({ status, output }));
  });
}

test('ovsx publish packages the clone as it is and uploads it (a recording Open VSX registry on 127.0.0.1)', async () => {
  const manifest = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
  const received: Received[] = [];
  const registry = createServer((request, response) => {
    void readBody(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      received.push({ method: request.method ?? '', path: url.pathname, token: url.searchParams.get('token'), body });
      response.setHeader('Content-Type', 'application/json');
      if (url.pathname === `/api/${manifest.publisher}/verify-pat`) return response.end(JSON.stringify({ success: `Valid token for ${manifest.publisher}` }));
      if (url.pathname === '/api/-/publish') return response.end(JSON.stringify({ namespace: manifest.publisher, name: manifest.name, version: manifest.version, targetPlatform: 'universal' }));
      response.statusCode = 404;
      response.end(JSON.stringify({ error: `no such endpoint: ${url.pathname}` }));
    });
  });
  await new Promise<void>((listening) => registry.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  try {
    const ovsx = join(repo, 'node_modules', 'ovsx', 'bin', 'ovsx');
    const verified = await run(process.execPath, [ovsx, 'verify-pat', manifest.publisher, '-r', url, '-p', 'test-token'], clone);
    assert.equal(verified.status, 0, verified.output);
    const published = await run(process.execPath, [ovsx, 'publish', '-r', url, '-p', 'test-token'], clone);
    assert.equal(published.status, 0, published.output);
    assert.match(published.output, new RegExp(`Published ${manifest.publisher}\\.${manifest.name} v${manifest.version.replace(/\./g, '\\.')}`));
    const upload = received.find((request) => request.method === 'POST' && request.path === '/api/-/publish');
    assert.ok(upload, `the VSIX was uploaded: ${received.map((request) => `${request.method} ${request.path}`).join(', ')}`);
    assert.equal(upload.token, 'test-token');
    const uploaded = join(scratch, 'uploaded.vsix');
    writeFileSync(uploaded, upload.body);
    const uploadedManifest = JSON.parse(unzipText(uploaded, 'extension/package.json')) as typeof manifest & { license?: string };
    assert.deepEqual([uploadedManifest.publisher, uploadedManifest.name, uploadedManifest.version], [manifest.publisher, manifest.name, manifest.version]);
    // Open VSX (open-vsx.org, where ovsx checks it) refuses an extension without a license.
    assert.equal(uploadedManifest.license, 'MIT');
    assert.ok(zipEntryNames(uploaded).some((name) => /^extension\/license(\.(md|txt))?$/i.test(name)), 'the LICENSE file is in the upload');
  } finally {
    await new Promise((closed) => registry.close(closed));
  }
});

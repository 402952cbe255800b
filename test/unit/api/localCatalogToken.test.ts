import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CONNECTION_FILE_NAME, connectionFileText, localCatalogToken, type LocalTokenLookup } from '../../../core/api/localCatalogToken';
import { connectionTo } from '../../../cli/connection';

const URL = 'http://127.0.0.1:43123';
const TOKEN = 'local-token-abcdefghijklmnop';
const root = mkdtempSync(join(tmpdir(), 'catalog-token-file-'));
after(() => rmSync(root, { recursive: true, force: true }));
let workspaces = 0;

/** A workspace with `.catalog/connection.json` written as the local catalog writes it, then changed by `spoil`. */
function workspace(content: { url?: string; token?: string; pid?: number } = {}, spoil?: (file: string) => void): { dir: string; file: string } {
  const dir = join(root, `ws${++workspaces}`);
  mkdirSync(join(dir, '.catalog'), { recursive: true });
  const file = join(dir, '.catalog', CONNECTION_FILE_NAME);
  writeFileSync(file, connectionFileText({ url: content.url ?? URL, token: content.token ?? TOKEN, pid: content.pid ?? process.pid }), { mode: 0o600 });
  chmodSync(file, 0o600);
  spoil?.(file);
  return { dir, file };
}

const lookup = (url: string, cwd: string, env: Record<string, string> = {}): LocalTokenLookup => localCatalogToken(url, { cwd, env });

function refusedWith(found: LocalTokenLookup, pattern: RegExp): void {
  assert.equal(found.kind, 'refused', JSON.stringify(found));
  if (found.kind === 'refused') assert.match(found.problem, pattern);
}

describe('the local catalog token file: read only when private and bound to the URL asked for', () => {
  it('finds the token for the exact URL it was written for, from the workspace or a folder below it', () => {
    const { dir, file } = workspace();
    assert.deepEqual(lookup(URL, dir), { kind: 'found', token: TOKEN, file });
    mkdirSync(join(dir, 'lineage', 'deep'), { recursive: true });
    assert.deepEqual(lookup(`${URL}/`, join(dir, 'lineage', 'deep')), { kind: 'found', token: TOKEN, file });
  });

  it('reads the file CATALOG_TOKEN_FILE names (the editor sets it for its terminals) wherever the terminal is', () => {
    const { file } = workspace();
    assert.deepEqual(lookup(URL, root, { CATALOG_TOKEN_FILE: file }), { kind: 'found', token: TOKEN, file });
  });

  it('is not read at all for a URL that is not on this machine, even one it names', () => {
    const { dir } = workspace({ url: 'http://192.0.2.2:8080' });
    assert.deepEqual(lookup('http://192.0.2.2:8080', dir), { kind: 'none' });
    assert.deepEqual(lookup('https://datahub.example.com', dir), { kind: 'none' });
    assert.deepEqual(lookup('http://127.evil.example:8080', dir), { kind: 'none' }, 'a host name that starts with 127. is not loopback');
  });

  it('is bound to its origin: another port, another loopback name or scheme gets nothing', () => {
    const { dir } = workspace();
    refusedWith(lookup('http://127.0.0.1:9999', dir), /token of the local catalog at http:\/\/127\.0\.0\.1:43123, not of http:\/\/127\.0\.0\.1:9999/);
    refusedWith(lookup('http://localhost:43123', dir), /only sent to the address it was issued for; use --service http:\/\/127\.0\.0\.1:43123/);
    refusedWith(lookup('https://127.0.0.1:43123', dir), /not of https/);
  });

  it('refuses a file others may read or write', () => {
    const { dir } = workspace({}, (file) => chmodSync(file, 0o644));
    refusedWith(lookup(URL, dir), /mode 0644.*must be mode 0600/);
    const group = workspace({}, (file) => chmodSync(file, 0o620));
    refusedWith(lookup(URL, group.dir), /mode 0620/);
  });

  it('refuses a link planted at its name, even to a valid private token file', () => {
    const real = workspace();
    const { dir } = workspace({}, (file) => {
      rmSync(file);
      symlinkSync(real.file, file);
    });
    refusedWith(lookup(URL, dir), /symbolic link/);
  });

  it('refuses a folder at its name (a FIFO: test/integration/terminalCatalog.test.ts, which may spawn mkfifo)', () => {
    const folder = workspace({}, (file) => {
      rmSync(file);
      mkdirSync(file);
    });
    refusedWith(lookup(URL, folder.dir), /folder|could not be opened/);
  });

  it('refuses a file of another user', { skip: process.getuid?.() !== 0 ? 'needs root to give a file to another user' : false }, () => {
    const { dir } = workspace({}, (file) => chownSync(file, 65534, 65534));
    refusedWith(lookup(URL, dir), /belongs to another user \(uid 65534/);
  });

  it('refuses the file of a catalog that is no longer running', () => {
    const { dir } = workspace({ pid: 999_999_999 });
    refusedWith(lookup(URL, dir), /process 999999999\) is no longer running/);
  });

  it('refuses a token that could become a second header line, and files it did not write', () => {
    const { dir } = workspace({ token: 'abcdefghijklmnopq\r\nX-Evil: 1' });
    refusedWith(lookup(URL, dir), /characters or a length no token has/);
    const junk = workspace({}, (file) => writeFileSync(file, 'token=abc'));
    refusedWith(lookup(URL, junk.dir), /not JSON/);
    const huge = workspace({}, (file) => writeFileSync(file, 'x'.repeat(10_000)));
    refusedWith(lookup(URL, huge.dir), /larger than 4 KiB/);
  });

  it('is the CLI token when CATALOG_TOKEN is unset; CATALOG_TOKEN wins; a refused file is said, never its token', () => {
    const { dir, file } = workspace();
    const fromFile = connectionTo(URL, {}, { cwd: dir });
    assert.ok(fromFile.ok && fromFile.value.token === TOKEN && fromFile.value.tokenFrom === file);
    const fromEnv = connectionTo(URL, { CATALOG_TOKEN: 'env-token' }, { cwd: dir });
    assert.ok(fromEnv.ok && fromEnv.value.token === 'env-token');
    const wrongPort = connectionTo('http://127.0.0.1:1', {}, { cwd: dir });
    assert.ok(wrongPort.ok && wrongPort.value.token === undefined);
    assert.ok(wrongPort.ok && wrongPort.value.tokenNote?.startsWith(`Not using the token file ${file}: `));
    assert.ok(wrongPort.ok && !wrongPort.value.tokenNote?.includes(TOKEN));
  });
});

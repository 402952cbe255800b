import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { LOCK_FILE_NAME } from '../../service/store/dataDirLock';
import { tempDir, waitFor } from '../service/helpers';

/**
 * The attack is an ungraceful end of whatever started the local catalog: the extension host (or
 * `npm start`) is killed with SIGKILL and never stops its child. Before the fix the catalog kept
 * running with parent PID 1, holding its port and data folder. Now `serve --exit-with-parent`
 * (which the extension and `npm start` pass) notices the parent is gone, closes cleanly (its lock
 * released, every acknowledged write kept) and exits. The start-up line is read from the real CLI.
 */

const CLI = path.join(process.cwd(), 'dist', 'cli.js');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A stand-in for the extension host: starts the catalog as the extension does, prints its pid and URL, then waits. */
const PARENT = `
const { spawn } = require('child_process');
const child = spawn(process.execPath, process.argv.slice(1), { stdio: ['ignore', 'pipe', 'ignore'], env: process.env });
child.stdout.on('data', (chunk) => {
  const match = /listening on (\\S+)/.exec(String(chunk));
  if (match) process.stdout.write('CATALOG ' + child.pid + ' ' + match[1] + '\\n');
});
setInterval(() => undefined, 1000);`;

describe('reliability: a local catalog does not outlive what started it', { timeout: 60_000 }, () => {
  it('exits, releasing its data folder, when its parent is killed with SIGKILL', async () => {
    const dataDir = tempDir('orphan');
    const parent = spawn(process.execPath, ['-e', PARENT, CLI, 'serve', '--host', '127.0.0.1', '--port', '0', '--data', dataDir, '--exit-with-parent'], {
      env: { ...process.env, CATALOG_TOKEN: 'orphan-test-token-0123456789' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let catalogPid = 0;
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: parent.stdout }).on('line', (text) => text.startsWith('CATALOG ') && resolve(text));
        parent.once('exit', (code) => reject(new Error(`the parent exited first (${code})`)));
      });
      const [, pidText, url] = line.split(' ');
      catalogPid = Number(pidText);
      // It really serves, and an acknowledged write is kept.
      const written = await fetch(`${url}/openapi/v2/entity/dataset/${encodeURIComponent('urn:li:dataset:(urn:li:dataPlatform:hive,db.orphan,PROD)')}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"removed": false}',
      });
      assert.equal(written.status, 200);
      assert.ok(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME)));

      const parentGone = new Promise((resolve) => parent.once('exit', resolve));
      parent.kill('SIGKILL');
      await parentGone;
      await waitFor(() => (isAlive(catalogPid) ? undefined : true), 20_000, `the orphaned catalog (pid ${catalogPid}) to exit`);
      assert.equal(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME)), false, 'it closed cleanly and released its lock');
      assert.ok(fs.existsSync(path.join(dataDir, 'catalog.db')));
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
      if (catalogPid && isAlive(catalogPid)) process.kill(catalogPid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

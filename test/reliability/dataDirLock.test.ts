import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataDirLockedError, LOCK_FILE_NAME, type LockRecord } from '../../service/store/dataDirLock';
import { openStore } from '../../service/store/sqliteStore';
import { datasetUrn, enc, startTestService, tempDir, waitFor } from '../service/helpers';

/**
 * The attacks on the data folder's lock:
 * - a second service in another PID namespace (another container, a dev container and its host):
 *   the holder's pid means nothing here, so the old pid check let both start and both acknowledge
 *   writes (2 of 600 were lost after a restart). Now a lock whose heartbeat is fresh is refused,
 *   whatever its pid.
 * - a stale lock whose pid was reused — by PID 1 in a container, or by our own pid after a kill -9 —
 *   kept the service from starting forever, naming itself as the other holder. Now it is taken over
 *   (at once when the holder is provably gone, else after the lease), and no message names us.
 * - a holder that was stalled past its lease and taken over stops writing (503), so no write is
 *   acknowledged by two services.
 */

// Short enough for a quick test, long enough that a loaded CI machine never misses a 100 ms heartbeat for a whole lease.
const FAST = { heartbeatMs: 100, leaseMs: 3000 };

function lockPath(dir: string): string {
  return path.join(dir, LOCK_FILE_NAME);
}

function ourNamespace(): string | undefined {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

function record(extra: Partial<LockRecord>): LockRecord {
  return { instance: 'f'.repeat(32), pid: 1, host: os.hostname(), pidNamespace: ourNamespace(), startedAt: Date.now(), heartbeatAt: Date.now(), ...extra };
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  assert.ok(child.pid);
  return child.pid;
}

/** A holder in "another container": a separate process that renews a lock record every 100 ms, as a live service does. */
function foreignHolder(file: string, lock: LockRecord): ChildProcess {
  const script = `
    const fs = require('fs');
    const rec = ${JSON.stringify(lock)};
    const beat = () => { rec.heartbeatAt = Date.now(); fs.writeFileSync(process.argv[1] + '.tmp', JSON.stringify(rec)); fs.renameSync(process.argv[1] + '.tmp', process.argv[1]); };
    beat(); setInterval(beat, 100); process.stdout.write('ready\\n');`;
  return spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
}

async function started(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('reliability: the data-folder lock', () => {
  it('refuses to start beside a live service of another PID namespace, even when its pid is dead here', async () => {
    const dir = tempDir('lock-ns');
    const holder = foreignHolder(lockPath(dir), record({ pid: deadPid(), host: 'other-container', pidNamespace: 'pid:[4026532999]' }));
    try {
      await started(holder);
      assert.throws(
        () => openStore(dir, FAST),
        (error: unknown) => {
          assert.ok(error instanceof DataDirLockedError, String(error));
          assert.match(error.message, /on other-container in another PID namespace, whose lock was renewed \d+ s ago/);
          assert.ok(!error.message.includes(`process ${process.pid}`), `the message must not name this process: ${error.message}`);
          return true;
        },
      );
      assert.equal(fs.existsSync(path.join(dir, 'catalog.db')), false, 'the refused service never opened the database');
      // The other container dies (kill -9): its heartbeat stops, and after the lease a restart here takes over.
      await stopped(holder);
      const store = openStore(dir, FAST);
      try {
        store.apply([{ urn: datasetUrn('db.after'), aspectName: 'status', value: { removed: false } }]);
        assert.equal((JSON.parse(fs.readFileSync(lockPath(dir), 'utf8')) as LockRecord).pid, process.pid);
      } finally {
        store.close();
      }
    } finally {
      await stopped(holder);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over at once a stale lock that carries our own pid, and does not name us as the holder', () => {
    const dir = tempDir('lock-own');
    try {
      fs.writeFileSync(lockPath(dir), JSON.stringify(record({ pid: process.pid })));
      // Default timing: a lock with our pid in our namespace is a previous life of this pid, not a holder to wait for.
      const store = openStore(dir);
      try {
        const now = JSON.parse(fs.readFileSync(lockPath(dir), 'utf8')) as LockRecord;
        assert.notEqual(now.instance, 'f'.repeat(32));
      } finally {
        store.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a stale lock of PID 1 (alive, but reused) once its heartbeat is older than the lease', () => {
    const dir = tempDir('lock-pid1');
    try {
      // Written just now: the lease has to run out first (shortened here).
      fs.writeFileSync(lockPath(dir), JSON.stringify(record({ pid: 1 })));
      openStore(dir, FAST).close();
      // Written long ago (a container restarted after an OOM kill): taken over at once, default lease.
      fs.writeFileSync(lockPath(dir), JSON.stringify(record({ pid: 1, heartbeatAt: Date.now() - 3_600_000 })));
      const old = new Date(Date.now() - 3_600_000);
      fs.utimesSync(lockPath(dir), old, old);
      openStore(dir).close();
      // A lock file of an older version (just a pid) naming our own pid is stale too.
      fs.writeFileSync(lockPath(dir), `${process.pid}\n`);
      openStore(dir).close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a service whose lock was taken over stops acknowledging writes (503) and says why', async () => {
    const messages: string[] = [];
    const svc = await startTestService({ lockTiming: FAST, onFatal: (message) => messages.push(message) });
    try {
      const DS = datasetUrn('db.lock.lost');
      assert.equal((await svc.call('POST', `/openapi/v2/entity/dataset/${enc(DS)}/status`, { body: { removed: false } })).status, 200);
      // Another instance took the folder over while this one was stalled past its lease.
      fs.writeFileSync(lockPath(svc.dataDir), JSON.stringify(record({ instance: 'e'.repeat(32), pid: deadPid(), host: 'other-container', pidNamespace: 'pid:[4026532999]' })));
      const refused = await svc.call('POST', `/openapi/v2/entity/dataset/${enc(datasetUrn('db.lock.late'))}/status`, { body: { removed: false } });
      assert.equal(refused.status, 503, refused.text);
      assert.match(refused.text, /no longer holds the data directory .*other-container in another PID namespace/);
      await waitFor(() => (messages.length > 0 ? true : undefined), 5000, 'the fatal report');
      assert.match(messages[0], /no longer holds the data directory/);
      // The write acknowledged before the takeover is there; the refused one is not.
      assert.equal(svc.service.store.getAspect(DS, 'status')?.value.removed, false);
      assert.equal(svc.service.store.getAspect(datasetUrn('db.lock.late'), 'status'), undefined);
    } finally {
      await svc.close();
    }
  });
});

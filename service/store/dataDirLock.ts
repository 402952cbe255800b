import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { processExists } from '../../core/common/processAlive';

/**
 * Single-instance ownership of a data directory, held as a lease: `service.lock` names the
 * holder by a random instance id (plus its pid, host and PID namespace, for messages), and the
 * holder rewrites it every HEARTBEAT_MS. Node has no fcntl/flock, and a pid alone proves nothing:
 * a service in another container has a pid that means nothing here (two services on one folder
 * both started), and after kill -9 the pid is often reused (PID 1 in a container, or our own pid)
 * so a dead service's lock looked alive forever.
 *
 * So a lock is stale when its heartbeat stopped — it has not changed for LEASE_MS — or, without
 * waiting, when its holder is provably gone: same host and PID namespace, and its pid is not
 * running or is our own pid (we are not the holder: our instance id is new). A lock whose
 * heartbeat is fresh and whose holder cannot be proven gone is watched until it either beats
 * (a live holder: refused) or the lease runs out (taken over).
 *
 * The holder checks the lock before every write and at every heartbeat; a holder that finds
 * another instance's id in it (it was stalled longer than the lease and was taken over) stops
 * writing at once.
 */

export const LOCK_FILE_NAME = 'service.lock';
export const HEARTBEAT_MS = 2_000;
export const LEASE_MS = 10_000;

export interface LockRecord {
  instance: string;
  pid: number;
  host: string;
  /** `/proc/self/ns/pid` on Linux (`pid:[4026531836]`); absent elsewhere */
  pidNamespace?: string;
  startedAt: number;
  heartbeatAt: number;
}

export interface LockTiming {
  heartbeatMs?: number;
  leaseMs?: number;
  /** called once when the lock is found taken over by another instance (the store stops writing) */
  onLost?: (message: string) => void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: string,
  ) {
    super(`Another local catalog (${holder}) is already using the data directory ${dataDir}. Stop that process, or start this one with a different --data directory.`);
    this.name = 'DataDirLockedError';
  }
}

/** The lock was taken over by another instance while this one held it: nothing more may be written. */
export class DataDirLockLostError extends Error {
  constructor(
    readonly dataDir: string,
    holder: string,
  ) {
    super(
      `This local catalog no longer holds the data directory ${dataDir}: ${holder} took it over after this one stopped renewing its lock for ${LEASE_MS / 1000} s (was it suspended?). It accepts no more writes; restart it once the other one has stopped.`,
    );
    this.name = 'DataDirLockLostError';
  }
}

export interface DataDirLock {
  readonly path: string;
  readonly instance: string;
  /** throws DataDirLockLostError when another instance holds the lock now */
  verify(): void;
  release(): void;
}

/** Instance ids held by this process: a lock naming one of them is alive, whatever its pid says. */
const heldHere = new Set<string>();

/** A pid read from a lock file: only a positive whole number names a process (0 and -1 would signal groups). */
export function isProcessAlive(pid: number): boolean {
  return Number.isInteger(pid) && pid > 0 && processExists(pid);
}

function currentPidNamespace(): string | undefined {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

const PID_NAMESPACE = currentPidNamespace();

function newRecord(instance: string, startedAt: number): LockRecord {
  return { instance, pid: process.pid, host: os.hostname(), pidNamespace: PID_NAMESPACE, startedAt, heartbeatAt: Date.now() };
}

type ReadLock = { kind: 'missing' } | { kind: 'unreadable'; text: string } | { kind: 'record'; record: LockRecord; text: string } | { kind: 'legacy'; pid: number; text: string };

function readLock(lockPath: string): ReadLock {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch {
    return { kind: 'missing' };
  }
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { kind: 'legacy', pid: Number(trimmed), text };
  try {
    const parsed = JSON.parse(trimmed) as Partial<LockRecord>;
    if (typeof parsed.instance === 'string' && typeof parsed.pid === 'number' && typeof parsed.host === 'string') return { kind: 'record', record: parsed as LockRecord, text };
  } catch {
    // falls through: being written, or cut short by a crash
  }
  return { kind: 'unreadable', text };
}

/** The holder in words, for messages; never "us" unless this very process holds it. */
function describeHolder(lock: ReadLock): string {
  if (lock.kind === 'record') {
    const { record } = lock;
    if (heldHere.has(record.instance)) return `this same process, ${process.pid}, which already has it open`;
    const where = record.host === os.hostname() && record.pidNamespace === PID_NAMESPACE ? '' : ` on ${record.host}${record.pidNamespace && record.pidNamespace !== PID_NAMESPACE ? ` in another PID namespace` : ''}`;
    const age = Math.max(0, Math.round((Date.now() - record.heartbeatAt) / 1000));
    return `process ${record.pid}${where}, whose lock was renewed ${age} s ago`;
  }
  if (lock.kind === 'legacy') return `process ${lock.pid}, from an older Catalog Code version`;
  return 'a process whose lock file is unreadable';
}

/** Creates the lock file only when there is none, complete in one step: a private file hard-linked into place. */
function writeExclusive(lockPath: string, record: LockRecord): boolean {
  const mine = `${lockPath}.${record.instance}`;
  const fd = fs.openSync(mine, 'w', 0o600);
  try {
    fs.writeSync(fd, `${JSON.stringify(record)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(mine, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

/** Atomically replaces the lock file's content (write a private file, rename it over). */
function replaceLock(lockPath: string, record: LockRecord): void {
  const mine = `${lockPath}.${record.instance}`;
  fs.writeFileSync(mine, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  fs.renameSync(mine, lockPath);
}

function mtimeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Blocks this thread for `ms` (start-up only: the service is not answering requests yet). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether a lock that is there now can be proven abandoned without waiting. */
function provablyGone(lock: ReadLock, lockPath: string): boolean {
  if (lock.kind === 'record') {
    const { record } = lock;
    if (heldHere.has(record.instance)) return false;
    const sameNamespace = record.host === os.hostname() && record.pidNamespace === PID_NAMESPACE;
    // Our own pid in our own namespace is a previous life of this pid: we hold nothing yet.
    return sameNamespace && (record.pid === process.pid || !isProcessAlive(record.pid));
  }
  if (lock.kind === 'legacy') return lock.pid === process.pid || !isProcessAlive(lock.pid);
  // Unreadable: locks are written whole (link, rename), so this is damage, not a write in progress.
  return lock.kind === 'unreadable' && Date.now() - (mtimeOf(lockPath) ?? 0) > 1000;
}

/**
 * Takes the lock of `dataDir` (created when missing) or throws DataDirLockedError. May wait up to
 * the lease when a lock's heartbeat is recent and its holder cannot be proven gone.
 */
export function acquireDataDirLock(dataDir: string, timing: LockTiming = {}): DataDirLock {
  const heartbeatMs = timing.heartbeatMs ?? HEARTBEAT_MS;
  const leaseMs = timing.leaseMs ?? LEASE_MS;
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const instance = randomBytes(16).toString('hex');
  const startedAt = Date.now();
  const deadline = Date.now() + leaseMs * 2 + 1000;
  while (Date.now() < deadline) {
    if (writeExclusive(lockPath, newRecord(instance, startedAt))) return hold(dataDir, lockPath, instance, startedAt, heartbeatMs, timing.onLost);
    const seen = readLock(lockPath);
    if (seen.kind === 'missing') continue;
    if (seen.kind === 'record' && heldHere.has(seen.record.instance)) throw new DataDirLockedError(dataDir, describeHolder(seen));
    if (seen.kind === 'legacy' && !provablyGone(seen, lockPath)) throw new DataDirLockedError(dataDir, describeHolder(seen));
    if (!provablyGone(seen, lockPath)) {
      // Watch the lock: a live holder renews it within the lease; an abandoned one never changes.
      const seenMtime = mtimeOf(lockPath) ?? 0;
      // (A clock that put the mtime in the future must not make us wait longer than one lease.)
      const staleAt = Math.min(seenMtime, Date.now()) + leaseMs;
      let changed = false;
      while (Date.now() < staleAt) {
        sleepSync(Math.min(100, Math.max(1, staleAt - Date.now())));
        const now = readLock(lockPath);
        if (now.kind === 'missing' || (now.kind !== 'unreadable' && now.text !== seen.text) || mtimeOf(lockPath) !== seenMtime) {
          changed = true;
          break;
        }
      }
      if (changed) {
        const now = readLock(lockPath);
        if (now.kind === 'missing') continue;
        throw new DataDirLockedError(dataDir, describeHolder(now));
      }
    }
    // Abandoned: take it over, unless it changed since we judged it.
    const current = readLock(lockPath);
    if (current.kind === 'missing' || current.text !== seen.text) continue;
    replaceLock(lockPath, newRecord(instance, startedAt));
    // Two instances that took over the same abandoned lock at once: the later rename wins, and
    // the earlier sees it here and refuses, before either has opened the database.
    sleepSync(Math.min(250, heartbeatMs));
    const after = readLock(lockPath);
    if (after.kind === 'record' && after.record.instance === instance) return hold(dataDir, lockPath, instance, startedAt, heartbeatMs, timing.onLost);
    throw new DataDirLockedError(dataDir, describeHolder(after));
  }
  throw new DataDirLockedError(dataDir, describeHolder(readLock(lockPath)));
}

/** The pid written in the lock file of `dataDir`, if any. */
export function readLockOwner(dataDir: string): number | undefined {
  const lock = readLock(path.join(dataDir, LOCK_FILE_NAME));
  return lock.kind === 'record' ? lock.record.pid : lock.kind === 'legacy' ? lock.pid : undefined;
}

function hold(dataDir: string, lockPath: string, instance: string, startedAt: number, heartbeatMs: number, onLost?: (message: string) => void): DataDirLock {
  heldHere.add(instance);
  let released = false;
  let lost: DataDirLockLostError | undefined;
  const verify = () => {
    if (lost) throw lost;
    const now = readLock(lockPath);
    if (now.kind === 'record' && now.record.instance === instance) return;
    lost = new DataDirLockLostError(dataDir, now.kind === 'missing' ? 'someone (the lock file was deleted)' : describeHolder(now));
    clearInterval(timer);
    onLost?.(lost.message);
    throw lost;
  };
  const timer = setInterval(() => {
    try {
      verify();
      replaceLock(lockPath, { ...newRecord(instance, startedAt) });
    } catch {
      // verify() reported the loss; a failed rewrite is tried again at the next beat.
    }
  }, heartbeatMs);
  timer.unref();
  return {
    path: lockPath,
    instance,
    verify,
    release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      heldHere.delete(instance);
      const now = readLock(lockPath);
      if (now.kind === 'record' && now.record.instance === instance) fs.rmSync(lockPath, { force: true });
    },
  };
}

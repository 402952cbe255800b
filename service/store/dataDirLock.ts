import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Single-instance ownership of a data directory: a `service.lock` file holding the owner's pid.
 * The lock is created with O_EXCL so two starting processes cannot both win; a lock whose pid is
 * no longer running (a killed service) is taken over.
 */

export const LOCK_FILE_NAME = 'service.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another local catalog (process ${pid}) is already using the data directory ${dataDir}. ` +
        `Stop that process, or start this one with a different --data directory.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwnerPid(lockPath: string): number | undefined {
  try {
    const text = fs.readFileSync(lockPath, 'utf8').trim();
    const pid = Number.parseInt(text, 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function tryCreate(lockPath: string): boolean {
  try {
    const fd = fs.openSync(lockPath, 'wx', 0o600);
    try {
      fs.writeSync(fd, `${process.pid}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Takes the lock of `dataDir` (created when missing) or throws DataDirLockedError. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath)) return makeLock(lockPath);
    const owner = readOwnerPid(lockPath);
    if (owner === process.pid) {
      throw new DataDirLockedError(dataDir, owner);
    }
    if (owner !== undefined && isProcessAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    if (owner === undefined) {
      // A lock file without a pid is either being written right now or was cut short by a
      // crash; only a file older than a second is treated as stale.
      const ageMs = Date.now() - statMtime(lockPath);
      if (ageMs < 1000) continue;
    }
    // The owner is gone: take over. Renaming our own fresh file over it keeps the takeover atomic.
    const mine = `${lockPath}.${process.pid}`;
    fs.writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
    if (readOwnerPid(lockPath) !== owner) {
      fs.rmSync(mine, { force: true });
      continue;
    }
    fs.renameSync(mine, lockPath);
    if (readOwnerPid(lockPath) === process.pid) return makeLock(lockPath);
  }
  const owner = readOwnerPid(lockPath) ?? 0;
  throw new DataDirLockedError(dataDir, owner);
}

/** The pid written in the lock file of `dataDir`, if any. */
export function readLockOwner(dataDir: string): number | undefined {
  return readOwnerPid(path.join(dataDir, LOCK_FILE_NAME));
}

function statMtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function makeLock(lockPath: string): DataDirLock {
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      if (readOwnerPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
    },
  };
}

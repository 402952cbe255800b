import { createHash } from 'node:crypto';
import { mkdirSync, openSync, closeSync, readdirSync, readFileSync, fstatSync, lstatSync, rmSync, statSync, constants } from 'node:fs';
import { join } from 'node:path';
import { describeError } from '../core/errors/describeError';
import { writeFileSafely } from '../core/files/safeWrite';
import { decodeRecords, encodeRecords, type CachedRecord, type RecordCacheKey } from '../core/workspace/recordCache';
import { fileCacheLines } from './cacheFileLines';
import type { RecordStore } from '../core/workspace/closedRecords';
import type { RecordedFile } from '../core/workspace/recordedFile';

declare const CATALOG_CODE_VERSION: string | undefined;

/** The folder, under the editor's storage for the extension, that holds one records cache per workspace. */
const FOLDER = 'workspace-records';
/** A cache larger than this is neither read nor written (a 100,000-file workspace's is about 70 MB). */
export const MAX_RECORDS_BYTES = 256 * 1024 * 1024;
/** At most this many workspaces' caches are kept; the least recently written go first. */
const MAX_CACHES = 8;
/** How long after a scan its records are written (flush writes them at once). */
const SAVE_AFTER_MS = countFrom(process.env.CATALOG_RECORDS_SAVE_MS, 30_000);
/** A workspace of fewer closed files is read whole at every start (that takes well under a second): no cache is written for it. */
const DEFAULT_MIN_FILES = 1_000;

/**
 * The restart cache (issue 41): the records of a workspace's closed files, kept in the editor's
 * storage for the extension between runs of the language server, one file per set of workspace
 * folders (core/workspace/recordCache.ts says what a record holds and how it is checked). A file
 * whose text is unchanged is then kept from its record instead of being parsed; a cache that is
 * damaged, hostile, too large or written by another build is said in the log and not used.
 */
export class ScanRecords implements RecordStore {
  private folder: string | undefined;
  private readonly build: string;

  constructor(
    private readonly log: (message: string) => void,
    private readonly minFiles = countFrom(process.env.CATALOG_RECORDS_MIN_FILES, DEFAULT_MIN_FILES),
  ) {
    this.build = buildId();
  }

  /** Where the editor keeps the extension's files (initialize's storagePath, or the user's cache folder). */
  setStoragePath(storagePath: string | undefined): void {
    this.folder = storagePath ? join(storagePath, FOLDER) : undefined;
  }

  load(folders: readonly string[], key: Omit<RecordCacheKey, 'build'>): ReadonlyMap<string, CachedRecord> | undefined {
    const file = this.fileFor(folders);
    if (!file) return undefined;
    const decoded = decodedFrom(file, { ...key, build: this.build });
    if (decoded === undefined) return undefined;
    if ('problem' in decoded) {
      this.log(`The records of the last run (${file}) were not used: ${decoded.problem}. Every file is read; the records are written again after the scan.`);
      return undefined;
    }
    if ('refused' in decoded) {
      this.log(`The records of the last run (${file}) were not used: ${decoded.refused}. Every file is read; the records are written again after the scan.`);
      return undefined;
    }
    if (decoded.skipped > 0) this.log(`${decoded.skipped} record(s) in ${file} were damaged and left out: those files are read.`);
    return decoded.records;
  }

  /**
   * Keeps the records SAVE_AFTER_MS after the scan (or at shutdown, flush): writing them allocates
   * about as much as they hold, so not on top of the scan's own peak; the files are asked then,
   * with whatever changed meanwhile.
   */
  save(folders: readonly string[], key: Omit<RecordCacheKey, 'build'>, files: () => readonly RecordedFile[], scan: { restored: number; total: number; unchanged: boolean }): void {
    if (scan.restored > 0) this.log(`Workspace read: ${scan.restored} of ${scan.total} closed file(s) kept from the records of the last run (unchanged), the others parsed.`);
    if (!this.folder || scan.total < this.minFiles || scan.unchanged) return;
    const id = this.fileFor(folders) as string;
    this.pending.set(id, () => this.write(id, key, files()));
    this.timer ??= setTimeout(() => this.flush(), SAVE_AFTER_MS);
    this.timer.unref?.();
  }

  /** Writes the records waiting to be kept now (the server shuts down). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const writes = [...this.pending.values()];
    this.pending.clear();
    for (const write of writes) write();
  }

  private readonly pending = new Map<string, () => void>();
  private timer: NodeJS.Timeout | undefined;

  private write(file: string, key: Omit<RecordCacheKey, 'build'>, files: readonly RecordedFile[]): void {
    if (!this.folder) return;
    try {
      mkdirSync(this.folder, { recursive: true, mode: 0o700 });
      // Never through a link (core/files/safeWrite): a temporary file of its own, renamed over the cache.
      writeFileSafely(file, bounded(encodeRecords({ ...key, build: this.build }, [...files].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0)))), { mode: 0o600 });
      this.evictOld();
    } catch (error) {
      this.log(`Could not keep the workspace's records in ${file}: ${describeError(error)}. Nothing is lost; the next start reads every file.`);
    }
  }

  /** One cache per set of folders (in any order): the folders' hash names it, so no path from the workspace ends up in a file name. */
  private fileFor(folders: readonly string[]): string | undefined {
    if (!this.folder || folders.length === 0) return undefined;
    const id = createHash('sha256').update(JSON.stringify([...folders].sort())).digest('hex').slice(0, 32);
    return join(this.folder, `${id}.json`);
  }

  /**
   * Removes the least recently written caches past MAX_CACHES. Only regular files count: a link or
   * folder under a cache's name is left alone, and a cache another server removed meanwhile is no
   * error (either would otherwise be told as records not kept, which were).
   */
  private evictOld(): void {
    const folder = this.folder;
    if (!folder) return;
    const caches: { path: string; written: number }[] = [];
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const stat = /^[0-9a-f]{32}\.json$/.test(name) ? lstatSync(path, { throwIfNoEntry: false }) : undefined;
      if (stat?.isFile()) caches.push({ path, written: stat.mtimeMs });
    }
    caches.sort((a, b) => b.written - a.written);
    for (const old of caches.slice(MAX_CACHES)) rmSync(old.path, { force: true });
  }
}

/** The parts of a cache's text, stopped with an error past the cache's limit (the partial file is then removed, the old one kept). */
function* bounded(parts: Iterable<string>): Generator<string> {
  let length = 0;
  for (const part of parts) {
    length += part.length;
    if (length > MAX_RECORDS_BYTES) throw new Error(`the records are over the cache's limit of ${MAX_RECORDS_BYTES / 1024 / 1024} MiB`);
    yield part;
  }
}

/**
 * The records of the cache at `file`, read a line at a time (./cacheFileLines.ts); undefined when
 * there is none; a problem when it is not a regular file, too large or cannot be read (never read
 * then); refused (core/workspace/recordCache.ts decodeRecords) when it is not a cache for `key`.
 */
function decodedFrom(file: string, key: RecordCacheKey): ReturnType<typeof decodeRecords> | { problem: string } | undefined {
  let fd: number;
  try {
    // O_NONBLOCK: a named pipe planted at the cache's name is opened at once (then refused as not a
    // regular file) instead of blocking the server until something writes to it.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? undefined : { problem: `it could not be opened (${code === 'ELOOP' ? 'it is a symbolic link' : describeError(error)})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { problem: 'it is not a regular file' };
    if (stat.size > MAX_RECORDS_BYTES) return { problem: `it is larger than ${MAX_RECORDS_BYTES / 1024 / 1024} MiB` };
    // No lines in it: read whole, for the reason it is refused (garbage, one JSON value, an older version's cache).
    return decodeRecords(fileCacheLines(fd, stat.size) ?? readFileSync(fd, 'utf8'), key);
  } catch (error) {
    return { problem: `it could not be read (${describeError(error)})` };
  } finally {
    closeSync(fd);
  }
}

/** This server's build: its version and its bundle's size and time, so records made by any other build are never believed. */
function buildId(): string {
  const version = typeof CATALOG_CODE_VERSION === 'string' ? CATALOG_CODE_VERSION : 'dev';
  try {
    const bundle = statSync(__filename);
    return `${version}+${bundle.size}-${Math.round(bundle.mtimeMs)}`;
  } catch {
    return version;
  }
}

/** A whole number from the environment (the tests set small ones), else `fallback`. */
function countFrom(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

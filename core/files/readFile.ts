import { isAscii } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { describeError } from '../errors/describeError';

/**
 * The one reader of metadata files from disk (the workspace session, the CLI): regular files
 * only, never more than the limit. The file is opened without blocking (a FIFO named `x.yaml`
 * cannot hold the open up), what was opened is checked with fstat (a link to `/dev/zero` is a
 * device, not a file), and at most `maxBytes + 1` bytes are read whatever the size says (files in
 * `/proc` say 0), so no file can make a walk hang or grow without bound.
 */

/** When a file was read as it was: its size and modification time (a record of it is trusted while they stay: core/workspace/closedRecords.ts). */
export interface DiskStamp {
  size: number;
  mtimeMs: number;
}

export type FileRead = { text: string; stamp?: DiskStamp } | { problem: string };

/** 2 MiB as "2 MiB", 64 MiB as "64 MiB": limits in messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** What fs.Stats and fs.Dirent both tell of a file's kind. */
interface FileKind {
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
  isDirectory(): boolean;
}

/** What a file that is not a regular file is, in words. */
export function describeSpecialFile(stats: FileKind): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a folder';
  return 'not a regular file';
}

/** Why a file is not read, as the rest of a sentence that starts with the file's path. */
export function notRegularProblem(what: string): string {
  return `is ${what}, not a regular file; Catalog Code reads only regular files. Replace it with a regular file, or rename it so its name does not end in .yaml, .yml, .json or .jsonc`;
}

export function tooLargeProblem(maxBytes: number): string {
  return `is larger than ${formatBytes(maxBytes)}, the most Catalog Code reads of one metadata file; split it into smaller files`;
}

/** The problem of a file that could not be opened or read; starts with UNREADABLE. */
export const UNREADABLE = 'could not be opened or read';

function unreadableProblem(error: unknown): string {
  return `${UNREADABLE} (${describeError(error)}); check that it exists and that you may read it`;
}

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
/** Read size once the file turns out larger than fstat said. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The text of UTF-8 bytes. Metadata files are nearly always ASCII, and ASCII bytes are the same text
 * read as Latin-1, which copies them instead of decoding them (half the time of a 3.3 MiB golden
 * file's decoding, a few percent of `validate`'s); any other byte takes the UTF-8 decoder.
 */
export function decodeUtf8(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** Reads `path` as UTF-8 if it is a regular file of at most `maxBytes`; otherwise says why not. */
export function readMetadataFileSync(path: string, maxBytes: number): FileRead {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return { problem: unreadableProblem(error) };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { problem: notRegularProblem(describeSpecialFile(stats)) };
    if (stats.size > maxBytes) return { problem: tooLargeProblem(maxBytes) };
    const bytes = readAtMost(fd, stats.size, maxBytes);
    return bytes ? { text: decodeUtf8(bytes), stamp: { size: stats.size, mtimeMs: stats.mtimeMs } } : { problem: tooLargeProblem(maxBytes) };
  } catch (error) {
    return { problem: unreadableProblem(error) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Where each read after the first lands: the usual file ends with its first read, and the read that
 * finds its end then fills nothing, so it needs no buffer of its own (a fresh 64 KB one per file was
 * a tenth of a 20,000-file scan, in allocation and garbage collection). Bytes that do come are copied
 * out before the next read.
 */
const SCRATCH = Buffer.allocUnsafe(CHUNK_BYTES);

/** The file's bytes, or undefined once more than `maxBytes` came (never reads more than `maxBytes + 1`). */
function readAtMost(fd: number, expected: number, maxBytes: number): Buffer | undefined {
  // One read of the size fstat gave (+1 to see the end) for the usual file; more only if it grew.
  const first = Buffer.allocUnsafe(Math.min(expected, maxBytes) + 1);
  const firstRead = readSync(fd, first, 0, first.length, null);
  const chunks: Buffer[] = [first.subarray(0, firstRead)];
  let total = firstRead;
  if (total > maxBytes) return undefined;
  // The size fstat gave, and not the byte past it: the file ends there (a regular file's read stops
  // short only at its end), and the read that would confirm it is skipped — one system call of five
  // per file, 100,000 of them in a workspace scan. Anything else (a file that grew, one whose size
  // reads as 0) is read on to its end.
  if (firstRead === expected && expected > 0) return chunks[0];
  while (firstRead > 0) {
    const read = readSync(fd, SCRATCH, 0, Math.min(CHUNK_BYTES, maxBytes + 1 - total), null);
    if (read === 0) break;
    chunks.push(Buffer.from(SCRATCH.subarray(0, read)));
    total += read;
    if (total > maxBytes) return undefined;
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
}

const PRIVATE_OPEN_FLAGS = OPEN_FLAGS | (constants.O_NOFOLLOW ?? 0);

/**
 * Reads a file that holds a secret (the local catalog's token file) only when it is private: a
 * regular file — not a link (opened with O_NOFOLLOW, so a link planted at its name is refused, not
 * followed to whatever it names), not a FIFO or device — owned by the user running this process and
 * readable or writable by no one else (mode 0600 or stricter), of at most `maxBytes`. Anything else
 * is refused with the reason, so the caller can say it and what to do.
 */
export function readPrivateFileSync(path: string, maxBytes: number): FileRead {
  let fd: number;
  try {
    fd = openSync(path, PRIVATE_OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Linux says ELOOP for a link opened with O_NOFOLLOW; some systems say EMLINK.
    if (code === 'ELOOP' || code === 'EMLINK') return { problem: 'is a symbolic link; a file holding a token is only read when it is a regular file itself' };
    return { problem: unreadableProblem(error) };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { problem: `is ${describeSpecialFile(stats)}, not a regular file` };
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    if (uid !== undefined && stats.uid !== uid) return { problem: `belongs to another user (uid ${stats.uid}, you are ${uid}); a token file is only read when it is your own` };
    if ((stats.mode & 0o077) !== 0) return { problem: `may be read or written by other users (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')}); a token file must be mode 0600 (chmod 600 it, or let the local catalog write it again)` };
    if (stats.size > maxBytes) return { problem: privateTooLarge(maxBytes) };
    const bytes = readAtMost(fd, stats.size, maxBytes);
    return bytes ? { text: bytes.toString('utf8') } : { problem: privateTooLarge(maxBytes) };
  } catch (error) {
    return { problem: unreadableProblem(error) };
  } finally {
    closeSync(fd);
  }
}

function privateTooLarge(maxBytes: number): string {
  return `is larger than ${formatBytes(maxBytes)}, far more than a token file holds; it is not one Catalog Code wrote`;
}

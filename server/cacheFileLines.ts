import { readSync } from 'node:fs';
import { decodeUtf8 } from '../core/files/readFile';
import type { CacheLines } from '../core/workspace/recordCache';

/** Bytes read at a time while looking for a line's end, and while reading the parts. */
const CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

/**
 * A records cache's lines (core/workspace/recordCache.ts) read from its file, open as `fd` and
 * `size` bytes long: the header and the table of strings (the last line, found from the file's
 * end) at once, the parts of entries between them a chunk at a time as they are iterated. A
 * restart then never holds the cache's whole text (some 70 MB at 100,000 files) beside the records
 * it decodes. The same lines linesOfText finds in the text; undefined when the file holds none (it
 * is then read whole, for the reason it is refused). A file cut short while it is read throws.
 */
export function fileCacheLines(fd: number, size: number): CacheLines | undefined {
  const end = size > 0 && bytesOf(fd, size - 1, size)[0] === NEWLINE ? size - 1 : size;
  const headerEnd = nextNewline(fd, 0, end);
  const tableStart = lastNewlineFrom(fd, end - 1) + 1;
  if (headerEnd < 0 || tableStart <= headerEnd) return undefined;
  return {
    header: decodeUtf8(bytesOf(fd, 0, headerEnd)),
    table: decodeUtf8(bytesOf(fd, tableStart, end)),
    parts: () => linesBetween(fd, headerEnd + 1, tableStart),
  };
}

/** The bytes from `start` to `end`; throws when the file ends before them. */
function bytesOf(fd: number, start: number, end: number): Buffer {
  const bytes = Buffer.allocUnsafe(end - start);
  for (let filled = 0; filled < bytes.length; ) {
    const read = readSync(fd, bytes, filled, bytes.length - filled, start + filled);
    if (read === 0) throw new Error('the file was cut short while it was read');
    filled += read;
  }
  return bytes;
}

/** The offset of the first newline at or after `from` and before `to`; -1 when there is none. */
function nextNewline(fd: number, from: number, to: number): number {
  for (let at = from; at < to; at += CHUNK_BYTES) {
    const found = bytesOf(fd, at, Math.min(to, at + CHUNK_BYTES)).indexOf(NEWLINE);
    if (found >= 0) return at + found;
  }
  return -1;
}

/** The offset of the last newline at or before `from`; -1 when there is none. */
function lastNewlineFrom(fd: number, from: number): number {
  for (let end = from + 1; end > 0; end -= CHUNK_BYTES) {
    const start = Math.max(0, end - CHUNK_BYTES);
    const found = bytesOf(fd, start, end).lastIndexOf(NEWLINE);
    if (found >= 0) return start + found;
  }
  return -1;
}

/** The lines between `from` and `to` (where the last of them ends with its newline), read a chunk at a time. */
function* linesBetween(fd: number, from: number, to: number): Generator<string> {
  let pending: Buffer[] = [];
  for (let at = from; at < to; at += CHUNK_BYTES) {
    const chunk = bytesOf(fd, at, Math.min(to, at + CHUNK_BYTES));
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline >= 0; newline = chunk.indexOf(NEWLINE, start)) {
      pending.push(chunk.subarray(start, newline));
      yield decodeUtf8(pending.length === 1 ? pending[0] : Buffer.concat(pending));
      pending = [];
      start = newline + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield decodeUtf8(Buffer.concat(pending));
}

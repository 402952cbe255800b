import { RowBlocks } from '../mentions/rowBlocks';
import type { FormatId } from '../model/facts';
import { newMentions } from '../mentions/fileMentions';
import { MENTIONS_ONLY_FORMATS } from './slimModel';
import type { FileRecord, RecordedFile, TextSeen } from './recordedFile';

// The restart cache's contents: the records of a workspace's closed files (./recordedFile.ts), so a
// language server started again in a workspace it read before keeps each unchanged file from its
// record instead of parsing it. Pure encoding and checking here; where the file lives, its bounds
// and its writing are server/scanRecords.ts.

const KIND = 'catalog-code-workspace-records';
/** Raised whenever what a record holds, or how it is written, changes. */
const RECORD_VERSION = 3;
/** At most this many files per cache (a larger workspace keeps the first ones by URI). */
export const MAX_CACHED_FILES = 250_000;
/** A mention row's code (core/mentions/fileMentions.ts): kind 0–4, role 0–9, two flags. */
const MAX_ROW_CODE = 4 | (9 << 3) | 128 | 256;

/** What a cache is valid for: records made by another build, under other format associations or for other indexes are of no use. */
export interface RecordCacheKey {
  /** the server's build (its version and bundle) */
  build: string;
  /** the format associations the files were read under, as JSON */
  associations: string;
  /** the record derivations registered (./recordDerivations.ts) */
  derivations: readonly string[];
}

/** A record restored from the cache, with the text it was made from (its length and hash, the file's size and time then). */
export interface CachedRecord {
  seen: TextSeen;
  record: FileRecord;
}

/** Entries written per part of the cache's text: a part stays under V8's large-object size (about 128 KB), so each is collected young. */
const ENTRIES_PER_PART = 100;

/**
 * The cache's text for the closed files kept as records (others are read at start as usual), one
 * JSON value per line: a header (what the cache is for), the entries in parts of ENTRIES_PER_PART,
 * and last the table of strings the entries point into (known only at the end). A 100,000-file
 * workspace's is some 70 MB: written part by part, never held whole, and read back part by part
 * (decodeRecords).
 */
export function* encodeRecords(key: RecordCacheKey, files: Iterable<RecordedFile>): Generator<string> {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const index = (text: string) => {
    let found = indexes.get(text);
    if (found === undefined) indexes.set(text, (found = strings.push(text) - 1));
    return found;
  };
  const formats = [...MENTIONS_ONLY_FORMATS];
  yield `${JSON.stringify({ kind: KIND, version: RECORD_VERSION, ...key, formats })}\n`;
  let part: unknown[] = [];
  let count = 0;
  for (const file of files) {
    if (count++ >= MAX_CACHED_FILES) break;
    const derived: Record<string, number[]> = {};
    for (const name of key.derivations) derived[name] = (file.derived[name] ?? []).map(index);
    const { length, hash, stamp } = file.seen;
    part.push([file.uri, length, hash, stamp.size, stamp.mtimeMs, formats.indexOf(file.format), file.mentions.urns.map(index), Array.from(file.mentions.rows), derived]);
    if (part.length === ENTRIES_PER_PART) {
      yield `${JSON.stringify(part)}\n`;
      part = [];
    }
  }
  if (part.length > 0) yield `${JSON.stringify(part)}\n`;
  yield `${JSON.stringify({ strings })}\n`;
}

/**
 * The records of a cache's text, by URI; undefined (with the reason) when the text is not a cache
 * for `key`. Its lines are parsed one at a time — the header, the table of strings, then each part
 * of entries, turned into records and dropped — so a restart never holds the whole cache parsed
 * (at 100,002 files that peaked at 651 MB, above the scan's own 479 MB). Every entry is checked
 * before it is believed — a corrupt or hostile file gives no record that could break an answer:
 * URNs are strings of the cache's table, rows whole numbers in range, formats those records are
 * made for — and an entry that fails is left out (its file is read as usual); a line that is not
 * JSON refuses the whole cache.
 */
export function decodeRecords(source: string | CacheLines, key: RecordCacheKey): { records: Map<string, CachedRecord>; skipped: number } | { refused: string } {
  const lines = typeof source === 'string' ? linesOfText(source) : source;
  // Only a text can hold no lines (a reader of the file reads it whole then).
  if (!lines) return { refused: notLines(source as string) };
  const header = parsedOrUndefined(lines.header) as Partial<Record<string, unknown>> | null | undefined;
  const table = parsedOrUndefined(lines.table) as Partial<Record<string, unknown>> | null | undefined;
  if (header === undefined || table === undefined) return { refused: 'it is not valid JSON (a write cut short?)' };
  if (typeof header !== 'object' || header === null || header.kind !== KIND) return { refused: 'it is not a Catalog Code records cache' };
  if (header.version !== RECORD_VERSION || header.build !== key.build) return { refused: 'another version of Catalog Code wrote it' };
  if (header.associations !== key.associations) return { refused: 'the format associations changed since' };
  if (!sameList(header.derivations, key.derivations)) return { refused: 'it was written for other indexes' };
  const strings = table?.strings;
  const formats = header.formats;
  if (!Array.isArray(strings) || !strings.every((item) => typeof item === 'string') || !Array.isArray(formats)) return { refused: 'its tables are damaged' };
  const decoder = new EntryDecoder(strings as string[], formats, key.derivations);
  const records = new Map<string, CachedRecord>();
  let skipped = 0;
  let entries = 0;
  for (const line of lines.parts()) {
    if (entries >= MAX_CACHED_FILES) break;
    const part = parsedOrUndefined(line);
    if (part === undefined || !Array.isArray(part)) return { refused: 'its entries are damaged' };
    for (const entry of part) {
      if (entries++ >= MAX_CACHED_FILES) break;
      const decoded = decoder.decode(entry);
      if (decoded) records.set(decoded.uri, decoded.cached);
      else skipped++;
    }
  }
  return { records, skipped };
}

/**
 * A cache's lines: the first (the header) and the last (the table of strings) whole, the parts of
 * entries between them one at a time (server/cacheFileLines.ts reads them from the file so, without
 * holding its whole text).
 */
export interface CacheLines {
  header: string;
  table: string;
  parts(): Iterable<string>;
}

/** The lines of a cache's text; undefined when it is not a header, parts and a table (one JSON value, or garbage). */
export function linesOfText(text: string): CacheLines | undefined {
  const end = text.endsWith('\n') ? text.length - 1 : text.length;
  const headerEnd = text.indexOf('\n');
  const tableStart = end > 0 ? text.lastIndexOf('\n', end - 1) + 1 : 0;
  if (headerEnd < 0 || headerEnd >= end || tableStart <= headerEnd) return undefined;
  return {
    header: text.slice(0, headerEnd),
    table: text.slice(tableStart, end),
    *parts() {
      for (let start = headerEnd + 1; start < tableStart; ) {
        const next = text.indexOf('\n', start);
        yield text.slice(start, next);
        start = next + 1;
      }
    },
  };
}

/** Why a text that is not lines of JSON is refused: one JSON value is something else's file, or a cache of a version before 3 (one JSON object, under the same name). */
function notLines(text: string): string {
  const whole = parsedOrUndefined(text);
  if (whole === undefined) return 'it is not valid JSON (a write cut short?)';
  return (whole as Partial<Record<string, unknown>> | null)?.kind === KIND ? 'another version of Catalog Code wrote it' : 'it is not a Catalog Code records cache';
}

function parsedOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

function sameList(value: unknown, expected: readonly string[]): boolean {
  return Array.isArray(value) && value.length === expected.length && value.every((item, i) => item === expected[i]);
}

function isCount(value: unknown, below = Number.MAX_SAFE_INTEGER): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < below;
}

/** One cache entry checked and turned into a record (or undefined). */
class EntryDecoder {
  private readonly formats: (FormatId | undefined)[];
  /** the decoded records' rows, in shared blocks as the scan's records (../mentions/rowBlocks.ts) */
  private readonly rowBlocks = new RowBlocks();

  constructor(
    private readonly strings: readonly string[],
    formats: readonly unknown[],
    private readonly derivations: readonly string[],
  ) {
    this.formats = formats.map((format) => (typeof format === 'string' && MENTIONS_ONLY_FORMATS.has(format as FormatId) ? (format as FormatId) : undefined));
  }

  decode(entry: unknown): { uri: string; cached: CachedRecord } | undefined {
    if (!Array.isArray(entry) || entry.length !== 9) return undefined;
    const [uri, length, hash, size, mtimeMs, formatIndex, urnIndexes, rows, derived] = entry as unknown[];
    if (typeof uri !== 'string' || !uri.startsWith('file:') || !isCount(length, 2 ** 31 - 1) || typeof hash !== 'string' || !isCount(size) || typeof mtimeMs !== 'number' || !Number.isFinite(mtimeMs) || !isCount(formatIndex, this.formats.length)) return undefined;
    const format = this.formats[formatIndex];
    const urns = this.stringsAt(urnIndexes);
    if (!format || !urns || !this.rowsValid(rows, urns.length, length) || typeof derived !== 'object' || derived === null) return undefined;
    const restored: Record<string, readonly string[]> = {};
    for (const name of this.derivations) {
      const values = this.stringsAt(Object.prototype.hasOwnProperty.call(derived, name) ? (derived as Record<string, unknown>)[name] : undefined);
      if (!values) return undefined;
      restored[name] = values;
    }
    return { uri, cached: { seen: { length, hash, stamp: { size, mtimeMs } }, record: { format, mentions: newMentions(urns, this.rowBlocks.of(rows as number[])), derived: restored } } };
  }

  private stringsAt(indexes: unknown): string[] | undefined {
    if (!Array.isArray(indexes)) return undefined;
    const out: string[] = [];
    for (const index of indexes) {
      if (!isCount(index, this.strings.length)) return undefined;
      out.push(this.strings[index]);
    }
    return out;
  }

  /** Rows of whole numbers: a known kind and role, a range inside the text. */
  private rowsValid(rows: unknown, count: number, textLength: number): boolean {
    if (!Array.isArray(rows) || rows.length !== count * 3) return false;
    for (let i = 0; i < rows.length; i += 3) {
      const code: unknown = rows[i];
      if (!isCount(code, MAX_ROW_CODE + 1) || (code & 7) > 4 || ((code >> 3) & 15) > 9 || !isCount(rows[i + 1]) || !isCount(rows[i + 2], textLength + 1) || rows[i + 2] < rows[i + 1]) return false;
    }
    return true;
  }
}

import { RowBlocks } from '../mentions/rowBlocks';
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { DiskStamp } from '../files/readFile';
import type { DocumentModel, FormatId } from '../model/facts';
import { mentionsOfModel, newMentions } from '../mentions/fileMentions';
import type { MadeRecord } from './madeRecord';
import { RecordedFile, type FileRecord, type RecordedFileSource } from './recordedFile';
import { RecordDerivations } from './recordDerivations';
import type { CachedRecord, RecordCacheKey } from './recordCache';
import type { StringPool } from './stringPool';
import { textHash } from './textHash';
import { diskText } from './diskText';
import { Slices } from './scanFolders';

/** Where a session's records are kept between runs (server/scanRecords.ts: the restart cache in the editor's storage). */
export interface RecordStore {
  /** the records kept for these folders; undefined when there are none, or none usable (said to the user by the store) */
  load(folders: readonly string[], key: Omit<RecordCacheKey, 'build'>): ReadonlyMap<string, CachedRecord> | undefined;
  /**
   * keeps the records of the closed files under these folders for the next run, when it chooses
   * (`files` answers them as they are then); `scan`: how many this scan kept from the last run's,
   * and whether that was every one (nothing to write)
   */
  save(folders: readonly string[], key: Omit<RecordCacheKey, 'build'>, files: () => readonly RecordedFile[], scan: { restored: number; total: number; unchanged: boolean }): void;
}

/**
 * The records of a session's closed files (./recordedFile.ts): made from a model as a file is
 * stored, or restored from the restart cache for a file whose size and modification time (or,
 * once read, whose text) are what they were; the derivations indexes register; and the cache's
 * loading and saving around a scan.
 */
export class ClosedRecords {
  readonly derivations = new RecordDerivations();
  /** where the records' rows are stored (../mentions/rowBlocks.ts) */
  private readonly rowBlocks = new RowBlocks();
  private restorable: ReadonlyMap<string, CachedRecord> | undefined;
  private restoredCount = 0;
  /** the files this scan kept from their records without looking at them (restoreUnread), for verifyRestored */
  private unverified: { uri: string; path: string; stamp: DiskStamp }[] = [];

  private readonly source: RecordedFileSource;
  private readonly changed = new Set<string>();

  /**
   * `source.changedOnDisk` is told once the request at hand is answered, once per file however
   * often its text was read meanwhile; a closed file's text is read from disk (./diskText.ts); `keep`
   * stores a file kept as its record in the session (telling who indexes it when `notify`).
   */
  constructor(
    source: Omit<RecordedFileSource, 'readDisk'>,
    private readonly store: RecordStore | undefined,
    private readonly keep: (file: RecordedFile, notify: boolean) => void,
  ) {
    const tell = () => {
      const uris = [...this.changed];
      this.changed.clear();
      for (const uri of uris) source.changedOnDisk(uri);
    };
    this.source = {
      ...source,
      readDisk: diskText,
      changedOnDisk: (uri) => {
        if (this.changed.size === 0) setImmediate(tell);
        this.changed.add(uri);
      },
    };
  }

  /** Keeps a closed file as its record, made from its model: the text and model are held while the session tells who indexes it, then dropped. */
  keepFromModel(uri: string, text: string, stamp: DiskStamp, model: DocumentModel, pool: StringPool | undefined, notify: boolean): RecordedFile {
    const intern = pool ? (value: string) => pool.intern(value) : (value: string) => value;
    const record: FileRecord = { format: model.format as FormatId, mentions: mentionsOfModel(model, intern, (rows) => this.rowBlocks.of(rows)), derived: this.derivations.derive(model, intern) };
    const file = new RecordedFile(uri, { length: text.length, hash: textHash(text), stamp }, record, { text, model }, this.source);
    this.keep(file, notify);
    file.release();
    return file;
  }

  /** Keeps a closed file as the record made of it away from the session (./madeRecord.ts): its strings shared through `pool`, what indexes collected of it adopted and held while they are told. */
  keepMade(uri: string, made: MadeRecord, stamp: DiskStamp, pool: StringPool | undefined): RecordedFile | undefined {
    const intern = pool ? (value: string) => pool.intern(value) : (value: string) => value;
    const collected = this.derivations.adopt(made.collected, intern);
    if (!collected) return undefined;
    const derived: Record<string, readonly string[]> = {};
    for (const [name, values] of Object.entries(made.derived)) derived[name] = values.map(intern);
    const record: FileRecord = { format: made.format, mentions: newMentions(made.urns.map(intern), this.rowBlocks.of(made.rows)), derived };
    const file = new RecordedFile(uri, { length: made.length, hash: made.hash, stamp }, record, undefined, this.source, collected);
    this.keep(file, false);
    file.release();
    return file;
  }

  /** A scan starts: the records kept for its folders become restorable (answers how many there are). */
  beginScan(folders: readonly string[], associations: string): number {
    this.restorable = this.store?.load(folders, { associations, derivations: this.derivations.names });
    this.restoredCount = 0;
    return this.restorable?.size ?? 0;
  }

  /**
   * Keeps the file, unread and unchecked, from its record when there is one (false to read it): the
   * scan's answers are then complete at once, and the file's size and modification time are
   * compared with the record's after the scan (verifyRestored).
   */
  restoreUnread(uri: string, path: string): boolean {
    const cached = this.restorable?.get(uri);
    if (!cached || !this.restored(uri, cached)) return false;
    this.unverified.push({ uri, path, stamp: cached.seen.stamp });
    return true;
  }

  /**
   * After the scan, in slices: each file kept unread whose size or modification time is no longer
   * its record's is read again (`session.readAgain`; its record kept, with its new time, when its
   * text is the same: a checkout back and forth), one that is gone is dropped (`session.gone`); a
   * file opened, changed or dropped meanwhile (no longer `session.current`'s) is left to whoever
   * did that. Answers how many files were read again.
   */
  async verifyRestored(session: { current(uri: string): unknown; readAgain(uri: string, path: string): void; gone(uri: string): void }): Promise<number> {
    const unverified = this.unverified;
    this.unverified = [];
    const slices = new Slices();
    let reread = 0;
    for (const { uri, path, stamp } of unverified) {
      await slices.yieldWhenDue();
      const file = session.current(uri);
      if (!(file instanceof RecordedFile) || file.seen.stamp !== stamp) continue;
      let now: DiskStamp | undefined;
      try {
        now = statSync(path);
      } catch {
        now = undefined;
      }
      if (now && now.size === stamp.size && now.mtimeMs === stamp.mtimeMs) continue;
      reread++;
      this.restoredCount--;
      if (now) session.readAgain(uri, path);
      else session.gone(uri);
    }
    return reread;
  }

  /** Keeps the file from its record when its text, read, is the one the record was made from (only its time changed: a checkout back and forth); false to parse it. */
  restoreRead(uri: string, text: string, stamp: DiskStamp | undefined): boolean {
    const cached = this.restorable?.get(uri);
    if (!cached || !stamp || cached.seen.length !== text.length || cached.seen.hash !== textHash(text)) return false;
    return this.restored(uri, { ...cached, seen: { ...cached.seen, stamp } });
  }

  private restored(uri: string, cached: CachedRecord): boolean {
    if (!this.derivations.complete(cached.record.derived)) return false;
    this.restoredCount++;
    this.keep(new RecordedFile(uri, cached.seen, cached.record, undefined, this.source), false);
    return true;
  }

  /** The scan ended: the records of the closed files under its folders are kept for the next run (not written again when every one was restored); answers how many files were restored. */
  endScan(folders: readonly string[], associations: string, files: () => readonly RecordedFile[]): number {
    const prefixes = folders.map((folder) => `${pathToFileURL(folder).toString().replace(/\/$/, '')}/`);
    const under = () => files().filter((file) => prefixes.some((prefix) => file.uri.startsWith(prefix)));
    const total = under().length;
    const unchanged = this.restoredCount === total && this.restorable?.size === total;
    this.restorable = undefined;
    this.store?.save(folders, { associations, derivations: this.derivations.names }, under, { restored: this.restoredCount, total, unchanged });
    return this.restoredCount;
  }
}

import { pathToFileURL } from 'node:url';
import type { DocumentModel, FormatId } from '../model/facts';
import { LineIndex } from '../model/range';
import { mentionsOfModel } from '../mentions/fileMentions';
import { RecordedFile, type FileRecord, type ReadAgain } from './recordedFile';
import { RecordDerivations } from './recordDerivations';
import { textHash, type CachedRecord, type RecordCacheKey } from './recordCache';
import type { StringPool } from './stringPool';

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
 * stored, or restored from the restart cache for a file whose text is what it was; the
 * derivations indexes register; and the cache's loading and saving around a scan.
 */
export class ClosedRecords {
  readonly derivations = new RecordDerivations();
  private restorable: ReadonlyMap<string, CachedRecord> | undefined;
  private restoredCount = 0;

  constructor(
    private readonly readAgain: ReadAgain,
    private readonly store: RecordStore | undefined,
  ) {}

  /** A closed file's record from its model, held until the session has told who indexes it. */
  fromModel(uri: string, text: string, lineIndex: LineIndex, model: DocumentModel, pool: StringPool | undefined): RecordedFile {
    const intern = pool ? (value: string) => pool.intern(value) : (value: string) => value;
    const record: FileRecord = { format: model.format as FormatId, mentions: mentionsOfModel(model, intern), derived: this.derivations.derive(model, intern) };
    return new RecordedFile(uri, text, lineIndex, record, model, this.readAgain);
  }

  /** A closed file from a record, when it carries every derivation registered. */
  fromRecord(uri: string, text: string, record: FileRecord): RecordedFile | undefined {
    return this.derivations.complete(record.derived) ? new RecordedFile(uri, text, new LineIndex(text), record, undefined, this.readAgain) : undefined;
  }

  /** A scan starts: the records kept for its folders become restorable (answers how many there are). */
  beginScan(folders: readonly string[], associations: string): number {
    this.restorable = this.store?.load(folders, { associations, derivations: this.derivations.names });
    this.restoredCount = 0;
    return this.restorable?.size ?? 0;
  }

  /** The file restored from its kept record when its text is the one the record was made from; undefined to read it. */
  restore(uri: string, text: string): RecordedFile | undefined {
    const cached = this.restorable?.get(uri);
    if (!cached || cached.length !== text.length || cached.hash !== textHash(text)) return undefined;
    const file = this.fromRecord(uri, text, cached.record);
    if (file) this.restoredCount++;
    return file;
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

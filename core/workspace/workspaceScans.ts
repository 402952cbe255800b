import type { Associations } from '../formats';
import type { DiskStamp } from '../files/readFile';
import type { ClosedRecords } from './closedRecords';
import { walkMetadataFiles } from './metadataFiles';
import type { RecordedFile } from './recordedFile';
import type { ScanReader } from './scanReader';
import { ScanProgress, readScanFiles, storeScanFiles, type ScanStore } from './scanReads';
import type { SessionDocument, WorkspaceSessionOptions } from './sessionTypes';
import { StringPool } from './stringPool';

/** What a scan asks of the session it reads the workspace into (./session.ts). */
export interface ScanSession {
  addFolders(folders: readonly string[]): void;
  associations(): Associations;
  current(uri: string): SessionDocument | undefined;
  /** a file that cannot be read: said (unless it could not be opened) and dropped */
  unreadable(uri: string, path: string, problem: string): void;
  /** a closed file's text kept: from the last run's record when the text is the one it was made from, else read */
  storeText(uri: string, text: string, stamp: DiskStamp | undefined, notify: boolean): void;
  /** what the session does for a file before it is kept anew (a read in slices or a check at rest stops) */
  replacing(uri: string): void;
  /** the file read from disk again, as a watcher event reads it */
  readFromDisk(uri: string, notify: boolean): void;
  /** the file read from disk again at `path` (the walk checked its links), its record kept when its text is the same */
  readAgain(uri: string, path: string): void;
  fileGone(uri: string): void;
  /** the scan's first pass stored files that may write definitions: they are rebuilt now */
  definitionsRead(): void;
  /** every file is read: what is computed from all of them is stale */
  everyFileRead(): void;
  recordedFiles(): RecordedFile[];
}

/**
 * The session's workspace scans (WorkspaceSession.scan): which run and how far they are, the
 * strings their files share, the reader they read through (./scanReader.ts), the last run's records
 * they keep files from and then check (./closedRecords.ts), and the records kept for the next run.
 */
export class WorkspaceScans {
  readonly progress = new ScanProgress();
  /** the short strings the files a scan stores share, while scans run (./stringPool.ts) */
  strings: StringPool | undefined;
  private readOnce = false;

  constructor(
    private readonly session: ScanSession,
    private readonly records: ClosedRecords,
    private readonly options: Pick<WorkspaceSessionOptions, 'onSkipped' | 'onScanLimit'> & { newReader: (files: number) => ScanReader },
  ) {}

  /** Whether a scan has read every file it found (answers are complete from then on, while the files kept from the last run's records are still looked at). */
  get everRead(): boolean {
    return this.readOnce;
  }

  /** Runs `work` with a pool of shared strings (every file read again shares its short strings, as a scan's do). */
  sharingStrings(work: () => void): void {
    this.strings ??= new StringPool();
    work();
    if (!this.progress.scanning) this.strings = undefined;
  }

  /** Reads every metadata file under the folders, at most `limit` (told to onScanLimit); answers how many. */
  async scan(folders: readonly string[], limit?: number): Promise<number> {
    const given = folders.filter((folder) => folder.length > 0);
    this.session.addFolders(given);
    const { files, skipped, limitReached } = walkMetadataFiles(given, limit);
    for (const { path, problem } of skipped) this.options.onSkipped?.(`Skipped '${path}': it ${problem}.`);
    this.progress.begin(files.length);
    this.strings ??= new StringPool();
    const associations = JSON.stringify(this.session.associations());
    this.records.beginScan(given, associations);
    const reader = this.options.newReader(files.length);
    try {
      const store = this.scanStore();
      const { late, early } = await readScanFiles(files, store, this.progress, reader);
      if (early > 0) this.session.definitionsRead();
      await storeScanFiles(late, store, this.progress, reader);
    } finally {
      reader.close();
      this.progress.end();
      if (!this.progress.scanning) this.strings = undefined;
    }
    this.session.everyFileRead();
    // Answers are complete from here; files kept unread from their records are looked at now.
    this.readOnce = true;
    await this.records.verifyRestored({ current: (uri) => this.session.current(uri), readAgain: (uri, path) => this.session.readAgain(uri, path), gone: (uri) => this.session.fileGone(uri) });
    this.options.onScanLimit?.(limitReached, given);
    this.records.endScan(given, associations, () => this.session.recordedFiles());
    return files.length;
  }

  /** The session as the scan's passes store into it (./scanReads.ts). */
  private scanStore(): ScanStore {
    const session = this.session;
    return {
      isOpen: (uri) => session.current(uri)?.open === true,
      // The walk already kept links inside the folder walked: no lstat of each file here.
      unreadable: (uri, path, problem) => session.unreadable(uri, path, problem),
      // A file unchanged since its kept record was made is kept from it, unread or unparsed (./closedRecords.ts).
      restoreUnread: (uri, path) => this.records.restoreUnread(uri, path),
      store: (uri, text, stamp) => session.storeText(uri, text, stamp, false),
      keepRecord: (uri, record, stamp) => {
        session.replacing(uri);
        // An index registered since the reader was asked: the file is read here instead.
        if (!stamp || !this.records.keepMade(uri, record, stamp, this.strings)) session.readFromDisk(uri, false);
      },
      recordOptions: () => ({ associations: session.associations(), derivations: this.records.derivations.names, collections: this.records.derivations.collectionNames }),
    };
  }
}

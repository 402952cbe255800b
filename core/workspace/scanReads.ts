// The workspace scan's reading (WorkspaceSession.scan): which scans run and how far they are, and
// the two passes over the files found — read each once, parse at once the ones that may write
// definitions, then store the rest — in slices of a few milliseconds, so an editor's requests run
// between them.
import { fileUriOf } from '../files/fileUri';
import type { ScanFileRead, ScanFileReads, ScanReader } from './scanReader';
import type { MadeRecord, MadeRecordOptions } from './madeRecord';
import { Slices } from './scanFolders';
import type { DiskStamp } from '../files/readFile';

/** A file read by the scan and not yet stored: its text, or (past LATE_TEXT_BUDGET) only where to read it again. */
export interface ScanRead {
  uri: string;
  text: string | undefined;
  stamp?: DiskStamp;
  path: string;
}

/**
 * The characters of texts the first pass keeps for the second; the files past it are read again
 * there (from the system's cache: a fifth of the time of parsing them). A 20,000-file workspace
 * (17 MiB) stays under it; at 100,000 files the texts held between the passes were 100 MB of the
 * scan's peak.
 */
const LATE_TEXT_BUDGET = 24 * 1024 * 1024;

/** What the two passes ask of the session. */
export interface ScanStore {
  /** whether the editor has the file open (its text, not the disk's, is kept) */
  isOpen(uri: string): boolean;
  /** a file that cannot be read: said to the user (unless it could not be opened at all) and left out of the workspace */
  unreadable(uri: string, path: string, problem: string): void;
  /** keeps a closed file unchanged since the last run from its record, unread (./closedRecords.ts); false to read it */
  restoreUnread(uri: string, path: string): boolean;
  /** keeps a closed file's text in the session */
  store(uri: string, text: string, stamp: DiskStamp | undefined): void;
  /** keeps a closed file as the record the reader made of it (./madeRecord.ts) */
  keepRecord(uri: string, record: MadeRecord, stamp: DiskStamp | undefined): void;
  /** what a reader that makes records is asked to make */
  recordOptions(): MadeRecordOptions;
}

const EMPTY_READ: ScanRead = { uri: '', text: '', path: '' };

/**
 * The scans running at once (folders added while one runs), how many of the files they found are
 * stored, and the files the disk or the editor changed meanwhile (their newer text wins).
 */
export class ScanProgress {
  private running = 0;
  private stored = 0;
  private total = 0;
  private readonly changedMeanwhile = new Set<string>();

  get scanning(): boolean {
    return this.running > 0;
  }

  begin(files: number): void {
    if (this.running++ === 0) this.stored = this.total = 0;
    this.total += files;
  }

  end(): void {
    if (--this.running === 0) this.changedMeanwhile.clear();
  }

  fileStored(): void {
    this.stored++;
  }

  /** A file read or deleted outside the scan: a scan running must not store its older text. */
  changed(uri: string): void {
    if (this.running > 0) this.changedMeanwhile.add(uri);
  }

  changedDuringScan(uri: string): boolean {
    return this.changedMeanwhile.has(uri);
  }

  /** While scans run: how many files are stored of how many found; undefined when none runs. */
  snapshot(): { stored: number; total: number } | undefined {
    return this.running > 0 ? { stored: this.stored, total: this.total } : undefined;
  }
}

/**
 * The first pass: keeps the files the session can keep unread (open, or unchanged since its
 * record), then reads the others through `reader` and stores at once those that may write
 * definitions (core/workspace/definitionSniff.ts), so an open file's property diagnostics are
 * complete long before the rest is parsed; hands back the others' text (past LATE_TEXT_BUDGET,
 * where to read it again).
 */
export async function readScanFiles(files: readonly string[], session: ScanStore, progress: ScanProgress, reader: ScanReader): Promise<{ late: ScanRead[]; early: number }> {
  const late: ScanRead[] = [];
  let early = 0;
  const slices = new Slices();
  const toRead: string[] = [];
  const uris: string[] = [];
  for (const file of files) {
    const uri = fileUriOf(file);
    if (session.isOpen(uri) || session.restoreUnread(uri, file)) progress.fileStored();
    else {
      toRead.push(file);
      uris.push(uri);
    }
    await slices.yieldWhenDue();
  }
  // A reader that makes records reads the others again in the second pass (where it parses them): it keeps no text for it.
  const reads = reader.read(toRead, { sniff: true, textBudget: reader.makesRecords ? 0 : LATE_TEXT_BUDGET });
  try {
    for (let i = 0; i < toRead.length; i++) {
      const path = toRead[i];
      const next = taken(reads, path);
      const read = next instanceof Promise ? await next : next;
      const uri = uris[i];
      if (read.definitions === false) late.push({ uri, text: read.text, stamp: read.stamp, path });
      else {
        if (read.text !== undefined) early++;
        storeRead(uri, read, session, progress);
        progress.fileStored();
      }
      await slices.yieldWhenDue();
    }
  } finally {
    reads.close();
  }
  return { late, early };
}

/**
 * The next read of `reads`, the one of `path`, or a promise of it while it is on the way (a reader
 * that stopped short answers that the file could not be read). Not an async function: a read in
 * process is kept without a promise and a turn of the event loop per file.
 */
function taken(reads: ScanFileReads, path: string): ScanFileRead | Promise<ScanFileRead> {
  const next = reads.take();
  const orUnread = (read: ScanFileRead | undefined): ScanFileRead => read ?? { path, problem: 'could not be read by the workspace scan' };
  return next instanceof Promise ? next.then(orUnread) : orUnread(next);
}

/** A file read, stored (or said unreadable) unless the editor opened it, or the disk changed it, since it was read. */
function storeRead(uri: string, read: ScanFileRead, session: ScanStore, progress: ScanProgress): void {
  if (session.isOpen(uri) || progress.changedDuringScan(uri)) return;
  if (read.problem !== undefined) session.unreadable(uri, read.path, read.problem);
  else if (read.record !== undefined) session.keepRecord(uri, read.record, read.stamp);
  else if (read.text !== undefined) session.store(uri, read.text, read.stamp);
}

/**
 * The second pass: stores the texts read, in slices, reading again through `reader` those the
 * first pass did not keep; a file the editor opened, or the disk changed, meanwhile keeps that newer text.
 */
export async function storeScanFiles(files: ScanRead[], session: ScanStore, progress: ScanProgress, reader: ScanReader): Promise<void> {
  const slices = new Slices();
  const again = reader.read(
    files.filter((file) => file.text === undefined).map((file) => file.path),
    { sniff: false, textBudget: 0, records: reader.makesRecords ? session.recordOptions() : undefined },
  );
  try {
    for (let i = 0; i < files.length; i++) {
      const { uri, path, text, stamp } = files[i];
      const next = text === undefined ? taken(again, path) : { path, text, stamp };
      const read = next instanceof Promise ? await next : next;
      storeRead(uri, read, session, progress);
      progress.fileStored();
      // Dropped as soon as stored: the list does not keep every text alive until the end.
      files[i] = EMPTY_READ;
      await slices.yieldWhenDue();
    }
  } finally {
    again.close();
  }
}

// The workspace scan's reading (WorkspaceSession.scan): which scans run and how far they are, and
// the two passes over the files found — read each once, parse at once the ones that may write
// definitions, then store the rest — in slices of a few milliseconds, so an editor's requests run
// between them.
import { fileUriOf } from '../files/fileUri';
import { mayWriteDefinitions } from './definitionSniff';
import { Slices } from './scanFolders';
import type { DiskStamp } from '../files/readFile';

/** A file read by the scan and not yet stored: its text, or (past LATE_TEXT_BUDGET) where to read it again. */
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
  /** the file's text as on disk (with its size and time), or undefined when it cannot be read */
  readText(uri: string, path: string): { text: string; stamp?: DiskStamp } | undefined;
  /** keeps a closed file unchanged since the last run from its record, unread (./closedRecords.ts); false to read it */
  restoreUnread(uri: string, path: string): boolean;
  /** keeps a closed file's text in the session */
  store(uri: string, text: string, stamp: DiskStamp | undefined): void;
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
 * Reads the files (each synchronously) in slices, letting other work run between slices; stores at
 * once those that may write definitions (core/workspace/definitionSniff.ts), so an open file's
 * property diagnostics are complete long before the rest is parsed, and hands back the others' text
 * (past LATE_TEXT_BUDGET, where to read it again).
 */
export async function readScanFiles(files: readonly string[], session: ScanStore, progress: ScanProgress): Promise<{ late: ScanRead[]; early: number }> {
  const late: ScanRead[] = [];
  let early = 0;
  let kept = 0;
  const slices = new Slices();
  for (const file of files) {
    const uri = fileUriOf(file);
    const read = session.isOpen(uri) || session.restoreUnread(uri, file) ? undefined : session.readText(uri, file);
    if (read !== undefined && mayWriteDefinitions(read.text)) {
      session.store(uri, read.text, read.stamp);
      early++;
      progress.fileStored();
    } else if (read !== undefined) {
      kept += read.text.length;
      late.push(kept <= LATE_TEXT_BUDGET ? { uri, text: read.text, stamp: read.stamp, path: file } : { uri, text: undefined, path: file });
    }
    else progress.fileStored();
    await slices.yieldWhenDue();
  }
  return { late, early };
}

/** Stores the texts read, in slices; a file the editor opened, or the disk changed, meanwhile keeps that newer text. */
export async function storeScanFiles(files: ScanRead[], session: ScanStore, progress: ScanProgress): Promise<void> {
  const slices = new Slices();
  for (let i = 0; i < files.length; i++) {
    const { uri, path, text, stamp } = files[i];
    if (!session.isOpen(uri) && !progress.changedDuringScan(uri)) {
      const read = text === undefined ? session.readText(uri, path) : { text, stamp };
      if (read) session.store(uri, read.text, read.stamp);
    }
    progress.fileStored();
    // Dropped as soon as stored: the list does not keep every text alive until the end.
    files[i] = EMPTY_READ;
    await slices.yieldWhenDue();
  }
}

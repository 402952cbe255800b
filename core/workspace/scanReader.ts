import { readMetadataFileSync, type DiskStamp } from '../files/readFile';
import { mayWriteDefinitions } from './definitionSniff';
import { MAX_FILE_BYTES } from './metadataFiles';
import { Slices } from './scanFolders';
import { madeRecord, type MadeRecord, type MadeRecordOptions, type RecordMakers } from './madeRecord';
import { fileUriOf } from '../files/fileUri';

/** One file as a scan's reader read it: its text and stamp, or why it cannot be read. */
export interface ScanFileRead {
  path: string;
  /** absent when unreadable, or (a first pass past its text budget) when the file may write no definitions: read again later */
  text?: string;
  stamp?: DiskStamp;
  /** why the file cannot be read (core/files/readFile.ts: starts with UNREADABLE when it could not be opened) */
  problem?: string;
  /** a first pass: whether the text may write definitions (./definitionSniff.ts) */
  definitions?: boolean;
  /** a pass that makes records (ScanReadOptions.records): the file's record, instead of its text, when the session keeps it as one */
  record?: MadeRecord;
}

/** How a pass reads: a first pass sniffs each text and keeps the texts of the others only up to `textBudget` characters. */
export interface ScanReadOptions {
  sniff: boolean;
  textBudget: number;
  /** a second pass of a reader that makesRecords: make each file's record, as the session asks */
  records?: MadeRecordOptions;
}

/**
 * Reads a scan's files, in the order given, a chunk at a time: in process (InProcessScanReader),
 * or on a worker thread, so the main thread parses while the next files are read
 * (server/workerScanReader.ts).
 */
export interface ScanReader {
  /** whether the reader parses the files it reads into records (a pass then hands the session records, not texts: ./madeRecord.ts) */
  readonly makesRecords: boolean;
  read(paths: readonly string[], options: ScanReadOptions): AsyncIterable<readonly ScanFileRead[]>;
  /** The scan is over: whatever the reader holds is let go. */
  close(): void;
}

/**
 * Reads one file for a scan's pass (by the one bounded reader: regular files of at most
 * MAX_FILE_BYTES); `kept`: the characters of other texts the pass has kept so far, past which a
 * text that may write no definitions is not kept. Answers the read and the characters kept now.
 */
export function scanFileRead(path: string, options: ScanReadOptions, kept: number, makers?: RecordMakers): { read: ScanFileRead; kept: number } {
  const read = readMetadataFileSync(path, MAX_FILE_BYTES);
  if ('problem' in read) return { read: { path, problem: read.problem }, kept };
  if (!options.sniff) {
    const record = options.records && makers ? madeRecord(fileUriOf(path), read.text, options.records, makers) : undefined;
    return { read: record ? { path, stamp: read.stamp, record } : { path, text: read.text, stamp: read.stamp }, kept };
  }
  if (mayWriteDefinitions(read.text)) return { read: { path, text: read.text, stamp: read.stamp, definitions: true }, kept };
  const after = kept + read.text.length;
  return { read: after <= options.textBudget ? { path, text: read.text, stamp: read.stamp, definitions: false } : { path, definitions: false }, kept: after };
}

/**
 * Reads in process, synchronously (metadata files are small), handing back what it read each time
 * a slice of time is over; with `makers`, it makes records too (what a worker thread does).
 */
export class InProcessScanReader implements ScanReader {
  readonly makesRecords: boolean;

  constructor(private readonly makers?: RecordMakers) {
    this.makesRecords = makers !== undefined;
  }

  async *read(paths: readonly string[], options: ScanReadOptions): AsyncIterable<readonly ScanFileRead[]> {
    const slices = new Slices();
    let chunk: ScanFileRead[] = [];
    let kept = 0;
    for (const path of paths) {
      const next = scanFileRead(path, options, kept, this.makers);
      kept = next.kept;
      chunk.push(next.read);
      if (slices.due()) {
        yield chunk;
        chunk = [];
        await slices.yieldWhenDue();
      }
    }
    if (chunk.length > 0) yield chunk;
  }

  close(): void {}
}

import { readMetadataFileSync, type DiskStamp } from '../files/readFile';
import { mayWriteDefinitions } from './definitionSniff';
import { MAX_FILE_BYTES } from './metadataFiles';
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
 * Reads a scan's files, in the order given: in process (InProcessScanReader), or on worker
 * threads, so the server's thread keeps what was read while the next files are read and parsed
 * (server/workerScanReader.ts).
 */
export interface ScanReader {
  /** whether the reader parses the files it reads into records (a pass then hands the session records, not texts: ./madeRecord.ts) */
  readonly makesRecords: boolean;
  /** Starts reading `paths`, in order. */
  read(paths: readonly string[], options: ScanReadOptions): ScanFileReads;
  /** The scan is over: whatever the reader holds is let go. */
  close(): void;
}

/**
 * One pass's reads, taken in the order of its paths: at once when read in process (a file is read
 * just before it is kept), a promise while a worker's answer is on the way.
 */
export interface ScanFileReads {
  /** the next path's read; undefined past the last */
  take(): ScanFileRead | Promise<ScanFileRead | undefined> | undefined;
  /** The pass is over (or stopped early): what is read ahead is let go. */
  close(): void;
}

/** Every read of `reads`, in order (for tests and measurements; a scan takes them one by one). */
export async function allReads(reads: ScanFileReads): Promise<ScanFileRead[]> {
  const out: ScanFileRead[] = [];
  for (let read = await reads.take(); read !== undefined; read = await reads.take()) out.push(read);
  reads.close();
  return out;
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
 * Reads in process, synchronously (metadata files are small), each file as the scan takes it: a
 * text read long before it is kept outlives young collections and piles up in the old generation
 * as garbage (reading ahead even a few files at a time took a 100,000-file scan's peak from
 * 547 to 567–570 MB: bench/adhoc/scanAsClient.ts 1000). With `makers`, it makes records too (what
 * a worker thread does).
 */
export class InProcessScanReader implements ScanReader {
  readonly makesRecords: boolean;

  constructor(private readonly makers?: RecordMakers) {
    this.makesRecords = makers !== undefined;
  }

  read(paths: readonly string[], options: ScanReadOptions): ScanFileReads {
    let at = 0;
    let kept = 0;
    return {
      take: () => {
        if (at >= paths.length) return undefined;
        const next = scanFileRead(paths[at++], options, kept, this.makers);
        kept = next.kept;
        return next.read;
      },
      close: () => undefined,
    };
  }

  close(): void {}
}

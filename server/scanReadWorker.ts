// The worker thread that reads the workspace scan's files for the language server
// (dist/scanReadWorker.js; server/workerScanReader.ts): opening, reading and decoding tens of
// thousands of small files, sniffing which may write definitions, and parsing the others into the
// records the session keeps of closed files (core/workspace/madeRecord.ts) happen here while the
// server's thread keeps what came before.
import { parentPort } from 'node:worker_threads';
import { scanFileRead, type ScanFileRead, type ScanReadOptions } from '../core/workspace/scanReader';
import { PENDING_RECORD_MAKERS } from '../core/pending/recordMakers';

/** Chunk `seq` of one read's files, in order; `end` lets go of a read's state. */
export type ScanReadJob = { read: number; seq: number; paths: string[]; options: ScanReadOptions } | { end: number };

export interface ScanReadReply {
  read: number;
  seq: number;
  chunk: ScanFileRead[];
}

/** per read: the characters of texts kept so far against its budget */
const kept = new Map<number, number>();

parentPort?.on('message', (job: ScanReadJob) => {
  if ('end' in job) {
    kept.delete(job.end);
    return;
  }
  let characters = kept.get(job.read) ?? 0;
  const chunk = job.paths.map((path) => {
    const next = scanFileRead(path, job.options, characters, PENDING_RECORD_MAKERS);
    characters = next.kept;
    return next.read;
  });
  kept.set(job.read, characters);
  const reply: ScanReadReply = { read: job.read, seq: job.seq, chunk };
  // The mentions' rows move rather than being copied.
  const rows = chunk.flatMap((read) => (read.record ? [read.record.rows.buffer as ArrayBuffer] : []));
  parentPort?.postMessage(reply, rows);
});

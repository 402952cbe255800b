// The worker thread that reads the workspace scan's files for the language server
// (dist/scanReadWorker.js; server/workerScanReader.ts): opening, reading and decoding tens of
// thousands of small files — and sniffing which may write definitions — happen here while the
// server's thread parses the files read before.
import { parentPort } from 'node:worker_threads';
import { scanFileRead, type ScanFileRead, type ScanReadOptions } from '../core/workspace/scanReader';

/** A chunk of one read's files, in order; `end` lets go of a read's state. */
export type ScanReadJob = { read: number; paths: string[]; options: ScanReadOptions } | { end: number };

export interface ScanReadReply {
  read: number;
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
    const next = scanFileRead(path, job.options, characters);
    characters = next.kept;
    return next.read;
  });
  kept.set(job.read, characters);
  const reply: ScanReadReply = { read: job.read, chunk };
  parentPort?.postMessage(reply);
});

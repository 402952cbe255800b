import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PENDING_RECORD_MAKERS } from '../core/pending/recordMakers';
import { InProcessScanReader, type ScanFileRead, type ScanFileReads, type ScanReader, type ScanReadOptions } from '../core/workspace/scanReader';
import type { ScanReadJob, ScanReadReply } from './scanReadWorker';

/** Files per message: a few milliseconds of work, so the first arrive at once and messages stay few. */
const FILES_PER_CHUNK = 64;
/** Chunks asked of each worker ahead of what the server's thread has taken: they work on without piling results up. */
const CHUNKS_AHEAD = 4;

/**
 * What the scan's workers do: `read` the files (the server's thread parses them), or also parse
 * them into `records` (core/workspace/madeRecord.ts; the server's thread only keeps them).
 */
export type ScanWorkerMode = 'read' | 'records';

/** A scan of fewer files is read in process: a worker's start (tens of milliseconds) and heap would cost more than it gives. */
export const MIN_FILES_FOR_WORKERS = 2_000;

/**
 * How many workers a scan of `files` files starts on a machine of `cores`, and what they do
 * (CATALOG_SCAN_WORKERS=off|read|records chooses, for measuring: docs/performance.md). Workers
 * pay only with cores to spare: on two cores, parsing on a worker while the server's thread keeps
 * the records took more time than doing both on one thread (the work is the same plus the copying,
 * and the client and the collector want the second core), and reading alone on one gained nothing
 * measurable; so workers start from four cores, parsing, one per core besides the server's, at most three.
 */
export function scanWorkerPlan(files: number, cores = availableParallelism(), chosen = process.env.CATALOG_SCAN_WORKERS): { workers: number; mode: ScanWorkerMode } {
  if (chosen === 'off' || cores < 2) return { workers: 0, mode: 'read' };
  if (chosen === 'read') return { workers: 1, mode: 'read' };
  if (chosen === 'records' || (cores >= 4 && files >= MIN_FILES_FOR_WORKERS)) return { workers: Math.max(1, Math.min(3, cores - 1)), mode: 'records' };
  return { workers: 0, mode: 'read' };
}

/** One read's chunks as they come, by sequence number, and who waits for the next. */
interface Inbox {
  chunks: Map<number, ScanFileRead[]>;
  wake: (() => void) | undefined;
}

/**
 * A scan's reader on worker threads (dist/scanReadWorker.js), started with the scan and stopped at
 * its end: the server's thread keeps what the workers read (and parse) while they go on. Chunk i
 * goes to worker i mod n and comes back in order. On a machine of one core, or when a worker cannot
 * start or stops (it fails, or runs out of memory), the files not yet read are read in process:
 * nothing is left out.
 */
export class WorkerScanReader implements ScanReader {
  private workers: Worker[] = [];
  private failure: string | undefined;
  private closed = false;
  private nextRead = 1;
  private readonly inboxes = new Map<number, Inbox>();
  private readonly fallback: InProcessScanReader;
  /** whether the workers parse what they read into records (and so does the fallback once they stop) */
  readonly makesRecords: boolean;

  /** `log`: told once when a worker stops before the scan ends (the files are read in process then); `plan`: see scanWorkerPlan. */
  constructor(
    private readonly log: (message: string) => void,
    plan: { workers: number; mode: ScanWorkerMode },
    script = join(__dirname, 'scanReadWorker.js'),
  ) {
    this.makesRecords = plan.workers > 0 && plan.mode === 'records';
    this.fallback = new InProcessScanReader(this.makesRecords ? PENDING_RECORD_MAKERS : undefined);
    for (let i = 0; i < plan.workers && !this.failure; i++) this.start(script);
  }

  read(paths: readonly string[], options: ScanReadOptions): ScanFileReads {
    if (this.workers.length === 0 || this.failure) return this.fallback.read(paths, options);
    const chunks = this.chunks(paths, options)[Symbol.asyncIterator]();
    let chunk: readonly ScanFileRead[] = [];
    let at = 0;
    const next = async (): Promise<ScanFileRead | undefined> => {
      while (at >= chunk.length) {
        const result = await chunks.next();
        if (result.done) return undefined;
        chunk = result.value;
        at = 0;
      }
      return chunk[at++];
    };
    return { take: () => (at < chunk.length ? chunk[at++] : next()), close: () => void chunks.return?.(undefined) };
  }

  /** The reads of `paths` in chunks, in order: the workers', then (once one stopped) the rest in process. */
  private async *chunks(paths: readonly string[], options: ScanReadOptions): AsyncGenerator<readonly ScanFileRead[]> {
    let done = 0;
    if (this.workers.length > 0 && !this.failure) {
      const read = this.nextRead++;
      // Each worker keeps texts up to its share of the budget.
      const shared = { ...options, textBudget: Math.floor(options.textBudget / this.workers.length) };
      const inbox: Inbox = { chunks: new Map(), wake: undefined };
      this.inboxes.set(read, inbox);
      let sent = 0;
      const send = () => {
        const seq = sent;
        this.post(seq % this.workers.length, { read, seq, paths: paths.slice(seq * FILES_PER_CHUNK, (seq + 1) * FILES_PER_CHUNK), options: shared });
        sent++;
      };
      const chunks = Math.ceil(paths.length / FILES_PER_CHUNK);
      try {
        while (sent < chunks && sent < CHUNKS_AHEAD * this.workers.length) send();
        for (let seq = 0; seq < chunks && !this.failure; seq++) {
          const chunk = await this.next(inbox, seq);
          if (!chunk) break;
          done += chunk.length;
          if (sent < chunks && !this.failure) send();
          yield chunk;
        }
      } finally {
        this.inboxes.delete(read);
        for (let i = 0; i < this.workers.length; i++) this.post(i, { end: read });
      }
    }
    // After a worker stopped: the rest in process, each file as it is taken.
    const rest = this.fallback.read(paths.slice(done), options);
    for (let read = await rest.take(); read !== undefined; read = await rest.take()) yield [read];
  }

  close(): void {
    this.closed = true;
    const workers = this.workers;
    this.workers = [];
    for (const worker of workers) void worker.terminate();
  }

  private start(script: string): void {
    let worker: Worker;
    try {
      worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 96 } });
    } catch (error) {
      this.stopped(error instanceof Error ? error.message : String(error));
      return;
    }
    worker.on('message', (reply: ScanReadReply) => {
      const inbox = this.inboxes.get(reply.read);
      if (!inbox) return;
      inbox.chunks.set(reply.seq, reply.chunk);
      inbox.wake?.();
    });
    worker.on('error', (error) => this.stopped(error.message));
    worker.on('exit', (code) => this.stopped(`it exited with code ${code}`));
    this.workers.push(worker);
  }

  /** Chunk `seq` of a read, or undefined once a worker stopped. */
  private async next(inbox: Inbox, seq: number): Promise<ScanFileRead[] | undefined> {
    while (!inbox.chunks.has(seq) && !this.failure) await new Promise<void>((resolve) => (inbox.wake = resolve));
    inbox.wake = undefined;
    const chunk = inbox.chunks.get(seq);
    inbox.chunks.delete(seq);
    return chunk;
  }

  private post(worker: number, job: ScanReadJob): void {
    try {
      this.workers[worker]?.postMessage(job);
    } catch (error) {
      this.stopped(error instanceof Error ? error.message : String(error));
    }
  }

  private stopped(why: string): void {
    if (this.closed || this.failure !== undefined) return;
    this.failure = why;
    const workers = this.workers;
    this.workers = [];
    for (const worker of workers) void worker.terminate();
    this.log(`A worker reading the workspace's files stopped (${why.slice(0, 200)}); the rest are read on the server's own thread.`);
    for (const inbox of this.inboxes.values()) inbox.wake?.();
  }
}

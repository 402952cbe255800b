import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { InProcessScanReader, type ScanFileRead, type ScanReader, type ScanReadOptions } from '../core/workspace/scanReader';
import type { ScanReadJob, ScanReadReply } from './scanReadWorker';

/** Files per message: a few hundred microseconds of reading, so the first arrive at once and messages stay few. */
const FILES_PER_CHUNK = 64;
/** Chunks asked ahead of what the server's thread has taken: the worker reads on while it parses, without piling texts up. */
const CHUNKS_AHEAD = 4;

/** One read's chunks as they come, in order (a worker answers its messages in order). */
interface Inbox {
  chunks: ScanFileRead[][];
  wake: (() => void) | undefined;
}

/**
 * A scan's reader on a worker thread (dist/scanReadWorker.js), started with the scan and stopped
 * at its end: the server's thread parses while the next files are read (a 100,000-file scan spent
 * 2.3 s of its thread in open, read and close). On a machine of one core, or when the worker
 * cannot start or stops (it fails, or runs out of memory), the files not yet read are read in
 * process: nothing is left out. The only worker, not one per core: reading is a part of parsing's
 * time, so one keeps ahead, and each more would cost its heap on top of the server's peak.
 */
export class WorkerScanReader implements ScanReader {
  private worker: Worker | undefined;
  private failure: string | undefined;
  private closed = false;
  private nextRead = 1;
  private readonly inboxes = new Map<number, Inbox>();
  private readonly fallback = new InProcessScanReader();

  /** `log`: told once when the worker stops before the scan ends (the files are read in process then). */
  constructor(
    private readonly log: (message: string) => void,
    script = join(__dirname, 'scanReadWorker.js'),
    cores = availableParallelism(),
  ) {
    if (cores < 2) return;
    try {
      this.worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 96 } });
    } catch (error) {
      this.stopped(error instanceof Error ? error.message : String(error));
      return;
    }
    this.worker.on('message', (reply: ScanReadReply) => {
      const inbox = this.inboxes.get(reply.read);
      if (!inbox) return;
      inbox.chunks.push(reply.chunk);
      inbox.wake?.();
    });
    this.worker.on('error', (error) => this.stopped(error.message));
    this.worker.on('exit', (code) => this.stopped(`it exited with code ${code}`));
  }

  async *read(paths: readonly string[], options: ScanReadOptions): AsyncIterable<readonly ScanFileRead[]> {
    let done = 0;
    if (this.worker && !this.failure) {
      const read = this.nextRead++;
      const inbox: Inbox = { chunks: [], wake: undefined };
      this.inboxes.set(read, inbox);
      let sent = 0;
      const send = () => {
        const part = paths.slice(sent, sent + FILES_PER_CHUNK);
        sent += part.length;
        this.post({ read, paths: part, options });
      };
      try {
        while (sent < paths.length && sent < FILES_PER_CHUNK * CHUNKS_AHEAD) send();
        while (done < paths.length && !this.failure) {
          const chunk = inbox.chunks.shift() ?? (await this.next(inbox));
          if (!chunk) break;
          done += chunk.length;
          if (sent < paths.length) send();
          yield chunk;
        }
      } finally {
        this.inboxes.delete(read);
        this.post({ end: read });
      }
    }
    // Without a worker, or after it stopped: the rest in process.
    if (done < paths.length) yield* this.fallback.read(paths.slice(done), options);
  }

  close(): void {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  /** The next chunk, or undefined once the worker stopped. */
  private next(inbox: Inbox): Promise<ScanFileRead[] | undefined> {
    return new Promise((resolve) => {
      inbox.wake = () => {
        inbox.wake = undefined;
        resolve(inbox.chunks.shift());
      };
    });
  }

  private post(job: ScanReadJob): void {
    try {
      this.worker?.postMessage(job);
    } catch (error) {
      this.stopped(error instanceof Error ? error.message : String(error));
    }
  }

  private stopped(why: string): void {
    if (this.closed || this.failure !== undefined) return;
    this.failure = why;
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    this.log(`The worker reading the workspace's files stopped (${why.slice(0, 200)}); the rest are read on the server's own thread.`);
    for (const inbox of this.inboxes.values()) inbox.wake?.();
  }
}

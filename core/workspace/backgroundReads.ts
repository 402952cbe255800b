import type { DocumentParts } from '../formats';

/** Work on one document done a slice at a time: `step` answers true once it is done. */
export interface SlicedWork {
  step(budgetMs: number): boolean;
  /** the items read so far, as parts of the text up to where they end; undefined before the first */
  soFar(): { parts: DocumentParts; readChars: number } | undefined;
}

/** How long one slice of a background read runs before other work goes first. */
export const READ_SLICE_MS = 4;

/**
 * The open documents being read and checked in slices (./openInSlices.ts), owned by the workspace
 * session: one slice of about READ_SLICE_MS at a time, each on its own turn of the event loop
 * (setImmediate), so the requests and notifications that arrived meanwhile (the language server
 * handles one queued message per turn) run between slices. A read whose document was stored anew
 * (a newer version, closed, re-read under new associations) stops at its next slice.
 *
 * Slices rather than a worker thread: the model must end up on the main thread, where edits move
 * it item by item (core/incremental) and every feature reads it; sending it back from a worker is
 * a structured clone of every fact, itself a main-thread pause as long as the document, and the
 * facts lose their prototypes (core/formats/jsonNodes.ts) on the way.
 */
export class BackgroundReads {
  private readonly running = new Map<string, SlicedWork>();

  /** Works on in slices; `done` is told when the work is done, unless it was stopped first. */
  start(uri: string, work: SlicedWork, done: () => void): void {
    this.running.set(uri, work);
    const next = (): void => {
      if (this.running.get(uri) !== work) return;
      if (!work.step(READ_SLICE_MS)) {
        setImmediate(next);
        return;
      }
      this.running.delete(uri);
      done();
    };
    setImmediate(next);
  }

  stop(uri: string): void {
    this.running.delete(uri);
  }

  /** The items of `uri` read so far, as parts of the text up to where they end; undefined when none is read or no read runs. */
  soFar(uri: string): { parts: DocumentParts; readChars: number } | undefined {
    return this.running.get(uri)?.soFar();
  }

  /** Whether `uri` is being read. */
  has(uri: string): boolean {
    return this.running.has(uri);
  }
}

/** Changes kept beyond the session's document count, so a reader a few polls behind still finds its place. */
const SLACK = 4_096;

/**
 * The URIs of the documents the session stored or dropped, in order, one per generation: what a
 * reader that kept an answer as of a generation reads to bring it up to date
 * (core/features/workspaceSymbols.ts). Bounded: when the log holds more than twice what the
 * session's documents and SLACK call for, its older half is forgotten, and a reader further behind
 * reads everything again.
 */
export class DocumentChangeLog {
  private uris: string[] = [];
  /** the generation before uris[0] */
  private base = 0;

  constructor(private readonly documentCount: () => number) {}

  /** Grows with every document stored or dropped. */
  get generation(): number {
    return this.base + this.uris.length;
  }

  changed(uri: string): void {
    this.uris.push(uri);
    if (this.uris.length > 2 * (this.documentCount() + SLACK)) {
      const forgotten = this.uris.length >> 1;
      this.uris = this.uris.slice(forgotten);
      this.base += forgotten;
    }
  }

  /** The URIs changed since `generation` (each as often as it changed), undefined when the log no longer reaches back that far. */
  since(generation: number): readonly string[] | undefined {
    if (generation < this.base || generation > this.generation) return undefined;
    return this.uris.slice(generation - this.base);
  }
}

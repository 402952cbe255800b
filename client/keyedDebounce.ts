/**
 * One pending run per key (a document's URI), started once the key has been quiet for `settleMs`:
 * a lens that asks the language server while the user types asks once, after the burst.
 */
export class KeyedDebounce {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly settleMs: number) {}

  /** Runs `run` after `settleMs` without another schedule of `key`; an earlier pending run of it is dropped. */
  schedule(key: string, run: () => void): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        run();
      }, this.settleMs),
    );
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

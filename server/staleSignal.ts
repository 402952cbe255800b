/**
 * "What the checks read changed": a burst of causes (a workspace scan, a batch of answers) told to
 * the listeners once, on the next turn of the event loop, without a fixed wait.
 */
export class StaleSignal {
  private readonly listeners: (() => void)[] = [];
  private pending = false;

  listen(listener: () => void): void {
    this.listeners.push(listener);
  }

  mark(): void {
    if (this.pending) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      for (const listener of this.listeners) listener();
    });
  }
}

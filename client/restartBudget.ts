// Kept free of `vscode` so the unit suite can check it.

/**
 * How often the language server is restarted after it stops on its own: up to `maxRestarts`
 * within `windowMs` (vscode-languageclient's default: 4 restarts in 3 minutes), then no more
 * until the user asks (Catalog Code: Restart Language Server calls `reset()`).
 */
export class RestartBudget {
  private readonly crashes: number[] = [];

  constructor(
    readonly maxRestarts = 4,
    readonly windowMs = 3 * 60 * 1000,
  ) {}

  /** Records a crash at `now`; true when the server may be restarted once more. */
  allowRestart(now: number): boolean {
    this.crashes.push(now);
    while (this.crashes.length > 0 && now - this.crashes[0] > this.windowMs) this.crashes.shift();
    return this.crashes.length <= this.maxRestarts;
  }

  /** Crashes recorded in the window, for the message shown when it gives up. */
  get recentCrashes(): number {
    return this.crashes.length;
  }

  reset(): void {
    this.crashes.length = 0;
  }
}

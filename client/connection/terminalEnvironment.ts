import * as vscode from 'vscode';
import type { TerminalVariables } from './terminalVariables';

/**
 * Keeps the integrated terminals' environment (`environmentVariableCollection`) on the catalog the
 * editor uses: set when it connects, replaced when the connection changes, cleared when it ends.
 * Not persistent: the local catalog's port changes with each start, so a terminal restored after a
 * reload waits for the new address rather than keep a stale one. VS Code marks open terminals
 * whose environment is out of date and offers to relaunch them.
 */
export class TerminalEnvironment implements vscode.Disposable {
  private applied = '';

  constructor(
    private readonly collection: vscode.GlobalEnvironmentVariableCollection,
    private readonly current: () => TerminalVariables | undefined,
  ) {
    collection.persistent = false;
    this.update();
  }

  update(): void {
    const wanted = this.current();
    const key = JSON.stringify(wanted ?? null);
    if (key === this.applied) return;
    this.applied = key;
    this.collection.clear();
    if (!wanted) {
      this.collection.description = undefined;
      return;
    }
    for (const [name, value] of Object.entries(wanted.variables)) this.collection.replace(name, value);
    this.collection.description = wanted.description;
  }

  dispose(): void {
    this.collection.clear();
  }
}

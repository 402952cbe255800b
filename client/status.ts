import * as vscode from 'vscode';
import type { StatusParams } from '../core/protocol';
import type { ConnectionManager } from './connection/connectionManager';

/**
 * The language status item next to YAML/JSON files: where the extension is connected, whether
 * definitions are live or cached (and how old), and what failed. Clicking it opens the log.
 */
export class CatalogStatus implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private server: StatusParams | undefined;

  constructor(private readonly connection: ConnectionManager) {
    this.item = vscode.languages.createLanguageStatusItem('catalogCode.status', [
      { language: 'yaml' },
      { language: 'json' },
      { language: 'jsonc' },
    ]);
    this.item.name = 'Catalog Code';
    this.item.command = { title: 'Open Log', command: 'catalogCode.openLog' };
    this.render();
  }

  updateFromServer(status: StatusParams): void {
    this.server = status;
    this.render();
  }

  render(): void {
    const state = this.connection.current;
    const failed = state.status === 'failed' || this.server?.state === 'unreachable' || this.server?.state === 'unauthorized';
    this.item.severity = failed ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
    this.item.busy = state.status === 'startingLocal' || this.server?.refreshing === true;
    const where = state.status === 'connected' ? (state.target.kind === 'local' ? 'local catalog' : new URL(state.target.url).host) : undefined;
    this.item.text = where ? `$(database) ${where}` : '$(debug-disconnect) Catalog Code';
    const lines = [this.connection.describe()];
    // The same words the CLI's target line uses, so an editor warning and a CLI one can be told apart.
    if (this.server?.checkedAgainst) lines.push(`Checks against ${this.server.checkedAgainst}`);
    if (this.server) lines.push(describeDefinitions(this.server));
    if (this.server?.lastError) lines.push(this.server.lastError);
    const unchecked = this.server?.uncheckedDocuments ?? [];
    if (unchecked.length > 0) lines.push(`${unchecked.length} open file${unchecked.length === 1 ? '' : 's'} over 2 MiB not checked as you type (run catalog-code validate): ${unchecked.map((uri) => uri.slice(uri.lastIndexOf('/') + 1)).join(', ')}`);
    this.item.detail = lines.join(' · ');
  }

  dispose(): void {
    this.item.dispose();
  }
}

export function describeDefinitions(status: StatusParams, now = Date.now()): string {
  const { source, serviceCount, workspaceCount, fetchedAt } = status.definitions;
  const workspace = `${workspaceCount} in the workspace`;
  if (source === 'none') return `no definitions from the service, ${workspace}`;
  const age = fetchedAt ? ` (${describeAge(now - fetchedAt)} old)` : '';
  return source === 'live' ? `${serviceCount} live definitions${age}, ${workspace}` : `${serviceCount} cached definitions${age}, ${workspace}`;
}

export function describeAge(ms: number): string {
  const minutes = Math.floor(ms / 60000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

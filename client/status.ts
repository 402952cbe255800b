import * as vscode from 'vscode';
import type { StatusParams } from '../core/protocol';
import type { ConnectionManager } from './connection/connectionManager';
import { statusText } from './statusText';

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
    const words = statusText(this.connection.describe(), this.server);
    this.item.detail = words.detail;
    // The hover cuts a long detail; the whole story is on the command's tooltip (and in the log).
    this.item.command = { title: 'Details…', command: 'catalogCode.openLog', tooltip: words.tooltip };
    this.item.accessibilityInformation = { label: `Catalog Code: ${words.tooltip}` };
  }

  dispose(): void {
    this.item.dispose();
  }
}

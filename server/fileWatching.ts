import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeWatchedFilesNotification, FileChangeType, type Connection } from 'vscode-languageserver/node';
import { isMetadataFileName, isSkippedFolder } from '../core/workspace/metadataFiles';
import type { ClientSupport } from './clientSupport';
import type { ServerState } from './state';

/**
 * Files changed on disk reach the workspace session either way: through the client's file watcher
 * (VS Code, or any client that accepts a dynamic didChangeWatchedFiles registration) or, for
 * editors that do not watch files (Neovim 0.7, many others), through the server's own watcher.
 */
export class FileWatching {
  private readonly watchers = new Map<string, FSWatcher>();
  private ownWatching = false;

  constructor(
    private readonly lsp: Connection,
    private readonly state: ServerState,
  ) {}

  start(support: ClientSupport): void {
    this.lsp.onDidChangeWatchedFiles((params) => {
      for (const change of params.changes) void this.state.session.fileChanged(change.uri, change.type === FileChangeType.Deleted);
    });
    if (support.watchesFiles) {
      void this.lsp.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml,json,jsonc}' }] });
      return;
    }
    this.ownWatching = true;
    for (const folder of support.folders) this.watchFolder(folder);
  }

  /** A folder added to the workspace (watched by the server only when the client does not watch). */
  watchFolder(folder: string): void {
    if (!this.ownWatching || this.watchers.has(folder)) return;
    try {
      const watcher = watch(folder, { recursive: true }, (_event, name) => {
        if (!name) return;
        const relative = name.toString();
        if (!isMetadataFileName(relative) || relative.split(sep).slice(0, -1).some(isSkippedFolder)) return;
        const path = join(folder, relative);
        void this.state.session.fileChanged(pathToFileURL(path).toString(), !existsSync(path));
      });
      watcher.on('error', (error) => this.state.log(`Stopped watching ${folder} for changes: ${error.message}`));
      this.watchers.set(folder, watcher);
    } catch (error) {
      this.state.log(`Cannot watch ${folder} for changes (files changed on disk are seen when reopened): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  unwatchFolder(folder: string): void {
    this.watchers.get(folder)?.close();
    this.watchers.delete(folder);
  }

  dispose(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}

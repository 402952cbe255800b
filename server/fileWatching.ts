import { existsSync, lstatSync, watch, type FSWatcher } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeWatchedFilesNotification, FileChangeType, type Connection } from 'vscode-languageserver/node';
import { collectMetadataFolders, isMetadataFileName, isSkippedFolder } from '../core/workspace/metadataFiles';
import type { ClientSupport } from './clientSupport';
import type { ServerState } from './state';
import { describeError } from '../core/errors/describeError';

/** Watchers the server opens at most (one per folder), well under the usual inotify limit. */
const MAX_WATCHED_FOLDERS = 2000;

/**
 * Files changed on disk reach the workspace session either way: through the client's file watcher
 * (VS Code, or any client that accepts a dynamic didChangeWatchedFiles registration) or, for
 * editors that do not watch files (Neovim 0.7, many others), through the server's own watchers —
 * one per folder the workspace walk enters, so dependency and build folders are never watched.
 */
export class FileWatching {
  private readonly watchers = new Map<string, FSWatcher>();
  private ownWatching = false;

  constructor(
    private readonly lsp: Connection,
    private readonly state: ServerState,
    /** told once the session has read a change (the workspace pull looks again) */
    private readonly afterChange: () => void = () => undefined,
  ) {}

  start(support: ClientSupport): void {
    this.lsp.onDidChangeWatchedFiles((params) => {
      for (const change of params.changes) void this.state.session.fileChanged(change.uri, change.type === FileChangeType.Deleted).then(this.afterChange);
    });
    if (support.watchesFiles) {
      void this.lsp.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml,json,jsonc}' }] });
      return;
    }
    this.ownWatching = true;
    for (const folder of support.folders) this.watchFolder(folder);
  }

  /** A workspace folder (or a folder created inside one) to watch, with the folders under it. */
  watchFolder(root: string): void {
    if (!this.ownWatching) return;
    for (const folder of collectMetadataFolders([root], MAX_WATCHED_FOLDERS - this.watchers.size)) this.watchOne(folder);
  }

  private watchOne(folder: string): void {
    if (this.watchers.has(folder) || this.watchers.size >= MAX_WATCHED_FOLDERS) return;
    try {
      const watcher = watch(folder, (_event, name) => {
        if (!name) return;
        const path = join(folder, name.toString());
        if (isMetadataFileName(path)) {
          void this.state.session.fileChanged(pathToFileURL(path).toString(), !existsSync(path)).then(this.afterChange);
          return;
        }
        // A new folder (a checkout, a generator's output): watch it and read what it holds.
        if (!isSkippedFolder(basename(path)) && isFolder(path)) {
          this.watchFolder(path);
          void this.state.session.scan([path]).then(this.afterChange);
        }
      });
      watcher.on('error', () => this.unwatchFolder(folder));
      this.watchers.set(folder, watcher);
    } catch (error) {
      this.state.log(`Cannot watch ${folder} for changes (files changed there are seen when opened): ${describeError(error)}`);
    }
  }

  /** A workspace folder removed: stop watching it and everything under it. */
  unwatchFolder(root: string): void {
    for (const [folder, watcher] of this.watchers) {
      if (folder === root || folder.startsWith(`${root}/`)) {
        watcher.close();
        this.watchers.delete(folder);
      }
    }
  }

  dispose(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}

/** A folder, not a link to one: the watcher, like the workspace walk, never follows a link to a folder. */
function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

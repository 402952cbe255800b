import { existsSync, lstatSync, watch, type FSWatcher } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeWatchedFilesNotification, FileChangeType, type Connection } from 'vscode-languageserver/node';
import { METADATA_EXTENSIONS, collectMetadataFolders, isMetadataFileName, isSkippedFolder } from '../core/workspace/metadataFiles';
import type { ClientSupport } from './clientSupport';
import type { ServerState } from './state';
import { describeError } from '../core/errors/describeError';

/** Watchers the server opens at most (one per folder), well under the usual inotify limit. */
const MAX_WATCHED_FOLDERS = 2000;

/** One glob per extension: some clients accept a registration but cannot match `{a,b}` (YouCompleteMe). */
const WATCHED_GLOBS = [...METADATA_EXTENSIONS, '.sql'].map((extension) => ({ globPattern: `**/*${extension}` }));

/** A .sql file: what it defines is read by the SQL lineage (server/sqlDefinedLineage.ts), not by the session. */
const isSqlFile = (path: string) => /\.sql$/i.test(path);

/**
 * Files changed on disk reach the workspace session through the server's own watchers — one per
 * folder the workspace walk enters, so dependency and build folders are never watched — until the
 * client's file watcher proves it works by reporting a change. A client that accepts the dynamic
 * didChangeWatchedFiles registration is asked too, but accepting is no proof: YouCompleteMe accepts
 * and never reports, so the server keeps watching until the first change the client reports.
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
      if (params.changes.length > 0) this.clientReports();
      if (params.changes.some((change) => isSqlFile(change.uri))) this.state.sqlLineage.changed();
      for (const change of params.changes) if (!isSqlFile(change.uri)) void this.state.session.fileChanged(change.uri, change.type === FileChangeType.Deleted).then(this.afterChange);
    });
    if (support.watchesFiles) {
      // A client may refuse what it offered (eglot 1.9 in a batch Emacs answers an error): the server's own watchers stay.
      this.lsp.client.register(DidChangeWatchedFilesNotification.type, { watchers: WATCHED_GLOBS }).catch((error: unknown) => {
        this.state.log(`The editor refused to watch files for the server (${describeError(error)}); the server watches the workspace folders itself.`);
      });
    }
    this.ownWatching = true;
    for (const folder of support.folders) this.watchFolder(folder);
  }

  /** The client reported a change: its watcher works, so the server's own ones close. */
  private clientReports(): void {
    if (!this.ownWatching) return;
    this.ownWatching = false;
    this.dispose();
    this.state.log('The editor reports file changes: the server stopped watching the workspace folders itself.');
  }

  /** Whether the server watches the workspace folders itself (until the client reports a change). */
  get watchingItself(): boolean {
    return this.ownWatching;
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
        if (isSqlFile(path)) {
          this.state.sqlLineage.changed();
          return;
        }
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

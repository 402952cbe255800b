import { pathToFileURL } from 'node:url';
import type { Connection } from 'vscode-languageserver/node';
import type { PositionIndex } from '../core/model/range';
import type { ScanLimit } from '../core/workspace/metadataFiles';
import { maxWorkspaceFilesFrom, scanLimitDiagnostic, scanLimitMessage } from '../core/workspace/scanLimit';
import { toLspDiagnostic } from './convert';

/** The first character of a file: where the limit's diagnostic stands (the file is not read, so no index of its lines). */
const FIRST_CHARACTER: PositionIndex = { lineCount: 1, positionAt: () => ({ line: 0, character: 0 }), offsetAt: () => 0 };

/**
 * The language server's limit of workspace files, and telling the user when a scan stopped at it
 * (not only the log): a line in the status (`catalogCode/status`, the status item), a warning any
 * LSP client shows, and a diagnostic on the first file left out, which the Problems panel lists.
 * Each scan of a set of folders says again whether it stopped; a later scan that reads everything
 * takes its notice back.
 */
export class WorkspaceLimit {
  /** from CATALOG_MAX_WORKSPACE_FILES, else the default (core/workspace/scanLimit.ts) */
  readonly maxFiles: number;
  /** the folders of a scan, joined → where it stopped */
  private readonly reached = new Map<string, ScanLimit>();

  constructor(
    private readonly lsp: Connection,
    private readonly tell: { log: (message: string) => void; warn: (message: string) => void; statusChanged: () => void },
    env: NodeJS.ProcessEnv = process.env,
  ) {
    const { limit, problem } = maxWorkspaceFilesFrom(env);
    this.maxFiles = limit;
    if (problem) tell.log(problem);
  }

  /** A scan of `folders` ended: stopped at the limit (`reached`) or not. */
  scanned(reached: ScanLimit | undefined, folders: readonly string[]): void {
    const key = folders.join('\u0000');
    const before = this.reached.get(key);
    if (before) this.publish(before, false);
    if (!reached) {
      if (this.reached.delete(key)) this.tell.statusChanged();
      return;
    }
    this.reached.set(key, reached);
    this.publish(reached, true);
    this.tell.warn(scanLimitMessage(reached));
    this.tell.statusChanged();
  }

  /** A workspace folder was removed: a scan that read it no longer stands for the workspace, so its notice goes. */
  forgetFolder(folder: string): void {
    let changed = false;
    for (const [key, reached] of this.reached) {
      if (!key.split('\u0000').includes(folder)) continue;
      this.publish(reached, false);
      this.reached.delete(key);
      changed = true;
    }
    if (changed) this.tell.statusChanged();
  }

  /** Where scans stopped, for the status: undefined when every scan read everything. */
  current(): ScanLimit | undefined {
    return this.reached.values().next().value;
  }

  private publish(reached: ScanLimit, shown: boolean): void {
    const uri = pathToFileURL(reached.firstLeftOut).toString();
    void this.lsp.sendDiagnostics({ uri, diagnostics: shown ? [toLspDiagnostic(FIRST_CHARACTER, scanLimitDiagnostic(reached))] : [] });
  }
}

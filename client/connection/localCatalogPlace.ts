import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_CATALOG_FOLDER } from '../../core/api/localCatalogToken';
import type { NotStartedReason } from './connectionState';

/**
 * Where the local catalog the extension starts keeps its data, and whether it may start on its
 * own: no VS Code dependency, so the rules are unit-tested on real folders.
 */

/** `catalogCode.localCatalog.dataLocation`: the extension's storage for the workspace, or `.catalog/` in the workspace folder. */
export type LocalCatalogLocation = 'extensionStorage' | 'workspaceFolder';

export interface PlaceFacts {
  /** the first workspace folder's path, if a folder is open */
  folder?: string;
  /** the extension's storage for this workspace (`context.storageUri`), if VS Code gives one */
  workspaceStorage?: string;
  /** the extension's storage for every workspace (`context.globalStorageUri`) */
  globalStorage?: string;
  location: LocalCatalogLocation;
}

export interface LocalCatalogPlace {
  dataDir: string;
  /** the data lies inside the user's workspace folder (`.catalog/`) */
  inWorkspace: boolean;
}

/** The folder name under the extension's storage. */
const STORAGE_FOLDER = 'local-catalog';

/**
 * `.catalog/` in the workspace folder when the user asks for it or when the folder already has one
 * (a workspace that used it keeps its data and its terminals' token file); otherwise the
 * extension's storage for the workspace, outside the user's repository. No folder open: the
 * extension's global storage. Undefined when VS Code gives no place at all.
 */
export function localCatalogPlace(facts: PlaceFacts, exists: (path: string) => boolean = existsSync): LocalCatalogPlace | undefined {
  if (facts.folder) {
    const inFolder = join(facts.folder, LOCAL_CATALOG_FOLDER);
    if (facts.location === 'workspaceFolder' || exists(inFolder) || !facts.workspaceStorage) return { dataDir: inFolder, inWorkspace: true };
    return { dataDir: join(facts.workspaceStorage, STORAGE_FOLDER), inWorkspace: false };
  }
  return facts.globalStorage ? { dataDir: join(facts.globalStorage, 'catalog'), inWorkspace: false } : undefined;
}

export interface AutoStartFacts {
  autoStart: boolean;
  /** the workspace is trusted (not Restricted Mode) */
  trusted: boolean;
  /** the language server has claimed at least one file of the workspace for a format */
  hasMetadata: boolean;
  /** the workspace folder already has a `.catalog/` (it used the local catalog before) */
  hadLocalCatalog: boolean;
}

/**
 * Whether the local catalog starts by itself (no service URL set): only when auto-start is on, in a
 * trusted workspace, that holds metadata files or used the local catalog before. A web app's
 * repository, a notes folder or a folder not trusted gets nothing started and nothing written.
 */
export function autoStartVerdict(facts: AutoStartFacts): { start: true } | { start: false; reason: NotStartedReason } {
  if (!facts.autoStart) return { start: false, reason: 'autoStartOff' };
  if (!facts.trusted) return { start: false, reason: 'untrusted' };
  if (!facts.hasMetadata && !facts.hadLocalCatalog) return { start: false, reason: 'noMetadata' };
  return { start: true };
}

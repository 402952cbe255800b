import { readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { describeSpecialFile, notRegularProblem } from '../files/readFile';

/**
 * Which files of a workspace are metadata files, written once for the language server, the CLI,
 * Validate Workspace and push: YAML and JSON files outside dependency, build and tool folders.
 * Whether a file is one of our formats is decided later, by its content or the associations.
 */

/** Dependency, build and tool folders: never walked. Folders whose name starts with `.` are not walked either. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  'dist',
  'out',
  'build',
  'target',
  'venv',
  '__pycache__',
  // Named although they start with `.`: these are the ones users ask about.
  '.git',
  '.catalog',
  '.vscode-test',
  '.venv',
]);

/** File names that are JSON but never metadata (package manifests, compiler settings). */
const SKIPPED_FILE = /^(package(-lock)?|tsconfig(\..*)?|jsconfig)\.json$/i;
/** The extensions of metadata files, written once: the name test below and the editor's file watch (one glob each) follow them. */
export const METADATA_EXTENSIONS: readonly string[] = ['.yaml', '.yml', '.json', '.jsonc'];
const METADATA_EXTENSION = new RegExp(`(${METADATA_EXTENSIONS.map((extension) => extension.replace('.', '\\.')).join('|')})$`, 'i');

/**
 * The files the server reads when scanning a workspace by default (the CLI has no limit): 150,000,
 * above the 100,000 files issue 27 asks to work. It bounds memory, not time: the server keeps each
 * closed file's model, about 15 KiB for a file of ~800 bytes (docs/performance.md, bench case
 * workspaceScale). `CATALOG_MAX_WORKSPACE_FILES` sets another limit (server/workspaceLimit.ts);
 * when a workspace has more files, the server says so in its status and in the Problems panel.
 */
export const MAX_WORKSPACE_FILES = 150_000;
/** What a workspace scan reports when it stops at its limit (walkMetadataFiles). */
export interface ScanLimit {
  limit: number;
  /** the first metadata file the walk found past the limit, and left out */
  firstLeftOut: string;
}
/** Larger files are not metadata anyone edits by hand; the server leaves them out. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/**
 * The CLI reads larger files than the server (it holds one run's files, not an editor's workspace
 * for hours), but not without bound: 64 MiB, far above any metadata file written by hand or by
 * DataHub's tools (its largest golden MCP file is a few MiB).
 */
export const MAX_CLI_FILE_BYTES = 64 * 1024 * 1024;

export function isSkippedFolder(name: string): boolean {
  return SKIPPED_FOLDERS.has(name) || name.startsWith('.');
}

/** A YAML/JSON file name that may hold metadata (the content decides whether it does). */
export function isMetadataFileName(name: string): boolean {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  return METADATA_EXTENSION.test(base) && !SKIPPED_FILE.test(base);
}

export class PathError extends Error {}

/** A path a walk left out, with why (for the CLI's stderr and the server's log). */
export interface SkippedPath {
  path: string;
  /** the rest of a sentence that starts with the path */
  problem: string;
}

export interface MetadataWalk {
  files: string[];
  skipped: SkippedPath[];
  /** the walk stopped at its limit: at least one more metadata file was found and left out */
  limitReached?: ScanLimit;
}

/**
 * The metadata files under `paths`, sorted per folder: a path given is taken as given (a link
 * too: the user named it), folders are walked skipping the folders above. A walk never follows a
 * link to a folder (so links such as `a -> .` cannot make it endless), reads through a link to a
 * file only when that file lies inside the folder walked, and leaves out FIFOs, devices and
 * sockets; each of those is in `skipped`. Throws PathError for a path that does not exist.
 */
export function walkMetadataFiles(paths: readonly string[], limit = Number.POSITIVE_INFINITY): MetadataWalk {
  const found: MetadataWalk = { files: [], skipped: [] };
  for (const path of paths) {
    let stats: Stats;
    try {
      stats = statSync(path);
    } catch {
      throw new PathError(`Cannot read '${path}': no such file or folder.`);
    }
    if (stats.isDirectory()) walkFolder(path, realRoot(path), found, limit);
    else addFile(found, path, limit);
  }
  return found;
}

/** The metadata files of walkMetadataFiles, without what was skipped. */
export function collectMetadataFiles(paths: readonly string[], limit = Number.POSITIVE_INFINITY): string[] {
  return walkMetadataFiles(paths, limit).files;
}

/** Whether the real path `real` is `root` or lies under it. */
export function isInside(real: string, root: string): boolean {
  return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
}

function realRoot(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function walkFolder(dir: string, root: string, found: MetadataWalk, limit: number): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return; // an unreadable folder holds nothing we can check
  }
  for (const entry of entries) {
    if (found.limitReached) return;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedFolder(entry.name)) walkFolder(path, root, found, limit);
    } else if (entry.isSymbolicLink()) {
      linkedEntry(path, entry.name, root, found, limit);
    } else if (isMetadataFileName(entry.name)) {
      if (entry.isFile()) addFile(found, path, limit);
      else found.skipped.push({ path, problem: notRegularProblem(describeSpecialFile(entry)) });
    }
  }
}

/** A link met by a walk: a link to a folder is never entered; a link to a file is read only inside the walked folder. */
function linkedEntry(path: string, name: string, root: string, found: MetadataWalk, limit: number): void {
  let target: Stats;
  try {
    target = statSync(path);
  } catch {
    return; // a dangling link
  }
  if (target.isDirectory()) {
    if (!isSkippedFolder(name)) found.skipped.push({ path, problem: 'is a link to a folder, which a walk does not follow (links like `a -> .` would make it endless); to check that folder, name it as a path of its own' });
    return;
  }
  if (!isMetadataFileName(name)) return;
  if (!target.isFile()) {
    found.skipped.push({ path, problem: notRegularProblem(`a link to ${describeSpecialFile(target)}`) });
    return;
  }
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return;
  }
  if (isInside(real, root)) addFile(found, path, limit);
  else found.skipped.push({ path, problem: `is a link to '${real}', outside the folder walked ('${root}'), which a walk does not read; to check that file, name it as a path of its own` });
}

/** A file the walk found: kept while under the limit; the first one past it stops the walk. */
function addFile(found: MetadataWalk, path: string, limit: number): void {
  if (found.files.length < limit) found.files.push(path);
  else found.limitReached ??= { limit, firstLeftOut: path };
}

/**
 * The folders under `roots` a workspace walk enters (the roots included), at most `limit`: what a
 * file watcher must watch so it never wakes for dependency or build folders.
 */
export function collectMetadataFolders(roots: readonly string[], limit: number): string[] {
  const folders: string[] = [];
  const walk = (dir: string): void => {
    if (folders.length >= limit) return;
    folders.push(dir);
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory() && !isSkippedFolder(entry.name)) walk(join(dir, entry.name));
  };
  roots.forEach(walk);
  return folders;
}

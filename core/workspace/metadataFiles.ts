import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

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
const METADATA_EXTENSION = /\.(ya?ml|jsonc?)$/i;

/**
 * The files the server reads when scanning a workspace (the CLI has no limit): 25,000, where the
 * server peaked at 448 MiB (470 MB) of the 500 MB in `npm run bench -- --only
 * workspaceScale` with 25,000 files of ~800 bytes (20,000 files: 379 MiB); see docs/performance.md.
 */
export const MAX_WORKSPACE_FILES = 25_000;
/** Larger files are not metadata anyone edits by hand; the server leaves them out. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export function isSkippedFolder(name: string): boolean {
  return SKIPPED_FOLDERS.has(name) || name.startsWith('.');
}

/** A YAML/JSON file name that may hold metadata (the content decides whether it does). */
export function isMetadataFileName(name: string): boolean {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  return METADATA_EXTENSION.test(base) && !SKIPPED_FILE.test(base);
}

/**
 * Whether a metadata file may write structured-property definitions, by its name: a properties
 * YAML (DataHub's examples name it `properties.yaml` or `structured_properties.yaml`) or JSON,
 * where MCP files write `structuredPropertyDefinition` aspects. Only an order: the workspace scan
 * reads these first, then every other file; what a file writes is decided by reading it.
 */
export function mayWriteDefinitions(path: string): boolean {
  const name = basename(path).toLowerCase();
  return /propert|definition/.test(name) || name.endsWith('.json') || name.endsWith('.jsonc');
}

export class PathError extends Error {}

/**
 * The metadata files under `paths`, sorted per folder: a file path is taken as given, folders are
 * walked skipping the folders above. Throws PathError for a path that does not exist.
 */
export function collectMetadataFiles(paths: readonly string[], limit = Number.POSITIVE_INFINITY): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return; // an unreadable folder holds nothing we can check
    }
    for (const name of names) {
      if (files.length >= limit) return;
      const path = join(dir, name);
      let isDirectory: boolean;
      try {
        isDirectory = statSync(path).isDirectory();
      } catch {
        continue; // a dangling link
      }
      if (isDirectory) {
        if (!isSkippedFolder(name)) walk(path);
      } else if (isMetadataFileName(name)) files.push(path);
    }
  };
  for (const path of paths) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(path).isDirectory();
    } catch {
      throw new PathError(`Cannot read '${path}': no such file or folder.`);
    }
    if (isDirectory) walk(path);
    else files.push(path);
  }
  return files;
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

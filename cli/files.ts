import { readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

const METADATA_EXTENSIONS = new Set(['.yml', '.yaml', '.json', '.jsonc']);
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', '.catalog', '.vscode-test']);

export class PathError extends Error {}

/**
 * The metadata files under the given paths: files are taken as given, folders are walked (skipping
 * dependency and build folders). Whether a file is one of our formats is decided later, by content.
 */
export function collectMetadataFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (SKIPPED_FOLDERS.has(name)) continue;
      const path = join(dir, name);
      const stats = statSync(path);
      if (stats.isDirectory()) walk(path);
      else if (METADATA_EXTENSIONS.has(extname(name).toLowerCase())) files.push(path);
    }
  };
  for (const path of paths) {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      throw new PathError(`Cannot read '${path}': no such file or folder.`);
    }
    if (stats.isDirectory()) walk(path);
    else files.push(path);
  }
  return files;
}

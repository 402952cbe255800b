// The `.sql` files of a workspace folder, read for which dataset each defines (core/sql/sqlSources.ts).
// Bounded: the walk skips the folders the metadata walk skips (but enters a dbt project's
// `target/compiled`), stops after MAX_SQL_FILES files, and reads only files of at most
// MAX_SQL_FILE_BYTES; a file unchanged since the last walk (size and time) is not read again.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isSkippedFolder } from './metadataFiles';

export const MAX_SQL_FILES = 5_000;
export const MAX_SQL_FILE_BYTES = 1024 * 1024;

export interface SqlFile {
  /** the workspace folder it is in */
  folder: string;
  /** its path relative to the folder, `/` separators */
  relativePath: string;
  text: string;
  /** size and modification time when read */
  stamp: string;
}

export interface SqlFolderWalk {
  files: SqlFile[];
  /** the folders (absolute paths) holding a dbt_project.yml */
  dbtProjects: Set<string>;
  /** the walk stopped at MAX_SQL_FILES */
  truncated: boolean;
}

/** Enters a skipped `target` folder only where dbt compiles into it: `target/compiled` under a dbt project. */
function entered(name: string, parent: string, dbtProjects: ReadonlySet<string>): boolean {
  if (!isSkippedFolder(name)) return true;
  return name === 'target' && dbtProjects.has(parent);
}

/** The `.sql` files of the folders, each read (or taken from `previous` when unchanged). */
export async function walkSqlFiles(folders: readonly string[], previous: ReadonlyMap<string, SqlFile> = new Map()): Promise<SqlFolderWalk> {
  const walk: SqlFolderWalk = { files: [], dbtProjects: new Set(), truncated: false };
  for (const folder of folders) await walkFolder(folder, '', walk, previous);
  return walk;
}

async function walkFolder(root: string, relative: string, walk: SqlFolderWalk, previous: ReadonlyMap<string, SqlFile>): Promise<void> {
  let entries;
  try {
    entries = await readdir(join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  if (entries.some((entry) => entry.isFile() && entry.name === 'dbt_project.yml')) walk.dbtProjects.add(join(root, relative));
  for (const entry of entries) {
    if (walk.files.length >= MAX_SQL_FILES) {
      walk.truncated = true;
      return;
    }
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      // dbt writes target/compiled/<project>/models: below `target`, only `compiled` is entered.
      const underTarget = relative.split('/').includes('target');
      if (entered(entry.name, join(root, relative), walk.dbtProjects) && (!underTarget || relative.split('/').includes('compiled') || entry.name === 'compiled')) await walkFolder(root, path, walk, previous);
    } else if (entry.isFile() && /\.sql$/i.test(entry.name)) {
      const file = await readSqlFile(root, path, previous.get(join(root, path)));
      if (file) walk.files.push(file);
    }
  }
}

async function readSqlFile(root: string, relativePath: string, before: SqlFile | undefined): Promise<SqlFile | undefined> {
  const path = join(root, relativePath);
  try {
    const info = await stat(path);
    if (info.size > MAX_SQL_FILE_BYTES) return undefined;
    const stamp = `${info.size}:${info.mtimeMs}`;
    if (before?.stamp === stamp) return before;
    return { folder: root, relativePath, text: await readFile(path, 'utf8'), stamp };
  } catch {
    return undefined;
  }
}

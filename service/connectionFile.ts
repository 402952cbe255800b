import { lstatSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { CONNECTION_FILE_NAME, connectionFileText, parseConnectionFile } from '../core/api/localCatalogToken';
import { readPrivateFileSync } from '../core/files/readFile';
import { writeFileSafely } from '../core/files/safeWrite';

/**
 * The running local catalog's token file and the data folder's `.gitignore`. The token file is
 * what lets `catalog-code` in a terminal reach the catalog the editor started (the reader and why
 * it is safe: core/api/localCatalogToken.ts); it lives while the catalog runs.
 */

const IGNORE_NAME = '.gitignore';
const IGNORE_TEXT = '# Written by Catalog Code: the local catalog\'s data, lock and token stay out of git.\n*\n';

/**
 * Writes `DIR/.gitignore` ignoring everything, unless something is already there (a user's own
 * rules are kept). Written with the one safe writer: never through a link.
 */
export function ignoreDataFolder(dataDir: string): void {
  const path = join(dataDir, IGNORE_NAME);
  if (lstatOrUndefined(path)) return;
  writeFileSafely(path, IGNORE_TEXT);
}

/** Writes `DIR/connection.json` (exactly mode 0600, never through a link) for the catalog at `url`; answers its path. */
export function writeConnectionFile(dataDir: string, url: string, token: string): string {
  const path = join(dataDir, CONNECTION_FILE_NAME);
  writeFileSafely(path, connectionFileText({ url, token, pid: process.pid }), { exactMode: 0o600 });
  return path;
}

/** Deletes the token file when it is still this process's (a later catalog's file is left alone). */
export function removeConnectionFile(path: string): void {
  const read = readPrivateFileSync(path, 4096);
  if ('problem' in read) return;
  const content = parseConnectionFile(read.text);
  if ('problem' in content || content.pid !== process.pid) return;
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

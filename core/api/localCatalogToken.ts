import { lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readPrivateFileSync } from '../files/readFile';
import { processExists } from '../common/processAlive';
import { originOf } from './origin';
import { isLoopbackUrl } from './transportSecurity';

/**
 * The local catalog's token file: how a terminal reaches the local catalog the editor (or
 * `catalog-code serve`) started, with no token to copy. The running local catalog writes
 * `<data folder>/connection.json` (mode 0600) holding the URL it listens on, its token and its
 * process id; the data folder is the workspace's `.catalog/`, which it keeps out of git with a
 * `.gitignore` of its own. The CLI, given a loopback service URL and no CATALOG_TOKEN, reads the
 * token from it.
 *
 * Why a hostile workspace's `.catalog/` cannot make the CLI send a token elsewhere:
 * - The URL always comes from the user (--service, CATALOG_SERVICE_URL), never from the file, and
 *   the file is read only for a loopback URL (localhost, 127.0.0.0/8, ::1): no token read from a
 *   file ever leaves this machine.
 * - The token is bound to the origin it was issued for: the file's own URL must have exactly the
 *   origin of the URL the request goes to (scheme, host as written, port), so a file written for
 *   one local catalog is never sent to another port or name.
 * - The writer must still be running (its process id): a port freed by a stopped catalog and taken
 *   by another program gets no token.
 * - Only a private regular file is read (core/files/readFile.ts readPrivateFileSync): owned by the
 *   user, mode 0600, not a link — a link planted at the name that points at another secret (an SSH
 *   key, another catalog's token) is refused, not followed — nor a FIFO or device, and at most 4 KiB.
 *   A file committed to a repository is checked out 0644 and so refused.
 * - The token must look like one (no spaces or control characters): it never becomes a second
 *   header line.
 * A file planted in a repository can therefore at most hold its own token for a loopback address
 * the user chose: nothing of the user's is sent anywhere it was not issued for.
 */

export const LOCAL_CATALOG_FOLDER = '.catalog';
export const CONNECTION_FILE_NAME = 'connection.json';
/** The environment variable naming the token file, which the editor sets for its terminals (a path, never the token). */
export const TOKEN_FILE_VARIABLE = 'CATALOG_TOKEN_FILE';
const MAX_CONNECTION_FILE_BYTES = 4096;
/** The tokens the local catalog makes (base64url) and the ones users pass: no space, no control character. */
const TOKEN_SHAPE = /^[A-Za-z0-9._~+/=-]{16,512}$/;

export interface ConnectionFileContent {
  /** the URL the local catalog listens on, e.g. http://127.0.0.1:8080 */
  url: string;
  token: string;
  /** the process serving it */
  pid: number;
}

/** The file's text, with a line that says what it is to whoever opens it. */
export function connectionFileText(content: ConnectionFileContent): string {
  const about = 'Written by the Catalog Code local catalog while it runs: the CLI reads the token for this URL only. Keep it private; it is deleted when the catalog stops.';
  return `${JSON.stringify({ about, url: content.url, token: content.token, pid: content.pid }, null, 2)}\n`;
}

/** The file's content, or what is wrong with it. */
export function parseConnectionFile(text: string): ConnectionFileContent | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'it is not JSON; it is not a file the local catalog wrote' };
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const { url, token, pid } = record;
  if (typeof url !== 'string' || typeof token !== 'string' || typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) {
    return { problem: 'it lacks the url, token or pid the local catalog writes; it is not a file the local catalog wrote' };
  }
  if (!TOKEN_SHAPE.test(token)) return { problem: 'its token has characters or a length no token has' };
  return { url, token, pid };
}

export type LocalTokenLookup =
  | { kind: 'found'; token: string; file: string }
  /** not a loopback URL, or no token file to read */
  | { kind: 'none' }
  /** a token file is there but is not used, and why, in words that start after "Not using the token file FILE: " */
  | { kind: 'refused'; file: string; problem: string };

export interface LocalTokenOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** where the search for `.catalog/connection.json` starts (default: the current directory) */
  cwd?: string;
  isRunning?: (pid: number) => boolean;
}

/** The token for `url` from the local catalog's token file, when `url` is on this machine and the file is bound to it. */
export function localCatalogToken(url: string, options: LocalTokenOptions = {}): LocalTokenLookup {
  if (!isLoopbackUrl(url)) return { kind: 'none' };
  const file = findConnectionFile(options.env ?? process.env, options.cwd ?? process.cwd());
  if (!file) return { kind: 'none' };
  const read = readPrivateFileSync(file, MAX_CONNECTION_FILE_BYTES);
  if ('problem' in read) return { kind: 'refused', file, problem: `it ${read.problem}` };
  const content = parseConnectionFile(read.text);
  if ('problem' in content) return { kind: 'refused', file, problem: content.problem };
  const wanted = originOf(url);
  const bound = originOf(content.url);
  if (!bound || bound !== wanted) {
    return { kind: 'refused', file, problem: `it holds the token of the local catalog at ${bound ?? 'an address that is no URL'}, not of ${wanted}, and a token is only sent to the address it was issued for; use --service ${bound ?? 'with that catalog\'s address'}` };
  }
  if (!(options.isRunning ?? processExists)(content.pid)) {
    return { kind: 'refused', file, problem: `the local catalog that wrote it (process ${content.pid}) is no longer running; start it again (VS Code: "Catalog Code: Start Local Catalog"; a terminal: catalog-code serve)` };
  }
  return { kind: 'found', token: content.token, file };
}

/**
 * $CATALOG_TOKEN_FILE when set (the editor sets it for its terminals), else the first
 * `.catalog/connection.json` in the current directory or a folder above it (as git finds `.git`).
 */
export function findConnectionFile(env: Readonly<Record<string, string | undefined>>, cwd: string): string | undefined {
  const named = env[TOKEN_FILE_VARIABLE]?.trim();
  if (named) return resolve(cwd, named);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, LOCAL_CATALOG_FOLDER, CONNECTION_FILE_NAME);
    if (exists(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

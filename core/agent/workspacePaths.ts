import { realpathSync, statSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { failed, succeeded, type Result } from '../common/result';
import { isInside } from '../workspace/metadataFiles';

/**
 * Paths an agent names, confined to the workspace folders: a path with a `..` segment is refused,
 * an absolute path must lie in a folder, and a path that exists must resolve (links followed) to a
 * place inside one, so a link cannot lead a tool out of the workspace.
 */

const GLOB = /[*?[\]{}]/;

/** Which files a call is about. */
export type FileSelection = (file: string) => boolean;

/** The files `given` names (paths or globs, relative to the first folder); every file of the folders when absent or empty. */
export function selectFiles(given: readonly string[] | undefined, folders: readonly string[]): Result<FileSelection> {
  if (folders.length === 0) return failed('No workspace folder is open; the tools read only files inside the workspace folders.');
  if (!given || given.length === 0) return succeeded((file) => folders.some((folder) => isInside(file, folder)));
  const selections: FileSelection[] = [];
  for (const path of given) {
    const one = GLOB.test(path) ? globSelection(path, folders) : pathSelection(path, folders);
    if (!one.ok) return one;
    selections.push(one.value);
  }
  return succeeded((file) => selections.some((selection) => selection(file)));
}

/** Why a path an agent gave is refused before it is looked at, or undefined. */
export function pathProblem(path: string, folders: readonly string[]): string | undefined {
  if (path.length === 0 || path.includes('\0')) return `'${shown(path)}' is not a path.`;
  if (path.split(/[\\/]/).includes('..')) return `'${shown(path)}' goes up with '..'; name paths inside the workspace folders (${folders.map((f) => basename(f)).join(', ')}), relative to ${basename(folders[0])}.`;
  if (isAbsolute(path) && !folders.some((folder) => isInside(resolve(path), folder))) return `'${shown(path)}' is outside the workspace folders; the tools read only ${folders.join(', ')}.`;
  return undefined;
}

function pathSelection(path: string, folders: readonly string[]): Result<FileSelection> {
  const problem = pathProblem(path, folders);
  if (problem) return failed(problem);
  const absolute = isAbsolute(path) ? resolve(path) : resolve(folders[0], path);
  let real: string;
  try {
    real = realpathSync(absolute);
    statSync(real);
  } catch {
    return failed(`'${shown(path)}' does not exist in the workspace (paths are relative to ${folders[0]}).`);
  }
  if (!folders.some((folder) => isInside(real, realFolder(folder)))) return failed(`'${shown(path)}' leads outside the workspace folders (to ${real}); the tools read only files inside them.`);
  return succeeded((file) => isInside(file, absolute) || isInside(file, real));
}

function globSelection(glob: string, folders: readonly string[]): Result<FileSelection> {
  const problem = pathProblem(glob, folders);
  if (problem) return failed(problem);
  const pattern = glob.replace(/\\/g, '/').replace(/^\.\//, '');
  const isMatch = picomatch(pattern, { dot: false });
  const matchAbsolute = isAbsolute(glob);
  return succeeded((file) => (matchAbsolute ? isMatch(file.split(sep).join('/')) : folders.some((folder) => isInside(file, folder) && isMatch(relative(folder, file).split(sep).join('/')))));
}

function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/** A file's path as a tool answers it: relative to its workspace folder (with the folder's name when there are several). */
export function fileLabel(file: string, folders: readonly string[]): string {
  const folder = folders.find((candidate) => isInside(file, candidate));
  if (!folder) return file;
  const inside = relative(folder, file).split(sep).join('/');
  return folders.length > 1 ? `${basename(folder)}/${inside}` : inside;
}

/** The file path of a document URI (file: URIs; others as they are). */
export function uriPath(uri: string): string {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
  } catch {
    return uri;
  }
}

function shown(path: string): string {
  return path.replace(/\p{Cc}/gu, '?').slice(0, 200);
}

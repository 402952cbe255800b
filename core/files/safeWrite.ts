import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, fchmodSync, fsyncSync, lstatSync, openSync, readlinkSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describeError } from '../errors/describeError';
import { readMetadataFileSync } from './readFile';

/**
 * The one way Catalog Code writes a file (pull in the CLI and the editor, the local catalog's
 * token): never through a link. The text goes to a new temporary file in the same folder, created
 * with O_EXCL | O_NOFOLLOW (so nothing planted there is opened), then renamed over the target.
 * A rename replaces the name itself: a link at the target is replaced by the file and whatever it
 * pointed to is left untouched. A crash leaves either the old file or the new one, never half.
 */

export interface SafeWriteOptions {
  /** mode of a new file, before the umask (default 0644) */
  mode?: number;
  /** the mode exactly, umask or not (an existing file's own mode, kept) */
  exactMode?: number;
}

export interface SafeWriteResult {
  /** false when the target already was a regular file holding exactly this text (not touched) */
  changed: boolean;
  /** where the link that stood at the target pointed; that file was not written */
  replacedLink?: string;
}

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Writes `text` to `path` unless a regular file there already holds it (a second pull changes nothing, not even the time stamp). */
export function writeFileIfChanged(path: string, text: string, options: SafeWriteOptions = {}): SafeWriteResult {
  const existing = lstatOrUndefined(path);
  if (existing?.isFile() && holdsText(path, text)) return { changed: false };
  const replacedLink = existing?.isSymbolicLink() ? readlinkSync(path) : undefined;
  writeFileSafely(path, text, existing?.isFile() ? { exactMode: existing.mode & 0o777 } : options);
  return { changed: true, ...(replacedLink !== undefined ? { replacedLink } : {}) };
}

/** Writes `text` (or its parts in turn: a large file never held as one string) to `path` through a temporary file and a rename, never following a link. */
export function writeFileSafely(path: string, text: string | Iterable<string>, options: SafeWriteOptions = {}): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temporary, CREATE_FLAGS, options.mode ?? 0o644);
  try {
    try {
      if (options.exactMode !== undefined) fchmodSync(fd, options.exactMode);
      for (const part of typeof text === 'string' ? [text] : text) {
        const bytes = Buffer.from(part, 'utf8');
        for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // already renamed or gone
    }
    throw error;
  }
}

/** What `path` names, a link followed, or undefined when nothing is there (a dangling link included). */
export function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Why a process may not create files in the folder `path` (the system's words), or undefined when it may. */
export function folderNotWritable(path: string): string | undefined {
  try {
    accessSync(path, constants.W_OK | constants.X_OK);
    return undefined;
  } catch (error) {
    return describeError(error);
  }
}

/** What is at `path` itself (a link is a link, not what it names), or undefined when nothing is. */
export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Whether the regular file at `path` holds exactly `text` (read bounded: never more than the text's size + 1 bytes). */
function holdsText(path: string, text: string): boolean {
  const read = readMetadataFileSync(path, Buffer.byteLength(text, 'utf8'));
  return 'text' in read && read.text === text;
}

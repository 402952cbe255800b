import { join } from 'node:path';
import { writeFileIfChanged } from '../core/files/safeWrite';
import type { PulledFile } from '../core/pull/pull';

export interface WrittenFile {
  path: string;
  /** false when the file already held exactly this text (it was not touched) */
  changed: boolean;
  summary: string;
  /** where a link that stood at `path` pointed: replaced by the file, its target left untouched */
  replacedLink?: string;
}

/**
 * Writes each file into `folder`, leaving a file alone when it already holds the same text (a
 * second pull changes nothing, not even the time stamp). Never through a link (core/files/safeWrite).
 */
export function writePulledFiles(folder: string, files: readonly PulledFile[]): WrittenFile[] {
  return files.map((file) => {
    const path = join(folder, file.name);
    const { changed, replacedLink } = writeFileIfChanged(path, file.text);
    return { path, changed, summary: file.summary, ...(replacedLink !== undefined ? { replacedLink } : {}) };
  });
}

/** The line `pull` prints for a file it wrote or left alone. */
export function describeWritten(written: WrittenFile): string {
  const line = `${written.changed ? 'wrote' : 'unchanged'} ${written.path} (${written.summary})`;
  return written.replacedLink === undefined ? line : `${line}; it was a link to '${written.replacedLink}', which is now replaced by this file and was not written`;
}

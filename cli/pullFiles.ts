import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PulledFile } from '../core/pull/pull';

export interface WrittenFile {
  path: string;
  /** false when the file already held exactly this text (it was not touched) */
  changed: boolean;
  summary: string;
}

/** Writes each file into `folder`, leaving a file alone when it already holds the same text (a second pull changes nothing, not even the time stamp). */
export function writePulledFiles(folder: string, files: readonly PulledFile[]): WrittenFile[] {
  return files.map((file) => {
    const path = join(folder, file.name);
    const same = existsSync(path) && readFileSync(path, 'utf8') === file.text;
    if (!same) writeFileSync(path, file.text);
    return { path, changed: !same, summary: file.summary };
  });
}

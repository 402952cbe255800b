import { mkdirSync, readlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describeError } from '../core/errors/describeError';
import { describeSpecialFile } from '../core/files/readFile';
import { folderNotWritable, lstatOrUndefined, statOrUndefined, writeFileIfChanged } from '../core/files/safeWrite';
import { logValue } from '../core/output/logText';
import { PULL_FILE_NAMES, type PulledFile, type PullSelection } from '../core/pull/pull';

export interface WrittenFile {
  path: string;
  /** false when the file already held exactly this text (it was not touched) */
  changed: boolean;
  summary: string;
  /** where a link that stood at `path` pointed: replaced by the file, its target left untouched */
  replacedLink?: string;
  /** what else stood at `path` (a FIFO, a device…), replaced by the file */
  replacedSpecial?: string;
}

/** A local problem found before anything is written: its message, and the exit code (2: --out names something that is not a folder). */
export interface OutProblem {
  exit: 1 | 2;
  problem: string;
}

const AGAIN = 'then pull again';

/**
 * Why pull could not write into `out`, judged before it reads anything from the service: `out`
 * must be a folder you may write into, or not exist yet below a folder you may write into (it is
 * created). A link named as --out is followed: the user chose it.
 */
export function outFolderProblem(out: string): OutProblem | undefined {
  const shown = logValue(out);
  const stats = statOrUndefined(out);
  if (stats !== undefined) {
    if (!stats.isDirectory()) {
      return { exit: 2, problem: `--out '${shown}' is ${stats.isFile() ? 'a file' : describeSpecialFile(stats)}, not a folder: pull writes its files into a folder. Name a folder, or a path that does not exist yet (it is created).` };
    }
    const denied = folderNotWritable(out);
    return denied === undefined ? undefined : { exit: 1, problem: `Nothing pulled: you may not write into --out '${shown}' (${denied}). Choose another folder, or change its permissions, ${AGAIN}.` };
  }
  if (lstatOrUndefined(out)?.isSymbolicLink()) {
    return { exit: 2, problem: `--out '${shown}' is a symbolic link to '${logValue(readlinkSync(out))}', which does not exist. Name a folder, or remove the link so pull creates the folder.` };
  }
  let ancestor = dirname(resolve(out));
  while (statOrUndefined(ancestor) === undefined && dirname(ancestor) !== ancestor) ancestor = dirname(ancestor);
  const above = statOrUndefined(ancestor);
  if (above !== undefined && !above.isDirectory()) {
    return { exit: 2, problem: `--out '${shown}' cannot be created: '${logValue(ancestor)}' is ${above.isFile() ? 'a file' : describeSpecialFile(above)}, not a folder. Name a folder, or a path below one.` };
  }
  const denied = folderNotWritable(ancestor);
  return denied === undefined ? undefined : { exit: 1, problem: `Nothing pulled: --out '${shown}' cannot be created in '${logValue(ancestor)}' (${denied}). Choose another folder, or change its permissions, ${AGAIN}.` };
}

/** The names of the files a pull of `selection` may write (which of them it does depends on what the catalog holds). */
export function namesPulledBy(selection: PullSelection): string[] {
  const names: string[] = [];
  if (selection.definitions) names.push(PULL_FILE_NAMES.definitions);
  if (selection.values !== undefined) names.push(PULL_FILE_NAMES.datasets, PULL_FILE_NAMES.mcp);
  if (selection.lineage && selection.lineage.format !== 'edges') names.push(PULL_FILE_NAMES.lineageFile);
  if (selection.lineage && selection.lineage.format !== 'file') names.push(PULL_FILE_NAMES.lineageEdges);
  return names;
}

/**
 * Why the files named cannot be written into `folder`: a folder stands at one of their names (a
 * file is written by a rename, which cannot replace a folder). A link, FIFO or device at a name is
 * no obstacle: the rename replaces the name itself, and the output says what it replaced.
 */
export function blockedTargets(folder: string, names: readonly string[]): string | undefined {
  const folders = names.map((name) => join(folder, name)).filter((path) => lstatOrUndefined(path)?.isDirectory());
  if (folders.length === 0) return undefined;
  const listed = folders.map((path) => `'${logValue(path)}'`).join(', ');
  const one = folders.length === 1;
  return `Nothing written: ${listed} ${one ? 'is a folder' : 'are folders'} where pull writes ${one ? 'a file' : 'files'}. Move ${one ? 'it' : 'them'} away (or choose another --out), ${AGAIN}.`;
}

export type WriteOutcome = { ok: true; written: WrittenFile[] } | { ok: false; written: WrittenFile[]; problem: string };

/**
 * Writes each file into `folder` (created if missing), leaving a file alone when it already holds
 * the same text (a second pull changes nothing, not even the time stamp). Never through a link
 * (core/files/safeWrite). Each file is whole or untouched; when one cannot be written, the rest are
 * not tried, and the problem names it, the files already written and those not written.
 */
export function writePulledFiles(folder: string, files: readonly PulledFile[]): WriteOutcome {
  const written: WrittenFile[] = [];
  for (const [index, file] of files.entries()) {
    const path = join(folder, file.name);
    try {
      if (index === 0) mkdirSync(folder, { recursive: true });
      const before = lstatOrUndefined(path);
      const replacedSpecial = before !== undefined && !before.isFile() && !before.isSymbolicLink() ? describeSpecialFile(before) : undefined;
      const { changed, replacedLink } = writeFileIfChanged(path, file.text);
      written.push({ path, changed, summary: file.summary, ...(replacedLink !== undefined ? { replacedLink } : {}), ...(replacedSpecial !== undefined ? { replacedSpecial } : {}) });
    } catch (error) {
      return { ok: false, written, problem: writeProblem(path, error, written, files.slice(index).map((f) => join(folder, f.name))) };
    }
  }
  return { ok: true, written };
}

function writeProblem(path: string, error: unknown, written: readonly WrittenFile[], notWritten: readonly string[]): string {
  const names = (paths: readonly string[]) => paths.map((p) => `'${logValue(p)}'`).join(', ');
  const done = written.length === 0 ? 'No file was written' : `Already written (listed above): ${names(written.map((w) => w.path))}`;
  return `Could not write '${logValue(path)}' (a local file; the catalog answered): ${describeError(error)}. ${done}; not written: ${names(notWritten)}. Check that the folder is yours to write into, that nothing stands at these names, and that the disk has space, ${AGAIN}.`;
}

/** The line `pull` prints for a file it wrote or left alone. */
export function describeWritten(written: WrittenFile): string {
  const line = `${written.changed ? 'wrote' : 'unchanged'} ${written.path} (${written.summary})`;
  if (written.replacedLink !== undefined) return `${line}; it was a link to '${written.replacedLink}', which is now replaced by this file and was not written`;
  return written.replacedSpecial === undefined ? line : `${line}; it was ${written.replacedSpecial}, now replaced by this file`;
}

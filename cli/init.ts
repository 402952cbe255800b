import { closeSync, mkdirSync, openSync, readlinkSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { logValue } from '../core/output/logText';
import { describeError } from '../core/errors/describeError';
import { describeSpecialFile, formatBytes, readMetadataFileSync, UNREADABLE } from '../core/files/readFile';
import { folderNotWritable, lstatOrUndefined, statOrUndefined, writeFileIfChanged } from '../core/files/safeWrite';
import { parseCommandLine } from './args';
import type { CliIo } from './io';
import { GITIGNORE_BLOCK, GITIGNORE_ENTRY, STARTER_FILES } from './initFiles';

export const INIT_USAGE = `Usage: catalog-code init [FOLDER]

Writes starter metadata files into FOLDER (default: the current folder; created if missing):
  structured_properties.yaml   structured property definitions (datahub properties upsert)
  datasets.yaml                two datasets giving those properties values (datahub dataset upsert)
  orders.lineage.yml           a lineage file joining them (the datahub-lineage-file source)
and adds '${GITIGNORE_ENTRY}' (the local catalog's data, when kept in the repository) to FOLDER's
.gitignore. 'catalog-code validate FOLDER' accepts them as written. Never overwrites: if one of the
three files exists (a link or any other kind of file counts), nothing is written. Never writes
through a link: a .gitignore that is not a regular file (a link, a folder, a FIFO) stops init
before it writes anything.`;

/** The most of an existing .gitignore init reads (one line is added to it; a larger one is not a .gitignore people write). */
const GITIGNORE_MAX_BYTES = 16 * 1024 * 1024;

/** What init does to FOLDER/.gitignore, decided before anything is written. */
type GitignorePlan = { kind: 'create' } | { kind: 'append'; existing: string } | { kind: 'present' } | { kind: 'refuse'; problem: string };

/** Whether a .gitignore already ignores the local catalog's folder (a line `.catalog`, `.catalog/` or `/.catalog/`). */
function ignoresCatalog(text: string): boolean {
  return text.split(/\r?\n/).some((line) => /^\/?\.catalog\/?\s*$/.test(line.trim()));
}

/** What a file that is there is, for a message: nothing for a regular file, else "(a symbolic link to 'x')", "(a FIFO (named pipe))"… */
function kindNote(path: string, stats: Stats): string {
  if (stats.isFile()) return '';
  if (stats.isSymbolicLink()) return ` (a symbolic link to '${logValue(readlinkSync(path))}')`;
  return ` (${describeSpecialFile(stats)})`;
}

/**
 * What init will do to FOLDER/.gitignore, judged by what stands at that name itself (lstat: a link
 * is a link, even one whose target is missing) and read with the bounded reader (a FIFO or device
 * never holds it up). Only a regular file is added to; anything else is refused before a file is written.
 */
function planGitignore(folder: string): GitignorePlan {
  const path = join(folder, '.gitignore');
  const shown = logValue(path);
  const stats = lstatOrUndefined(path);
  if (stats === undefined) return { kind: 'create' };
  const again = 'then run catalog-code init again';
  if (stats.isSymbolicLink()) {
    return { kind: 'refuse', problem: `${shown} is a symbolic link (to '${logValue(readlinkSync(path))}'): init never writes through a link, and git does not read a .gitignore that is one. Replace it with a regular file (or remove it), ${again}.` };
  }
  if (!stats.isFile()) {
    return { kind: 'refuse', problem: `${shown} is ${describeSpecialFile(stats)}, not a regular file: init adds '${GITIGNORE_ENTRY}' to a regular .gitignore only. Move it away (or replace it with a regular file), ${again}.` };
  }
  const read = readMetadataFileSync(path, GITIGNORE_MAX_BYTES);
  if ('problem' in read) {
    const why = read.problem.startsWith(UNREADABLE) ? read.problem : `is not a regular file of at most ${formatBytes(GITIGNORE_MAX_BYTES)}, the most init reads of a .gitignore; make it smaller or move it away`;
    return { kind: 'refuse', problem: `${shown} ${why}, ${again}.` };
  }
  return ignoresCatalog(read.text) ? { kind: 'present' } : { kind: 'append', existing: read.text };
}

/** Why FOLDER cannot take the files (exit 2: it names a file, not a folder), or undefined when it can (or does not exist yet). */
function folderProblem(folder: string): string | undefined {
  const shown = logValue(folder);
  const own = lstatOrUndefined(folder);
  if (own === undefined) return undefined;
  const stats = statOrUndefined(folder);
  if (stats === undefined) return `'${shown}'${kindNote(folder, own)} names nothing that exists: catalog-code init writes its files into a folder. Name a folder (or none for the current one).`;
  if (!stats.isDirectory()) return `'${shown}' is ${stats.isFile() ? 'a file' : describeSpecialFile(stats)}, not a folder: catalog-code init writes its files into a folder. Name a folder (or none for the current one).`;
  return undefined;
}

type WritableGitignore = Exclude<GitignorePlan, { kind: 'refuse' }>;

/**
 * Every reason init would stop (taken names, a .gitignore it may not add to, a folder it may not
 * write into), judged before the first write so a refusal writes nothing; else what to do to .gitignore.
 */
function judge(folder: string): { ok: true; gitignore: WritableGitignore } | { ok: false; message: string } {
  if (lstatOrUndefined(folder) === undefined) return { ok: true, gitignore: { kind: 'create' } };
  const taken = STARTER_FILES.map((file) => join(folder, file.name)).flatMap((path) => {
    const stats = lstatOrUndefined(path);
    return stats ? [`${logValue(path)}${kindNote(path, stats)}`] : [];
  });
  const problems: string[] = [];
  if (taken.length > 0) {
    problems.push(`${taken.join(', ')} already exist${taken.length === 1 ? 's' : ''}, and init never overwrites a file. Move ${taken.length === 1 ? 'it' : 'them'} away, or run init in another folder.`);
  }
  const gitignore = planGitignore(folder);
  if (gitignore.kind === 'refuse') problems.push(gitignore.problem);
  const denied = folderNotWritable(folder);
  if (denied !== undefined) problems.push(`'${logValue(folder)}' is not a folder you may write into (${denied}). Run init in a folder of yours, or change its permissions.`);
  if (problems.length > 0 || gitignore.kind === 'refuse') return { ok: false, message: `Nothing written: ${problems.join(' ')}` };
  return { ok: true, gitignore };
}

/** Creates `path` with `text`; never replaces anything, never through a link (O_EXCL). Adds it to `created` as soon as it exists, so a failure can take it back. */
function createFile(path: string, text: string, created: string[]): void {
  const fd = openSync(path, 'wx', 0o644);
  created.push(path);
  try {
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** Writes the starter files and the .gitignore entry; on any failure removes what this run created and throws. Answers the lines to print. */
function writeEverything(folder: string, gitignore: WritableGitignore): string[] {
  mkdirSync(folder, { recursive: true });
  const created: string[] = [];
  const ignorePath = join(folder, '.gitignore');
  try {
    for (const file of STARTER_FILES) createFile(join(folder, file.name), file.text, created);
    if (gitignore.kind === 'present') return [...created.map((path) => `wrote ${logValue(path)}`), `${logValue(ignorePath)} already ignores ${GITIGNORE_ENTRY}`];
    const lines = created.map((path) => `wrote ${logValue(path)}`);
    if (gitignore.kind === 'create') {
      createFile(ignorePath, GITIGNORE_BLOCK, created);
      return [...lines, `wrote ${logValue(ignorePath)} (${GITIGNORE_ENTRY})`];
    }
    const { existing } = gitignore;
    const separator = existing === '' ? '' : existing.endsWith('\n') ? '\n' : '\n\n';
    // Through a temporary file and a rename: never through a link, even one planted since the check.
    writeFileIfChanged(ignorePath, `${existing}${separator}${GITIGNORE_BLOCK}`);
    return [...lines, `added ${GITIGNORE_ENTRY} to ${logValue(ignorePath)}`];
  } catch (error) {
    for (const path of created) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }
    throw error;
  }
}

export async function runInit(argv: string[], io: CliIo): Promise<number> {
  const commandLine = parseCommandLine(argv, {}, INIT_USAGE, io);
  if (!commandLine.ok) return commandLine.exit;
  const [folder = '.', extra] = commandLine.value.positionals;
  if (extra !== undefined) {
    io.stderr(`catalog-code init takes one FOLDER (got '${logValue(extra.slice(0, 60))}' too); see 'catalog-code init --help'.`);
    return 2;
  }
  const notFolder = folderProblem(folder);
  if (notFolder !== undefined) {
    io.stderr(notFolder);
    return 2;
  }
  const judged = judge(folder);
  if (!judged.ok) {
    io.stderr(judged.message);
    return 1;
  }
  try {
    io.stdout(writeEverything(folder, judged.gitignore).join('\n'));
  } catch (error) {
    io.stderr(`catalog-code init could not write into '${logValue(folder)}': ${describeError(error)}. Nothing is left written (what this run had written was removed). Check that the folder is writable and has space, then run init again.`);
    return 1;
  }
  const target = folder === '.' ? '' : ` ${logValue(folder)}`;
  io.stdout(`Next: 'catalog-code validate${target}' checks them; open the folder in VS Code (or any editor with catalog-code-language-server) and change a value to see the checks.`);
  return 0;
}

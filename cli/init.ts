import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logValue } from '../core/output/logText';
import { describeError } from '../core/errors/describeError';
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
three files exists, nothing is written.`;

/** Whether a .gitignore already ignores the local catalog's folder (a line `.catalog`, `.catalog/` or `/.catalog/`). */
function ignoresCatalog(text: string): boolean {
  return text.split(/\r?\n/).some((line) => /^\/?\.catalog\/?\s*$/.test(line.trim()));
}

function addGitignoreEntry(folder: string): string {
  const path = join(folder, '.gitignore');
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (existing !== undefined && ignoresCatalog(existing)) return `${logValue(path)} already ignores ${GITIGNORE_ENTRY}`;
  const separator = existing === undefined || existing === '' ? '' : existing.endsWith('\n') ? '\n' : '\n\n';
  writeFileSync(path, `${existing ?? ''}${separator}${GITIGNORE_BLOCK}`);
  return existing === undefined ? `wrote ${logValue(path)} (${GITIGNORE_ENTRY})` : `added ${GITIGNORE_ENTRY} to ${logValue(path)}`;
}

export async function runInit(argv: string[], io: CliIo): Promise<number> {
  const commandLine = parseCommandLine(argv, {}, INIT_USAGE, io);
  if (!commandLine.ok) return commandLine.exit;
  const [folder = '.', extra] = commandLine.value.positionals;
  if (extra !== undefined) {
    io.stderr(`catalog-code init takes one FOLDER (got '${logValue(extra.slice(0, 60))}' too); see 'catalog-code init --help'.`);
    return 2;
  }
  if (existsSync(folder) && !statSync(folder).isDirectory()) {
    io.stderr(`'${logValue(folder)}' is a file, not a folder: catalog-code init writes its files into a folder. Name a folder (or none for the current one).`);
    return 2;
  }
  const taken = STARTER_FILES.filter((file) => existsSync(join(folder, file.name)));
  if (taken.length > 0) {
    io.stderr(`Nothing written: ${taken.map((file) => logValue(join(folder, file.name))).join(', ')} already exist${taken.length === 1 ? 's' : ''}, and init never overwrites a file. Move ${taken.length === 1 ? 'it' : 'them'} away, or run init in another folder.`);
    return 1;
  }
  try {
    mkdirSync(folder, { recursive: true });
    // 'wx': created here or not at all, even if a file appeared since the check above.
    for (const file of STARTER_FILES) writeFileSync(join(folder, file.name), file.text, { flag: 'wx' });
    const ignore = addGitignoreEntry(folder);
    io.stdout([...STARTER_FILES.map((file) => `wrote ${logValue(join(folder, file.name))}`), ignore].join('\n'));
  } catch (error) {
    io.stderr(`catalog-code init could not write into '${logValue(folder)}': ${describeError(error)}. Check that the folder is writable.`);
    return 1;
  }
  const target = folder === '.' ? '' : ` ${logValue(folder)}`;
  io.stdout(`Next: 'catalog-code validate${target}' checks them; open the folder in VS Code (or any editor with catalog-code-language-server) and change a value to see the checks.`);
  return 0;
}

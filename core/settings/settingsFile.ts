import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { readSettings, type ReadSettings } from './catalogSettings';
import { readMetadataFileSync } from '../files/readFile';
import { MAX_FILE_BYTES } from '../workspace/metadataFiles';

/** Where VS Code keeps a folder's workspace settings. */
export function workspaceSettingsPath(folder: string): string {
  return join(folder, '.vscode', 'settings.json');
}

export interface WorkspaceSettingsFile extends ReadSettings {
  /** the settings file, when the folder has one */
  file?: string;
}

/**
 * The `catalogCode.*` settings of a folder's `.vscode/settings.json` (JSON with comments and
 * trailing commas, as VS Code writes it): what the editor applies in that workspace, so the CLI
 * checks files as the editor does. No file: every setting at its default. A file that cannot be
 * read is a problem in words, and its settings are left at their defaults.
 */
export function readWorkspaceSettingsFile(folder: string): WorkspaceSettingsFile {
  const file = workspaceSettingsPath(folder);
  if (!existsSync(file)) return readSettings(undefined);
  // The bounded reader: a FIFO or a device named settings.json must not hold the run up.
  const read = readMetadataFileSync(file, MAX_FILE_BYTES);
  if ('problem' in read) return { ...readSettings(undefined), file, problems: [`${file} ${read.problem}; its catalogCode settings were ignored.`] };
  return readSettingsText(read.text, file);
}

/**
 * The `catalogCode.*` settings of the text of a settings file (JSON with comments), named `file` in
 * problems: the workspace's file, or one given by path or fetched from elsewhere (the review Action
 * reads the base branch's).
 */
export function readSettingsText(text: string, file: string): WorkspaceSettingsFile {
  const errors: ParseError[] = [];
  const parsed = parseJsonc(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 || typeof parsed !== 'object' || parsed === null) {
    return { ...readSettings(undefined), file, problems: [`${file} could not be read as JSON with comments; its catalogCode settings were ignored. Fix the file (VS Code underlines the mistake).`] };
  }
  return { ...readSettings(parsed, { where: file }), file };
}

/**
 * A settings file given by path (`--settings FILE`) rather than found in the workspace: read with
 * the same bound; a file that cannot be read is a problem, as for the workspace's.
 */
export function readSettingsFileAt(file: string): WorkspaceSettingsFile {
  const read = readMetadataFileSync(file, MAX_FILE_BYTES);
  if ('problem' in read) return { ...readSettings(undefined), file, problems: [`${file} ${read.problem}; its catalogCode settings were ignored.`] };
  return readSettingsText(read.text, file);
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_SETTINGS_FILE, VERDICT_SETTINGS } from '../../cli/settings';
import { CATALOG_SETTINGS } from '../../core/settings/catalogSettings';
import { readSettingsText, readWorkspaceSettingsFile, type WorkspaceSettingsFile } from '../../core/settings/settingsFile';
import { describeError } from '../../core/errors/describeError';
import { MAX_FILE_BYTES } from '../../core/workspace/metadataFiles';
import { fileAtCommit, type GitHubTarget } from './githubComments';

/**
 * Which settings a pull request is judged by. The branch's own `.vscode/settings.json` could turn
 * every check off (`catalogCode.diagnostics.severity`), hide files from the checks
 * (`catalogCode.formats.associations`) or pick an older DataHub's rules — and the review would call
 * the pull request clean. So a pull request is judged by the settings of its base commit, read
 * through GitHub's API (the checkout holds only the merge), and a change to those settings is named
 * in the review for a person to approve. `settings-from: branch` keeps the branch's own settings.
 */

export type SettingsFrom = 'base' | 'branch';

/** The path of the settings file, in the repository as on disk. */
const SETTINGS_PATH = '.vscode/settings.json';

export interface ReviewSettings {
  /** the `--settings` arguments for validate and plan (none: the checkout's own file) */
  cliArguments: string[];
  /** for the comment and the summary: what the review judged by, and what the branch changes */
  note?: string;
  /** a problem to raise as a warning annotation */
  warning?: string;
  /** removes what was written for the run (the base's settings file) */
  cleanUp?: () => void;
}

export function parseSettingsFrom(value: string | undefined): SettingsFrom | undefined {
  const chosen = (value ?? '').trim().toLowerCase() || 'base';
  return chosen === 'base' || chosen === 'branch' ? chosen : undefined;
}

/** The base commit of the pull request event, when it is one (a full hex SHA, nothing else). */
export function baseCommit(event: unknown): string | undefined {
  const sha = (event as { pull_request?: { base?: { sha?: unknown } } } | undefined)?.pull_request?.base?.sha;
  return typeof sha === 'string' && /^[0-9a-f]{40}$/i.test(sha) ? sha : undefined;
}

export async function reviewSettings(from: SettingsFrom, base: string | undefined, target: GitHubTarget | undefined, folder: string): Promise<ReviewSettings> {
  if (from === 'branch' || base === undefined) return { cliArguments: [] };
  const branch = readWorkspaceSettingsFile(folder);
  if (!target) return judgedWithDefaults(branch, 'no github-token was given to read them');
  let text: string | undefined;
  try {
    text = await fileAtCommit(target, SETTINGS_PATH, base, MAX_FILE_BYTES);
  } catch (error) {
    return judgedWithDefaults(branch, describeError(error));
  }
  if (text === undefined) return { cliArguments: ['--settings', NO_SETTINGS_FILE], ...changeNote(branch, undefined) };
  const written = mkdtempSync(join(tmpdir(), 'catalog-code-review-'));
  const file = join(written, 'base-settings.json');
  writeFileSync(file, text, { mode: 0o600 });
  return { cliArguments: ['--settings', file], cleanUp: () => rmSync(written, { recursive: true, force: true }), ...changeNote(branch, readSettingsText(text, `${SETTINGS_PATH} of the base commit`)) };
}

function judgedWithDefaults(branch: WorkspaceSettingsFile, why: string): ReviewSettings {
  const changed = changedSettings(branch, undefined);
  return {
    cliArguments: ['--settings', NO_SETTINGS_FILE],
    warning: `Could not read the base branch's ${SETTINGS_PATH} (${why}), so the files were judged with Catalog Code's default settings.${changed.length > 0 ? ` This branch sets ${changed.join(', ')}; those apply once merged.` : ''}`,
  };
}

function changeNote(branch: WorkspaceSettingsFile, base: WorkspaceSettingsFile | undefined): { note?: string } {
  const changed = changedSettings(branch, base);
  if (changed.length === 0) return {};
  return {
    note: `This pull request changes ${changed.join(', ')} in ${SETTINGS_PATH}. The review judged the files by the base branch's settings, so that a pull request cannot choose how it is checked; the change applies once merged — review it like code.`,
  };
}

/** The keys of the settings that decide verdicts whose values differ between the two files. */
function changedSettings(branch: WorkspaceSettingsFile, base: WorkspaceSettingsFile | undefined): string[] {
  return VERDICT_SETTINGS.filter((name) => {
    const inBranch = branch.present.includes(name) ? canonical(branch.settings[name]) : undefined;
    const inBase = base?.present.includes(name) ? canonical(base.settings[name]) : undefined;
    return inBranch !== inBase;
  }).map((name) => CATALOG_SETTINGS[name].key);
}

/** JSON with object keys sorted: the same settings written in another order are not a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
}

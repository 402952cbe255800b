import { relative } from 'node:path';
import { parseAssociations, type Associations } from '../core/formats/associations';
import { parseSeverityArgument, type SeverityLevel } from '../core/diagnostics/severityOverrides';
import { CATALOG_SETTINGS } from '../core/settings/catalogSettings';
import { readSettingsFileAt, readWorkspaceSettingsFile, type WorkspaceSettingsFile } from '../core/settings/settingsFile';
import { readSettings, type SettingName } from '../core/settings/catalogSettings';
import { exitWith, proceed, type OrExit } from './exit';
import type { CliIo } from './io';
import { describeError } from '../core/errors/describeError';

/** The settings the CLI applies: the ones that decide what a check finds. */
export interface CliSettings {
  associations: Associations;
  severity: Record<string, SeverityLevel>;
  /** `catalogCode.datahub.version` of the settings file (`auto` when unset) */
  datahubVersion: string;
}

/** The settings that change what a check finds: the ones the CLI applies, and the ones a review compares. */
export const VERDICT_SETTINGS: readonly SettingName[] = ['associations', 'severity', 'datahubVersion'];

/** The environment variable that replaces `catalogCode.formats.associations` (JSON). */
export const ASSOCIATIONS_VARIABLE = 'CATALOG_CODE_ASSOCIATIONS';

/**
 * The settings of a CLI run, as the editor applies them in the same workspace: the
 * `catalogCode.*` settings of `.vscode/settings.json` in `folder` (the current folder), then
 * `CATALOG_CODE_ASSOCIATIONS` (replaces the associations) and each `--severity code=level`
 * (wins over that code's entry). Says on stderr, in one line, which settings it applied from
 * where. `settingsFile` (`--settings`) replaces the workspace's file: a path, or `none` for every
 * setting at its default. `exit` is the exit code of a problem already told (2): a mistyped format
 * name in either place, or a malformed `--severity`; other unreadable values are told and left out.
 */
export function loadCliSettings(io: CliIo, options: { severityFlags?: readonly string[]; folder?: string; settingsFile?: string } = {}): OrExit<CliSettings> {
  const file = settingsSource(options.settingsFile, options.folder ?? process.cwd());
  const associationsKey = CATALOG_SETTINGS.associations.key;
  const associationProblems = file.problems.filter((problem) => problem.startsWith(associationsKey));
  file.problems.filter((problem) => !associationProblems.includes(problem)).forEach(io.stderr);
  const applied: string[] = file.present.filter((name) => VERDICT_SETTINGS.includes(name)).map((name) => CATALOG_SETTINGS[name].key);
  let associations = file.settings.associations;
  const environment = loadEnvironmentAssociations(io);
  if (!environment.ok) return environment;
  const fromEnvironment = environment.value;
  if (fromEnvironment) associations = fromEnvironment;
  else if (associationProblems.length > 0) {
    associationProblems.forEach(io.stderr);
    io.stderr(`Nothing was checked: fix ${associationsKey} in ${file.file ?? '.vscode/settings.json'} and run again.`);
    return exitWith(2);
  }
  const severity: Record<string, SeverityLevel> = { ...file.settings.severity };
  for (const flag of options.severityFlags ?? []) {
    const parsed = parseSeverityArgument(flag);
    if (!parsed.ok) {
      io.stderr(parsed.problem);
      return exitWith(2);
    }
    severity[parsed.value.code] = parsed.value.level;
  }
  const told = appliedLine(applied, file.file, fromEnvironment !== undefined, (options.severityFlags ?? []).length > 0);
  if (told) io.stderr(told);
  return proceed({ associations, severity, datahubVersion: file.settings.datahubVersion });
}

/** The `--settings` line of validate's, plan's and push's usage. */
export const SETTINGS_FLAG_HELP = `  --settings FILE    read the catalogCode settings from FILE instead of .vscode/settings.json;
                     'none' leaves every setting at its default (the review Action passes the base branch's)`;

/** The value of `--settings` that ignores every settings file. */
export const NO_SETTINGS_FILE = 'none';

function settingsSource(settingsFile: string | undefined, folder: string): WorkspaceSettingsFile {
  if (settingsFile === undefined) return readWorkspaceSettingsFile(folder);
  if (settingsFile === NO_SETTINGS_FILE) return readSettings(undefined);
  return readSettingsFileAt(settingsFile);
}

/** "Settings: catalogCode.formats.associations from .vscode/settings.json; …" — undefined when every setting is at its default. */
function appliedLine(fromFile: readonly string[], file: string | undefined, environment: boolean, flags: boolean): string | undefined {
  const parts: string[] = [];
  const where = file ? relative(process.cwd(), file) || file : '.vscode/settings.json';
  const fileKeys = fromFile.filter((key) => !(environment && key === CATALOG_SETTINGS.associations.key));
  if (fileKeys.length > 0) parts.push(`${fileKeys.join(', ')} from ${where}`);
  if (environment) parts.push(`${CATALOG_SETTINGS.associations.key} from ${ASSOCIATIONS_VARIABLE}`);
  if (flags) parts.push('--severity');
  return parts.length > 0 ? `Settings applied: ${parts.join('; ')}.` : undefined;
}

/** `CATALOG_CODE_ASSOCIATIONS` (JSON), undefined when unset; exit 2 after telling a problem. */
function loadEnvironmentAssociations(io: CliIo): OrExit<Associations | undefined> {
  const raw = process.env[ASSOCIATIONS_VARIABLE];
  if (!raw) return proceed(undefined);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    io.stderr(`${ASSOCIATIONS_VARIABLE} is not JSON (${describeError(error)}); write it like {"lineage/**/*.yml": "lineageFile"}.`);
    return exitWith(2);
  }
  const { associations, problems } = parseAssociations(value, ASSOCIATIONS_VARIABLE);
  if (problems.length > 0) {
    for (const problem of problems) io.stderr(problem);
    io.stderr(`Nothing was checked: fix ${ASSOCIATIONS_VARIABLE} and run again.`);
    return exitWith(2);
  }
  return proceed(associations);
}

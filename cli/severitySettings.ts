import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parseSeverityArgument, parseSeverityOverrides, type SeverityLevel } from '../core/diagnostics/severityOverrides';
import { SERVICE_TARGETS, type ServiceTarget } from '../core/rules/target';
import { MAX_FILE_BYTES } from '../core/workspace/metadataFiles';
import { readMetadataFileSync } from '../core/files/readFile';

/** The editor setting the CLI shares, so CI judges a file exactly as the team's editors do. */
export const SEVERITY_SETTING = 'catalogCode.diagnostics.severity';

/**
 * The user's severity map for the CLI: `catalogCode.diagnostics.severity` from the workspace's
 * `.vscode/settings.json` (the same map the editor applies), then each `--severity code=level`,
 * which wins. Entries that cannot be read are reported, never fatal.
 */
export function loadSeverityOverrides(folder: string, flags: readonly string[], warn: (line: string) => void): Record<string, SeverityLevel> | string {
  const overrides: Record<string, SeverityLevel> = {};
  const settingsFile = join(folder, '.vscode', 'settings.json');
  // The bounded reader: a FIFO or a device named settings.json must not hold the run up.
  const read = existsSync(settingsFile) ? readMetadataFileSync(settingsFile, MAX_FILE_BYTES) : undefined;
  if (read && 'problem' in read) warn(`${settingsFile} ${read.problem}; its ${SEVERITY_SETTING} was ignored.`);
  else if (read) {
    const errors: ParseError[] = [];
    const settings = parseJsonc(read.text, errors, { allowTrailingComma: true }) as unknown;
    if (errors.length > 0 || typeof settings !== 'object' || settings === null) {
      warn(`${settingsFile} could not be read as JSON with comments; its ${SEVERITY_SETTING} was ignored.`);
    } else {
      const parsed = parseSeverityOverrides((settings as Record<string, unknown>)[SEVERITY_SETTING], `${SEVERITY_SETTING} in ${settingsFile}`);
      parsed.problems.forEach(warn);
      Object.assign(overrides, parsed.overrides);
    }
  }
  for (const flag of flags) {
    const parsed = parseSeverityArgument(flag);
    if (typeof parsed === 'string') return parsed;
    overrides[parsed.code] = parsed.level;
  }
  return overrides;
}

/** `--target local|datahub|offline` (the names users type) → the rules' ServiceTarget, or why not. */
export function parseTargetFlag(value: string): ServiceTarget | string {
  const aliases: Record<string, ServiceTarget> = { local: 'localCatalog', localcatalog: 'localCatalog', datahub: 'datahub', offline: 'offline' };
  const target = aliases[value.toLowerCase()];
  if (target && SERVICE_TARGETS.includes(target)) return target;
  return `Unknown --target '${value}'; use local (the local catalog), datahub or offline.`;
}

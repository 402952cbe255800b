import type { CoreDiagnostic, Severity } from '../model/diagnostic';
import { failed, succeeded, type Result } from '../common/result';

/**
 * A user's stricter or quieter choice per diagnostic code: `catalogCode.diagnostics.severity` in
 * the editor, `--severity code=level` or `.catalog-code.json` for the CLI. Keys are a code
 * (`lineage.selfLoop`) or a family (`lineage.*`); the exact code wins over its family.
 */
export type SeverityLevel = Severity | 'off';
export type SeverityOverrides = Readonly<Record<string, SeverityLevel>>;

export const SEVERITY_LEVELS: readonly SeverityLevel[] = ['error', 'warning', 'information', 'hint', 'off'];

const CODE_KEY = /^[a-zA-Z]+(\.[a-zA-Z]+)*(\.\*)?$/;

export interface ParsedOverrides {
  overrides: Record<string, SeverityLevel>;
  /** one line per entry that was ignored, saying why */
  problems: string[];
}

/** Reads a setting or config value; anything that is not `{code: level}` is reported, not thrown. */
export function parseSeverityOverrides(input: unknown, where: string): ParsedOverrides {
  const overrides: Record<string, SeverityLevel> = {};
  const problems: string[] = [];
  if (input === undefined || input === null) return { overrides, problems };
  if (typeof input !== 'object' || Array.isArray(input)) {
    problems.push(`${where} must be an object of code → level, e.g. {"lineage.selfLoop": "error"}; it was ignored.`);
    return { overrides, problems };
  }
  for (const [code, level] of Object.entries(input as Record<string, unknown>)) {
    const parsed = parseEntry(code, level);
    if (!parsed.ok) problems.push(`${where}: ${parsed.problem}`);
    else overrides[parsed.value.code] = parsed.value.level;
  }
  return { overrides, problems };
}

/** `code=level` (the CLI's `--severity`), or why it cannot be read. */
export function parseSeverityArgument(argument: string): Result<SeverityEntry> {
  const equals = argument.indexOf('=');
  if (equals < 0) return failed(`--severity takes code=level (e.g. lineage.selfLoop=error); '${argument}' has no '='.`);
  return parseEntry(argument.slice(0, equals).trim(), argument.slice(equals + 1).trim());
}

/** One `code → level` entry. */
export interface SeverityEntry {
  code: string;
  level: SeverityLevel;
}

function parseEntry(code: string, level: unknown): Result<SeverityEntry> {
  if (!CODE_KEY.test(code)) return failed(`'${code}' is not a diagnostic code (e.g. lineage.selfLoop, or lineage.* for a whole family); ignored.`);
  if (typeof level !== 'string' || !(SEVERITY_LEVELS as readonly string[]).includes(level)) {
    return failed(`the level of '${code}' must be one of ${SEVERITY_LEVELS.join(', ')}; ${JSON.stringify(level)} was ignored.`);
  }
  return succeeded({ code, level: level as SeverityLevel });
}

/** The level the user chose for a code, if any (`lineage.selfLoop`, then `lineage.*`). */
export function overrideFor(overrides: SeverityOverrides, code: string): SeverityLevel | undefined {
  if (Object.prototype.hasOwnProperty.call(overrides, code)) return overrides[code];
  const dot = code.lastIndexOf('.');
  for (let end = dot; end > 0; end = code.lastIndexOf('.', end - 1)) {
    const family = `${code.slice(0, end)}.*`;
    if (Object.prototype.hasOwnProperty.call(overrides, family)) return overrides[family];
  }
  return undefined;
}

/** Applies the user's levels: `off` drops a diagnostic, any other level replaces its severity. */
export function applySeverityOverrides(diagnostics: CoreDiagnostic[], overrides: SeverityOverrides | undefined): CoreDiagnostic[] {
  if (!overrides || Object.keys(overrides).length === 0) return diagnostics;
  const out: CoreDiagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const level = overrideFor(overrides, diagnostic.code);
    if (level === 'off') continue;
    out.push(level === undefined || level === diagnostic.severity ? diagnostic : { ...diagnostic, severity: level });
  }
  return out;
}

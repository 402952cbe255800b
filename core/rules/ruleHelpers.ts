import type { CoreDiagnostic, DiagnosticData, Severity } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { LineIndex, type SourceRange } from '../model/range';
import { CASE_INSENSITIVE_ENUMS, ENUMS } from '../formats/shapes';
import { parseUrn } from '../urn';
import { logValue } from '../output/logText';

/** Small pieces several semantic rules share. */

/**
 * How to bring a soft-deleted property back, said the way a user does it (the wire detail, a
 * `status` aspect with `removed: false`, means nothing to someone reading a diagnostic).
 */
export const HOW_TO_RESTORE = 'restore it in the catalog (VS Code: the Restore lens above its definition, or "Catalog Code: Restore Property")';

export function diagnostic(code: string, severity: Severity, range: SourceRange, message: string, data?: DiagnosticData): CoreDiagnostic {
  const result: CoreDiagnostic = { range: { start: range.start, end: range.end }, severity, code, message };
  if (data) result.data = data;
  return result;
}

/**
 * The ranges a syntax rule already reports: values outside their enum (format.enumValue) and URNs
 * that do not parse, e.g. an unknown entity type (urn.syntax). The semantic rules stay quiet there,
 * so one mistake gets one diagnostic; they speak where the adapter recorded no such fact. Built once
 * per run, so checking a field is a set lookup.
 */
export class SyntaxReported {
  private readonly keys = new Set<string>();

  constructor(model: DocumentModel) {
    // Indexed: no iterator step allocated per fact while this code is still cold (every rule passes over every fact).
    for (let i = 0, facts = model.facts; i < facts.length; i++) {
      const fact = facts[i];
      if (fact.kind === 'enumValue') {
        const allowed = ENUMS[fact.enumName];
        if (!allowed) continue;
        const value = fact.value.value;
        const accepted = CASE_INSENSITIVE_ENUMS.has(fact.enumName) ? allowed.some((a) => a.toLowerCase() === value.toLowerCase()) : allowed.includes(value);
        if (!accepted) this.keys.add(rangeKey(fact.value.range));
      } else if (fact.kind === 'entityRef' && !parseUrn(fact.urn).ok) {
        this.keys.add(rangeKey(fact.range));
      }
    }
  }

  has(range: SourceRange): boolean {
    return this.keys.has(rangeKey(range));
  }
}

function rangeKey(range: SourceRange): string {
  return `${range.start}:${range.end}`;
}

/** "line 12" for messages that point at another place in the same file. */
export function lineLabel(text: string, offset: number): string {
  return `line ${lineIndexOf(text).positionAt(offset).line + 1}`;
}

// One index per text: a file with many repeated edges asks for many line numbers.
let indexed: { text: string; index: LineIndex } | undefined;

/**
 * `index` is the line index of `text`, which its owner keeps up to date edit by edit
 * (core/incremental/repeatIndex.ts): lineLabel asks it instead of indexing every line of a text
 * that is new with each keystroke.
 */
export function useLineIndex(text: string, index: LineIndex): void {
  indexed = { text, index };
}

function lineIndexOf(text: string): LineIndex {
  if (indexed?.text !== text) indexed = { text, index: new LineIndex(text) };
  return indexed.index;
}

/** A version the service accepts and that is greater than any earlier timestamp version: now, as yyyyMMddHHmmss (UTC). */
export function timestampVersion(now: Date = new Date()): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return (
    pad(now.getUTCFullYear(), 4) +
    pad(now.getUTCMonth() + 1) +
    pad(now.getUTCDate()) +
    pad(now.getUTCHours()) +
    pad(now.getUTCMinutes()) +
    pad(now.getUTCSeconds())
  );
}

export const VERSION_PATTERN = /^[0-9]{14}$/;

/** Quotes a value for a message: strings in single quotes (controls as visible escapes), others as they print. */
export function quote(value: unknown): string {
  return typeof value === 'string' ? `'${logValue(value)}'` : String(value);
}

/** The range without surrounding whitespace (block nodes of YAML end after their line break). */
export function trimRange(text: string, range: SourceRange): SourceRange {
  let { start, end } = range;
  while (end > start && /\s/.test(text[end - 1])) end--;
  while (start < end && /\s/.test(text[start])) start++;
  return { start, end };
}

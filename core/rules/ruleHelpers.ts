import type { CoreDiagnostic, DiagnosticData, Severity } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { LineIndex, type SourceRange } from '../model/range';

/** Small pieces several semantic rules share. */

export function diagnostic(code: string, severity: Severity, range: SourceRange, message: string, data?: DiagnosticData): CoreDiagnostic {
  const result: CoreDiagnostic = { range: { start: range.start, end: range.end }, severity, code, message };
  if (data) result.data = data;
  return result;
}

/**
 * Whether the syntax rule for enumerated fields (format.enumValue) already judges the value at this
 * range; the definition rules then stay quiet so one mistake gets one diagnostic.
 */
export function judgedByEnumRule(model: DocumentModel, range: SourceRange): boolean {
  return model.facts.some((f) => f.kind === 'enumValue' && f.value.range.start === range.start && f.value.range.end === range.end);
}

/** "line 12" for messages that point at another place in the same file. */
export function lineLabel(text: string, offset: number): string {
  return `line ${new LineIndex(text).positionAt(offset).line + 1}`;
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

/** Quotes a value for a message: strings in single quotes, others as they print. */
export function quote(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

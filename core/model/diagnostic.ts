import type { SourceRange } from './range';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** Data a quick fix needs: the replacement candidates, best first. */
export interface DiagnosticData {
  candidates?: string[];
  [key: string]: unknown;
}

/** A problem found in a document, in offsets; server/ and cli/ convert to LSP positions. */
export interface CoreDiagnostic {
  range: SourceRange;
  severity: Severity;
  /** stable code, e.g. `urn.syntax`, `property.notAllowedValue` */
  code: string;
  message: string;
  data?: DiagnosticData;
}

export const DIAGNOSTIC_SOURCE = 'catalog-code';

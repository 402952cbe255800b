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
  /** this one stands for more of its kind after it, kept as positions (core/diagnostics/collapsed.ts) */
  rest?: CollapsedRest;
}

/**
 * Problems of one kind after one that stands for them all, kept as positions rather than objects:
 * the tens of thousands of stream errors after a YAML document that ends early
 * (core/formats/yamlStreamTail.ts), past what the editor is shown. `expand` builds them.
 */
export interface CollapsedRest {
  /** how many problems the one holding it stands for, itself included */
  readonly count: number;
  /** the others (not the one holding it), given where that one now starts (edits before it move it) */
  expand(start: number): { range: SourceRange; message: string }[];
}

export const DIAGNOSTIC_SOURCE = 'catalog-code';

/** The word every suppression comment holds (core/rules/suppression.ts): a text without it suppresses nothing. */
export const SUPPRESSION_WORD = 'catalog-code-disable';

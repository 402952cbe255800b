import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver';
import { DIAGNOSTIC_SOURCE, type CoreDiagnostic, type Severity } from '../core/model/diagnostic';
import type { LineIndex, SourceRange } from '../core/model/range';

/** Offsets inside, LSP positions only here at the edge. */
export function toLspRange(index: LineIndex, range: SourceRange): Range {
  return { start: index.positionAt(range.start), end: index.positionAt(range.end) };
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(index: LineIndex, diagnostic: CoreDiagnostic): Diagnostic {
  const lsp: Diagnostic = {
    range: toLspRange(index, diagnostic.range),
    severity: SEVERITY[diagnostic.severity],
    code: diagnostic.code,
    source: DIAGNOSTIC_SOURCE,
    message: diagnostic.message,
  };
  if (diagnostic.data) lsp.data = diagnostic.data;
  return lsp;
}

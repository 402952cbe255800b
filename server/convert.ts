import { DiagnosticSeverity, type Diagnostic, type Range, type TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DIAGNOSTIC_SOURCE, type CoreDiagnostic, type Severity } from '../core/model/diagnostic';
import { ClientPositionIndex, type PositionEncoding } from '../core/model/positionEncoding';
import type { PositionIndex, SourceRange } from '../core/model/range';
import type { WorkspaceDocument } from '../core/workspace/workspaceDocument';
import { RecordedFile } from '../core/workspace/recordedFile';

/**
 * The one conversion layer between the editor's positions and core/'s offsets. Core counts UTF-16
 * code units; the client counts in the encoding negotiated at `initialize` (server/capabilities.ts).
 * Every position the server receives or sends goes through `index` (or `view`, a document whose
 * index speaks the client's encoding), and every incremental change through `toServerChange`.
 */
export class ClientPositions {
  /** UTF-16 until `initialize` says otherwise */
  encoding: PositionEncoding = 'utf-16';

  /** The document's positions as this client counts them. */
  index(document: WorkspaceDocument): ClientPositionIndex {
    return new ClientPositionIndex(document.text, document.lineIndex, this.encoding);
  }

  /** The document as the editor features read it: the same model, positions in the client's encoding. */
  view<T extends WorkspaceDocument>(document: T): T {
    // A closed file keeps its mentions, not its facts (core/workspace/recordedFile.ts): a copy would read them.
    if (document instanceof RecordedFile) return document.withLineIndex(this.index(document));
    return { ...document, lineIndex: this.index(document) };
  }

  /**
   * Documents an answer may point into (definition, references): each as `view` gives it. In UTF-16
   * their positions are already the client's (what `view` adds, keeping a client's position on its
   * line, only matters for positions the client sends, which name the document at hand), so the
   * workspace is handed on as it is, not copied on every request.
   */
  views<T extends WorkspaceDocument>(documents: readonly T[]): readonly T[] {
    return this.encoding === 'utf-16' ? documents : documents.map((document) => this.view(document));
  }

  /** An incremental change with its range in UTF-16 positions of `document` (the text it applies to). */
  toServerChange(document: TextDocument, change: TextDocumentContentChangeEvent): TextDocumentContentChangeEvent {
    if (!('range' in change) || this.encoding === 'utf-16') return change;
    const text = document.getText();
    const index: PositionIndex = { lineCount: document.lineCount, positionAt: (offset) => document.positionAt(offset), offsetAt: (position) => document.offsetAt(position) };
    const client = new ClientPositionIndex(text, index, this.encoding);
    const start = document.positionAt(client.offsetAt(change.range.start));
    const end = document.positionAt(client.offsetAt(change.range.end));
    return { range: { start, end }, text: change.text };
  }
}

/** Offsets inside, LSP positions only here at the edge. */
export function toLspRange(index: PositionIndex, range: SourceRange): Range {
  return { start: index.positionAt(range.start), end: index.positionAt(range.end) };
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(index: PositionIndex, diagnostic: CoreDiagnostic): Diagnostic {
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

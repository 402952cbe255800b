import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndex } from '../core/model/range';

/**
 * The editor's buffer of an open document, kept by incremental sync: the same answers as the LSP
 * library's TextDocument (positions clamped the same way, never between a line's end and its line
 * break), with the project's line index, whose line starts move lazily (core/model/range.ts). The
 * library's `update` moves every later line offset per change, 50,000 numbers per keystroke at
 * the end of a long file; here a change moves none until a position past it is asked. A change
 * answers a new document and hands the line starts on (the old one finds its own again if asked).
 */
export class EditorDocument implements TextDocument {
  /** undefined until a position is first asked (a document only read whole never needs one) */
  private lines: LineIndex | undefined;

  private constructor(
    readonly uri: string,
    readonly languageId: string,
    readonly version: number,
    private readonly text: string,
    lines?: LineIndex,
  ) {
    this.lines = lines;
  }

  static create(uri: string, languageId: string, version: number, text: string): EditorDocument {
    return new EditorDocument(uri, languageId, version, text);
  }

  get lineCount(): number {
    return this.index().lineCount;
  }

  getText(range?: Range): string {
    if (!range) return this.text;
    return this.text.substring(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  positionAt(offset: number): Position {
    const position = this.index().positionAt(offset);
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const lineStart = clamped - position.character;
    return { line: position.line, character: this.beforeLineBreak(clamped, lineStart) - lineStart };
  }

  offsetAt(position: Position): number {
    const index = this.index();
    if (position.line >= index.lineCount) return this.text.length;
    if (position.line < 0) return 0;
    const lineStart = index.offsetAt({ line: position.line, character: 0 });
    if (position.character <= 0) return lineStart;
    return this.beforeLineBreak(index.offsetAt(position), lineStart);
  }

  getLineRange(line: number): Range {
    const index = this.index();
    if (line >= index.lineCount) {
      const last = index.lineCount - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.text.length - this.lineStart(last) } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const start = this.lineStart(line);
    return { start: { line, character: 0 }, end: { line, character: this.beforeLineBreak(this.nextLineStart(line), start) - start } };
  }

  getEOLCharacters(line: number): string {
    if (line < 0 || line >= this.index().lineCount) return '';
    const next = this.nextLineStart(line);
    return this.text.substring(this.beforeLineBreak(next, this.lineStart(line)), next);
  }

  /** The offsets a range change replaces, start before end (a client may send them the other way round). */
  offsetsOf(range: Range): { start: number; end: number } {
    const a = this.offsetAt(range.start);
    const b = this.offsetAt(range.end);
    return a <= b ? { start: a, end: b } : { start: b, end: a };
  }

  /** The document after `changes` (each in positions of the text the one before left), at `version`. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): EditorDocument {
    let current = new EditorDocument(this.uri, this.languageId, version, this.text, this.lines);
    this.lines = undefined;
    for (const change of changes) {
      if (!('range' in change)) {
        current = new EditorDocument(this.uri, this.languageId, version, change.text);
        continue;
      }
      const { start, end } = current.offsetsOf(change.range);
      const text = current.text.substring(0, start) + change.text + current.text.substring(end);
      // The line starts move lazily (this document finds its own again if asked later).
      current = new EditorDocument(this.uri, this.languageId, version, text, current.index().afterEdits([{ start, end, text: change.text }], text));
    }
    return current;
  }

  private index(): LineIndex {
    this.lines ??= new LineIndex(this.text);
    return this.lines;
  }

  private lineStart(line: number): number {
    return this.index().offsetAt({ line, character: 0 });
  }

  private nextLineStart(line: number): number {
    return line + 1 < this.index().lineCount ? this.lineStart(line + 1) : this.text.length;
  }

  /** `offset` moved back over line-break characters, not before `lineStart`. */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isLineBreak(this.text.charCodeAt(at - 1))) at--;
    return at;
  }
}

function isLineBreak(code: number): boolean {
  return code === 13 /* \r */ || code === 10 /* \n */;
}

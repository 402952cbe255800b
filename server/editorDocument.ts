import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndex } from '../core/model/range';

/**
 * Below V8's large-object threshold (128 KiB of one-byte characters): a string that size is
 * copied in a fraction of a millisecond, where a copy of a 1.3 MB text costs 5–15 ms on a loaded
 * machine (allocated in large-object space; bench/cases/keystroke.ts).
 */
const CHUNK_CHARS = 16 * 1024;

/**
 * The editor's buffer of an open document, kept by incremental sync: the same answers as the LSP
 * library's TextDocument (positions clamped the same way, never between a line's end and its line
 * break), with the project's line index, whose line starts move lazily (core/model/range.ts). The
 * library's `update` moves every later line offset per change, 50,000 numbers per keystroke at
 * the end of a long file; here a change moves none until a position past it is asked. A change
 * answers a new document and hands the line starts on (the old one finds its own again if asked).
 *
 * The text is held in chunks of about CHUNK_CHARS: a change copies the chunks it touches, never
 * the whole text. `getText()` answers the chunks joined as a V8 rope (a tree of concatenations,
 * built per version in a step per chunk), which V8 copies into one string only when something
 * reads its characters; the keystroke path reads the edited item's text and the positions of
 * its diagnostics, which this document answers from the chunks (test/property/server/editorDocument.test.ts).
 */
export class EditorDocument implements TextDocument {
  /** undefined until a position is first asked (a document only read whole never needs one) */
  private lines: LineIndex | undefined;
  /** the chunks joined, made when first asked */
  private whole: string | undefined;
  /** where each chunk starts in the text */
  private readonly starts: number[];
  private readonly length: number;

  private constructor(
    readonly uri: string,
    readonly languageId: string,
    readonly version: number,
    private readonly chunks: readonly string[],
    private readonly chunkChars: number,
    lines?: LineIndex,
  ) {
    this.lines = lines;
    this.starts = [];
    let at = 0;
    for (const chunk of chunks) {
      this.starts.push(at);
      at += chunk.length;
    }
    this.length = at;
  }

  /** `chunkChars`: how long the text's chunks are (tests make them short, to edit across them). */
  static create(uri: string, languageId: string, version: number, text: string, chunkChars = CHUNK_CHARS): EditorDocument {
    const document = new EditorDocument(uri, languageId, version, chunksOf(text, chunkChars), chunkChars);
    document.whole = text;
    return document;
  }

  get lineCount(): number {
    return this.index().lineCount;
  }

  getText(range?: Range): string {
    if (!range) return (this.whole ??= joined(this.chunks));
    return this.slice(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  positionAt(offset: number): Position {
    const position = this.index().positionAt(offset);
    const clamped = Math.max(0, Math.min(offset, this.length));
    const lineStart = clamped - position.character;
    return { line: position.line, character: this.beforeLineBreak(clamped, lineStart) - lineStart };
  }

  offsetAt(position: Position): number {
    const index = this.index();
    if (position.line >= index.lineCount) return this.length;
    if (position.line < 0) return 0;
    const lineStart = index.offsetAt({ line: position.line, character: 0 });
    if (position.character <= 0) return lineStart;
    return this.beforeLineBreak(index.offsetAt(position), lineStart);
  }

  getLineRange(line: number): Range {
    const index = this.index();
    if (line >= index.lineCount) {
      const last = index.lineCount - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.length - this.lineStart(last) } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const start = this.lineStart(line);
    return { start: { line, character: 0 }, end: { line, character: this.beforeLineBreak(this.nextLineStart(line), start) - start } };
  }

  getEOLCharacters(line: number): string {
    if (line < 0 || line >= this.index().lineCount) return '';
    const next = this.nextLineStart(line);
    return this.slice(this.beforeLineBreak(next, this.lineStart(line)), next);
  }

  /** The offsets a range change replaces, start before end (a client may send them the other way round). */
  offsetsOf(range: Range): { start: number; end: number } {
    const a = this.offsetAt(range.start);
    const b = this.offsetAt(range.end);
    return a <= b ? { start: a, end: b } : { start: b, end: a };
  }

  /** The text from `start` to `end` (offsets within the text), read from the chunks that hold it. */
  slice(start: number, end: number): string {
    if (end <= start) return '';
    const first = this.chunkAt(start);
    const last = this.chunkAt(end - 1);
    if (first === last) return this.chunks[first].slice(start - this.starts[first], end - this.starts[first]);
    let text = this.chunks[first].slice(start - this.starts[first]);
    for (let chunk = first + 1; chunk < last; chunk++) text += this.chunks[chunk];
    return text + this.chunks[last].slice(0, end - this.starts[last]);
  }

  /** The document after `changes` (each in positions of the text the one before left), at `version`. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): EditorDocument {
    let current = new EditorDocument(this.uri, this.languageId, version, this.chunks, this.chunkChars, this.lines);
    current.whole = this.whole;
    this.lines = undefined;
    for (const change of changes) {
      if (!('range' in change)) {
        current = EditorDocument.create(this.uri, this.languageId, version, change.text, this.chunkChars);
        continue;
      }
      const { start, end } = current.offsetsOf(change.range);
      const next = new EditorDocument(this.uri, this.languageId, version, current.replaced(start, end, change.text), this.chunkChars);
      // The line starts move lazily (this document finds its own again if asked later).
      next.lines = current.index().afterEdits([{ start, end, text: change.text }], next.rope());
      current = next;
    }
    return current;
  }

  /**
   * The text as a rope for the line index to hold: the index reads only its length unless its
   * line starts were handed on and it is asked again (then it reads the text, as before chunks).
   */
  private rope(): string {
    return this.getText();
  }

  /** The chunks after `start`–`end` is replaced by `text`: the chunks it touches copied, the others shared. */
  private replaced(start: number, end: number, text: string): string[] {
    if (this.chunks.length === 0) return chunksOf(text, this.chunkChars);
    const first = this.chunkAt(start);
    const last = Math.max(first, this.chunkAt(Math.max(start, end - 1)));
    const edited = this.chunks[first].slice(0, start - this.starts[first]) + text + this.chunks[last].slice(end - this.starts[last]);
    const middle = edited.length === 0 ? [] : edited.length > 2 * this.chunkChars ? chunksOf(edited, this.chunkChars) : [edited];
    const chunks = [...this.chunks.slice(0, first), ...middle, ...this.chunks.slice(last + 1)];
    return chunks;
  }

  /** The chunk holding `offset` (the last chunk for the text's end). */
  private chunkAt(offset: number): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private charCodeAt(offset: number): number {
    const chunk = this.chunkAt(offset);
    return this.chunks[chunk].charCodeAt(offset - this.starts[chunk]);
  }

  private index(): LineIndex {
    this.lines ??= new LineIndex(this.getText());
    return this.lines;
  }

  private lineStart(line: number): number {
    return this.index().offsetAt({ line, character: 0 });
  }

  private nextLineStart(line: number): number {
    return line + 1 < this.index().lineCount ? this.lineStart(line + 1) : this.length;
  }

  /** `offset` moved back over line-break characters, not before `lineStart`. */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isLineBreak(this.charCodeAt(at - 1))) at--;
    return at;
  }
}

/** `text` in chunks of `size` (none for an empty text). */
function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

/** The chunks joined as a balanced tree of concatenations: V8 copies nothing until the characters are read. */
function joined(chunks: readonly string[]): string {
  if (chunks.length === 0) return '';
  let level = chunks;
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? level[i] + level[i + 1] : level[i]);
    level = next;
  }
  return level[0];
}

function isLineBreak(code: number): boolean {
  return code === 13 /* \r */ || code === 10 /* \n */;
}

/**
 * Offsets inside, LSP positions only at the edge: every fact and diagnostic in core/ carries
 * UTF-16 code-unit offsets into the document text. Convert with `LineIndex` where a position
 * (line, character) is needed.
 */
export interface SourceRange {
  /** offset of the first character */
  start: number;
  /** offset just past the last character */
  end: number;
}

/** A value read from a document, with the range of the text it came from. */
export interface Located<T> {
  value: T;
  range: SourceRange;
}

export interface Position {
  line: number;
  character: number;
}

/** Offsets to zero-based line/character positions and back: what the editor features convert with. */
export interface PositionIndex {
  readonly lineCount: number;
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
}

/** Maps offsets to zero-based line/character positions (UTF-16 code units) and back (LSP style). */
export class LineIndex implements PositionIndex {
  private readonly lineStarts: number[];
  /** whether the text has a carriage return (then edits index it afresh) */
  private readonly carriageReturns: boolean = false;

  constructor(
    private readonly text: string,
    known?: number[],
  ) {
    if (known) {
      this.lineStarts = known;
      return;
    }
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10 /* \n */) starts.push(i + 1);
      else if (ch === 13 /* \r */) {
        this.carriageReturns = true;
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  /**
   * The index of `text`, which is this index's text after `edits` (each in offsets of the text the
   * one before left): the line starts moved instead of found again, which in a long file is a walk
   * over a list of numbers rather than over every character. Text with a carriage return is indexed
   * afresh (a `\r` and a `\n` on either side of an edit may join into one line break).
   */
  afterEdits(edits: readonly { start: number; end: number; text: string }[], text: string): LineIndex {
    if (this.carriageReturns || edits.some((edit) => edit.text.includes('\r'))) return new LineIndex(text);
    let starts = this.lineStarts;
    for (const edit of edits) {
      const delta = edit.text.length - (edit.end - edit.start);
      const kept = firstAfter(starts, edit.start);
      const moved = firstAfter(starts, edit.end);
      const next = starts.slice(0, kept);
      for (let i = edit.text.indexOf('\n'); i !== -1; i = edit.text.indexOf('\n', i + 1)) next.push(edit.start + i + 1);
      for (let i = moved; i < starts.length; i++) next.push(starts[i] + delta);
      starts = next;
    }
    return new LineIndex(text, starts);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.lineStarts[low] };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const lineStart = this.lineStarts[position.line];
    const nextLineStart = position.line + 1 < this.lineStarts.length ? this.lineStarts[position.line + 1] : this.text.length;
    return Math.max(lineStart, Math.min(lineStart + position.character, nextLineStart));
  }
}

/** The index of the first line start after `offset` (line starts are sorted). */
function firstAfter(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle] <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

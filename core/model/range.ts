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

/** Maps offsets to zero-based line/character positions and back (LSP style). */
export class LineIndex {
  private readonly lineStarts: number[];

  constructor(private readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10 /* \n */) starts.push(i + 1);
      else if (ch === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
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

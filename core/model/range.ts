import { WORK } from './workCounters';

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

/**
 * Line starts, with the lines from `from` on still to be moved by `delta`: an edit moves every
 * later line, and moving 50,000 numbers per keystroke is what this avoids. An edit at line L only
 * settles the lines between the last edit's line and L (none while typing in one place).
 */
class LineStarts {
  private from = Infinity;
  private delta = 0;

  constructor(private readonly starts: number[]) {}

  get length(): number {
    return this.starts.length;
  }

  at(line: number): number {
    return this.starts[line] + (line >= this.from ? this.delta : 0);
  }

  /** Lines `line` and after move by `delta`. */
  shiftFrom(line: number, delta: number): void {
    if (delta === 0 || line >= this.starts.length) return;
    if (this.from === Infinity) {
      this.from = line;
      this.delta = delta;
      return;
    }
    if (line > this.from) this.settleBelow(line);
    else
      for (let i = line; i < this.from; i++) {
        this.starts[i] += delta;
        WORK.lineStartsMoved++;
      }
    this.delta += delta;
  }

  /** Lines `kept` up to `moved` are replaced by lines starting at `inserted`; later lines keep what they still have to move. */
  splice(kept: number, moved: number, inserted: number[]): void {
    this.settleBelow(moved);
    this.starts.splice(kept, moved - kept, ...inserted);
    if (this.from !== Infinity) this.from += inserted.length - (moved - kept);
  }

  /** Moves lines below `line` that still have to move, so that only lines from `line` on carry a pending delta. */
  private settleBelow(line: number): void {
    if (this.from >= line) return;
    const end = Math.min(line, this.starts.length);
    for (let i = this.from; i < end; i++) {
      this.starts[i] += this.delta;
      WORK.lineStartsMoved++;
    }
    if (end >= this.starts.length) {
      this.from = Infinity;
      this.delta = 0;
    } else this.from = end;
  }
}

/** Maps offsets to zero-based line/character positions and back (LSP style). */
export class LineIndex implements PositionIndex {
  /**
   * undefined until a position is first asked for (a file read by `validate` with nothing to
   * report never needs its 90,000 line starts), and once `afterEdits` handed them on: then found
   * from this index's own text when asked
   */
  private lines: LineStarts | undefined;
  /** whether the text has a carriage return (then edits index it afresh); known once the lines are found */
  private carriageReturns = false;

  constructor(
    private readonly text: string,
    known?: number[],
  ) {
    this.lines = known ? new LineStarts(known) : undefined;
  }

  /** where the line starts are found up to (the whole text unless `later` was told less) */
  private indexedTo: number | undefined;

  /**
   * The index of `text` with its line starts found only when a position is first asked (a large
   * document may never be asked one), and only up to `upTo` when given: a document checked up to
   * a limit (core/workspace/openDocumentLimit.ts) is asked positions of what was read, and every
   * position past the last line start found maps to an offset past it, where the model has nothing.
   */
  static later(text: string, upTo?: number): LineIndex {
    const index = new LineIndex(text, [0]);
    index.lines = undefined;
    index.indexedTo = upTo;
    return index;
  }

  private find(): number[] {
    const text = this.text;
    const starts = [0];
    const end = Math.min(text.length, this.indexedTo ?? text.length);
    for (let i = 0; i < end; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10 /* \n */) starts.push(i + 1);
      else if (ch === 13 /* \r */) {
        this.carriageReturns = true;
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    return starts;
  }

  private get starts(): LineStarts {
    // An index whose line starts moved on to a later text (a request still holding an older
    // version) finds its own again: correct, and a cost only such a late reader pays.
    this.lines ??= new LineStarts(this.find());
    return this.lines;
  }

  /**
   * The index of `text`, which is this index's text after `edits` (each in offsets of the text the
   * one before left): the line starts are moved instead of found again, and lazily (see
   * LineStarts), so typing costs the same in a long file as in a short one. This index hands its
   * line starts on (it finds its own again if asked later). Text with a carriage return is indexed
   * afresh (a `\r` and a `\n` on either side of an edit may join into one line break).
   */
  afterEdits(edits: readonly { start: number; end: number; text: string }[], text: string): LineIndex {
    const starts = this.starts;
    if (this.carriageReturns || edits.some((edit) => edit.text.includes('\r'))) return new LineIndex(text);
    this.lines = undefined;
    for (const edit of edits) {
      const delta = edit.text.length - (edit.end - edit.start);
      const kept = firstAfter(starts, edit.start);
      const moved = firstAfter(starts, edit.end);
      const inserted: number[] = [];
      for (let i = edit.text.indexOf('\n'); i !== -1; i = edit.text.indexOf('\n', i + 1)) inserted.push(edit.start + i + 1);
      if (kept !== moved || inserted.length > 0) starts.splice(kept, moved, inserted);
      starts.shiftFrom(kept + inserted.length, delta);
    }
    const index = new LineIndex(text, []);
    index.lines = starts;
    return index;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    const starts = this.starts;
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts.at(mid) <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - starts.at(low) };
  }

  offsetAt(position: Position): number {
    const starts = this.starts;
    if (position.line < 0) return 0;
    if (position.line >= starts.length) return this.text.length;
    const lineStart = starts.at(position.line);
    const nextLineStart = position.line + 1 < starts.length ? starts.at(position.line + 1) : this.text.length;
    return Math.max(lineStart, Math.min(lineStart + position.character, nextLineStart));
  }
}

/** The index of the first line start after `offset` (line starts are sorted). */
function firstAfter(starts: LineStarts, offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts.at(middle) <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

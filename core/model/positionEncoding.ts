import type { Position, PositionIndex } from './range';

/**
 * How a position's `character` counts (LSP 3.17 `PositionEncodingKind`): UTF-8 bytes, UTF-16
 * code units (the LSP default, and the unit of every offset in core/) or code points.
 */
export type PositionEncoding = 'utf-8' | 'utf-16' | 'utf-32';

export const POSITION_ENCODINGS: readonly PositionEncoding[] = ['utf-8', 'utf-16', 'utf-32'];

export function isPositionEncoding(value: unknown): value is PositionEncoding {
  return typeof value === 'string' && (POSITION_ENCODINGS as readonly string[]).includes(value);
}

/** Units of one code point (given by its first UTF-16 unit and the unit after it) in `encoding`, and how many UTF-16 units it spans. */
function codePointAt(text: string, i: number, encoding: PositionEncoding): { units: number; utf16: number } {
  const code = text.charCodeAt(i);
  const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
  if (pair) return { units: encoding === 'utf-8' ? 4 : encoding === 'utf-16' ? 2 : 1, utf16: 2 };
  if (encoding !== 'utf-8') return { units: 1, utf16: 1 };
  return { units: code < 0x80 ? 1 : code < 0x800 ? 2 : 3, utf16: 1 };
}

/** The `character` of UTF-16 column `utf16` of `line`, counted in `encoding`. */
export function characterIn(line: string, utf16: number, encoding: PositionEncoding): number {
  if (encoding === 'utf-16') return utf16;
  let units = 0;
  for (let i = 0; i < utf16 && i < line.length; ) {
    const point = codePointAt(line, i, encoding);
    units += point.units;
    i += point.utf16;
  }
  return units;
}

/**
 * The UTF-16 column of `character` (counted in `encoding`) on `line`: past the line's end it is
 * the line's end (LSP: "defaults back to the line length"), and inside a code point it is the
 * code point's start, so no position a client sends ever reaches the next line or splits a character.
 */
export function utf16ColumnOf(line: string, character: number, encoding: PositionEncoding): number {
  let units = 0;
  let i = 0;
  while (i < line.length) {
    const point = codePointAt(line, i, encoding);
    if (units + point.units > character) return i;
    units += point.units;
    i += point.utf16;
  }
  return line.length;
}

/**
 * Positions as one client counts them, over the server's index of a text (UTF-16 offsets): the one
 * place a position crosses between the editor and core/. Each position a client sends lands inside
 * its line (never on or past the line break), whatever it counts in.
 */
export class ClientPositionIndex implements PositionIndex {
  constructor(
    private readonly text: string,
    private readonly index: PositionIndex,
    readonly encoding: PositionEncoding,
  ) {}

  get lineCount(): number {
    return this.index.lineCount;
  }

  positionAt(offset: number): Position {
    const position = this.index.positionAt(offset);
    if (this.encoding === 'utf-16') return position;
    const start = this.index.offsetAt({ line: position.line, character: 0 });
    return { line: position.line, character: characterIn(this.text.slice(start, start + position.character), position.character, this.encoding) };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.index.lineCount) return this.text.length;
    const start = this.index.offsetAt({ line: position.line, character: 0 });
    const line = this.text.slice(start, this.lineEnd(position.line, start));
    return start + utf16ColumnOf(line, Math.max(0, position.character), this.encoding);
  }

  /** The offset of the line break that ends `line` (the text's end on the last line). */
  private lineEnd(line: number, start: number): number {
    if (line + 1 >= this.index.lineCount) return this.text.length;
    let end = this.index.offsetAt({ line: line + 1, character: 0 });
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }
}

/**
 * The encoding the server speaks with a client: the first of the client's `general.positionEncodings`
 * the server knows (the client lists them by preference); without that list, what the user declared
 * for a client that counts otherwise without saying so (`declared`); otherwise UTF-16, the LSP default.
 */
export function negotiatePositionEncoding(offered: readonly unknown[] | undefined, declared: unknown): PositionEncoding {
  const known = (offered ?? []).find(isPositionEncoding);
  if (known) return known;
  if (isPositionEncoding(declared)) return declared;
  return 'utf-16';
}

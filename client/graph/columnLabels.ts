import type { EdgeLabelBlock } from '../../core/lineage/graphExport';

/**
 * Where the column labels of the graph go: one block per dataset pair, one line per column pair
 * ("cust_id → customer_id"), placed near the middle of its edge and moved down until it overlaps
 * neither an entity nor another block. Sizes are estimated from the text (no DOM), like the nodes',
 * so the webview, the SVG export and the tests place them alike.
 */

/** the column labels' font (px) and what one character and one line take at that size */
export const COLUMN_LABEL_FONT = 11;
const CHAR_WIDTH = 6.6;
const LINE_HEIGHT = 14;
const PADDING = 4;
/** past this many column pairs the block ends with "… N more" (the edge's tooltip lists them all) */
const MAX_LINES = 6;
const MAX_LINE = 44;
/** gap kept between a block and what it must not cover */
const CLEARANCE = 3;
/** a block never goes further than this many tries; past it, it stays where it is */
const MAX_MOVES = 200;

export interface Rect {
  /** left, top */
  x: number;
  y: number;
  width: number;
  height: number;
}

export function labelLines(columns: readonly string[]): string[] {
  const shown = columns.slice(0, columns.length > MAX_LINES ? MAX_LINES - 1 : MAX_LINES).map((line) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line));
  if (columns.length > shown.length) shown.push(`… ${columns.length - shown.length} more`);
  return shown;
}

/** The widest block the layout has to leave room for between two layers. */
export function blockWidth(lines: readonly string[]): number {
  return Math.max(0, ...lines.map((line) => line.length)) * CHAR_WIDTH + 2 * PADDING;
}

export function blockHeight(lines: readonly string[]): number {
  return lines.length * LINE_HEIGHT + 2 * PADDING;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width + CLEARANCE && b.x < a.x + a.width + CLEARANCE && a.y < b.y + b.height + CLEARANCE && b.y < a.y + a.height + CLEARANCE;
}

/**
 * Places each block centred on its anchor, then, while it overlaps something already there (an
 * entity or an earlier block), moves it just below that thing. Returns the blocks in input order.
 */
export function placeLabelBlocks(wanted: readonly { anchor: { x: number; y: number }; lines: string[] }[], obstacles: readonly Rect[]): EdgeLabelBlock[] {
  const taken: Rect[] = [...obstacles];
  return wanted.map(({ anchor, lines }) => {
    const width = blockWidth(lines);
    const height = blockHeight(lines);
    const box: Rect = { x: anchor.x - width / 2, y: anchor.y - height / 2, width, height };
    for (let move = 0; move < MAX_MOVES; move++) {
      const hit = taken.find((other) => overlaps(box, other));
      if (!hit) break;
      box.y = hit.y + hit.height + CLEARANCE + 0.5;
    }
    taken.push(box);
    return { ...box, lines, lineHeight: LINE_HEIGHT, padding: PADDING, fontSize: COLUMN_LABEL_FONT };
  });
}

import type { YamlItem } from '../formats/yamlUnits';

/*
 * Which items of a YAML list format an edit reads again with the one it touches
 * (./documentAnalysis.ts readRunAgain): the neighbours with syntax errors, the next item without,
 * or, when the edit ended a top-level list early, every item to the end of the text.
 */

/**
 * Whether a line of `text` from `from` up to the line holding `to` starts at column 0 with
 * something other than a `-`, a comment or a blank: what ends a top-level list (and its document).
 */
export function endsAtColumnZero(text: string, from: number, to: number): boolean {
  const lineEnd = text.indexOf('\n', to);
  const pattern = /^[^-#\s]/gm;
  pattern.lastIndex = from;
  const found = pattern.exec(text);
  return found !== null && (lineEnd === -1 || found.index <= lineEnd);
}

/** How far a run is widened over neighbouring items with syntax errors before the file is read whole instead. */
const MAX_BROKEN_NEIGHBOURS = 16;

/**
 * Where a run holding item `index` starts: `index`, or the first of the items with syntax errors
 * right before it; and when that item has errors, the item before it too, whose text may be their
 * cause (YAML reports an unclosed `[` or `{` at the next line it cannot take, the next item's `-`).
 * Undefined past MAX_BROKEN_NEIGHBOURS.
 */
export function runStart(items: readonly YamlItem[], index: number): number | undefined {
  let first = index;
  while (first > 0 && items[first - 1].problems.length > 0) {
    first--;
    if (index - first > MAX_BROKEN_NEIGHBOURS) return undefined;
  }
  return first > 0 && items[first].problems.length > 0 ? first - 1 : first;
}

/** Whether item `index`, or one next to it, has syntax errors (it is then read in a run with them). */
export function brokenNear(items: readonly YamlItem[], index: number): boolean {
  for (let near = Math.max(0, index - 1); near <= Math.min(items.length - 1, index + 1); near++) if (items[near].problems.length > 0) return true;
  return false;
}

/** The first item from `from` on without syntax errors (undefined when none follows within MAX_BROKEN_NEIGHBOURS). */
export function nextCleanItem(items: readonly YamlItem[], from: number): number | undefined {
  for (let index = from; index < items.length && index - from <= MAX_BROKEN_NEIGHBOURS; index++) if (items[index].problems.length === 0) return index;
  return undefined;
}

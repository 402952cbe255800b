import { countItem, detectListFromCounts, type ListCounts } from '../formats/detect';
import { readRunAgain, type YamlItem } from '../formats/yamlUnits';
import { settleUnit, type UnitLayout } from './units';

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

/**
 * Content detection's counts after a run of items was replaced, or undefined when the file would
 * no longer be detected as its format (then it is read whole). A format given by association, or
 * a lineage file (detected by its root mapping, the frame), keeps its format as long as it still
 * has a lineage entry.
 */
export function detectionAfter(state: Extract<UnitLayout, { kind: 'yaml' }>, gone: readonly YamlItem[], come: readonly YamlItem[]): ListCounts | undefined {
  const counts: ListCounts = { ...state.detection, keys: new Map(state.detection.keys) };
  for (const item of gone) countItem(counts, item.detection, -1);
  for (const item of come) countItem(counts, item.detection, 1);
  if (state.layout.detectedBy !== 'content') return counts;
  if (state.layout.format === 'lineageFile') return counts.lineageEntries > 0 ? counts : undefined;
  return detectListFromCounts(counts) === state.layout.format ? counts : undefined;
}

/**
 * The items from `from` on (before the run is replaced) whose facts carry their index (a value of
 * the wrong type names its path, `/12/platform`), read again at their index after the run changed
 * the number of items by `moved`; undefined if one does not read alone any more.
 */
export function indexedLater(state: Extract<UnitLayout, { kind: 'yaml' }>, from: number, moved: number, delta: number, text: string): { index: number; item: YamlItem }[] | undefined {
  const found: { index: number; item: YamlItem }[] = [];
  for (let unit = from; unit < state.kinds.length; unit++) {
    if (!state.kinds[unit].get('wrongType')) continue;
    // An item with syntax errors, or before one, does not read alone as it reads in the file (an
    // unclosed `[` ends at the next item's `-`, not at the item's end): the file is read whole.
    if (brokenNear(state.layout.items, unit)) return undefined;
    settleUnit(state, unit);
    const old = state.layout.items[unit];
    const read = readRunAgain(state.layout, text.slice(old.start, old.end), unit + moved, old.start + delta, old.problems.length > 0);
    if (!read || read.length !== 1) return undefined;
    found.push({ index: unit + moved, item: read[0] });
  }
  return found;
}

import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';

/** Where the caret sits in the YAML tree: the enclosing keys and what is being written there. */
export interface TreePlace {
  /** the keys of the enclosing mappings, outermost first (list levels are skipped) */
  path: string[];
  /** the key whose value is being written; absent when a key (or a list value) is being written */
  key?: string;
  /** the caret is in an item of a block list */
  inListItem: boolean;
}

/** Typed at the caret before parsing, so an empty spot or a half-written word becomes a node of the tree. */
const CARET = 'catalogCodeCaret';

/**
 * The caret's place in the YAML tree (block style): the text is parsed with a marker word at the
 * caret, so an empty line, a bare word or `key: ` all become a scalar whose position in the tree
 * says which mapping it belongs to — by YAML's own indentation rules, not by line patterns.
 * Undefined when the marker does not land in a scalar (the caller then reads the line).
 */
export function treePlace(text: string, offset: number, parentsOf: (lineStart: number, column: number) => string[]): TreePlace | undefined {
  // Only the enclosing block around the caret is parsed, so a 10,000-line file costs what its entry costs.
  const window = windowAround(text, offset);
  const outer = window.start > 0 ? parentsOf(window.start, window.column) : [];
  const place = placeIn(text.slice(window.start, window.end), offset - window.start);
  return place && { ...place, path: [...outer, ...place.path] };
}

const WINDOW_LINES_BACK = 80;
const WINDOW_LINES_AHEAD = 50;

/**
 * From the nearest line that is less indented than everything after it (an ancestor of the caret's
 * line: an entry, a list item), at most a few dozen lines back, to a little after the caret.
 */
function windowAround(text: string, offset: number): { start: number; end: number; column: number } {
  const caretLine = text.lastIndexOf('\n', offset - 1) + 1;
  let start = caretLine;
  let least = Number.POSITIVE_INFINITY;
  let lineStart = caretLine;
  for (let back = 0; back < WINDOW_LINES_BACK && lineStart > 0; back++) {
    lineStart = text.lastIndexOf('\n', lineStart - 2) + 1;
    const line = text.slice(lineStart, text.indexOf('\n', lineStart) === -1 ? text.length : text.indexOf('\n', lineStart));
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (indent < least) {
      least = indent;
      start = lineStart;
      if (indent === 0) break;
    }
  }
  let end = text.indexOf('\n', offset);
  for (let ahead = 0; ahead < WINDOW_LINES_AHEAD && end !== -1; ahead++) {
    const next = text.indexOf('\n', end + 1);
    const line = text.slice(end + 1, next === -1 ? text.length : next);
    if (line.trim() && line.length - line.trimStart().length <= least) break;
    end = next;
  }
  const first = text.slice(start, text.indexOf('\n', start) === -1 ? text.length : text.indexOf('\n', start));
  const dashes = /^\s*((?:-\s+)*)/.exec(first)?.[1].length ?? 0;
  return { start, end: end === -1 ? text.length : end, column: (first.length - first.trimStart().length) + dashes };
}

function placeIn(text: string, offset: number): TreePlace | undefined {
  // Right after `key:` (completion opens on `:`) the value is what comes next, as YAML needs a space.
  const spaced = text[offset - 1] === ':';
  const marked = text.slice(0, offset) + (spaced ? ' ' : '') + CARET + text.slice(offset);
  let root: Node | null;
  try {
    root = parseDocument(marked, { strict: false, uniqueKeys: false, prettyErrors: false }).contents as Node | null;
  } catch {
    return undefined;
  }
  const at = spaced ? offset + 1 : offset;
  const contains = (node: Node | null | undefined): boolean => !!node?.range && node.range[0] <= at && at <= node.range[1];
  const visit = (node: Node, path: string[], listItem: boolean): TreePlace | undefined => {
    if (isMap(node)) {
      for (const [index, pair] of node.items.entries()) {
        const key = pair.key as Node | null;
        const value = pair.value as Node | null;
        const name = isScalar(key) ? String(key.value) : undefined;
        // Only the first key of a list item shares the line of its dash.
        if (contains(key)) return isScalar(key) ? { path, inListItem: listItem && index === 0 } : undefined;
        if (value && contains(value)) {
          if (name === undefined) return undefined;
          // A word alone on a line under `key:` is, to YAML, that key's value; while typing it is the
          // first key of a mapping under it.
          if (isScalar(value) && key?.range && startsLaterLine(marked, key.range[1], value.range?.[0] ?? at)) return { path: [...path, name], inListItem: false };
          if (isScalar(value)) return { path, key: name, inListItem: listItem && index === 0 };
          return visit(value, [...path, name], false);
        }
      }
      return undefined;
    }
    if (isSeq(node)) {
      for (const item of node.items as (Node | null)[]) {
        if (!item || !contains(item)) continue;
        if (isScalar(item)) return { path, inListItem: true };
        return visit(item, path, true);
      }
      return undefined;
    }
    return undefined;
  };
  if (!root) return undefined;
  if (isScalar(root)) return contains(root) ? { path: [], inListItem: false } : undefined;
  return visit(root, [], false);
}

function startsLaterLine(text: string, from: number, to: number): boolean {
  return text.slice(from, to).includes('\n');
}

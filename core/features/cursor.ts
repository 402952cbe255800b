import { getLocation } from 'jsonc-parser';
import type { SourceRange } from '../model/range';
import { flowPosition, splitEntry, type FlowPosition } from './flowCursor';
import { treePlace } from './treeCursor';

/**
 * Where the caret is, read from the text around it rather than from the parsed model: while
 * someone types, the document is usually incomplete (`type: ` with no value, a half-written key),
 * and completion must still know which key it is under.
 */
export interface CursorContext {
  /** the keys of the enclosing mappings, outermost first (list levels are skipped) */
  path: string[];
  /** the key whose value is being written; absent when a key itself is being written */
  key?: string;
  /** a mapping key is being written (or could be: a bare word on its own line) */
  atKey: boolean;
  /** the caret is in an item of a list (`- ...` in YAML, an array element in JSON) */
  inListItem: boolean;
  /** the text typed so far for the word at the caret, without quotes */
  prefix: string;
  /** what a completion replaces: the typed word (without quotes) */
  replace: SourceRange;
  /** the value is inside quotes */
  quoted: boolean;
  /** the caret's line holds only whitespace and `- ` before it, at the column of the entry */
  indent: number;
}

const YAML_KEY_VALUE = /^(\s*)((?:-\s+)*)([^\s#:'"][^:#]*?|"[^"]*"|'[^']*'):(?:\s+|$)(.*)$/;
const YAML_ITEM_OR_WORD = /^(\s*)((?:-\s*)*)(.*)$/;

export function cursorContext(text: string, offset: number, isJson: boolean): CursorContext {
  return isJson ? jsonCursor(text, offset) : yamlCursor(text, offset);
}

function yamlCursor(text: string, offset: number): CursorContext {
  const flow = flowPosition(text, offset);
  if (flow) return flowCursor(text, offset, flow);
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const keyValue = YAML_KEY_VALUE.exec(before);
  let column: number;
  let key: string | undefined;
  let typed: string;
  let inListItem: boolean;
  if (keyValue) {
    const [, spaces, dashes, rawKey, value] = keyValue;
    column = spaces.length + dashes.length;
    key = unquote(rawKey.trim());
    inListItem = dashes.length > 0;
    typed = value;
  } else {
    const [, spaces, dashes, rest] = YAML_ITEM_OR_WORD.exec(before) ?? ['', '', '', before];
    column = spaces.length + dashes.length;
    inListItem = dashes.length > 0;
    typed = rest;
  }
  const quote = typed.startsWith('"') || typed.startsWith("'") ? typed[0] : '';
  // In a flow list (`[a, b`) the word is the last item; elsewhere commas belong to the value (URNs).
  const word = quote ? typed.slice(1) : typed.startsWith('[') ? (typed.split(/[[,]\s*/).pop() ?? '') : typed;
  const prefixStart = offset - word.length;
  const end = wordEnd(text, offset, quote);
  // On a line with nothing typed yet, the column is all there is to go by (YAML would read the spot
  // as the end of whatever precedes it).
  const place = before.trim() === '' ? undefined : treePlace(text, offset, (start, at) => yamlParents(text, start, at));
  // The tree decides where the caret belongs; a spot the tree cannot place falls back to indentation.
  if (place) {
    key = place.key;
    inListItem = place.inListItem;
  }
  const path = place ? place.path : yamlParents(text, lineStart, column);
  // A bare word after `- ` under a key is a list value (entity_types, downstreams) or the first
  // key of a list item; completion decides by the parent key.
  const atKey = key === undefined;
  return { path, key, atKey, inListItem, prefix: word, replace: { start: prefixStart, end }, quoted: quote !== '', indent: column };
}

/**
 * The caret inside a flow collection (`- entity: {name: a, platform: sn`): the block context
 * before the outermost `{`/`[` gives the outer keys, the flow tokenizer the inner ones.
 */
function flowCursor(text: string, offset: number, flow: FlowPosition): CursorContext {
  const outer = yamlCursor(text, flow.outerOpen);
  const keys = [outer.key, ...flow.nestedKeys];
  const defined = (list: (string | undefined)[]): string[] => list.filter((key): key is string => key !== undefined);
  let path: string[];
  let key: string | undefined;
  let typed: string;
  let inListItem = false;
  let indent = outer.indent;
  if (flow.kind === 'map') {
    path = [...outer.path, ...defined(keys)];
    const entry = splitEntry(flow.entry);
    key = entry?.key;
    typed = entry ? entry.value : flow.entry.trimStart();
    inListItem = flow.inSeq || (flow.nestedKeys.length === 0 && outer.inListItem && outer.key === undefined);
    indent = flow.firstEntryColumn;
  } else {
    // A value of a flow list: the list's key is the key being written, as in `entity_types: [da`.
    path = [...outer.path, ...defined(keys.slice(0, -1))];
    key = keys.at(-1);
    typed = flow.entry.trimStart();
  }
  const quote = typed.startsWith('"') || typed.startsWith("'") ? typed[0] : '';
  const word = quote ? typed.slice(1) : typed;
  const end = wordEnd(text, offset, quote);
  return { path, key, atKey: key === undefined, inListItem, prefix: word, replace: { start: offset - word.length, end }, quoted: quote !== '', indent };
}

/** Keys of the mappings that enclose a line whose content starts at `column`. */
function yamlParents(text: string, lineStart: number, column: number): string[] {
  const path: string[] = [];
  let limit = column;
  let end = lineStart - 1;
  while (end > 0 && limit > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).replace(/\r$/, '');
    end = start - 1;
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const match = /^(\s*)((?:-\s+)*)(.*)$/.exec(line);
    if (!match) continue;
    const [, spaces, dashes, rest] = match;
    const keyColumn = spaces.length + dashes.length;
    if (keyColumn >= limit) continue;
    const keyMatch = /^([^\s#:'"][^:#]*?|"[^"]*"|'[^']*'):\s*(?:[|>][-+]?\s*)?(?:#.*)?$/.exec(rest);
    // `- key:` opens a list item: its keys are siblings of one another, so the next parent must
    // sit left of the dash.
    if (keyMatch) {
      path.unshift(unquote(keyMatch[1].trim()));
      limit = dashes.length > 0 ? spaces.length : keyColumn;
      if (limit === 0) break;
    } else if (dashes.length > 0) {
      limit = spaces.length;
    }
  }
  return path;
}

function unquote(value: string): string {
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value[value.length - 1] === value[0]) return value.slice(1, -1);
  return value;
}

/** End of the word the caret is in: up to the closing quote, or the next delimiter. */
function wordEnd(text: string, offset: number, quote: string): number {
  let end = offset;
  if (quote) {
    while (end < text.length && text[end] !== quote && text[end] !== '\n') end++;
    return end;
  }
  while (end < text.length && !/[\s,\]}#]/.test(text[end]) && !(text[end] === ':' && /\s|$/.test(text[end + 1] ?? ''))) end++;
  return end;
}

/** jsonc-parser recurses once per nesting level; a hostile 100k-deep document overflows the stack. */
function locationIn(text: string, offset: number): ReturnType<typeof getLocation> | undefined {
  try {
    return getLocation(text, offset);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function jsonCursor(text: string, offset: number): CursorContext {
  const location = locationIn(text, offset);
  // Too deep to read (the document's own diagnostics say so): a caret with no path offers nothing to complete.
  if (!location) return { path: [], atKey: false, inListItem: false, prefix: '', replace: { start: offset, end: offset }, quoted: false, indent: 0 };
  const segments = location.path;
  const path = segments.filter((s): s is string => typeof s === 'string');
  const last = segments[segments.length - 1];
  const node = location.previousNode;
  let prefix = '';
  let replace: SourceRange = { start: offset, end: offset };
  let quoted = false;
  if (node && node.type === 'string' && offset > node.offset && offset <= node.offset + node.length) {
    quoted = true;
    const contentStart = node.offset + 1;
    prefix = text.slice(contentStart, offset);
    const closing = text[node.offset + node.length - 1] === '"' && node.length > 1 ? node.offset + node.length - 1 : node.offset + node.length;
    replace = { start: contentStart, end: Math.max(offset, closing) };
  } else if (text[offset - 1] === '"') {
    quoted = true;
    replace = { start: offset, end: text[offset] === '"' ? offset : offset };
  }
  if (location.isAtPropertyKey) {
    return { path: path.slice(0, -1), atKey: true, inListItem: false, prefix, replace, quoted, indent: 0 };
  }
  const inListItem = typeof last === 'number';
  const key = typeof last === 'string' ? last : undefined;
  const parentPath = typeof last === 'string' ? path.slice(0, -1) : path;
  return { path: parentPath, key, atKey: false, inListItem, prefix, replace, quoted, indent: 0 };
}

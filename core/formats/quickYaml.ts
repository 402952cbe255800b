import type { SourceRange } from '../model/range';
import { shortStrings } from './shortStrings';
import type { DocNode, MapEntry, ScalarNode, ScalarValue, YamlParse } from './tree';

/**
 * A quick reader of the block YAML most metadata files are written in (`key: value` lines, `- `
 * items, plain or simply quoted scalars, comments at column 0), giving exactly the tree
 * ./yamlTree.ts parseYaml gives (same values, same ranges) without the `yaml` package's syntax
 * tree: reading a 20,000-file workspace was almost all that parse (bench case workspaceScale).
 * On anything it does not recognise — flow collections, anchors and aliases, tags, block or
 * multi-line scalars, escapes, indented comments, tabs, lone CRs, several documents, a
 * duplicate key, odd indentation — it answers undefined and the caller reads the text with
 * parseYaml. test/property/formats/quickYaml.test.ts proves the trees equal over the DataHub corpus,
 * DataHub's examples and generated files. Kept against `yaml`'s own lower-level API: its Parser
 * alone (the CST, before any tree is built) takes 2.5–5.2× this reader's time on a 3,000-line
 * dataset YAML and 2.1–17× on a lineage file (bench case handWritten, issue 35; the bar is 1.5×).
 */
export function parseQuickYaml(text: string, base = 0): YamlParse | undefined {
  const parsed = parseQuickYamlAtZero(text);
  if (!parsed || base === 0) return parsed;
  return { ...parsed, documents: parsed.documents.map((root) => root && shifted(root, base)) };
}

/**
 * The tree with every offset `base` later: a part of a document read on its own (an item read
 * again after an edit, a run of items read in slices) is given in the document's offsets, as
 * parseYaml(text, base) gives them.
 */
function shifted(node: DocNode, base: number): DocNode {
  const range = { start: node.range.start + base, end: node.range.end + base };
  if (node.type === 'seq') return { type: 'seq', items: node.items.map((item) => shifted(item, base)), range };
  if (node.type === 'map') {
    const entries = node.entries.map((entry) => ({ key: shifted(entry.key, base) as ScalarNode, value: shifted(entry.value, base), range: { start: entry.range.start + base, end: entry.range.end + base } }));
    return { type: 'map', entries, range };
  }
  const inner = node.inner === node.range ? range : { start: node.inner.start + base, end: node.inner.end + base };
  // The reader's strings map each character to the next offset (QuickString): shifted, they still do.
  return node instanceof QuickString ? new QuickString(node.value, range, inner) : { type: 'scalar', value: node.value, range, inner };
}

function parseQuickYamlAtZero(text: string): YamlParse | undefined {
  if (text.length === 0 || UNSUPPORTED_ANYWHERE.test(text)) return undefined;
  const lines = linesOf(text);
  if (!lines) return undefined;
  const reader = new QuickReader(text, lines);
  const root = reader.document();
  return root ? { documents: [root], problems: [], usesAnchors: false } : undefined;
}

/** Tabs, a CR not followed by LF, a byte-order mark, a directive or document marker at a line start. */
const UNSUPPORTED_ANYWHERE = /[\t\uFEFF]|\r(?!\n)|(^|\n)(%|---|\.\.\.)/;
/** Characters that may not start a plain scalar here (flow, anchors, tags, block scalars, reserved, explicit keys, merge keys). */
const INDICATORS = new Set(['[', ']', '{', '}', '&', '*', '!', '|', '>', '%', '@', '`', ',', '?', ':', '#', '<', '"', "'"]);
const MAX_DEPTH = 100;
/** What a one-line flow list of plain scalars may not hold: nested collections, quotes, keys, comments, anchors, tags, indicators that start no plain scalar. */
const FLOW_UNSUPPORTED = /[[\]{}'"#:&*!|>%@`?]|^\s*-\s|,\s*-\s/;
/** yaml's limit for an implicit key is 1,024 characters: longer keys are left to it. */
const MAX_KEY = 1000;
/** Up to this many keys, a mapping's keys are checked for a duplicate by a scan. */
const SCANNED_KEYS = 16;

const enum LineKind {
  Blank,
  Comment,
  Content,
}

interface Line {
  start: number;
  /** offset of the line's end (its CR LF or LF, or the text's end) */
  end: number;
  /** offset after its line break (the text's end on the last line) */
  after: number;
  indent: number;
  kind: LineKind;
}

/** The lines of the text, or undefined when a comment is indented (yaml attaches those to nodes in ways not modelled here). */
function linesOf(text: string): Line[] | undefined {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const after = newline < 0 ? text.length : newline + 1;
    const end = newline < 0 ? text.length : newline > start && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
    let indent = 0;
    while (start + indent < end && text.charCodeAt(start + indent) === 32) indent++;
    const first = text[start + indent];
    const kind = start + indent === end ? LineKind.Blank : first === '#' ? LineKind.Comment : LineKind.Content;
    if (kind === LineKind.Comment && indent > 0) return undefined;
    lines.push({ start, end, after, indent, kind });
    start = newline < 0 ? text.length + 1 : after;
  }
  return lines;
}

class NotQuick extends Error {}

/**
 * Each method that reads a node answers the node, and leaves in `end` and `next` where it ends
 * (fields, not an object for each node: a workspace's scan reads millions of nodes).
 */
class QuickReader {
  /** where the node just read has its tokens end (yaml's range[2]): a collection's end offset */
  private end = 0;
  /** the line after the last line of the node just read */
  private next = 0;

  constructor(
    private readonly text: string,
    private readonly lines: Line[],
  ) {}

  document(): DocNode | undefined {
    try {
      const first = this.nextContent(0);
      if (first >= this.lines.length) return undefined;
      // An indented root is read only as a list: a run of a lineage file's entries read on its own (its `-` at column 2).
      const { indent, start } = this.lines[first];
      if (indent !== 0 && !this.isDash(start + indent)) return undefined;
      const root = this.block(first, 0);
      if (this.nextContent(this.next) < this.lines.length) return undefined;
      return root;
    } catch (error) {
      if (error instanceof NotQuick) return undefined;
      throw error;
    }
  }

  /** The first content line at or after `index` (blank lines and comments at column 0 skipped). */
  private nextContent(index: number): number {
    while (index < this.lines.length && this.lines[index].kind !== LineKind.Content) index++;
    return index;
  }

  /** The block collection whose first line is `index`, at its indentation. */
  private block(index: number, depth: number): DocNode {
    if (depth > MAX_DEPTH) throw new NotQuick();
    const line = this.lines[index];
    const column = line.start + line.indent;
    return this.isDash(column) ? this.sequence(index, line.indent, depth) : this.mapping(index, column, line.indent, depth);
  }

  /** Whether a `-` item indicator starts at `offset`. */
  private isDash(offset: number): boolean {
    if (this.text[offset] !== '-') return false;
    const after = this.text[offset + 1];
    return after === undefined || after === ' ' || after === '\n';
  }

  private sequence(index: number, indent: number, depth: number): DocNode {
    const items: DocNode[] = [];
    const start = this.lines[index].start + indent;
    let end = start;
    let next = index;
    while (next < this.lines.length) {
      const line = this.lines[next];
      if (line.kind !== LineKind.Content || line.indent !== indent || !this.isDash(line.start + indent)) break;
      items.push(this.item(next, line.start + indent, depth));
      end = this.end;
      next = this.nextContent(this.next);
      if (next < this.lines.length && this.lines[next].indent > indent) throw new NotQuick();
    }
    this.end = end;
    this.next = next;
    return { type: 'seq', items, range: { start, end } };
  }

  /** One `- ` item whose dash is at `dash`. */
  private item(index: number, dash: number, depth: number): DocNode {
    const line = this.lines[index];
    let at = dash + 1;
    while (at < line.end && this.text[at] === ' ') at++;
    if (at === line.end) {
      // `-` alone: the item is the block on the lines below, more indented than the dash.
      const below = this.nextContent(index + 1);
      if (below >= this.lines.length || this.lines[below].indent <= dash - line.start) throw new NotQuick();
      return this.block(below, depth + 1);
    }
    if (this.isDash(at) || this.text[at] === '#') throw new NotQuick();
    if (this.keyEnd(at, line.end) !== undefined) return this.mapping(index, at, at - line.start, depth + 1);
    return this.scalarToLineEnd(index, at, dash - line.start);
  }

  /** A mapping whose first key starts at `first` on line `index`; its other keys start lines at `indent`. */
  private mapping(index: number, first: number, indent: number, depth: number): DocNode {
    const entries: MapEntry[] = [];
    // The keys seen, once there are more than a scan should go over (a set for each mapping costs more).
    let keys: Set<string> | undefined;
    let end: number;
    let next = index;
    let keyAt = first;
    for (;;) {
      const entry = this.entry(next, keyAt, indent, depth);
      end = this.end;
      next = this.nextContent(this.next);
      const name = entry.key.value as string;
      if (entries.length >= SCANNED_KEYS) keys ??= new Set(entries.map((written) => written.key.value as string));
      if (keys ? keys.has(name) : hasKey(entries, name)) throw new NotQuick();
      keys?.add(name);
      entries.push(entry);
      if (next >= this.lines.length) break;
      const following = this.lines[next];
      if (following.indent > indent) throw new NotQuick();
      if (following.indent < indent) break;
      // A `- ` at the mapping's column after a key's value is either the parent's next item or an error: both left to yaml unless the parent takes it.
      if (this.isDash(following.start + indent)) break;
      keyAt = following.start + indent;
    }
    this.end = end;
    this.next = next;
    return { type: 'map', entries, range: { start: first, end } };
  }

  /** One `key: value` entry whose key starts at `at` on line `index`. */
  private entry(index: number, at: number, indent: number, depth: number): MapEntry {
    const line = this.lines[index];
    const colon = this.keyEnd(at, line.end);
    if (colon === undefined) throw new NotQuick();
    const key = this.plainKey(at, colon);
    let valueAt = colon + 1;
    while (valueAt < line.end && this.text[valueAt] === ' ') valueAt++;
    if (valueAt < line.end) {
      if (this.text[valueAt] === '#') throw new NotQuick();
      return entryOf(key, this.scalarToLineEnd(index, valueAt, indent));
    }
    return entryOf(key, this.valueBelow(index, valueAt, indent, depth));
  }

  /** The value of a key written alone on its line: the block below it, or null. */
  private valueBelow(index: number, afterColon: number, indent: number, depth: number): DocNode {
    const below = this.nextContent(index + 1);
    if (below < this.lines.length) {
      const line = this.lines[below];
      if (line.indent > indent || (line.indent === indent && this.isDash(line.start + indent))) return this.block(below, depth + 1);
    }
    // A null value: yaml ends it after the colon and its spaces. Blank lines or comments after it end up in its range in ways not modelled here.
    if (index + 1 < this.lines.length && this.lines[index + 1].kind !== LineKind.Content && !(index + 2 === this.lines.length && this.lines[index + 1].start === this.text.length)) throw new NotQuick();
    const range = { start: afterColon, end: afterColon };
    this.end = afterColon;
    this.next = index + 1;
    return { type: 'scalar', value: null, range, inner: range };
  }

  /** The offset of the `:` that ends a key starting at `at`, when the line from `at` reads as `key:` or `key: …`. */
  private keyEnd(at: number, lineEnd: number): number | undefined {
    const first = this.text[at];
    if (first === '"' || first === "'") return undefined;
    let colon = this.text.indexOf(':', at);
    while (colon >= 0 && colon < lineEnd) {
      const after = this.text[colon + 1];
      if (colon + 1 === lineEnd || after === ' ') return colon;
      colon = this.text.indexOf(':', colon + 1);
    }
    return undefined;
  }

  private plainKey(at: number, colon: number): ScalarNode {
    // Keys repeat across a workspace's files (`name`, `platform`, `type`): one string each, for the facts that keep them.
    const raw = shortStrings.of(this.text, at, colon);
    if (raw.length === 0 || raw.length > MAX_KEY || INDICATORS.has(raw[0]) || raw.endsWith(' ') || raw.includes(' #') || (raw[0] === '-' && (raw[1] === ' ' || raw.length === 1))) throw new NotQuick();
    if (typeof plainValue(raw) !== 'string') throw new NotQuick();
    return stringScalar(raw, at, at + raw.length);
  }

  /**
   * A scalar from `at` to its line's end (a trailing comment left out); the lines after it must
   * not continue it (more indented than `indent`, the column of its key or dash).
   */
  private scalarToLineEnd(index: number, at: number, indent: number): DocNode {
    const line = this.lines[index];
    const first = this.text[at];
    const node = first === '"' || first === "'" ? this.quoted(at, line.end) : first === '[' ? this.flowList(at, line.end) : this.plain(at, line.end);
    const next = this.nextContent(index + 1);
    if (next < this.lines.length && this.lines[next].indent > indent) throw new NotQuick();
    this.end = line.after;
    this.next = index + 1;
    return node;
  }

  private quoted(at: number, lineEnd: number): ScalarNode {
    const quote = this.text[at];
    const close = this.text.indexOf(quote, at + 1);
    if (close < 0 || close >= lineEnd) throw new NotQuick();
    const value = shortStrings.of(this.text, at + 1, close);
    if (quote === '"' && value.includes('\\')) throw new NotQuick();
    if (quote === "'" && this.text[close + 1] === "'") throw new NotQuick();
    this.onlyCommentAfter(close + 1, lineEnd);
    return new QuickString(value, { start: at, end: close + 1 }, { start: at + 1, end: close });
  }

  /** After a quoted scalar only spaces and a comment may follow. */
  private onlyCommentAfter(from: number, lineEnd: number): void {
    let at = from;
    while (at < lineEnd && this.text[at] === ' ') at++;
    if (at < lineEnd && !(this.text[at] === '#' && at > from)) throw new NotQuick();
  }

  /** `[a, b]` on one line, of plain scalars (the properties YAML's `entity_types: [dataset]`). */
  private flowList(at: number, lineEnd: number): DocNode {
    const close = this.text.indexOf(']', at);
    if (close < 0 || close >= lineEnd) throw new NotQuick();
    this.onlyCommentAfter(close + 1, lineEnd);
    const items: ScalarNode[] = [];
    const inside = this.text.slice(at + 1, close);
    if (FLOW_UNSUPPORTED.test(inside)) throw new NotQuick();
    if (inside.trim() !== '') {
      let start = at + 1;
      for (const part of inside.split(',')) {
        const lead = part.length - part.trimStart().length;
        const raw = part.trim();
        if (raw === '') throw new NotQuick();
        const value = plainValue(raw);
        if (value === undefined || (raw[0] === '-' && raw.length === 1)) throw new NotQuick();
        const from = start + lead;
        const range = { start: from, end: from + raw.length };
        items.push(typeof value === 'string' ? stringScalar(raw, from, from + raw.length) : { type: 'scalar', value, range, inner: range });
        start += part.length + 1;
      }
    }
    return { type: 'seq', items, range: { start: at, end: close + 1 } };
  }

  private plain(at: number, lineEnd: number): ScalarNode {
    const first = this.text[at];
    if (INDICATORS.has(first) || (first === '-' && this.isDash(at))) throw new NotQuick();
    const text = this.text;
    let end = at;
    // A comment starts at a `#` after a space; searched within the line only.
    while (end < lineEnd && !(text.charCodeAt(end) === 35 /* # */ && text.charCodeAt(end - 1) === 32)) end++;
    while (end > at && text.charCodeAt(end - 1) === 32) end--;
    const raw = shortStrings.of(this.text, at, end);
    if (raw.includes(': ') || raw.endsWith(':')) throw new NotQuick();
    const value = plainValue(raw);
    if (value === undefined) throw new NotQuick();
    const range = { start: at, end };
    return typeof value === 'string' ? stringScalar(raw, at, end) : { type: 'scalar', value, range, inner: range };
  }
}

/** The entry of `key` and `value`, from the key's start to the end of the later of the two. */
function entryOf(key: ScalarNode, value: DocNode): MapEntry {
  return { key, value, range: { start: key.range.start, end: Math.max(key.range.end, value.range.end) } };
}

/** A string scalar whose characters are the text's from `start` to `end`. */
function stringScalar(value: string, start: number, end: number): ScalarNode {
  const range = { start, end };
  return new QuickString(value, range, range);
}

/**
 * A string scalar whose characters are the text's from `inner.start` on, one for one. offsetOf
 * is made when asked for (as ./jsonNodes.ts JsonString's), not a closure per string: most
 * strings of a workspace's files are never asked.
 */
class QuickString implements ScalarNode {
  readonly type = 'scalar';

  constructor(
    readonly value: string,
    readonly range: SourceRange,
    readonly inner: SourceRange,
  ) {}

  /** A function, as callers hold it apart from the node. */
  get offsetOf(): (index: number) => number {
    const { start } = this.inner;
    return (index) => start + index;
  }
}

/** Whether a key is already among `entries` (a scan: most mappings have a few keys, see QuickReader.mapping). */
function hasKey(entries: readonly MapEntry[], name: string): boolean {
  for (let i = 0; i < entries.length; i++) if (entries[i].key.value === name) return true;
  return false;
}

/** By character code below 128: whether a plain scalar starting with it may be other than a string. */
const MAY_NOT_BE_STRING: readonly boolean[] = Array.from({ length: 128 }, (_, code) => '~nNtTfF0123456789+-.'.includes(String.fromCharCode(code)));

/**
 * A plain scalar's value under YAML 1.2's core schema, as the `yaml` package resolves it (null,
 * booleans, decimal integers, floats, else a string); undefined for the forms left to it (octal,
 * hexadecimal, infinities, NaN).
 */
export function plainValue(raw: string): ScalarValue | undefined {
  // Every form but a string starts with one of `~ n N t T f F 0-9 + - .` (or is empty): most values are names.
  if (raw.length > 0 && !MAY_NOT_BE_STRING[raw.charCodeAt(0)]) return raw;
  if (/^(?:~|[Nn]ull|NULL)?$/.test(raw)) return null;
  if (/^(?:[Tt]rue|TRUE)$/.test(raw)) return true;
  if (/^(?:[Ff]alse|FALSE)$/.test(raw)) return false;
  if (/^0o[0-7]+$/.test(raw) || /^0x[0-9a-fA-F]+$/.test(raw) || /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(raw)) return undefined;
  if (/^[-+]?[0-9]+$/.test(raw)) return parseInt(raw, 10);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(raw) || /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(raw)) return parseFloat(raw);
  return raw;
}

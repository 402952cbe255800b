import type { ParseProblem } from '../model/facts';
import type { SourceRange } from '../model/range';

/**
 * One neutral tree for YAML and JSON, so every format adapter is written once. Built by
 * yamlTree.ts / jsonTree.ts; an alias in YAML becomes a copy of the anchored value whose ranges
 * all point at the alias.
 */

export type ScalarValue = string | number | boolean | null;

export interface ScalarNode {
  type: 'scalar';
  value: ScalarValue;
  /** the whole token, quotes included */
  range: SourceRange;
  /** the value's text: inside the quotes for quoted strings */
  inner: SourceRange;
  /**
   * Document offset of character `index` of a string value (index may equal value.length).
   * Absent when characters of the value do not map one to one onto the text (escapes, folding).
   */
  offsetOf?: (index: number) => number;
}

export interface MapEntry {
  key: ScalarNode;
  /** an absent value (`key:` in YAML, a truncated JSON property) is a null scalar */
  value: DocNode;
  range: SourceRange;
}

export interface MapNode {
  type: 'map';
  entries: MapEntry[];
  range: SourceRange;
}

export interface SeqNode {
  type: 'seq';
  items: DocNode[];
  range: SourceRange;
}

export type DocNode = ScalarNode | MapNode | SeqNode;

export function isMap(node: DocNode | undefined): node is MapNode {
  return node?.type === 'map';
}

export function isSeq(node: DocNode | undefined): node is SeqNode {
  return node?.type === 'seq';
}

export function isScalar(node: DocNode | undefined): node is ScalarNode {
  return node?.type === 'scalar';
}

export function isStringNode(node: DocNode | undefined): node is ScalarNode & { value: string } {
  return node?.type === 'scalar' && typeof node.value === 'string';
}

export function isNullNode(node: DocNode | undefined): boolean {
  return node === undefined || (node.type === 'scalar' && node.value === null);
}

/** The entry of `key`; when a key is repeated the last one wins, as in DataHub's loaders. */
export function entryOf(map: MapNode, key: string): MapEntry | undefined {
  for (let i = map.entries.length - 1; i >= 0; i--) {
    if (map.entries[i].key.value === key) return map.entries[i];
  }
  return undefined;
}

export function valueOf(map: MapNode, key: string): DocNode | undefined {
  return entryOf(map, key)?.value;
}

export function keysOf(map: MapNode): string[] {
  return map.entries.map((entry) => String(entry.key.value));
}

/** A user-facing name of the node's type, as used in WrongTypeFact.found. */
export function typeNameOf(node: DocNode): string {
  if (node.type === 'map') return 'mapping';
  if (node.type === 'seq') return 'list';
  if (node.value === null) return 'null';
  return typeof node.value;
}

/** The plain JavaScript value of a node (what JSON.parse / yaml.load would give). */
export function toPlain(node: DocNode): unknown {
  if (node.type === 'scalar') return node.value;
  if (node.type === 'seq') return node.items.map(toPlain);
  const out: Record<string, unknown> = {};
  for (const entry of node.entries) out[String(entry.key.value)] = toPlain(entry.value);
  return out;
}

/**
 * The range of characters [from, to) of a string scalar's value; the whole inner range when the
 * value does not map one to one onto the text.
 */
export function subRange(node: ScalarNode, from: number, to: number): SourceRange {
  if (!node.offsetOf) return node.inner;
  return { start: node.offsetOf(from), end: node.offsetOf(to) };
}

/** Calls `visit` for every scalar (keys included) of the tree. Iterative: deep trees do not overflow. */
export function forEachScalar(root: DocNode, visit: (node: ScalarNode) => void): void {
  const stack: DocNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as DocNode;
    if (node.type === 'scalar') visit(node);
    else if (node.type === 'seq') for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    else
      for (let i = node.entries.length - 1; i >= 0; i--) {
        stack.push(node.entries[i].value);
        stack.push(node.entries[i].key);
      }
  }
}

/** A zero-width null scalar at `offset`, standing for a value that is not written. */
export function absentValue(offset: number): ScalarNode {
  const range = { start: offset, end: offset };
  return { type: 'scalar', value: null, range, inner: range };
}

/** What a YAML read gives (./yamlTree.ts parseYaml, ./quickYaml.ts): one tree per document and the problems found. */
export interface YamlParse {
  /** one root per `---` document; null for an empty document */
  documents: (DocNode | null)[];
  problems: ParseProblem[];
  /** whether an anchor or alias is written: one part of the text then depends on another (core/formats/yamlUnits.ts) */
  usesAnchors: boolean;
}

import type { DocNode } from '../../core/formats/tree';

/** A tree with each offsetOf replaced by what it answers at the value's two ends (functions do not compare). */
export function comparableTree(node: DocNode | null): unknown {
  if (!node) return node;
  if (node.type === 'scalar') {
    const { offsetOf, ...rest } = node;
    return offsetOf ? { ...rest, offsetOf: [offsetOf(0), offsetOf(String(node.value).length)] } : rest;
  }
  if (node.type === 'seq') return { ...node, items: node.items.map(comparableTree) };
  return { ...node, entries: node.entries.map((entry) => ({ ...entry, key: comparableTree(entry.key), value: comparableTree(entry.value) })) };
}

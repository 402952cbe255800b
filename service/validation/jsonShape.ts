/**
 * The shape limits every JSON document a request brings (a body, or an aspect serialised inside
 * one) must keep before anything walks it recursively:
 *
 * - nesting at most MAX_JSON_DEPTH deep: DataHub's Jackson refuses deeper documents too
 *   (`StreamReadConstraints.DEFAULT_MAX_DEPTH` = 1000), and a deeper one would overflow the stack
 *   of the validators and the patch engine (a 500 instead of a 400);
 * - no `__proto__` key at any level: JSON.parse keeps it as an own field, but one plain
 *   assignment anywhere later would turn it into a prototype change.
 *
 * The walk is iterative, so a document of any depth is measured without recursion.
 */

export const MAX_JSON_DEPTH = 1000;

export type JsonShapeProblem = { kind: 'depth'; depth: number } | { kind: 'key'; key: string; path: string };

export function findJsonShapeProblem(value: unknown): JsonShapeProblem | undefined {
  const stack: { node: unknown; depth: number; path: string }[] = [{ node: value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { node, depth, path } = stack.pop() as { node: unknown; depth: number; path: string };
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'depth', depth: MAX_JSON_DEPTH };
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) stack.push({ node: node[i], depth: depth + 1, path: `${path}/${i}` });
      continue;
    }
    for (const key of Object.keys(node)) {
      // `constructor` and `prototype` are harmless as own fields of parsed JSON; only patch paths and keys refuse them.
      if (key === '__proto__') return { kind: 'key', key, path: `${path}/${key}` };
      stack.push({ node: (node as Record<string, unknown>)[key], depth: depth + 1, path: `${path}/${key}` });
    }
  }
  return undefined;
}

/** The problem as a sentence for a 400, naming where it is and what to do; undefined when the shape is fine. */
export function jsonShapeMessage(value: unknown, what: string): string | undefined {
  const problem = findJsonShapeProblem(value);
  if (!problem) return undefined;
  if (problem.kind === 'depth') {
    return `${what} nests objects and lists more than ${problem.depth} levels deep, which the catalog (like DataHub) refuses. Flatten the document.`;
  }
  return `${what} has the key "${problem.key}" at ${problem.path}; it is not a field of any DataHub aspect and is refused so that no request can reach the service's object prototypes. Remove that key.`;
}

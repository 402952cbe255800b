import { Kind, type DefinitionNode, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/**
 * The work one GraphQL request may cause is bounded before it is validated or run: a huge
 * document (a 1M-token query took 3.8 s of CPU and kept 726 MB), or selections nested hundreds
 * deep (a stack overflow, answered 500), are refused with a 400 that says which limit was hit.
 * The limits sit far above what Catalog Code, DataHub's CLI or its web app send (their deepest
 * queries, introspection included, nest about 15 levels).
 */

export const MAX_QUERY_CHARS = 200_000;
export const MAX_QUERY_TOKENS = 50_000;
export const MAX_QUERY_DEPTH = 50;

/** The deepest selection nesting of any operation, fragments followed (an iterative walk: no recursion). */
export function selectionDepth(document: DocumentNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  let deepest = 0;
  const roots = document.definitions.filter((d: DefinitionNode) => d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION) as { selectionSet: SelectionSetNode }[];
  for (const root of roots) {
    // (selection set, its depth, the fragments followed on the way: a cycle is a validation error, not a loop)
    const stack: { set: SelectionSetNode; depth: number; via: ReadonlySet<string> }[] = [{ set: root.selectionSet, depth: 1, via: new Set() }];
    while (stack.length > 0) {
      const { set, depth, via } = stack.pop() as { set: SelectionSetNode; depth: number; via: ReadonlySet<string> };
      deepest = Math.max(deepest, depth);
      if (deepest > MAX_QUERY_DEPTH) return deepest;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.selectionSet) stack.push({ set: selection.selectionSet, depth: depth + 1, via });
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          stack.push({ set: selection.selectionSet, depth, via });
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          if (fragment && !via.has(name)) stack.push({ set: fragment.selectionSet, depth, via: new Set([...via, name]) });
        }
      }
    }
  }
  return deepest;
}

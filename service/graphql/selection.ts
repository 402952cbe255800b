import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * Whether the query selects a field path below the field being resolved (e.g. `searchResults` →
 * `paths`), through fragments and inline fragments, so a resolver builds only what is asked for.
 */
export function selectsPath(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'> | undefined, names: readonly string[]): boolean {
  // Without resolve info (a direct call), assume everything is asked for.
  if (!info) return true;
  let level: SelectionSetNode[] = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (let depth = 0; depth < names.length; depth++) {
    const found: FieldNode[] = [];
    const visited = new Set<string>();
    const collect = (set: SelectionSetNode) => {
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value === names[depth]) found.push(selection);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
        else if (selection.kind === Kind.FRAGMENT_SPREAD && !visited.has(selection.name.value)) {
          visited.add(selection.name.value);
          const fragment = info.fragments[selection.name.value];
          if (fragment) collect(fragment.selectionSet);
        }
      }
    };
    level.forEach(collect);
    if (found.length === 0) return false;
    level = found.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  }
  return true;
}

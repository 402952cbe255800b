import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/**
 * The fragments of a document in dependency order (a fragment after every fragment it spreads), or
 * the first fragment found on a cycle. One pass over each fragment's own selections plus Kahn's
 * algorithm: linear in the document's size however the fragments spread each other.
 */

export type FragmentOrder = { order: FragmentDefinitionNode[] } | { cycle: string };

/** The names of the fragments a selection set spreads directly (inline fragments looked into, spreads not followed). */
export function spreadsOf(set: SelectionSetNode): Set<string> {
  const names = new Set<string>();
  const stack: SelectionSetNode[] = [set];
  while (stack.length > 0) {
    for (const selection of (stack.pop() as SelectionSetNode).selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) names.add(selection.name.value);
      else if (selection.selectionSet) stack.push(selection.selectionSet);
    }
  }
  return names;
}

export function fragmentOrder(document: DocumentNode): FragmentOrder {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    // a second fragment of the same name is a validation error; the first one is measured here
    if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value)) fragments.set(definition.name.value, definition);
  }
  const waitingFor = new Map<string, number>();
  const spreadBy = new Map<string, string[]>();
  for (const [name, fragment] of fragments) {
    const known = [...spreadsOf(fragment.selectionSet)].filter((spread) => fragments.has(spread));
    waitingFor.set(name, known.length);
    for (const spread of known) {
      const users = spreadBy.get(spread);
      if (users) users.push(name);
      else spreadBy.set(spread, [name]);
    }
  }
  const ready = [...fragments.keys()].filter((name) => waitingFor.get(name) === 0);
  const order: FragmentDefinitionNode[] = [];
  while (ready.length > 0) {
    const name = ready.pop() as string;
    order.push(fragments.get(name) as FragmentDefinitionNode);
    for (const user of spreadBy.get(name) ?? []) {
      const left = (waitingFor.get(user) as number) - 1;
      waitingFor.set(user, left);
      if (left === 0) ready.push(user);
    }
  }
  if (order.length === fragments.size) return { order };
  const onCycle = [...waitingFor].find(([, left]) => left > 0)?.[0] ?? '';
  return { cycle: onCycle };
}

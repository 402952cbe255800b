import { Kind, valueFromASTUntyped, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { fieldWeight, INTROSPECTION_ROOTS, isIntrospectionType, type FieldWeight } from './fieldCost';
import { fragmentOrder } from './fragmentOrder';

/**
 * The depth and the cost of a GraphQL document, in time linear in its size. Each fragment is
 * measured once, after the fragments it spreads (dependency order), and a spread adds the
 * fragment's stored measure: 25 fragments that each spread the next twice cost 25 measurements,
 * not 2^25 walks. A fragment cycle is reported instead (GraphQL forbids them).
 *
 * depth: selections nested in a selection set (a set of leaves is 1; inline fragments and spreads
 * add none). cost: each field counts 1 plus its own work, and its selections count as many times as
 * it answers them (see fieldCost.ts), so aliases and nested pages add up and multiply.
 * introspection: the same count for the fields under `__schema` and `__type` (each introspection
 * list as many times as it can hold elements), kept apart because it has a budget of its own.
 */

export interface Measure {
  depth: number;
  cost: number;
  introspection: number;
}

/**
 * The most fields under one response name, and the most fragments spread, in any one selection set
 * (inline fragments belong to the set they sit in). GraphQL's check that fields can be merged
 * compares these pairwise: thousands of them in one set take seconds.
 */
export interface Crowding {
  sameName: number;
  spreads: number;
}

export type DocumentMeasure = { cycle: string } | (Measure & Crowding);

/** The fields by response name and the fragments spread of one selection set, its inline fragments included. */
interface Group {
  names: Map<string, number>;
  spreads: Set<string>;
}

type Variables = Record<string, unknown>;

interface Frame {
  set: SelectionSetNode;
  next: number;
  depth: number;
  /** in a set of an introspection type: the introspection cost of the set */
  cost: number;
  /** the cost of the introspection selections in a set of another type */
  introspectionCost: number;
  /** the field this set belongs to (undefined: an inline fragment, or the root) */
  weight?: FieldWeight;
  group: Group;
  /** the set selects from an introspection type (`__Schema`, `__Type`, …) */
  introspection: boolean;
}

const newGroup = (): Group => ({ names: new Map(), spreads: new Set() });

function newFrame(set: SelectionSetNode, group: Group, introspection: boolean, weight?: FieldWeight): Frame {
  return { set, next: 0, depth: 1, cost: 0, introspectionCost: 0, weight, group, introspection };
}

/** Adds a finished set to the set it sits in; the cost of an introspection set in another set is introspection cost there. */
function close(frame: Frame, parent: Frame): void {
  const weight = frame.weight ?? { base: 0, multiplier: 1 };
  const own = frame.weight ? 1 + weight.base : 0;
  parent.depth = Math.max(parent.depth, frame.depth + (frame.weight ? 1 : 0));
  const total = own + weight.multiplier * frame.cost;
  if (frame.introspection && !parent.introspection) parent.introspectionCost += total;
  else parent.cost += total;
  parent.introspectionCost += weight.multiplier * frame.introspectionCost;
}

/**
 * One selection set, fragments taken from `fragments` (an unknown one counts nothing: validation
 * reports it); `introspection`: the set selects from an introspection type (a fragment on `__Type`).
 */
export function measureSet(root: SelectionSetNode, fragments: ReadonlyMap<string, Measure>, variables: Variables, crowding: Crowding, introspection = false): Measure {
  const stack: Frame[] = [newFrame(root, newGroup(), introspection)];
  for (;;) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.set.selections.length) {
      stack.pop();
      const parent = stack[stack.length - 1];
      if (!parent) return { depth: frame.depth, cost: frame.cost, introspection: frame.introspectionCost };
      close(frame, parent);
      continue;
    }
    const selection = frame.set.selections[frame.next++];
    if (selection.kind === Kind.FIELD) {
      const name = selection.alias?.value ?? selection.name.value;
      const sameName = (frame.group.names.get(name) ?? 0) + 1;
      frame.group.names.set(name, sameName);
      crowding.sameName = Math.max(crowding.sameName, sameName);
      const weight = fieldWeight(selection, variables, frame.introspection);
      const introspection = frame.introspection || INTROSPECTION_ROOTS.has(selection.name.value);
      if (selection.selectionSet) stack.push(newFrame(selection.selectionSet, newGroup(), introspection, weight));
      else frame.cost += 1 + weight.base;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const introspection = frame.introspection || isIntrospectionType(selection.typeCondition?.name.value);
      stack.push(newFrame(selection.selectionSet, frame.group, introspection));
    } else {
      frame.group.spreads.add(selection.name.value);
      crowding.spreads = Math.max(crowding.spreads, frame.group.spreads.size);
      const fragment = fragments.get(selection.name.value);
      if (fragment) {
        frame.depth = Math.max(frame.depth, fragment.depth);
        frame.cost += fragment.cost;
        frame.introspectionCost += fragment.introspection;
      }
    }
  }
}

/** Variables as the operation sees them: the request's, else each variable's default. */
function withDefaults(operation: OperationDefinitionNode, variables: Variables): Variables {
  const out: Variables = { ...variables };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (out[name] === undefined && definition.defaultValue) out[name] = valueFromASTUntyped(definition.defaultValue);
  }
  return out;
}

/**
 * The deepest nesting of any operation or fragment, and the cost and introspection cost of the
 * operation that runs (`operationName`, or the dearest one of each when none is named).
 */
export function measureDocument(document: DocumentNode, variables: Variables = {}, operationName?: string): DocumentMeasure {
  const ordered = fragmentOrder(document);
  if ('cycle' in ordered) return ordered;
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const chosen = new Set(operations.filter((operation) => !operationName || operation.name?.value === operationName));
  let merged: Variables = { ...variables };
  for (const operation of chosen) merged = withDefaults(operation, merged);
  const fragments = new Map<string, Measure>();
  const crowding: Crowding = { sameName: 0, spreads: 0 };
  let depth = 0;
  for (const fragment of ordered.order) {
    const measure = measureSet(fragment.selectionSet, fragments, merged, crowding, isIntrospectionType(fragment.typeCondition.name.value));
    fragments.set(fragment.name.value, measure);
    depth = Math.max(depth, measure.depth);
  }
  let cost = 0;
  let introspection = 0;
  for (const operation of operations) {
    const measure = measureSet(operation.selectionSet, fragments, merged, crowding);
    depth = Math.max(depth, measure.depth);
    if (chosen.has(operation)) {
      cost = Math.max(cost, measure.cost);
      introspection = Math.max(introspection, measure.introspection);
    }
  }
  return { depth, cost, introspection, ...crowding };
}

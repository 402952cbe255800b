import { valueFromASTUntyped, type FieldNode } from 'graphql';
import { ENTITY_TYPE_NAMES, toGraphqlEntityType } from '../../core/urn/vocabulary';

/**
 * What one field of a document may cost, read from the field and its arguments alone (variables
 * resolved): `base`, the work of the field itself, and `multiplier`, how many times its selections
 * are answered — the page size a search or lineage field asks for, the URNs `entities` is given.
 * The numbers follow the resolvers' defaults (count 10, lineage count 100, autoComplete limit 10).
 * Inside introspection (`__schema`, `__type` and fragments on `__Schema`, `__Type`, …) each list
 * answers as many times as it can hold elements in the local schema (INTROSPECTION_LISTS).
 */

export interface FieldWeight {
  base: number;
  multiplier: number;
}

/** A search walks lineage or scans an entity type whatever page it returns. */
export const SEARCH_BASE_COST = 2_500;

const PLAIN: FieldWeight = { base: 0, multiplier: 1 };
const GRAPHQL_ENTITY_TYPES = ENTITY_TYPE_NAMES.filter((name) => toGraphqlEntityType(name) !== undefined).length;
const SEARCHES = new Set(['scrollAcrossLineage', 'searchAcrossLineage', 'searchAcrossEntities', 'scrollAcrossEntities']);

type Variables = Record<string, unknown>;

/**
 * The introspection lists, each with at least the most elements it holds anywhere in the local
 * schema (the local schema has 97 types, at most 18 fields on a type, 2 arguments on a field, 55
 * values in an enum; test/service/graphqlIntrospectionCost.test.ts compares them with the schema).
 * They make introspection count like any other list: a nested `types { fields { args … } }` costs
 * what it can answer, so 2,000 aliased `__schema` selections (a 108 MB answer built in 13 s, then
 * refused) are refused before they run (limits.ts MAX_INTROSPECTION_COST), while one full
 * introspection query (GraphiQL's, DataHub's clients') costs about 440,000.
 */
export const INTROSPECTION_LISTS: Readonly<Record<string, number>> = {
  types: 100,
  directives: 8,
  fields: 20,
  inputFields: 16,
  args: 3,
  enumValues: 56,
  interfaces: 3,
  possibleTypes: 24,
};

/** The fields whose selections are introspection (their type is one of `__Schema`, `__Type`, …). */
export const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/** A type condition of introspection: `__Schema`, `__Type`, `__Field`, `__InputValue`, `__EnumValue`, `__Directive`. */
export const isIntrospectionType = (name: string | undefined): boolean => name !== undefined && name.startsWith('__');

function argument(field: FieldNode, name: string, variables: Variables): unknown {
  const node = field.arguments?.find((arg) => arg.name.value === name);
  return node ? valueFromASTUntyped(node.value, variables) : undefined;
}

function inputField(field: FieldNode, name: string, variables: Variables): unknown {
  const input = argument(field, 'input', variables);
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>)[name] : undefined;
}

/** A page size as asked; absent or not a number: the resolver's default. Never below 0. */
function size(value: unknown, fallback: number): number {
  return typeof value === 'number' && !Number.isNaN(value) ? Math.max(0, Math.floor(value)) : fallback;
}

/** The weight of a field; `introspection`: the field sits in an introspection selection (see INTROSPECTION_LISTS). */
export function fieldWeight(field: FieldNode, variables: Variables, introspection = false): FieldWeight {
  const name = field.name.value;
  if (introspection) return Object.hasOwn(INTROSPECTION_LISTS, name) ? { base: 0, multiplier: INTROSPECTION_LISTS[name] } : PLAIN;
  if (SEARCHES.has(name)) return { base: SEARCH_BASE_COST, multiplier: size(inputField(field, 'count', variables), 10) };
  if (name === 'autoComplete') return { base: SEARCH_BASE_COST, multiplier: size(inputField(field, 'limit', variables), 10) };
  if (name === 'autoCompleteForMultiple') {
    const types = inputField(field, 'types', variables);
    const typeCount = Array.isArray(types) && types.length > 0 ? types.length : GRAPHQL_ENTITY_TYPES;
    return { base: SEARCH_BASE_COST, multiplier: size(inputField(field, 'limit', variables), 10) * typeCount };
  }
  if (name === 'lineage') return { base: 10, multiplier: size(inputField(field, 'count', variables), 100) };
  if (name === 'entities') {
    const urns = argument(field, 'urns', variables);
    return { base: 0, multiplier: Array.isArray(urns) ? urns.length : 1 };
  }
  // a lineage hit lists at most 3 paths
  if (name === 'paths') return { base: 0, multiplier: 3 };
  return PLAIN;
}

import type { CatalogStore, JsonObject } from '../store/types';
import { badRequest } from './errors';
import { entityTypeOf, graphqlTypeOf, platformAndOrigin, urnFacts } from './urnFacts';

/**
 * DataHub's search filters (`orFilters: [AndFilterInput!]`, reference/datahub-api.md §1.4) as a
 * predicate over URNs: OR over the groups, AND inside a group's `and` list. Supported fields:
 * `degree` (lineage only: `1`, `2`, `3+`), `_entityType`/`entityType`, `platform`, `origin`,
 * `urn`, `name` and `structuredProperties.<qualifiedName>`.
 */

export interface FacetFilter {
  field: string;
  values?: readonly string[] | null;
  negated?: boolean | null;
  condition?: string | null;
}

export interface AndFilter {
  and?: readonly FacetFilter[] | null;
}

export interface SearchFilterInput {
  query?: string | null;
  types?: readonly string[] | null;
  orFilters?: readonly AndFilter[] | null;
  /** the deprecated flat list: all must hold */
  filters?: readonly FacetFilter[] | null;
  includeSoftDeleted?: boolean;
}

export interface SearchPlan {
  /** deepest degree any filter group accepts (Infinity when unbounded) */
  maxDegree: number;
  accept: (urn: string, degree: number) => boolean;
  /** set when only the degree decides (see LineageSearchRequest.acceptDegree) */
  acceptDegree?: (degree: number) => boolean;
}

const SUPPORTED_FIELDS = 'degree, _entityType (or entityType), platform, origin, urn, name, structuredProperties.<qualifiedName>';
const UNSUPPORTED_CONDITIONS = new Set(['DESCENDANTS_INCL', 'ANCESTORS_INCL', 'RELATED_INCL']);

type UrnTest = (urn: string) => boolean;
type DegreeTest = (degree: number) => boolean;

interface GroupPlan {
  maxDegree: number;
  degreeTests: DegreeTest[];
  urnTests: UrnTest[];
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const normaliseType = (value: string) => value.toLowerCase().replace(/_/g, '');
const platformName = (value: string) => value.replace(/^urn:li:dataPlatform:/, '').toLowerCase();

/** The property values an entity carries, as strings (typed values `{string}` / `{double}`). */
function propertyValues(store: CatalogStore, urn: string, propertyUrn: string): string[] {
  const aspect = store.getAspect(urn, 'structuredProperties')?.value;
  const properties = aspect && Array.isArray(aspect.properties) ? aspect.properties : [];
  const out: string[] = [];
  for (const entry of properties) {
    if (!isObject(entry) || entry.propertyUrn !== propertyUrn || !Array.isArray(entry.values)) continue;
    for (const value of entry.values) {
      const raw = isObject(value) ? (value.string ?? value.double ?? value.number) : value;
      if (typeof raw === 'string' || typeof raw === 'number') out.push(String(raw));
    }
  }
  return out;
}

function compareValues(condition: string, actual: string[], wanted: readonly string[]): boolean {
  const lower = (s: string) => s.toLowerCase();
  const numeric = (a: string, b: string, test: (x: number) => boolean) => {
    const x = Number(a);
    const y = Number(b);
    return Number.isFinite(x) && Number.isFinite(y) ? test(x - y) : test(a < b ? -1 : a > b ? 1 : 0);
  };
  const any = (test: (a: string, w: string) => boolean) => actual.some((a) => wanted.some((w) => test(a, w)));
  switch (condition) {
    case 'EXISTS':
      return actual.length > 0;
    case 'IEQUAL':
      return any((a, w) => lower(a) === lower(w));
    case 'CONTAIN':
      return any((a, w) => lower(a).includes(lower(w)));
    case 'START_WITH':
      return any((a, w) => lower(a).startsWith(lower(w)));
    case 'END_WITH':
      return any((a, w) => lower(a).endsWith(lower(w)));
    case 'GREATER_THAN':
      return any((a, w) => numeric(a, w, (d) => d > 0));
    case 'GREATER_THAN_OR_EQUAL_TO':
      return any((a, w) => numeric(a, w, (d) => d >= 0));
    case 'LESS_THAN':
      return any((a, w) => numeric(a, w, (d) => d < 0));
    case 'LESS_THAN_OR_EQUAL_TO':
      return any((a, w) => numeric(a, w, (d) => d <= 0));
    default: // EQUAL, IN
      return any((a, w) => a === w || (a !== '' && w !== '' && Number(a) === Number(w)));
  }
}

function degreeFilter(filter: FacetFilter, condition: string): { test: DegreeTest; max: number } {
  const exact = new Set<number>();
  let atLeast = Infinity;
  for (const value of filter.values ?? []) {
    const match = /^\s*(\d+)\s*(\+?)\s*$/.exec(value);
    if (!match) throw badRequest(`The degree filter value "${value}" is not a hop count; use "1", "2" or "3+" (three or more hops).`);
    const n = Number(match[1]);
    if (match[2]) atLeast = Math.min(atLeast, n);
    else exact.add(n);
  }
  if (condition !== 'EQUAL' && condition !== 'IN') throw badRequest(`The degree filter supports the EQUAL and IN conditions, not ${condition}.`);
  const matches = (degree: number) => exact.has(degree) || degree >= atLeast;
  if (filter.negated) return { test: (d) => !matches(d), max: Infinity };
  return { test: matches, max: atLeast < Infinity ? Infinity : Math.max(0, ...exact) };
}

function fieldValues(store: CatalogStore, field: string): (urn: string) => string[] {
  switch (field) {
    case '_entityType':
    case 'entityType':
      return (urn) => [normaliseType(graphqlTypeOf(urn)), normaliseType(entityTypeOf(urn))];
    case 'platform':
      return (urn) => {
        const platform = platformAndOrigin(urn).platform;
        return platform ? [platform.toLowerCase()] : [];
      };
    case 'origin':
    case 'env':
      return (urn) => {
        const origin = platformAndOrigin(urn).origin;
        return origin ? [origin.toUpperCase()] : [];
      };
    case 'urn':
      return (urn) => [urn];
    case 'name':
      return (urn) => [urnFacts(urn).name];
    default:
      break;
  }
  const propertyName = field.startsWith('structuredProperties.') ? field.slice('structuredProperties.'.length) : '';
  if (!propertyName) throw badRequest(`The search filter field "${field}" is not supported by the local catalog; supported fields: ${SUPPORTED_FIELDS}.`);
  const propertyUrn = `urn:li:structuredProperty:${propertyName}`;
  if (store.isSoftDeleted(propertyUrn)) {
    throw badRequest(
      `Cannot filter on structured property ${propertyUrn}: it is soft deleted. Restore it (write its status with removed=false) before searching with it.`,
    );
  }
  return (urn) => propertyValues(store, urn, propertyUrn);
}

function wantedValues(field: string, values: readonly string[]): string[] {
  if (field === '_entityType' || field === 'entityType') return values.map(normaliseType);
  if (field === 'platform') return values.map(platformName);
  if (field === 'origin' || field === 'env') return values.map((v) => v.toUpperCase());
  return [...values];
}

function planGroup(store: CatalogStore, filters: readonly FacetFilter[]): GroupPlan {
  const group: GroupPlan = { maxDegree: Infinity, degreeTests: [], urnTests: [] };
  let degreeMax = Infinity;
  for (const filter of filters) {
    const condition = filter.condition ?? 'EQUAL';
    if (UNSUPPORTED_CONDITIONS.has(condition)) throw badRequest(`The filter condition ${condition} on "${filter.field}" is not supported by the local catalog.`);
    if (filter.field === 'degree') {
      const { test, max } = degreeFilter(filter, condition);
      group.degreeTests.push(test);
      degreeMax = Math.min(degreeMax, max);
      continue;
    }
    const valuesOf = fieldValues(store, filter.field);
    const wanted = wantedValues(filter.field, filter.values ?? []);
    const negated = filter.negated === true;
    group.urnTests.push((urn) => compareValues(condition, valuesOf(urn), wanted) !== negated);
  }
  group.maxDegree = degreeMax;
  return group;
}

/** The query matches all for `*` or empty; otherwise case-insensitive substring of URN or name. */
export function queryTest(query: string | null | undefined): UrnTest | undefined {
  const text = (query ?? '').trim().replace(/^\*+|\*+$/g, '').toLowerCase();
  if (!text) return undefined;
  // the name is part of the URN text unless escapes (%2C ...) were decoded: parse only then
  return (urn) => urn.toLowerCase().includes(text) || (urn.includes('%') && urnFacts(urn).name.toLowerCase().includes(text));
}

export function planSearch(store: CatalogStore, input: SearchFilterInput): SearchPlan {
  const baseTests: UrnTest[] = [];
  const matchesQuery = queryTest(input.query);
  if (input.types && input.types.length > 0) {
    const types = new Set(input.types);
    baseTests.push((urn) => types.has(graphqlTypeOf(urn)));
  }
  if (matchesQuery) baseTests.push(matchesQuery);
  const extra = input.filters ?? [];
  const orFilters = input.orFilters ?? [];
  const groupInputs = orFilters.length > 0 ? orFilters.map((g) => [...(g.and ?? []), ...extra]) : extra.length > 0 ? [extra] : [];
  const groups = groupInputs.map((filters) => planGroup(store, filters));
  const maxDegree = groups.length === 0 ? Infinity : Math.max(...groups.map((g) => g.maxDegree));
  // Reading every reached URN costs more than the walk itself on large graphs: skip what is idle.
  const includeSoftDeleted = input.includeSoftDeleted === true || store.softDeletedCount?.() === 0;

  const accept = (urn: string, degree: number): boolean => {
    if (groups.length > 0 && !groups.some((g) => g.degreeTests.every((t) => t(degree)) && g.urnTests.every((t) => t(urn)))) return false;
    if (!baseTests.every((t) => t(urn))) return false;
    return includeSoftDeleted || !store.isSoftDeleted(urn);
  };
  const degreeOnly = baseTests.length === 0 && includeSoftDeleted && groups.every((g) => g.urnTests.length === 0);
  if (!degreeOnly) return { maxDegree, accept };
  const acceptDegree = (degree: number): boolean => groups.length === 0 || groups.some((g) => g.degreeTests.every((t) => t(degree)));
  return { maxDegree, accept, acceptDegree };
}

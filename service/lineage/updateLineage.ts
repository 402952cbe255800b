import type { AspectWrite, CatalogStore, JsonObject } from '../store/types';
import { entityTypeOf, isUrnSyntax } from '../graphql/urnFacts';

/**
 * The `updateLineage` mutation (spec §4.1, DataHub's UpdateLineageResolver + LineageService,
 * reference/datahub-api.md §1.2): edges are written into the aspect DataHub keeps them in, with
 * DataHub's field names (UpstreamLineage.pdl, ChartInfo.pdl, DashboardInfo.pdl,
 * DataJobInputOutput.pdl, Edge.pdl). Unlike DataHub, one call is atomic: every edge is checked
 * first, then all writes go to the store in one transaction, or none does.
 */

export type LineageUpdateErrorCode = 'NOT_FOUND' | 'BAD_REQUEST';

export class LineageUpdateError extends Error {
  readonly code: LineageUpdateErrorCode;
  /** DataHub reports every updateLineage failure as an IllegalArgumentException: 400 BAD_REQUEST */
  readonly extensions = { code: 400, type: 'BAD_REQUEST' };

  constructor(code: LineageUpdateErrorCode, message: string) {
    super(message);
    this.name = 'LineageUpdateError';
    this.code = code;
  }
}

export interface LineageEdgeInput {
  downstreamUrn: string;
  upstreamUrn: string;
}

export interface UpdateLineageOptions {
  /** the actor written into audit stamps */
  actor?: string;
  now?: () => number;
}

export const DEFAULT_LINEAGE_ACTOR = 'urn:li:corpuser:datahub';

/**
 * Upstream entity types each downstream type accepts (DataHub's LineageService). Written twice on
 * purpose: core/rules/upstreamType.ts predicts the same rejection in the editor, and the local
 * catalog is an independent witness of DataHub's behaviour, so neither imports the other (one
 * wrong table would make both agree). Change both, each from DataHub's source.
 */
const ALLOWED_UPSTREAMS: Record<string, readonly string[]> = {
  dataset: ['dataset', 'dataJob'],
  // LineageService.validateChartUpstreamUrns: a chart's upstreams are datasets or charts.
  chart: ['dataset', 'chart'],
  dashboard: ['chart', 'dataset'],
  dataJob: ['dataset', 'dataJob'],
};

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function edgeList(value: unknown, field: 'edgesToAdd' | 'edgesToRemove'): LineageEdgeInput[] {
  if (value === undefined || value === null) {
    throw new LineageUpdateError('BAD_REQUEST', `updateLineage needs ${field}: give a list of {downstreamUrn, upstreamUrn} edges, or [] for none.`);
  }
  const items = Array.isArray(value) ? value : [value];
  return items.map((item, index) => {
    const where = `${field}[${index}]`;
    if (!isObject(item)) throw new LineageUpdateError('BAD_REQUEST', `${where} must be an object {downstreamUrn, upstreamUrn}; got ${JSON.stringify(item)}.`);
    const { downstreamUrn, upstreamUrn } = item;
    for (const [name, urn] of [['downstreamUrn', downstreamUrn], ['upstreamUrn', upstreamUrn]] as const) {
      if (typeof urn !== 'string' || urn.length === 0) throw new LineageUpdateError('BAD_REQUEST', `${where}.${name} is missing: every edge needs a downstreamUrn and an upstreamUrn.`);
      if (!isUrnSyntax(urn)) throw new LineageUpdateError('BAD_REQUEST', `${where}.${name} "${urn}" is not a valid URN; write it as urn:li:<entityType>:<key>.`);
    }
    return { downstreamUrn: downstreamUrn as string, upstreamUrn: upstreamUrn as string };
  });
}

const edgeKey = (edge: LineageEdgeInput): string => `${edge.downstreamUrn}\u0000${edge.upstreamUrn}`;

/** Aspect values read once from the store, edited in memory, written back together. */
class PendingAspects {
  private readonly values = new Map<string, { urn: string; aspectName: string; value: JsonObject; changed: boolean }>();

  constructor(private readonly store: CatalogStore) {}

  /** the aspect to edit, or undefined when the entity has none and `create` is not given */
  get(urn: string, aspectName: string, create?: () => JsonObject): JsonObject | undefined {
    const key = `${urn}\u0000${aspectName}`;
    let entry = this.values.get(key);
    if (!entry) {
      const stored = this.store.getAspect(urn, aspectName)?.value;
      const value = stored ? (structuredClone(stored) as JsonObject) : create?.();
      if (!value) return undefined;
      entry = { urn, aspectName, value, changed: !stored };
      this.values.set(key, entry);
    }
    return entry.value;
  }

  markChanged(urn: string, aspectName: string): void {
    const entry = this.values.get(`${urn}\u0000${aspectName}`);
    if (entry) entry.changed = true;
  }

  writes(): AspectWrite[] {
    return [...this.values.values()].filter((e) => e.changed).map(({ urn, aspectName, value }) => ({ urn, aspectName, value }));
  }
}

interface Stamp {
  time: number;
  actor: string;
}

function listField(aspect: JsonObject, field: string): unknown[] {
  const current = aspect[field];
  if (Array.isArray(current)) return current;
  const fresh: unknown[] = [];
  aspect[field] = fresh;
  return fresh;
}

/** Removes the elements `matches` selects; true when any was removed. */
function removeWhere(aspect: JsonObject, field: string, matches: (item: unknown) => boolean): boolean {
  const current = aspect[field];
  if (!Array.isArray(current)) return false;
  const kept = current.filter((item) => !matches(item));
  if (kept.length === current.length) return false;
  aspect[field] = kept;
  return true;
}

const isEdgeTo = (urn: string) => (item: unknown) => isObject(item) && item.destinationUrn === urn;
const isUrn = (urn: string) => (item: unknown) => item === urn || (isObject(item) && item.string === urn);

/** Appends an Edge.pdl record unless one to the same destination is there (adding twice is a no-op). */
function addEdge(aspect: JsonObject, field: string, source: string, destination: string, stamp: Stamp): boolean {
  const edges = listField(aspect, field);
  if (edges.some(isEdgeTo(destination))) return false;
  edges.push({ sourceUrn: source, destinationUrn: destination, created: { ...stamp }, lastModified: { ...stamp } });
  return true;
}

/** The lineage fields each aspect keeps per upstream type: [Edge list, deprecated URN list]. */
const FIELDS = {
  chartInput: ['inputEdges', 'inputs'],
  dashboardChart: ['chartEdges', 'charts'],
  dashboardDataset: ['datasetEdges', 'datasets'],
  jobInputDataset: ['inputDatasetEdges', 'inputDatasets'],
  jobInputJob: ['inputDatajobEdges', 'inputDatajobs'],
  jobOutputDataset: ['outputDatasetEdges', 'outputDatasets'],
} as const;

function newDataJobInputOutput(): JsonObject {
  // inputDatasets and outputDatasets are deprecated but still required by DataJobInputOutput.pdl
  return { inputDatasets: [], outputDatasets: [] };
}

function newUpstreamLineage(): JsonObject {
  return { upstreams: [] };
}

/** Where an edge lives: the aspect, and the fields of FIELDS (or 'upstreams' for datasets). */
function placeOf(downstreamType: string, upstreamType: string, edge: LineageEdgeInput): { urn: string; aspectName: string; fields: 'upstreams' | readonly [string, string]; other: string } {
  const { downstreamUrn: down, upstreamUrn: up } = edge;
  switch (downstreamType) {
    case 'dataset':
      return upstreamType === 'dataJob'
        ? { urn: up, aspectName: 'dataJobInputOutput', fields: FIELDS.jobOutputDataset, other: down }
        : { urn: down, aspectName: 'upstreamLineage', fields: 'upstreams', other: up };
    case 'chart':
      return { urn: down, aspectName: 'chartInfo', fields: FIELDS.chartInput, other: up };
    case 'dashboard':
      return { urn: down, aspectName: 'dashboardInfo', fields: upstreamType === 'chart' ? FIELDS.dashboardChart : FIELDS.dashboardDataset, other: up };
    default:
      return { urn: down, aspectName: 'dataJobInputOutput', fields: upstreamType === 'dataJob' ? FIELDS.jobInputJob : FIELDS.jobInputDataset, other: up };
  }
}

/** Checks one edge; false when DataHub skips it (a downstream type updateLineage does not write into). */
function checkEdge(store: CatalogStore, edge: LineageEdgeInput, adding: boolean): boolean {
  const { downstreamUrn: down, upstreamUrn: up } = edge;
  if (!store.entityExists(down)) {
    throw new LineageUpdateError('NOT_FOUND', `Cannot upsert lineage as downstream urn ${down} doesn't exist. Create the entity first (write any of its aspects) or fix the URN.`);
  }
  if (!store.entityExists(up)) {
    throw new LineageUpdateError('NOT_FOUND', `Cannot upsert lineage as upstream urn ${up} doesn't exist. Create the entity first (write any of its aspects) or fix the URN.`);
  }
  if (adding && down === up) {
    throw new LineageUpdateError('BAD_REQUEST', `Cannot add lineage edge from ${up} to itself: an entity cannot be its own upstream.`);
  }
  const downType = entityTypeOf(down);
  const upType = entityTypeOf(up);
  const allowed = Object.hasOwn(ALLOWED_UPSTREAMS, downType) ? ALLOWED_UPSTREAMS[downType] : undefined;
  // UpdateLineageResolver writes lineage only into dataset, chart, dashboard and dataJob
  // downstreams; an edge into any other type is skipped and the mutation still answers true. The
  // seed's spec is silent, so the local catalog answers as DataHub does.
  if (!allowed) return false;
  if (adding && !allowed.includes(upType)) {
    throw new LineageUpdateError(
      'BAD_REQUEST',
      `Cannot add lineage edge from ${up} to ${down}: a ${upType} cannot be upstream of a ${downType}. The upstreams of a ${downType} must be ${allowed.join(' or ')} entities.`,
    );
  }
  if (downType === 'chart' || downType === 'dashboard') {
    const aspectName = downType === 'chart' ? 'chartInfo' : 'dashboardInfo';
    if (!store.getAspect(down, aspectName)) {
      throw new LineageUpdateError(
        'BAD_REQUEST',
        `Failed to update ${downType} lineage for urn ${down} as ${downType} info doesn't exist. Write its ${aspectName} aspect (title, description, lastModified) first.`,
      );
    }
  }
  return true;
}

/** Drops column-level edges that read from `upstreamDataset`, so the aspect stays consistent (spec §2.4). */
function dropFineGrainedFrom(aspect: JsonObject, upstreamDataset: string): void {
  const entries = aspect.fineGrainedLineages;
  if (!Array.isArray(entries)) return;
  const prefix = `urn:li:schemaField:(${upstreamDataset},`;
  const kept: unknown[] = [];
  for (const entry of entries) {
    if (!isObject(entry) || !Array.isArray(entry.upstreams)) {
      kept.push(entry);
      continue;
    }
    const upstreams = entry.upstreams.filter((u) => !(typeof u === 'string' && (u === upstreamDataset || u.startsWith(prefix))));
    if (upstreams.length > 0) kept.push(upstreams.length === entry.upstreams.length ? entry : { ...entry, upstreams });
  }
  aspect.fineGrainedLineages = kept;
}

function removeEdge(pending: PendingAspects, downType: string, edge: LineageEdgeInput): void {
  const place = placeOf(downType, entityTypeOf(edge.upstreamUrn), edge);
  const aspect = pending.get(place.urn, place.aspectName);
  if (!aspect) return;
  let changed: boolean;
  if (place.fields === 'upstreams') {
    changed = removeWhere(aspect, 'upstreams', (u) => isObject(u) && u.dataset === place.other);
    if (changed) dropFineGrainedFrom(aspect, place.other);
  } else {
    const [edges, legacy] = place.fields;
    const fromEdges = removeWhere(aspect, edges, isEdgeTo(place.other));
    const fromLegacy = removeWhere(aspect, legacy, isUrn(place.other));
    changed = fromEdges || fromLegacy;
  }
  if (changed) pending.markChanged(place.urn, place.aspectName);
}

function addLineageEdge(pending: PendingAspects, downType: string, edge: LineageEdgeInput, stamp: Stamp): void {
  const place = placeOf(downType, entityTypeOf(edge.upstreamUrn), edge);
  const create = place.aspectName === 'upstreamLineage' ? newUpstreamLineage : place.aspectName === 'dataJobInputOutput' ? newDataJobInputOutput : undefined;
  const aspect = pending.get(place.urn, place.aspectName, create);
  if (!aspect) return; // chart/dashboard info was checked to exist
  let changed: boolean;
  if (place.fields === 'upstreams') {
    const upstreams = listField(aspect, 'upstreams');
    changed = !upstreams.some((u) => isObject(u) && u.dataset === place.other);
    if (changed) upstreams.push({ dataset: place.other, type: 'TRANSFORMED', auditStamp: { ...stamp }, created: { ...stamp } });
  } else {
    const [edges, legacy] = place.fields;
    const alreadyLegacy = Array.isArray(aspect[legacy]) && (aspect[legacy] as unknown[]).some(isUrn(place.other));
    changed = !alreadyLegacy && addEdge(aspect, edges, place.urn, place.other, stamp);
  }
  if (changed) pending.markChanged(place.urn, place.aspectName);
}

/**
 * Applies `{edgesToAdd, edgesToRemove}`. Both lists are required and may be empty; a single edge
 * object stands for a one-element list; an edge in both lists is removed. Throws
 * LineageUpdateError, naming the URN, before anything is written.
 */
export function applyUpdateLineage(store: CatalogStore, input: { edgesToAdd: unknown; edgesToRemove: unknown }, options: UpdateLineageOptions = {}): void {
  if (!isObject(input)) throw new LineageUpdateError('BAD_REQUEST', 'updateLineage needs an input object {edgesToAdd: [...], edgesToRemove: [...]}.');
  const toAdd = edgeList(input.edgesToAdd, 'edgesToAdd');
  const toRemove = edgeList(input.edgesToRemove, 'edgesToRemove');
  const removedKeys = new Set(toRemove.map(edgeKey));
  const additions = toAdd.filter((edge) => !removedKeys.has(edgeKey(edge)));
  const removals = toRemove.filter((edge) => checkEdge(store, edge, false));
  const written = additions.filter((edge) => checkEdge(store, edge, true));

  const stamp: Stamp = { time: (options.now ?? Date.now)(), actor: options.actor ?? DEFAULT_LINEAGE_ACTOR };
  const pending = new PendingAspects(store);
  for (const edge of removals) removeEdge(pending, entityTypeOf(edge.downstreamUrn), edge);
  for (const edge of written) addLineageEdge(pending, entityTypeOf(edge.downstreamUrn), edge, stamp);
  const writes = pending.writes();
  if (writes.length > 0) store.apply(writes);
}

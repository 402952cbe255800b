import type { PendingBasis, PendingMark } from '../common/pendingTypes';
import { ServiceError } from './errors';
import { graphqlRequest } from './graphql';
import { baseUrl, encodeUrnSegment, requestJson, type ServiceConnection } from './http';

/** The degree buckets of DataHub's lineage search filter: one hop, two hops, three or more. */
export type DegreeBucket = '1' | '2' | '3+';
export const ALL_DEGREES: readonly DegreeBucket[] = ['1', '2', '3+'];

export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';

export interface LineageScrollRequest {
  urn: string;
  direction: LineageDirection;
  /** which hops to return; `['1']` loads one hop */
  degrees: readonly DegreeBucket[];
  scrollId?: string | null;
  count?: number;
}

export interface LineageSearchHit {
  urn: string;
  /**
   * Pending views only (core/pending): what the workspace's files do to the edge that leads to this
   * hit from the one asked about. Absent in an answer of the catalog itself.
   */
  mark?: PendingMark;
  /** GraphQL EntityType, e.g. `DATASET`, `DATA_JOB` */
  type: string;
  /** hops from the starting entity */
  degree: number;
}

export interface LineageScrollPage {
  /** pending views only: what the page was computed from (absent in an answer of the catalog itself) */
  basis?: PendingBasis;
  results: LineageSearchHit[];
  /** null when this was the last page */
  nextScrollId: string | null;
  total: number;
  /** pending views only: entities the walk reached past its limit and left out of every page (set on the last page) */
  cut?: number;
}

export const DEFAULT_LINEAGE_PAGE_SIZE = 50;

// Validates against DataHub's schema (search.graphql): the degree facet is filtered with `values`.
export const SCROLL_LINEAGE = `query catalogCodeScrollLineage($input: ScrollAcrossLineageInput!) {
  scrollAcrossLineage(input: $input) {
    nextScrollId
    count
    total
    searchResults { degree entity { urn type } }
  }
}`;

interface ScrollLineageData {
  scrollAcrossLineage: {
    nextScrollId?: string | null;
    count?: number;
    total?: number;
    searchResults?: { degree?: unknown; entity?: { urn?: unknown; type?: unknown } | null }[] | null;
  } | null;
}

/** One page of `scrollAcrossLineage` from `request.urn`, filtered by degree. */
export async function scrollLineage(connection: ServiceConnection, request: LineageScrollRequest): Promise<LineageScrollPage> {
  const input: Record<string, unknown> = {
    urn: request.urn,
    direction: request.direction,
    query: '*',
    count: request.count ?? DEFAULT_LINEAGE_PAGE_SIZE,
    orFilters: [{ and: [{ field: 'degree', values: [...request.degrees], condition: 'EQUAL' }] }],
  };
  if (request.scrollId) input.scrollId = request.scrollId;
  const data = await graphqlRequest<ScrollLineageData>(connection, SCROLL_LINEAGE, { input });
  const result = data.scrollAcrossLineage;
  if (!result || !Array.isArray(result.searchResults)) {
    throw new ServiceError('badResponse', `The catalog service at ${baseUrl(connection)} answered scrollAcrossLineage for ${request.urn} without a list of results. Check that the URL points at a DataHub-compatible catalog.`);
  }
  const results: LineageSearchHit[] = [];
  for (const hit of result.searchResults) {
    const urn = hit?.entity?.urn;
    if (typeof urn !== 'string' || !urn) continue;
    results.push({ urn, type: typeof hit.entity?.type === 'string' ? hit.entity.type : 'UNKNOWN', degree: typeof hit.degree === 'number' ? hit.degree : 1 });
  }
  return {
    results,
    nextScrollId: typeof result.nextScrollId === 'string' && result.nextScrollId ? result.nextScrollId : null,
    total: typeof result.total === 'number' ? result.total : results.length,
  };
}

/** A column-level edge of a dataset's `upstreamLineage.fineGrainedLineages` (spec §2.4). */
export interface FineGrainedLineageView {
  /** pending views only: what the workspace's files do to this column-level edge */
  mark?: PendingMark;
  upstreams: string[];
  downstreams: string[];
  upstreamType?: string;
  downstreamType?: string;
  transformOperation?: string;
  confidenceScore?: number;
}

/** The column-level edges stored on a dataset; empty when it has no `upstreamLineage` aspect. */
export async function fetchFineGrainedLineages(connection: ServiceConnection, datasetUrn: string): Promise<FineGrainedLineageView[]> {
  const body = await requestJson(connection, { method: 'GET', path: `/openapi/v2/entity/dataset/${encodeUrnSegment(datasetUrn)}/upstreamLineage` });
  return fineGrainedFromAspect(readAspectValue(body));
}

/** `{value: {...}}` (OpenAPI v2 single-aspect answer) → the aspect; undefined for 404 or another shape. */
export function readAspectValue(body: unknown): Record<string, unknown> | undefined {
  const record = asRecord(body);
  return asRecord(record?.value);
}

export function fineGrainedFromAspect(aspect: Record<string, unknown> | undefined): FineGrainedLineageView[] {
  const list = aspect?.fineGrainedLineages;
  if (!Array.isArray(list)) return [];
  const out: FineGrainedLineageView[] = [];
  for (const entry of list) {
    const record = asRecord(entry);
    if (!record) continue;
    const view: FineGrainedLineageView = { upstreams: strings(record.upstreams), downstreams: strings(record.downstreams) };
    if (typeof record.upstreamType === 'string') view.upstreamType = record.upstreamType;
    if (typeof record.downstreamType === 'string') view.downstreamType = record.downstreamType;
    if (typeof record.transformOperation === 'string') view.transformOperation = record.transformOperation;
    if (typeof record.confidenceScore === 'number') view.confidenceScore = record.confidenceScore;
    out.push(view);
  }
  return out;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

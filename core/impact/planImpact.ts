import type { ServiceConnection } from '../api/http';
import { ALL_DEGREES, scrollLineage, type LineageScrollPage, type LineageScrollRequest } from '../api/lineageClient';
import { findPropertyUsers } from '../api/propertyUsers';
import { readAspect } from '../api/pushClient';
import { dataTypeName } from '../urn';
import type { LineageFetcher } from '../lineage/types';
import type { PushItem, PushPlan } from '../plan/pushPlanTypes';
import { allowedSet, definitionNarrowing, invalidReason, sortInvalid } from './propertyChange';
import type { AffectedEntity, EdgeImpact, InvalidValue, PlanImpact, PropertyImpact } from '../plan/impactTypes';

export interface ImpactOptions {
  /** at most this many entities per impact are listed (default 500); more are counted as truncated */
  limit?: number;
  signal?: AbortSignal;
  /** one impact could not be computed (e.g. the service refuses to search on a soft-deleted property): the others still are */
  onError?: (subject: string, error: unknown) => void;
  /**
   * where lineage is read: the pending state's fetcher (core/pending), so what a removed edge cuts
   * counts the edges the workspace adds and not those it removes; the catalog alone when absent
   */
  lineage?: LineageFetcher;
}

const DEFAULT_LIMIT = 500;

/** A lineage edge the plan removes: `upstream` stops feeding `downstream`. */
export interface RemovedEdge {
  downstream: string;
  upstream: string;
}

/** What a definition item of the plan does to a property: new aspect value, or soft delete. */
export interface PropertyWrite {
  propertyUrn: string;
  /** the new `propertyDefinition` aspect; absent for a soft delete */
  desired?: Record<string, unknown>;
  softDelete: boolean;
}

const REMOVED_UPSTREAM = /^upstream (.+?)(?: \((?:no longer listed in the file|already absent)\))?$/;

/** The edges the plan removes, read from its `-` lines (every lineage item says "upstream URN"). */
export function removedEdges(plan: PushPlan): RemovedEdge[] {
  const out: RemovedEdge[] = [];
  for (const item of plan.items) {
    if (item.phase !== 'edges') continue;
    for (const change of item.changes) {
      const match = change.action === 'remove' ? REMOVED_UPSTREAM.exec(change.text) : null;
      if (match) out.push({ downstream: item.entityUrn, upstream: match[1] });
    }
  }
  return out;
}

/** Definition writes and soft deletes of structured properties in the plan. */
export function propertyWrites(plan: PushPlan): PropertyWrite[] {
  const out: PropertyWrite[] = [];
  for (const item of plan.items) {
    const write = propertyWriteOf(item);
    if (write) out.push(write);
  }
  return out;
}

function propertyWriteOf(item: PushItem): PropertyWrite | undefined {
  const op = item.operation;
  if (op.kind === 'status' && op.removed && op.entityType === 'structuredProperty') return { propertyUrn: op.urn, softDelete: true };
  if (op.kind === 'postAspect' && op.aspectName === 'propertyDefinition') return { propertyUrn: op.urn, desired: op.value, softDelete: false };
  if (op.kind === 'ingestProposal' && op.proposal.aspectName === 'propertyDefinition' && op.proposal.changeType.toUpperCase() === 'UPSERT') {
    const aspect = op.proposal.aspect;
    if (aspect && typeof aspect === 'object' && !Array.isArray(aspect)) return { propertyUrn: op.proposal.entityUrn, desired: aspect as Record<string, unknown>, softDelete: false };
  }
  return undefined;
}

/** Everything downstream of a removed edge's downstream, by degree (the lineage search, or the pending state's walk), the downstream itself at degree 0. */
export async function edgeImpact(connection: ServiceConnection, edge: RemovedEdge, options: ImpactOptions = {}): Promise<EdgeImpact> {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const affected: AffectedEntity[] = [{ urn: edge.downstream, degree: 0 }];
  let scrollId: string | null = null;
  do {
    options.signal?.throwIfAborted();
    const request: LineageScrollRequest = { urn: edge.downstream, direction: 'DOWNSTREAM' as const, degrees: ALL_DEGREES, count: Math.min(200, limit), scrollId };
    const page: LineageScrollPage = options.lineage ? await options.lineage.scrollLineage(request) : await scrollLineage(connection, request);
    for (const hit of page.results) if (hit.urn !== edge.downstream) affected.push({ urn: hit.urn, degree: hit.degree });
    scrollId = page.nextScrollId;
  } while (scrollId && affected.length <= limit);
  affected.sort((a, b) => a.degree - b.degree || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  return { kind: 'edgeRemoved', downstream: edge.downstream, upstream: edge.upstream, affected: affected.slice(0, limit + 1), truncated: scrollId !== null || affected.length > limit + 1 };
}

/**
 * The entities a definition write or soft delete leaves with values that no longer fit (the
 * service's entity search on `structuredProperties.<qualifiedName>`). Undefined when the write
 * narrows nothing (a new property, a description change, a widened list).
 */
export async function propertyImpact(connection: ServiceConnection, write: PropertyWrite, options: ImpactOptions = {}): Promise<PropertyImpact | undefined> {
  const current = await readAspect(connection, 'structuredProperty', write.propertyUrn, 'propertyDefinition');
  if (!current) return undefined;
  const narrowing = write.desired ? definitionNarrowing(current, write.desired) : undefined;
  const changes = write.softDelete ? ['soft deleted'] : (narrowing?.changes ?? []);
  if (changes.length === 0) return undefined;
  const qualifiedName = typeof current.qualifiedName === 'string' ? current.qualifiedName : write.propertyUrn.slice('urn:li:structuredProperty:'.length);
  const users = await findPropertyUsers(connection, [qualifiedName], { limit: options.limit ?? DEFAULT_LIMIT, signal: options.signal });
  const invalid: InvalidValue[] = [];
  const desiredAllowed = write.desired ? allowedSet(write.desired) : undefined;
  const desiredType = typeof write.desired?.valueType === 'string' ? dataTypeName(write.desired.valueType) : undefined;
  for (const entity of users.entities) {
    if (write.softDelete) {
      invalid.push({ urn: entity.urn, reason: 'its value is hidden while the property is soft deleted' });
      continue;
    }
    const reason = narrowing ? invalidReason(entity, write.propertyUrn, narrowing, desiredAllowed, desiredType) : undefined;
    if (reason) invalid.push({ urn: entity.urn, reason });
  }
  return { kind: 'propertyChange', propertyUrn: write.propertyUrn, changes, usedBy: users.total, invalid: sortInvalid(invalid), truncated: users.truncated };
}

/** Impact of every removed edge and every narrowing definition write of the plan, in plan order. */
export async function computePlanImpact(connection: ServiceConnection, plan: PushPlan, options: ImpactOptions = {}): Promise<PlanImpact[]> {
  const out: PlanImpact[] = [];
  const attempt = async <T>(subject: string, work: () => Promise<T>): Promise<T | undefined> => {
    if (!options.onError) return work();
    try {
      return await work();
    } catch (error) {
      options.signal?.throwIfAborted();
      options.onError(subject, error);
      return undefined;
    }
  };
  for (const write of propertyWrites(plan)) {
    const impact = await attempt(write.propertyUrn, () => propertyImpact(connection, write, options));
    if (impact) out.push(impact);
  }
  for (const edge of removedEdges(plan)) {
    const impact = await attempt(`${edge.upstream} → ${edge.downstream}`, () => edgeImpact(connection, edge, options));
    if (impact) out.push(impact);
  }
  return out;
}

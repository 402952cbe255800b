import type { ServiceConnection } from '../api/http';
import { writeEntityBatch } from '../api/entityBatchClient';
import { ingestProposalBatch } from '../api/proposalBatchClient';
import { ingestProposal, patchStructuredProperties, postAspect, postStatus, updateLineage } from '../api/pushClient';
import { groupForSending } from './pushBatch';
import type { PushItem, PushItemResult, PushOperation, PushPlan, PushResult } from './pushPlanTypes';
import { describeError } from '../errors/describeError';

export interface ApplyProgress {
  /** 0-based index of the item that just finished */
  index: number;
  total: number;
  result: PushItemResult;
}

export interface ApplyOptions {
  signal?: AbortSignal;
  /** called after each item, success or failure */
  onProgress?: (progress: ApplyProgress) => void;
  /** called before each item is sent */
  onStart?: (item: PushItem, index: number, total: number) => void;
}

/** Sends one operation; throws the client's ServiceError (already in words) on failure. */
export async function sendOperation(connection: ServiceConnection, operation: PushOperation): Promise<void> {
  switch (operation.kind) {
    case 'postAspect':
      return postAspect(connection, operation.entityType, operation.urn, operation.aspectName, operation.value, operation.query);
    case 'patchStructuredProperties':
      return patchStructuredProperties(connection, operation.entityType, operation.urn, operation.patch);
    case 'updateLineage':
      return updateLineage(connection, operation.edgesToAdd, operation.edgesToRemove);
    case 'ingestProposal':
      return ingestProposal(connection, operation.proposal);
    case 'status':
      return postStatus(connection, operation.entityType, operation.urn, operation.removed);
    case 'entityBatch':
      return writeEntityBatch(connection, operation.method, operation.entityType, operation.aspectName, operation.writes);
    case 'ingestProposalBatch':
      return ingestProposalBatch(connection, operation.proposals);
  }
}

/**
 * Runs the plan's items in order. Consecutive lineage items go out together as one
 * `updateLineage` call, consecutive structured-property writes of one entity type as one OpenAPI v3
 * batch, consecutive Rest.li proposals as one `ingestProposalBatch` (see groupForSending). When a
 * combined call fails, what landed depends on the service: the local catalog applies a call all or
 * nothing, and so does DataHub for the two batch routes (one AspectsBatch, validated before it is
 * written), but DataHub's UpdateLineageResolver writes one downstream at a time, so the downstreams
 * before the failing one may already be written. Either way each item is then re-sent on its own —
 * every operation is idempotent — so every item's result is known, and the one that fails is named
 * while the others succeed. Items of a failed combined call left unsent by a cancel are reported
 * as `unconfirmed`. Progress and results stay per item.
 * A failed item does not stop the others (they are independent requests; a later item that needed
 * it fails with the service's own reason). Cancelling stops before the next request. Items that
 * failed or were not sent come back in `failed`: planning again against the service shows exactly
 * these, because everything that succeeded is then in place.
 */
export async function applyPlan(connection: ServiceConnection, plan: PushPlan, options: ApplyOptions = {}): Promise<PushResult> {
  const results: PushItemResult[] = [];
  const total = plan.items.length;
  const report = (index: number, result: PushItemResult) => {
    results.push(result);
    options.onProgress?.({ index, total, result });
  };
  let cancelled = false;
  const unconfirmed: PushItem[] = [];
  const stopHere = () => {
    cancelled = options.signal?.aborted === true;
    return cancelled;
  };
  for (const group of groupForSending(plan.items)) {
    if (stopHere()) break;
    for (const index of group.indexes) options.onStart?.(plan.items[index], index, total);
    const error = await attempt(connection, group.operation);
    if (error === undefined || group.indexes.length === 1) {
      for (const index of group.indexes) report(index, outcome(plan.items[index], error));
      continue;
    }
    for (const [position, index] of group.indexes.entries()) {
      if (stopHere()) {
        unconfirmed.push(...group.indexes.slice(position).map((i) => plan.items[i]));
        break;
      }
      const item = plan.items[index];
      report(index, outcome(item, await attempt(connection, item.operation)));
    }
    if (cancelled) break;
  }
  const failed = [...results.filter((r) => !r.ok).map((r) => r.item), ...plan.items.slice(results.length)];
  return unconfirmed.length > 0 ? { results, failed, cancelled, unconfirmed } : { results, failed, cancelled };
}

/** Sends one request; the error in words, or undefined when it succeeded. */
async function attempt(connection: ServiceConnection, operation: PushOperation): Promise<string | undefined> {
  try {
    await sendOperation(connection, operation);
    return undefined;
  } catch (error) {
    return describeError(error);
  }
}

function outcome(item: PushItem, error: string | undefined): PushItemResult {
  return error === undefined ? { item, ok: true } : { item, ok: false, error };
}

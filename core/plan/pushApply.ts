import type { ServiceConnection } from '../api/http';
import { ingestProposal, patchStructuredProperties, postAspect, postStatus, updateLineage } from '../api/pushClient';
import type { PushItem, PushItemResult, PushOperation, PushPlan, PushResult } from './pushTypes';

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
  }
}

/**
 * Runs the plan's items in order. A failed item does not stop the others (they are independent
 * requests; a later item that needed it fails with the service's own reason). Cancelling stops
 * before the next item. Items that failed or were not sent come back in `failed`: planning again
 * against the service shows exactly these, because everything that succeeded is then in place.
 */
export async function applyPlan(connection: ServiceConnection, plan: PushPlan, options: ApplyOptions = {}): Promise<PushResult> {
  const results: PushItemResult[] = [];
  const total = plan.items.length;
  let cancelled = false;
  for (const [index, item] of plan.items.entries()) {
    if (options.signal?.aborted) {
      cancelled = true;
      break;
    }
    options.onStart?.(item, index, total);
    let result: PushItemResult;
    try {
      await sendOperation(connection, item.operation);
      result = { item, ok: true };
    } catch (error) {
      result = { item, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    results.push(result);
    options.onProgress?.({ index, total, result });
  }
  const failed = [...results.filter((r) => !r.ok).map((r) => r.item), ...plan.items.slice(results.length)];
  return { results, failed, cancelled };
}

import type { LineageEdgeInput, PushItem, PushOperation } from './pushTypes';

/**
 * How many edges one batched `updateLineage` call carries at most. The local catalog commits (and
 * fsyncs) once per call, so fewer, larger calls are much faster; 500 edges keep a request body
 * around 100 KB, far below the service's body limit, and a failed batch cheap to resend item by item.
 */
export const MAX_EDGES_PER_BATCH = 500;

/** A run of plan items sent as one request: a single item, or several lineage items merged. */
export interface SendGroup {
  /** the plan indexes of the items, consecutive and in plan order */
  indexes: number[];
  /** the request that sends all of them */
  operation: PushOperation;
}

type LineageOperation = Extract<PushOperation, { kind: 'updateLineage' }>;

function lineageOperation(item: PushItem): LineageOperation | undefined {
  return item.operation.kind === 'updateLineage' ? item.operation : undefined;
}

function edgeKey(edge: LineageEdgeInput): string {
  return `${edge.downstreamUrn}\n${edge.upstreamUrn}`;
}

/**
 * Splits the plan into requests. Consecutive `updateLineage` items of the same phase are merged
 * (edges concatenated) up to `maxEdges` edges per request. An item that touches an edge already in
 * the batch starts a new batch: the service removes an edge that is in both lists, while sending
 * the items one after the other would apply them in order, and merging must not change the result.
 */
export function groupForSending(items: readonly PushItem[], maxEdges: number = MAX_EDGES_PER_BATCH): SendGroup[] {
  const groups: SendGroup[] = [];
  let open: { indexes: number[]; phase: string; edgesToAdd: LineageEdgeInput[]; edgesToRemove: LineageEdgeInput[]; keys: Set<string> } | undefined;
  const close = () => {
    if (!open) return;
    const indexes = open.indexes;
    groups.push({
      indexes,
      operation: indexes.length === 1 ? items[indexes[0]].operation : { kind: 'updateLineage', edgesToAdd: open.edgesToAdd, edgesToRemove: open.edgesToRemove },
    });
    open = undefined;
  };
  for (const [index, item] of items.entries()) {
    const operation = lineageOperation(item);
    if (!operation) {
      close();
      groups.push({ indexes: [index], operation: item.operation });
      continue;
    }
    const keys = [...operation.edgesToAdd, ...operation.edgesToRemove].map(edgeKey);
    const fits = open !== undefined && open.phase === item.phase && open.keys.size + keys.length <= maxEdges && !keys.some((key) => open?.keys.has(key));
    if (!fits) close();
    open ??= { indexes: [], phase: item.phase, edgesToAdd: [], edgesToRemove: [], keys: new Set() };
    open.indexes.push(index);
    open.edgesToAdd.push(...operation.edgesToAdd);
    open.edgesToRemove.push(...operation.edgesToRemove);
    for (const key of keys) open.keys.add(key);
  }
  close();
  return groups;
}


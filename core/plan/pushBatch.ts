import type { LineageEdgeInput, PushItem, PushOperation } from './pushPlanTypes';

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

/**
 * How many entities one OpenAPI v3 batch write carries at most. A structured-properties aspect is a
 * few hundred bytes, so 500 keep a body around 100–200 KB; the local catalog commits once per
 * request, as DataHub ingests one batch per request.
 */
export const MAX_ENTITIES_PER_BATCH = 500;

type LineageOperation = Extract<PushOperation, { kind: 'updateLineage' }>;
type EntityBatchOperation = Extract<PushOperation, { kind: 'entityBatch' }>;
type ProposalBatchOperation = Extract<PushOperation, { kind: 'ingestProposalBatch' }>;

/** How many proposals one `ingestProposalBatch` carries at most (aspects of an MCP file can be large). */
export const MAX_PROPOSALS_PER_BATCH = 200;

function lineageOperation(item: PushItem): LineageOperation | undefined {
  return item.operation.kind === 'updateLineage' ? item.operation : undefined;
}

/**
 * The item's write as one entry of an OpenAPI v3 batch: a replace of `structuredProperties`
 * (POST, no extra query parameters) or a structured-properties patch. Other aspects keep their
 * own requests (their POSTs may carry `createIfNotExists` and the like, which a batch cannot).
 */
function batchEntry(item: PushItem): { key: string; method: EntityBatchOperation['method']; entityType: string; aspectName: string; urn: string; value: Record<string, unknown> } | undefined {
  const operation = item.operation;
  if (operation.kind === 'postAspect' && operation.aspectName === 'structuredProperties' && Object.keys(operation.query ?? {}).length === 0) {
    const { entityType, aspectName, urn, value } = operation;
    return { key: `POST ${entityType} ${aspectName}`, method: 'POST', entityType, aspectName, urn, value };
  }
  if (operation.kind === 'patchStructuredProperties') {
    const { entityType, urn, patch } = operation;
    return { key: `PATCH ${entityType} structuredProperties`, method: 'PATCH', entityType, aspectName: 'structuredProperties', urn, value: { patch, arrayPrimaryKeys: { properties: ['propertyUrn'] } } };
  }
  return undefined;
}

function edgeKey(edge: LineageEdgeInput): string {
  return `${edge.downstreamUrn}\n${edge.upstreamUrn}`;
}

/** A batch being filled: what may join it, and the request it becomes. */
interface OpenBatch {
  /** lineage of a phase, or one method + entity type + aspect of a phase */
  key: string;
  limit: number;
  indexes: number[];
  /** edges (lineage) or entity URNs (entity batch) already in the batch */
  members: Set<string>;
  operation: LineageOperation | EntityBatchOperation | ProposalBatchOperation;
}

/** What an item adds to a batch, or undefined when it is sent on its own. */
function batchPart(item: PushItem, maxEdges: number, maxEntities: number): { key: string; limit: number; members: string[]; empty: () => OpenBatch['operation']; addTo: (operation: OpenBatch['operation']) => void } | undefined {
  const lineage = lineageOperation(item);
  if (lineage) {
    return {
      key: `${item.phase} lineage`,
      limit: maxEdges,
      members: [...lineage.edgesToAdd, ...lineage.edgesToRemove].map(edgeKey),
      empty: () => ({ kind: 'updateLineage', edgesToAdd: [], edgesToRemove: [] }),
      addTo: (operation) => {
        if (operation.kind !== 'updateLineage') return;
        operation.edgesToAdd.push(...lineage.edgesToAdd);
        operation.edgesToRemove.push(...lineage.edgesToRemove);
      },
    };
  }
  if (item.operation.kind === 'ingestProposal') {
    const proposal = item.operation.proposal;
    return {
      key: `${item.phase} ingestProposal`,
      limit: MAX_PROPOSALS_PER_BATCH,
      members: [`${proposal.entityUrn}\n${proposal.aspectName}`],
      empty: () => ({ kind: 'ingestProposalBatch', proposals: [] }),
      addTo: (operation) => {
        if (operation.kind === 'ingestProposalBatch') operation.proposals.push(proposal);
      },
    };
  }
  const entry = batchEntry(item);
  if (!entry) return undefined;
  return {
    key: `${item.phase} ${entry.key}`,
    limit: maxEntities,
    members: [entry.urn],
    empty: () => ({ kind: 'entityBatch', method: entry.method, entityType: entry.entityType, aspectName: entry.aspectName, writes: [] }),
    addTo: (operation) => {
      if (operation.kind === 'entityBatch') operation.writes.push({ urn: entry.urn, value: entry.value });
    },
  };
}

/**
 * Splits the plan into requests. Consecutive `updateLineage` items of the same phase are merged
 * (edges concatenated) up to `maxEdges` edges per request; consecutive structured-property writes
 * of the same phase, method and entity type become one OpenAPI v3 batch of up to `maxEntities`
 * entities; consecutive Rest.li proposals of the same phase one `ingestProposalBatch` of up to
 * MAX_PROPOSALS_PER_BATCH. An item that touches an edge or entity already in the batch starts a new batch: the
 * service applies a batch as one unit, while sending the items one after the other would apply
 * them in order, and merging must not change the result.
 */
export function groupForSending(items: readonly PushItem[], maxEdges: number = MAX_EDGES_PER_BATCH, maxEntities: number = MAX_ENTITIES_PER_BATCH): SendGroup[] {
  const groups: SendGroup[] = [];
  let open: OpenBatch | undefined;
  const close = () => {
    if (!open) return;
    const { indexes } = open;
    groups.push({ indexes, operation: indexes.length === 1 ? items[indexes[0]].operation : open.operation });
    open = undefined;
  };
  for (const [index, item] of items.entries()) {
    const part = batchPart(item, maxEdges, maxEntities);
    if (!part) {
      close();
      groups.push({ indexes: [index], operation: item.operation });
      continue;
    }
    const fits = open !== undefined && open.key === part.key && open.members.size + part.members.length <= open.limit && !part.members.some((member) => open?.members.has(member));
    if (!fits) close();
    open ??= { key: part.key, limit: part.limit, indexes: [], members: new Set(), operation: part.empty() };
    open.indexes.push(index);
    for (const member of part.members) open.members.add(member);
    part.addTo(open.operation);
  }
  close();
  return groups;
}

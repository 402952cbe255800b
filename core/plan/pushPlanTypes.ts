// The shapes of a push plan and of its result: phases, operations, items, the plan, what applying it
// did. A push's verdicts on files, before planning, are in ./pushVerdicts.ts.
import type { BatchMethod, EntityAspectWrite } from '../api/entityBatchClient';
import type { JsonObject, LineageEdgeInput, MetadataChangeProposal, StructuredPropertyPatchOp } from '../api/pushClient';

export type { JsonObject, LineageEdgeInput, MetadataChangeProposal, StructuredPropertyPatchOp } from '../api/pushClient';

/**
 * Phases in the order a push runs them: what later writes need comes first (a definition before a
 * value of it, an entity before an edge to it). A soft delete goes last so values written in the
 * same push are accepted first; a restore goes with the definitions.
 */
export type PushPhase = 'definitions' | 'entities' | 'values' | 'edges' | 'softDeletes';
export const PHASE_ORDER: readonly PushPhase[] = ['definitions', 'entities', 'values', 'edges', 'softDeletes'];

/** One request to the service. Every operation is idempotent: sending it twice leaves the same state. */
export type PushOperation =
  | { kind: 'postAspect'; entityType: string; urn: string; aspectName: string; value: JsonObject; query?: Record<string, string> }
  | { kind: 'patchStructuredProperties'; entityType: string; urn: string; patch: StructuredPropertyPatchOp[] }
  | { kind: 'updateLineage'; edgesToAdd: LineageEdgeInput[]; edgesToRemove: LineageEdgeInput[] }
  | { kind: 'ingestProposal'; proposal: MetadataChangeProposal }
  | { kind: 'status'; entityType: string; urn: string; removed: boolean }
  /** several postAspect or patchStructuredProperties items of one entity type sent as one request (pushBatch.ts) */
  | { kind: 'entityBatch'; method: BatchMethod; entityType: string; aspectName: string; writes: EntityAspectWrite[] }
  /** several ingestProposal items sent as one `ingestProposalBatch` (pushBatch.ts) */
  | { kind: 'ingestProposalBatch'; proposals: MetadataChangeProposal[] };

/** A line of the preview: `+` added, `-` removed, `~` changed. */
export interface PushChange {
  action: 'add' | 'remove' | 'change';
  text: string;
}

/** One unit of a push: one request, planned against what the service holds now. */
export interface PushItem {
  /** stable across re-planning: the same intent gives the same id */
  id: string;
  phase: PushPhase;
  /** the entity the preview groups it under */
  entityUrn: string;
  /** what this item does, in words: "Lineage (updateLineage)", "Structured properties (replace all)" */
  title: string;
  changes: PushChange[];
  /** breaking changes and other things the user should read before confirming */
  notes: string[];
  operation: PushOperation;
  /** the files it comes from */
  sources: string[];
}

/** Something the file says that the service already holds. */
export interface UnchangedEntry {
  entityUrn: string;
  text: string;
}

export interface PushPlan {
  /** the items to send, in the order they must run */
  items: PushItem[];
  unchanged: UnchangedEntry[];
  /** what the files hold that this push leaves out, and why */
  warnings: string[];
}

export interface PushItemResult {
  item: PushItem;
  ok: boolean;
  /** the service's error in words (never the token) */
  error?: string;
}

export interface PushResult {
  results: PushItemResult[];
  /** items that failed or were not run (cancelled): plan again to retry exactly these */
  failed: PushItem[];
  cancelled: boolean;
  /**
   * Lineage items (one downstream each) that went out in a combined updateLineage call which
   * failed, and were not re-sent on their own because the push was cancelled. DataHub's
   * UpdateLineageResolver writes one downstream at a time, so each may or may not have landed;
   * they are also in `failed` (re-sending is harmless: edges are added or removed idempotently).
   */
  unconfirmed?: PushItem[];
}

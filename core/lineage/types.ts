import type { DegreeBucket, FineGrainedLineageView, LineageScrollPage, LineageScrollRequest } from '../api/lineageClient';
import type { PendingMark } from '../common/pendingTypes';

export type { DegreeBucket, FineGrainedLineageView, LineageScrollPage, LineageScrollRequest } from '../api/lineageClient';

/**
 * What the lineage tree needs from the catalog service. The real one (lineageFetcher.ts) calls
 * `scrollAcrossLineage` and reads `upstreamLineage`; the tree itself never does HTTP.
 */
export interface LineageFetcher {
  scrollLineage(request: LineageScrollRequest): Promise<LineageScrollPage>;
  /** the column-level edges stored on a dataset (its `upstreamLineage.fineGrainedLineages`) */
  fineGrainedLineages(datasetUrn: string): Promise<FineGrainedLineageView[]>;
}

export type TreeDirection = 'upstream' | 'downstream';

export type LineageNodeKind =
  | 'group' // "Upstream" / "Downstream" under the root
  | 'entity' // a related entity; loads one hop when expanded
  | 'column' // a column-level edge of a dataset
  | 'loadMore' // the page was cut: activate to fetch the next one
  | 'cut' // the walk stopped at its limit: the label says how many entities are not shown
  | 'error'; // loading failed; the message says why

export interface LineageNode {
  /** unique in the whole tree: the direction and the URNs of the path from the root, plus a suffix for non-entity nodes */
  id: string;
  kind: LineageNodeKind;
  parentId: string | undefined;
  direction: TreeDirection;
  label: string;
  /** the entity's URN (entity nodes), the root's URN (groups) */
  urn?: string;
  /** GraphQL EntityType, e.g. `DATASET` */
  entityType?: string;
  /** hops from the root */
  degree?: number;
  /** the degree as the filter names it: `1`, `2`, `3+` */
  degreeLabel?: DegreeBucket;
  /** the URN already appears on this node's path: shown once, not expanded again */
  cycle: boolean;
  expandable: boolean;
  /** URNs from the root to this node, both included (entity and group nodes) */
  path: readonly string[];
  /**
   * entity nodes of a pending view (core/pending): what the workspace's files do to the edge from
   * the parent to this node — added, removed or unchanged, with the files that cause it
   */
  mark?: PendingMark;
  /** column nodes: the edge they show */
  column?: FineGrainedLineageView;
  /** error nodes: what went wrong, in words */
  error?: string;
}

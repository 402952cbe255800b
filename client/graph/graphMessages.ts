import type { GraphColors, GraphLayout } from '../../core/lineage/graphExport';
import type { GraphSnapshot } from '../../core/lineage/graph';
import type { TreeDirection } from '../../core/lineage/types';
import type { PendingBasis, PendingView } from '../../core/common/pendingTypes';

/** The lineage graph view's messages between the extension host and the webview script (one definition for both sides). */

export type GraphDirections = 'both' | TreeDirection;

export interface GraphViewState {
  depth: number;
  directions: GraphDirections;
  columns: boolean;
  /** "with my changes" (the server's pending state) or "as pushed" */
  view: PendingView;
}

export type ToWebview =
  | { type: 'graph'; snapshot: GraphSnapshot; state: GraphViewState; busy: false; basis?: PendingBasis }
  | { type: 'busy'; text: string }
  | { type: 'error'; message: string };

export type FromWebview =
  | { type: 'ready' }
  | { type: 'setState'; state: GraphViewState }
  | { type: 'expand'; urn: string; direction: TreeDirection }
  | { type: 'expandAll' }
  /** a click on a "+N more" node: show the neighbours of `from` it stands for */
  | { type: 'showMore'; from: string; direction: TreeDirection }
  | { type: 'reroot'; urn: string }
  | { type: 'open'; urn: string }
  /** the node's context menu: open the entity in the catalog's web UI (command catalogCode.openInDataHub) */
  | { type: 'openInDataHub'; urn: string }
  /** a click on the mark of an edge (or of the node it leads to): open the file that adds or removes it */
  | { type: 'openChange'; upstream: string; downstream: string }
  | { type: 'exportMermaid' }
  | { type: 'exportSvg'; layout: GraphLayout; colors: GraphColors }
  /** the webview drew a graph: what it shows (for tests and the log) */
  | { type: 'rendered'; root: string; nodes: number; edges: number; ms: number };

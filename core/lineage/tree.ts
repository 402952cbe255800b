import { ALL_DEGREES, DEFAULT_LINEAGE_PAGE_SIZE } from '../api/lineageClient';
import { columnEdgeLabel, degreeBucket, shortName } from './labels';
import type { DegreeBucket, LineageFetcher, LineageNode, TreeDirection } from './types';
import { describeError } from '../errors/describeError';
import type { PendingMark } from '../common/pendingTypes';

export interface LineageTreeOptions {
  /** results per `scrollAcrossLineage` page */
  pageSize?: number;
  /** which hops the Upstream/Downstream groups list; default `['1']` (one hop, expand to go further) */
  degrees?: readonly DegreeBucket[];
}

/** Loading state of one expandable node. */
interface Branch {
  children: LineageNode[];
  nextScrollId: string | null;
  loaded: boolean;
  pending?: Promise<LineageNode[]>;
}

const GROUP_LABEL: Record<TreeDirection, string> = { upstream: 'Upstream', downstream: 'Downstream' };

/**
 * The lineage of one root entity as a lazily loaded tree: the model the VS Code lineage view and
 * `catalog-code lineage` render. Each entity node loads one hop (`scrollAcrossLineage` with the
 * degree filter `1`) when its children are asked for; a cut page ends in a "Load more…" node; a
 * URN that already appears on its own path is a cycle leaf; a dataset's column-level edges come
 * first among its children. Ids are the path of URNs from the root, so they are unique and stable.
 */
export class LineageTree {
  private readonly branches = new Map<string, Branch>();
  private readonly nodes = new Map<string, LineageNode>();
  private readonly pageSize: number;
  private degreeFilter: readonly DegreeBucket[];

  constructor(
    readonly rootUrn: string,
    private readonly fetcher: LineageFetcher,
    options: LineageTreeOptions = {},
  ) {
    this.pageSize = options.pageSize ?? DEFAULT_LINEAGE_PAGE_SIZE;
    this.degreeFilter = normaliseDegrees(options.degrees ?? ['1']);
    this.resetGroups();
  }

  get degrees(): readonly DegreeBucket[] {
    return this.degreeFilter;
  }

  /** The two groups under the root: Upstream and Downstream. */
  groups(): LineageNode[] {
    return (['upstream', 'downstream'] as const).map((direction) => this.requireNode(nodeId(direction, [this.rootUrn])));
  }

  node(id: string): LineageNode | undefined {
    return this.nodes.get(id);
  }

  /** Changes which hops the groups list; everything loaded so far is dropped. */
  setDegreeFilter(degrees: readonly DegreeBucket[]): void {
    this.degreeFilter = normaliseDegrees(degrees);
    this.resetGroups();
  }

  /** Forgets what was loaded below `id` (or everywhere), so the next `children` call asks again. */
  refresh(id?: string): void {
    if (id === undefined) {
      this.resetGroups();
      return;
    }
    const below = [...this.nodes.keys()].filter((key) => this.isBelow(key, id));
    this.branches.delete(id);
    for (const key of below) {
      this.branches.delete(key);
      this.nodes.delete(key);
    }
  }

  /** The children of a group or entity node; the first call loads them, later calls return them. */
  async children(id: string): Promise<LineageNode[]> {
    const parent = this.requireNode(id);
    if (!parent.expandable) return [];
    const branch = this.branch(id);
    if (branch.loaded) return branch.children;
    branch.pending ??= this.loadFirstPage(parent, branch).finally(() => {
      branch.pending = undefined;
    });
    return branch.pending;
  }

  /** Fetches the next page for a "Load more…" node and returns its parent's children after it. */
  async loadMore(loadMoreId: string): Promise<LineageNode[]> {
    const marker = this.requireNode(loadMoreId);
    if (marker.kind !== 'loadMore' || marker.parentId === undefined) throw new Error(`'${loadMoreId}' is not a "Load more…" node of this lineage tree.`);
    const parent = this.requireNode(marker.parentId);
    const branch = this.branch(parent.id);
    if (!branch.nextScrollId) return branch.children;
    branch.pending ??= this.loadPage(parent, branch, branch.nextScrollId).finally(() => {
      branch.pending = undefined;
    });
    return branch.pending;
  }

  private async loadFirstPage(parent: LineageNode, branch: Branch): Promise<LineageNode[]> {
    const columns = await this.columnChildren(parent);
    branch.children = columns;
    return this.loadPage(parent, branch, null);
  }

  private async loadPage(parent: LineageNode, branch: Branch, scrollId: string | null): Promise<LineageNode[]> {
    const pageErrorId = `${parent.id}#error`;
    const withoutMarkers = branch.children.filter((child) => child.kind !== 'loadMore' && child.kind !== 'cut' && child.id !== pageErrorId);
    let page;
    try {
      page = await this.fetcher.scrollLineage({
        urn: parent.path[parent.path.length - 1],
        direction: parent.direction === 'upstream' ? 'UPSTREAM' : 'DOWNSTREAM',
        degrees: parent.kind === 'group' ? this.degreeFilter : ['1'],
        scrollId,
        count: this.pageSize,
      });
    } catch (error) {
      // A failed first page leaves the node unloaded (expanding again retries); a failed later page
      // keeps its "Load more…" so activating it again retries.
      const marker = branch.children.find((child) => child.kind === 'loadMore');
      branch.children = [...withoutMarkers, this.register(this.errorNode(parent, error)), ...(marker ? [marker] : [])];
      return branch.children;
    }
    const seen = new Set(withoutMarkers.filter((child) => child.kind === 'entity').map((child) => child.urn));
    const added: LineageNode[] = [];
    for (const hit of page.results) {
      if (seen.has(hit.urn)) continue;
      seen.add(hit.urn);
      const degree = parent.kind === 'group' ? Math.max(1, hit.degree) : (parent.degree ?? 0) + 1;
      added.push(this.register(this.entityNode(parent, hit.urn, hit.type, degree, hit.mark)));
    }
    branch.children = [...withoutMarkers, ...added];
    branch.nextScrollId = page.nextScrollId;
    if (page.nextScrollId) {
      const shown = branch.children.filter((child) => child.kind === 'entity').length;
      const remaining = page.total > shown ? ` (${page.total - shown} more)` : '';
      branch.children.push(this.register({ id: `${parent.id}#more`, kind: 'loadMore', parentId: parent.id, direction: parent.direction, label: `Load more…${remaining}`, cycle: false, expandable: false, path: parent.path }));
    } else if (page.cut) {
      const label = `At least ${page.cut} more not shown: the walk stops at its limit of entities; start from one of those shown, or ask for fewer hops`;
      branch.children.push(this.register({ id: `${parent.id}#cut`, kind: 'cut', parentId: parent.id, direction: parent.direction, label, cycle: false, expandable: false, path: parent.path }));
    }
    branch.loaded = true;
    return branch.children;
  }

  /** The Upstream group shows the root's own column-level edges; every dataset node shows its own. */
  private async columnChildren(parent: LineageNode): Promise<LineageNode[]> {
    const urn = parent.path[parent.path.length - 1];
    const wants = (parent.kind === 'group' && parent.direction === 'upstream') || (parent.kind === 'entity' && !parent.cycle);
    if (!wants || !urn.startsWith('urn:li:dataset:')) return [];
    try {
      const edges = await this.fetcher.fineGrainedLineages(urn);
      return edges.map((edge, index) =>
        this.register({ id: `${parent.id}#column:${index}`, kind: 'column', parentId: parent.id, direction: parent.direction, label: columnEdgeLabel(edge), urn, column: edge, cycle: false, expandable: false, path: parent.path }),
      );
    } catch (error) {
      return [this.register({ ...this.errorNode(parent, error), id: `${parent.id}#columnError` })];
    }
  }

  private entityNode(parent: LineageNode, urn: string, entityType: string, degree: number, mark?: PendingMark): LineageNode {
    const cycle = parent.path.includes(urn);
    const path = [...parent.path, urn];
    const degreeLabel = degreeBucket(degree);
    return {
      id: nodeId(parent.direction, path),
      kind: 'entity',
      parentId: parent.id,
      direction: parent.direction,
      label: cycle ? `${shortName(urn)} (cycle)` : shortName(urn),
      urn,
      entityType,
      degree,
      degreeLabel,
      cycle,
      expandable: !cycle,
      path,
      ...(mark ? { mark } : {}),
    };
  }

  private errorNode(parent: LineageNode, error: unknown): LineageNode {
    const message = describeError(error);
    return { id: `${parent.id}#error`, kind: 'error', parentId: parent.id, direction: parent.direction, label: `Could not load: ${message}`, error: message, cycle: false, expandable: false, path: parent.path };
  }

  private resetGroups(): void {
    this.branches.clear();
    this.nodes.clear();
    for (const direction of ['upstream', 'downstream'] as const) {
      const path = [this.rootUrn];
      this.register({ id: nodeId(direction, path), kind: 'group', parentId: undefined, direction, label: GROUP_LABEL[direction], urn: this.rootUrn, degree: 0, cycle: false, expandable: true, path });
    }
  }

  private register(node: LineageNode): LineageNode {
    this.nodes.set(node.id, node);
    return node;
  }

  private requireNode(id: string): LineageNode {
    const node = this.nodes.get(id);
    if (!node) throw new Error(`The lineage tree has no node '${id}' (it was refreshed, or the id belongs to another root).`);
    return node;
  }

  private branch(id: string): Branch {
    let branch = this.branches.get(id);
    if (!branch) {
      branch = { children: [], nextScrollId: null, loaded: false };
      this.branches.set(id, branch);
    }
    return branch;
  }

  private isBelow(candidate: string, ancestor: string): boolean {
    let node = this.nodes.get(candidate);
    while (node?.parentId !== undefined) {
      if (node.parentId === ancestor) return true;
      node = this.nodes.get(node.parentId);
    }
    return false;
  }
}

/** The id of a path: unambiguous whatever characters the URNs hold. */
export function nodeId(direction: TreeDirection, path: readonly string[]): string {
  return JSON.stringify([direction, ...path]);
}

function normaliseDegrees(degrees: readonly DegreeBucket[]): readonly DegreeBucket[] {
  const chosen = ALL_DEGREES.filter((bucket) => degrees.includes(bucket));
  return chosen.length > 0 ? chosen : ['1'];
}

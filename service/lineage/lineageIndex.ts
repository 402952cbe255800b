import type { JsonObject, LineageIndex, LineageLink } from '../store/types';
import { edgesOfAspect, flowOfDataJob, LINEAGE_ASPECTS } from './edgesOfAspect';
import { NeighbourList } from './neighbourList';

/**
 * The lineage graph in memory. Each URN in the graph gets an integer id (ids of URNs that leave the
 * graph are reused), and each id keeps its upstream and downstream neighbour ids, so a walk over
 * hundreds of thousands of entities touches integers and typed arrays rather than string-keyed maps.
 * The same edge may be held by several aspects (a job's output and the dataset's upstreamLineage),
 * so an edge held more than once counts its extra holders and disappears when its last holder does.
 * Each holder (an aspect of an entity, or a dataJob's flow membership) remembers the links it
 * added, so replacing an aspect touches only its own edges: no scans, whatever the graph size.
 */

/** Id-level access for the walk in search.ts; ids are valid until the next change to the index. */
export interface LineageIdIndex extends LineageIndex {
  /** the id of a URN in the graph, or -1 when it has no lineage */
  idOf(urn: string): number;
  urnOfId(id: number): string;
  /** one more than the largest id in use: the size for arrays indexed by id */
  idLimit(): number;
  /** neighbour ids in link order; REMOVED (-1) entries are removed slots to skip */
  upstreamIdsOf(id: number): readonly number[];
  downstreamIdsOf(id: number): readonly number[];
}

export function hasIds(index: LineageIndex): index is LineageIdIndex {
  return typeof (index as Partial<LineageIdIndex>).idOf === 'function';
}

const EMPTY_IDS: readonly number[] = Object.freeze([]);
/** edge keys pack both ids into one safe integer */
const ID_SPACE = 2 ** 26;

export class InMemoryLineageIndex implements LineageIdIndex {
  private readonly ids = new Map<string, number>();
  /** URN per id; '' for an id free for reuse */
  private readonly urns: string[] = [];
  private readonly freeIds: number[] = [];
  private readonly ups: (NeighbourList | undefined)[] = [];
  private readonly downs: (NeighbourList | undefined)[] = [];
  /** holders beyond the first, for the few edges held more than once, keyed by edgeKey(upstream, downstream) */
  private readonly extraHolders = new Map<number, number>();
  private edges = 0;
  /** per holder, its links as flat [upstream0, downstream0, upstream1, ...] ids */
  private readonly byHolder = new Map<string, Int32Array>();

  upstreamsOf(urn: string): readonly string[] {
    return this.urnsOf(this.ups[this.idOf(urn)]);
  }

  downstreamsOf(urn: string): readonly string[] {
    return this.urnsOf(this.downs[this.idOf(urn)]);
  }

  edgeCount(): number {
    return this.edges;
  }

  idOf(urn: string): number {
    return this.ids.get(urn) ?? -1;
  }

  urnOfId(id: number): string {
    return this.urns[id];
  }

  idLimit(): number {
    return this.urns.length;
  }

  upstreamIdsOf(id: number): readonly number[] {
    return this.ups[id]?.ids ?? EMPTY_IDS;
  }

  downstreamIdsOf(id: number): readonly number[] {
    return this.downs[id]?.ids ?? EMPTY_IDS;
  }

  /** The links held by one holder, e.g. for showing where an edge comes from. */
  linksHeldBy(urn: string, aspectName: string): LineageLink[] {
    const flat = this.byHolder.get(holderKey(urn, aspectName));
    if (!flat) return [];
    const via = aspectName === '#flowMembership' ? 'dataFlowMembership' : (aspectName as LineageLink['via']);
    const out: LineageLink[] = [];
    for (let i = 0; i < flat.length; i += 2) out.push({ upstream: this.urns[flat[i]], downstream: this.urns[flat[i + 1]], via });
    return out;
  }

  /** Called for every aspect write and delete (value undefined = the aspect is gone). */
  onAspect(urn: string, aspectName: string, value: JsonObject | undefined): void {
    if (!LINEAGE_ASPECTS.has(aspectName)) return;
    this.replaceHolder(holderKey(urn, aspectName), value ? edgesOfAspect(urn, aspectName, value) : []);
  }

  /** A dataJob belongs to the flow named in its URN while the job entity exists. */
  onEntityPresence(urn: string, exists: boolean): void {
    const flow = flowOfDataJob(urn);
    if (!flow) return;
    this.replaceHolder(holderKey(urn, '#flowMembership'), exists ? [{ upstream: urn, downstream: flow, via: 'dataFlowMembership' }] : []);
  }

  private urnsOf(list: NeighbourList | undefined): readonly string[] {
    if (!list) return [];
    return list.live().map((id) => this.urns[id]);
  }

  private replaceHolder(key: string, links: LineageLink[]): void {
    const previous = this.byHolder.get(key);
    // link the new edges before unlinking the old, so an edge kept by the new value never drops to
    // zero holders (its neighbour order stays) and ids of URNs still in the graph are not recycled
    const flat = links.length > 0 ? this.linkAll(links) : undefined;
    if (previous) for (let i = 0; i < previous.length; i += 2) this.unlink(previous[i], previous[i + 1]);
    if (flat) this.byHolder.set(key, flat);
    else this.byHolder.delete(key);
  }

  private linkAll(links: LineageLink[]): Int32Array {
    const flat = new Int32Array(links.length * 2);
    links.forEach((link, i) => {
      const upstream = this.idFor(link.upstream);
      const downstream = this.idFor(link.downstream);
      flat[2 * i] = upstream;
      flat[2 * i + 1] = downstream;
      this.link(upstream, downstream);
    });
    return flat;
  }

  private idFor(urn: string): number {
    const existing = this.ids.get(urn);
    if (existing !== undefined) return existing;
    const id = this.freeIds.pop() ?? this.urns.length;
    if (id >= ID_SPACE) throw new Error(`The lineage index holds ${ID_SPACE} entities, the most it supports; split the catalog folder into smaller ones.`);
    this.urns[id] = urn;
    this.ids.set(urn, id);
    return id;
  }

  private link(upstream: number, downstream: number): void {
    const downs = (this.downs[upstream] ??= new NeighbourList());
    if (downs.has(downstream)) {
      const key = edgeKey(upstream, downstream);
      this.extraHolders.set(key, (this.extraHolders.get(key) ?? 0) + 1);
      return;
    }
    downs.add(downstream);
    (this.ups[downstream] ??= new NeighbourList()).add(upstream);
    this.edges++;
  }

  private unlink(upstream: number, downstream: number): void {
    const downs = this.downs[upstream];
    if (!downs?.has(downstream)) return;
    const key = edgeKey(upstream, downstream);
    const extra = this.extraHolders.get(key);
    if (extra !== undefined) {
      if (extra > 1) this.extraHolders.set(key, extra - 1);
      else this.extraHolders.delete(key);
      return;
    }
    downs.remove(downstream);
    this.ups[downstream]?.remove(upstream);
    this.edges--;
    this.releaseIfUnlinked(upstream);
    if (downstream !== upstream) this.releaseIfUnlinked(downstream);
  }

  private releaseIfUnlinked(id: number): void {
    if ((this.ups[id]?.size ?? 0) > 0 || (this.downs[id]?.size ?? 0) > 0) return;
    this.ups[id] = undefined;
    this.downs[id] = undefined;
    this.ids.delete(this.urns[id]);
    this.urns[id] = '';
    this.freeIds.push(id);
  }
}

function edgeKey(upstream: number, downstream: number): number {
  return upstream * ID_SPACE + downstream;
}

function holderKey(urn: string, aspectName: string): string {
  return `${urn}\u0000${aspectName}`;
}

import type { LineageIndex, LineageLink } from '../store/types';
import { edgesOfAspect, flowOfDataJob, LINEAGE_ASPECTS } from './edgesOfAspect';
import type { JsonObject } from '../store/types';

/**
 * The lineage graph in memory: for each URN the URNs directly upstream and downstream of it.
 * The same edge may be held by several aspects (a job's output and the dataset's upstreamLineage),
 * so each direction keeps a count per neighbour and an edge disappears when its last holder does.
 * Each holder (an aspect of an entity, or a dataJob's flow membership) remembers the links it
 * added, so replacing an aspect touches only its own edges: no scans, whatever the graph size.
 */

type Counted = Map<string, number>;

const EMPTY: readonly string[] = Object.freeze([]);

export class InMemoryLineageIndex implements LineageIndex {
  private readonly ups = new Map<string, Counted>();
  private readonly downs = new Map<string, Counted>();
  /** per holder, its links as a flat [upstream0, downstream0, upstream1, ...] list (half the memory of objects) */
  private readonly byHolder = new Map<string, string[]>();
  /** one string instance per URN: every aspect parse makes new copies, and 1M edges repeat them a lot */
  private readonly pool = new Map<string, string>();
  private edges = 0;

  upstreamsOf(urn: string): readonly string[] {
    const set = this.ups.get(urn);
    return set ? Array.from(set.keys()) : EMPTY;
  }

  downstreamsOf(urn: string): readonly string[] {
    const set = this.downs.get(urn);
    return set ? Array.from(set.keys()) : EMPTY;
  }

  edgeCount(): number {
    return this.edges;
  }

  /** The links held by one holder, e.g. for showing where an edge comes from. */
  linksHeldBy(urn: string, aspectName: string): LineageLink[] {
    const flat = this.byHolder.get(holderKey(urn, aspectName)) ?? [];
    const via = aspectName === '#flowMembership' ? 'dataFlowMembership' : (aspectName as LineageLink['via']);
    const out: LineageLink[] = [];
    for (let i = 0; i < flat.length; i += 2) out.push({ upstream: flat[i], downstream: flat[i + 1], via });
    return out;
  }

  private intern(text: string): string {
    const existing = this.pool.get(text);
    if (existing !== undefined) return existing;
    this.pool.set(text, text);
    return text;
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

  private replaceHolder(key: string, links: LineageLink[]): void {
    const previous = this.byHolder.get(key);
    if (previous) for (let i = 0; i < previous.length; i += 2) this.unlink(previous[i], previous[i + 1]);
    if (links.length === 0) {
      this.byHolder.delete(key);
      return;
    }
    const flat: string[] = new Array<string>(links.length * 2);
    links.forEach((link, i) => {
      flat[2 * i] = this.intern(link.upstream);
      flat[2 * i + 1] = this.intern(link.downstream);
      this.link(flat[2 * i], flat[2 * i + 1]);
    });
    this.byHolder.set(key, flat);
  }

  private link(upstream: string, downstream: string): void {
    if (increment(this.ups, downstream, upstream) === 1) this.edges++;
    increment(this.downs, upstream, downstream);
  }

  private unlink(upstream: string, downstream: string): void {
    if (decrement(this.ups, downstream, upstream) === 0) this.edges--;
    decrement(this.downs, upstream, downstream);
    for (const urn of [upstream, downstream]) if (!this.ups.has(urn) && !this.downs.has(urn)) this.pool.delete(urn);
  }
}

function holderKey(urn: string, aspectName: string): string {
  return `${urn}\u0000${aspectName}`;
}

function increment(map: Map<string, Counted>, key: string, neighbour: string): number {
  let counts = map.get(key);
  if (!counts) {
    counts = new Map();
    map.set(key, counts);
  }
  const next = (counts.get(neighbour) ?? 0) + 1;
  counts.set(neighbour, next);
  return next;
}

function decrement(map: Map<string, Counted>, key: string, neighbour: string): number {
  const counts = map.get(key);
  const current = counts?.get(neighbour);
  if (!counts || current === undefined) return -1;
  if (current <= 1) {
    counts.delete(neighbour);
    if (counts.size === 0) map.delete(key);
    return 0;
  }
  counts.set(neighbour, current - 1);
  return current - 1;
}

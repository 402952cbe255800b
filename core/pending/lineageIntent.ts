import { asList, asRecord } from '../plan/pushJson';
import type { PushIntent } from '../plan/pushIntent';
import { upstreamsInAspect } from '../plan/pushLineageState';
import type { JsonObject } from '../plan/pushPlanTypes';
import { entityTypeOfUrn, parseUrn, schemaFieldKey } from '../urn';

/**
 * What the workspace's files do to the upstreams of one downstream, read from the intent a push
 * collects (core/plan/pushIntent.ts): so the pending state and the push plan agree edge by edge.
 */
export interface DownstreamIntent {
  downstream: string;
  /** upstream → the files that add (or keep) the edge */
  adds: Map<string, Set<string>>;
  /** upstream → the files that remove it explicitly */
  removes: Map<string, Set<string>>;
  /** the files that list every upstream of the downstream: an upstream of the catalog they do not list is removed by them */
  ownedBy: Set<string>;
  /** the column-level edges the files own for this dataset, with those files; undefined when no file says anything about columns */
  fineGrained?: { entries: JsonObject[]; sources: Set<string> };
}

/** The files' lineage, indexed both ways, for one-hop pages in either direction. */
export interface LineageIntentIndex {
  byDownstream: ReadonlyMap<string, DownstreamIntent>;
  /** upstream → downstream → the files that add that edge */
  addedDownstreams: ReadonlyMap<string, Map<string, Set<string>>>;
  /** upstream → downstream → the files that remove that edge explicitly */
  removedDownstreams: ReadonlyMap<string, Map<string, Set<string>>>;
  /**
   * dataset → the files that own its column-level edges: a stored column edge into one of its
   * fields that they do not list is removed by them (column-to-column pages, `lineage --column`)
   */
  ownedColumns: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Aspects whose UPSERT replaces a downstream's whole upstream list (an MCP file writing them owns the downstream's lineage). */
export const LINEAGE_ASPECTS: ReadonlySet<string> = new Set(['upstreamLineage', 'dataJobInputOutput', 'chartInfo', 'dashboardInfo']);

export function lineageIntentIndex(intent: PushIntent): LineageIntentIndex {
  const byDownstream = new Map<string, DownstreamIntent>();
  const entry = (downstream: string): DownstreamIntent => {
    let found = byDownstream.get(downstream);
    if (!found) {
      found = { downstream, adds: new Map(), removes: new Map(), ownedBy: new Set() };
      byDownstream.set(downstream, found);
    }
    return found;
  };
  for (const lineage of intent.lineage.values()) {
    const target = entry(lineage.downstream);
    for (const [upstream, sources] of lineage.add) addAll(target.adds, upstream, sources);
    for (const upstream of lineage.remove) addAll(target.removes, upstream, lineage.removedBy.get(upstream) ?? lineage.sources);
    for (const source of lineage.ownedBy) target.ownedBy.add(source);
    if (lineage.fineGrained) target.fineGrained = { entries: lineage.fineGrained, sources: new Set(lineage.ownedBy.size > 0 ? lineage.ownedBy : lineage.sources) };
  }
  // An MCP file's lineage aspect is written whole: its upstreams replace the stored ones.
  for (const aspect of intent.aspects) {
    const value = asRecord(aspect.value);
    if (!LINEAGE_ASPECTS.has(aspect.aspectName) || aspect.changeType !== 'UPSERT' || !value) continue;
    const target = entry(aspect.urn);
    for (const upstream of upstreamsInAspect(aspect.urn, value)) addAll(target.adds, upstream, aspect.sources);
    for (const source of aspect.sources) target.ownedBy.add(source);
    if (aspect.aspectName === 'upstreamLineage') target.fineGrained = { entries: asList(value.fineGrainedLineages).flatMap((e) => (asRecord(e) ? [asRecord(e) as JsonObject] : [])), sources: new Set(aspect.sources) };
  }
  const ownedColumns = columnEdges(byDownstream, entry);
  const addedDownstreams = new Map<string, Map<string, Set<string>>>();
  const removedDownstreams = new Map<string, Map<string, Set<string>>>();
  for (const target of byDownstream.values()) {
    for (const [upstream, sources] of target.adds) addAll(inner(addedDownstreams, upstream), target.downstream, sources);
    for (const [upstream, sources] of target.removes) addAll(inner(removedDownstreams, upstream), target.downstream, sources);
  }
  return { byDownstream, addedDownstreams, removedDownstreams, ownedColumns };
}

/**
 * The column-level edges the files own, as edges between schemaField URNs (every upstream field to
 * every downstream field of an entry, as DataHub's lineage search reads them); answers which
 * datasets' columns are owned, and by which files.
 */
function columnEdges(byDownstream: Map<string, DownstreamIntent>, entry: (downstream: string) => DownstreamIntent): Map<string, Set<string>> {
  const owned = new Map<string, Set<string>>();
  for (const dataset of [...byDownstream.values()]) {
    const columns = dataset.fineGrained;
    if (!columns) continue;
    owned.set(dataset.downstream, new Set(columns.sources));
    for (const column of columns.entries) {
      for (const down of asList(column.downstreams)) {
        if (typeof down !== 'string') continue;
        for (const up of asList(column.upstreams)) if (typeof up === 'string') addAll(entry(down).adds, up, columns.sources);
      }
    }
  }
  return owned;
}

/**
 * The files that remove the catalog's edge `upstream → downstream`; undefined when they keep it.
 * As the push plans it (core/plan/pushPlanLineage.ts): an explicit remove, or a file owning the
 * downstream's upstreams that does not list this one. A dataset's job upstreams are stored on the
 * job, so owning the dataset's upstreams never removes them.
 */
export function removedBy(index: LineageIntentIndex, downstream: string, upstream: string): ReadonlySet<string> | undefined {
  const intent = index.byDownstream.get(downstream);
  const explicit = intent?.removes.get(upstream);
  if (explicit) return explicit;
  if (entityTypeOfUrn(downstream) === 'schemaField') {
    // A column edge into a dataset whose columns the files own stays only if they list it.
    const owners = index.ownedColumns.get(datasetOfField(downstream) ?? '');
    return owners && !intent?.adds.has(upstream) ? owners : undefined;
  }
  if (!intent) return undefined;
  if (intent.ownedBy.size === 0 || intent.adds.has(upstream)) return undefined;
  if (entityTypeOfUrn(intent.downstream) === 'dataset' && entityTypeOfUrn(upstream) === 'dataJob') return undefined;
  return intent.ownedBy;
}

/** The dataset URN of a schemaField URN; undefined for any other URN. */
export function datasetOfField(fieldUrn: string): string | undefined {
  const parsed = parseUrn(fieldUrn);
  return parsed.ok ? schemaFieldKey(parsed.urn)?.datasetUrn : undefined;
}

function inner(outer: Map<string, Map<string, Set<string>>>, key: string): Map<string, Set<string>> {
  let found = outer.get(key);
  if (!found) {
    found = new Map();
    outer.set(key, found);
  }
  return found;
}

function addAll(into: Map<string, Set<string>>, key: string, sources: Iterable<string>): void {
  const set = into.get(key) ?? new Set<string>();
  for (const source of sources) set.add(source);
  into.set(key, set);
}

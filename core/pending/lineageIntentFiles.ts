import { addTo, removeFrom, valuesOf, type ValuesByKey } from './valuesByKey';
import type { DocumentModel } from '../model/facts';
import { asList, asRecord } from '../plan/pushJson';
import { fileWritesOf, knownFileWrites, type AspectIntent, type AspectWriter, type LineageIntent } from '../plan/pushIntent';
import type { JsonObject } from '../plan/pushPlanTypes';
import { upstreamsInAspect } from '../plan/pushLineageState';
import { LINEAGE_ASPECTS, type DownstreamIntent, type LineageIntentIndex } from './lineageIntent';

/** What one file says about lineage: the part of its push intent the pending state's lineage reads. */
export interface FileLineage {
  /** downstream → the file's edges into it (removal already winning within the file) */
  lineage: ReadonlyMap<string, LineageIntent>;
  /** the file's whole-aspect writes of a lineage aspect (not PATCH), by downstream */
  aspects: ReadonlyMap<string, readonly AspectIntent[]>;
}

/** The name under which a closed file's lineage, collected where its record is made, reaches the pending state (core/workspace/recordDerivations.ts registerCollection). */
export const LINEAGE_COLLECTION = 'lineage';

/** The one empty map of whole-aspect writes every file without them shares (all but MCP files): 50,000 maps at 100,002 files. */
const NO_ASPECTS: ReadonlyMap<string, readonly AspectIntent[]> = new Map();
const NO_LINEAGE: FileLineage = { lineage: new Map(), aspects: NO_ASPECTS };
/** The writer a file's lineage is collected with when no writes of it are known: its lineage never reads derived aspects. */
const NO_DERIVED_ASPECTS: AspectWriter = () => [];

/**
 * The files' lineage (lineageIntent.ts LineageIntentIndex) kept one file at a time: a changed file
 * is collected again on its own, and only the downstreams it wrote before or writes now are merged
 * again from the files that write them, with the column-level edges of the datasets whose
 * `fineGrainedLineages` changed. The answer equals lineageIntentIndex(collectPushIntent(models in
 * URI order)) (test/property/pending/lineageIntentFiles.test.ts), without reading the workspace again
 * after an edit: the first lineage request after one edit at 20,000 files went from 4.6 s to a few
 * milliseconds (docs/performance.md).
 */
export class LineageIntentFiles {
  private readonly files = new Map<string, FileLineage>();
  private readonly byModel = new WeakMap<DocumentModel, FileLineage>();
  /** downstream → the files that write it */
  private readonly writers: ValuesByKey = new Map();
  /** downstream → what the files write of it, before the column-level edges of other datasets are added */
  private readonly base = new Map<string, DownstreamIntent>();
  /** dataset → the downstream columns its column-level edges name; and the other way round */
  private readonly columnTargets = new Map<string, Set<string>>();
  private readonly columnSources: ValuesByKey = new Map();
  private readonly byDownstream = new Map<string, DownstreamIntent>();
  private readonly addedDownstreams = new Map<string, Map<string, Set<string>>>();
  private readonly removedDownstreams = new Map<string, Map<string, Set<string>>>();
  private readonly ownedColumns = new Map<string, ReadonlySet<string>>();
  readonly index: LineageIntentIndex = { byDownstream: this.byDownstream, addedDownstreams: this.addedDownstreams, removedDownstreams: this.removedDownstreams, ownedColumns: this.ownedColumns };

  /** uri → what a closed file says about lineage, collected while its model was held (core/workspace/recordedFile.ts) */
  private readonly prepared = new Map<string, FileLineage>();

  /** `writeAspects`: the aspects a push derives of a file (the pending state's writer) */
  constructor(private readonly writeAspects: AspectWriter) {}

  /**
   * Collects what a file says now, for the next update: a closed file keeps no facts, so what the
   * next lineage request reads of it is taken while the session stores it.
   */
  prepare(uri: string, model: DocumentModel): void {
    this.prepared.set(uri, this.fileLineage(model));
  }

  /**
   * What collectFileLineage collected of a file elsewhere (a worker thread reading the workspace
   * scan's files: core/pending/recordMakers.ts), adopted (adoptedLineage), for the next update; its
   * sets shared as compacted shares them (a copy from another thread shares nothing).
   */
  prepareCollected(uri: string, lineage: FileLineage): void {
    this.prepared.set(uri, lineage.lineage.size === 0 && lineage.aspects.size === 0 ? NO_LINEAGE : { lineage: compacted(new Map(lineage.lineage), uri), aspects: lineage.aspects.size === 0 ? NO_ASPECTS : lineage.aspects });
  }

  /** Forgets what prepare collected (the file is open, or gone): the next update reads its model. */
  unprepare(uri: string): void {
    this.prepared.delete(uri);
  }

  /** Reads the files `uris` again (`modelOf` answers undefined for a file gone); answers the index, updated. */
  update(uris: Iterable<string>, modelOf: (uri: string) => DocumentModel | undefined): LineageIntentIndex {
    const touched = new Set<string>();
    for (const uri of uris) {
      const prepared = this.prepared.get(uri);
      this.prepared.delete(uri);
      this.reread(uri, prepared ?? this.fileLineageOf(modelOf(uri)), touched);
    }
    const columns = new Set<string>();
    for (const downstream of touched) this.rebase(downstream, columns);
    for (const column of columns) touched.add(column);
    for (const downstream of touched) this.refinish(downstream);
    return this.index;
  }

  /** One file read again: the downstreams it wrote or writes are `touched`. */
  private reread(uri: string, after: FileLineage, touched: Set<string>): void {
    const before = this.files.get(uri) ?? NO_LINEAGE;
    if (before === after) return;
    for (const downstream of downstreamsOf(before)) {
      touched.add(downstream);
      removeFrom(this.writers, downstream, uri);
    }
    for (const downstream of downstreamsOf(after)) {
      touched.add(downstream);
      addTo(this.writers, downstream, uri);
    }
    if (after === NO_LINEAGE) this.files.delete(uri);
    else this.files.set(uri, after);
  }

  private fileLineageOf(model: DocumentModel | undefined): FileLineage {
    return model ? this.fileLineage(model) : NO_LINEAGE;
  }

  private fileLineage(model: DocumentModel): FileLineage {
    if (model.format === null) return NO_LINEAGE;
    let found = this.byModel.get(model);
    if (!found) {
      found = collectFileLineage(model, this.writeAspects);
      this.byModel.set(model, found);
    }
    return found;
  }

  /** What the files write of `downstream` merged again; the columns its column-level edges named or name go to `columns`. */
  private rebase(downstream: string, columns: Set<string>): void {
    const writers = valuesOf(this.writers, downstream).sort();
    const merged = writers.length > 0 ? mergeDownstream(downstream, writers.map((uri) => this.files.get(uri) ?? NO_LINEAGE)) : undefined;
    if (merged) this.base.set(downstream, merged);
    else this.base.delete(downstream);
    for (const column of this.columnTargets.get(downstream) ?? []) {
      columns.add(column);
      removeFrom(this.columnSources, column, downstream);
    }
    this.columnTargets.delete(downstream);
    const named = merged?.fineGrained ? columnsNamed(merged.fineGrained.entries) : undefined;
    if (named && named.size > 0) this.columnTargets.set(downstream, named);
    for (const column of named ?? []) {
      columns.add(column);
      addTo(this.columnSources, column, downstream);
    }
    // The merged intent's set, never changed once merged: shared rather than copied.
    if (merged?.fineGrained) this.ownedColumns.set(downstream, merged.fineGrained.sources);
    else this.ownedColumns.delete(downstream);
  }

  /** The downstream as the index answers it: what the files write, plus the column-level edges of datasets into it. */
  private refinish(downstream: string): void {
    const before = this.byDownstream.get(downstream);
    const base = this.base.get(downstream);
    let adds: Map<string, Set<string>> | undefined;
    for (const dataset of valuesOf(this.columnSources, downstream).sort()) {
      const columns = this.base.get(dataset)?.fineGrained;
      if (!columns) continue;
      for (const column of columns.entries) {
        if (!asList(column.downstreams).includes(downstream)) continue;
        for (const up of asList(column.upstreams)) if (typeof up === 'string') addAll((adds ??= copyAdds(base)), up, columns.sources);
      }
    }
    const after = adds ? { ...(base ?? emptyIntent(downstream)), adds } : base;
    if (before) this.unindex(before);
    if (after) {
      this.byDownstream.set(downstream, after);
      this.reindex(after);
    } else this.byDownstream.delete(downstream);
  }

  private unindex(intent: DownstreamIntent): void {
    for (const upstream of intent.adds.keys()) removeInner(this.addedDownstreams, upstream, intent.downstream);
    for (const upstream of intent.removes.keys()) removeInner(this.removedDownstreams, upstream, intent.downstream);
  }

  /** The intent's sets themselves, not copies: an edge is indexed by its downstream's refinish alone (after unindex), and nothing changes them. */
  private reindex(intent: DownstreamIntent): void {
    for (const [upstream, sources] of intent.adds) inner(this.addedDownstreams, upstream).set(intent.downstream, sources);
    for (const [upstream, sources] of intent.removes) inner(this.removedDownstreams, upstream).set(intent.downstream, sources);
  }
}

/**
 * One file's lineage, as collectPushIntent collects it for that file alone without deriving
 * aspects: its edges, and the lineage aspects an MCP file writes whole. Neither depends on the
 * aspect writer (only a format other than MCP JSON has aspects derived, and those are not read
 * here), so the writes collected with `writeAspects` for the entities the file creates
 * (core/pending/pendingEntities.ts) serve when they are known — a scan stores each file once —
 * and otherwise none are derived: an edit of a 50,000-line dataset YAML, whose entities are kept
 * part by part, does not derive the aspects of the whole file for its lineage.
 */
export function collectFileLineage(model: DocumentModel, writeAspects: AspectWriter): FileLineage {
  // Not kept with the model when collected here: the lineage index keeps what it takes of it.
  const writes = knownFileWrites(model, writeAspects) ?? fileWritesOf(model, NO_DERIVED_ASPECTS);
  const aspects = new Map<string, AspectIntent[]>();
  for (const aspect of model.format === 'mcpJson' ? writes.aspects : []) {
    if (!LINEAGE_ASPECTS.has(aspect.aspectName) || aspect.changeType === 'PATCH') continue;
    aspects.set(aspect.urn, [...(aspects.get(aspect.urn) ?? []), aspect]);
  }
  if (writes.lineage.size === 0 && aspects.size === 0) return NO_LINEAGE;
  return { lineage: compacted(writes.lineage, model.uri), aspects: aspects.size === 0 ? NO_ASPECTS : aspects };
}

/** One empty set and map every file's lineage shares (nothing writes into a file's lineage once collected: mergeDownstream only reads it). */
const NO_STRINGS: Set<string> = new Set();
const NO_SOURCES: Map<string, Set<string>> = new Map();

/**
 * A file's lineage in less memory: every set that names only the file itself is one set, and every
 * empty set or map the shared one. A lineage file of three downstreams held some twenty sets of one
 * URI; the whole workspace's lineage is kept as long as the session (100,000 files: ~90 MB).
 */
function compacted(lineage: ReadonlyMap<string, LineageIntent>, uri: string): Map<string, LineageIntent> {
  const self = new Set([uri]);
  const share = (set: Set<string>) => (set.size === 0 ? NO_STRINGS : set.size === 1 && set.has(uri) ? self : set);
  const shareAll = (bySource: Map<string, Set<string>>) => {
    if (bySource.size === 0) return NO_SOURCES;
    const out = new Map<string, Set<string>>();
    for (const [upstream, from] of bySource) out.set(upstream, share(from));
    return out;
  };
  // New intents: the file's writes they come from are shared with the entities it creates (collectFileWrites).
  const out = new Map<string, LineageIntent>();
  for (const [downstream, intent] of lineage) {
    out.set(downstream, { ...intent, add: shareAll(intent.add), remove: share(intent.remove), removedBy: shareAll(intent.removedBy), ownedBy: share(intent.ownedBy), sources: share(intent.sources) });
  }
  return out;
}

/** A file's lineage that came from another thread, its downstream and upstream URNs the strings `intern` shares (what the file's mentions hold). */
export function adoptedLineage(lineage: FileLineage, intern: (text: string) => string): FileLineage {
  return { lineage: interned(lineage.lineage, intern), aspects: lineage.aspects };
}

function interned(lineage: ReadonlyMap<string, LineageIntent>, intern: (text: string) => string): Map<string, LineageIntent> {
  const out = new Map<string, LineageIntent>();
  for (const [downstream, intent] of lineage) {
    intent.downstream = intern(intent.downstream);
    const add = new Map<string, Set<string>>();
    for (const [upstream, from] of intent.add) add.set(intern(upstream), from);
    intent.add = add;
    out.set(intern(downstream), intent);
  }
  return out;
}

function downstreamsOf(file: FileLineage): Set<string> {
  return new Set([...file.lineage.keys(), ...file.aspects.keys()]);
}

/**
 * What `files` (in URI order) write of one downstream, as collectPushIntent merges files and
 * lineageIntentIndex indexes them: edges and removals united (a removal wins over an add of any
 * file), column-level edges in file order, and of each lineage aspect the last file's write, named
 * with every file that wrote it. Undefined when they write nothing the index keeps.
 */
function mergeDownstream(downstream: string, files: readonly FileLineage[]): DownstreamIntent | undefined {
  const target = emptyIntent(downstream);
  const removedBy = new Map<string, Set<string>>();
  const sources = new Set<string>();
  let written = false;
  let fineGrained: JsonObject[] | undefined;
  for (const file of files) {
    const lineage = file.lineage.get(downstream);
    if (!lineage) continue;
    written = true;
    for (const [upstream, from] of lineage.add) addAll(target.adds, upstream, from);
    for (const upstream of lineage.remove) addAll(removedBy, upstream, lineage.removedBy.get(upstream) ?? lineage.sources);
    for (const source of lineage.ownedBy) target.ownedBy.add(source);
    for (const source of lineage.sources) sources.add(source);
    if (lineage.fineGrained) fineGrained = [...(fineGrained ?? []), ...lineage.fineGrained];
  }
  for (const [upstream, from] of removedBy) {
    target.adds.delete(upstream);
    addAll(target.removes, upstream, from);
  }
  if (fineGrained) target.fineGrained = { entries: fineGrained, sources: new Set(target.ownedBy.size > 0 ? target.ownedBy : sources) };
  for (const aspect of lastWrites(downstream, files)) {
    const value = asRecord(aspect.value);
    if (aspect.changeType !== 'UPSERT' || !value) continue;
    written = true;
    for (const upstream of upstreamsInAspect(aspect.urn, value)) addAll(target.adds, upstream, aspect.sources);
    for (const source of aspect.sources) target.ownedBy.add(source);
    if (aspect.aspectName === 'upstreamLineage') target.fineGrained = { entries: asList(value.fineGrainedLineages).flatMap((e) => (asRecord(e) ? [asRecord(e) as JsonObject] : [])), sources: new Set(aspect.sources) };
  }
  return written ? sharedSets(target) : undefined;
}

/**
 * A merged intent in less memory, never changed once merged (refinish copies what it adds to):
 * the sets of its upstreams that name the same files are one set, and an empty map or set the
 * shared one. A downstream one file writes held a set of that one file per upstream, and the
 * index of upstreams (reindex) a copy of each: at 10,002 files the first lineage page made
 * 52,000 sets and 35,000 maps (in process, after the scan).
 */
function sharedSets(intent: DownstreamIntent): DownstreamIntent {
  const byFiles = new Map<string, Set<string>>();
  const share = (set: Set<string>) => {
    if (set.size === 0) return NO_STRINGS;
    const key = [...set].join('\n');
    const known = byFiles.get(key);
    if (known) return known;
    byFiles.set(key, set);
    return set;
  };
  const adds = new Map<string, Set<string>>();
  for (const [upstream, files] of intent.adds) adds.set(upstream, share(files));
  const removes = intent.removes.size === 0 ? NO_SOURCES : intent.removes;
  return { ...intent, adds, removes, ownedBy: share(intent.ownedBy) };
}

/** Of each lineage aspect of the downstream, the last file's write, with every file that wrote it (core/plan/pushIntent.ts addAspect). */
function lastWrites(downstream: string, files: readonly FileLineage[]): AspectIntent[] {
  const last = new Map<string, AspectIntent>();
  for (const file of files) {
    for (const aspect of file.aspects.get(downstream) ?? []) {
      const previous = last.get(aspect.aspectName);
      last.set(aspect.aspectName, { ...aspect, sources: new Set([...(previous?.sources ?? []), ...aspect.sources]) });
    }
  }
  return [...last.values()];
}

function columnsNamed(entries: readonly JsonObject[]): Set<string> {
  const named = new Set<string>();
  for (const column of entries) {
    if (!asList(column.upstreams).some((up) => typeof up === 'string')) continue;
    for (const down of asList(column.downstreams)) if (typeof down === 'string') named.add(down);
  }
  return named;
}

function emptyIntent(downstream: string): DownstreamIntent {
  return { downstream, adds: new Map(), removes: new Map(), ownedBy: new Set() };
}

function copyAdds(base: DownstreamIntent | undefined): Map<string, Set<string>> {
  return new Map([...(base?.adds ?? [])].map(([upstream, sources]) => [upstream, new Set(sources)]));
}

function inner(outer: Map<string, Map<string, Set<string>>>, key: string): Map<string, Set<string>> {
  let found = outer.get(key);
  if (!found) outer.set(key, (found = new Map()));
  return found;
}

function removeInner(outer: Map<string, Map<string, Set<string>>>, key: string, innerKey: string): void {
  const found = outer.get(key);
  if (!found) return;
  found.delete(innerKey);
  if (found.size === 0) outer.delete(key);
}

function addAll(into: Map<string, Set<string>>, key: string, sources: Iterable<string>): void {
  const set = into.get(key) ?? new Set<string>();
  for (const source of sources) set.add(source);
  into.set(key, set);
}

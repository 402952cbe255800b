import { columnName } from '../lineage/labels';
import { existsInPendingState, type CreatedEntities } from './existence';
import { fileLabel } from '../output/fileLabel';
import { entityTypeOfUrn } from '../urn';
import type { LineageIntent } from './pushIntent';
import { asList, asRecord, canonicalJson } from './pushJson';
import { jobWritesDataset, lineageAspectOf, upstreamsInAspect } from './pushLineageState';
import type { ServiceState } from './pushState';
import type { JsonObject, PushChange, PushItem, UnchangedEntry } from './pushPlanTypes';

export interface PlanContext {
  /** epoch ms for audit stamps of new upstream records */
  now: number;
  actor: string;
  /** entities the same push creates (dataset upserts, MCP aspects): not missing even if the service lacks them now */
  createdHere?: CreatedEntities;
  /** entities files of the workspace outside this push create: a missing one names the file to push first */
  createdOutside?: CreatedEntities;
}

/**
 * Lineage items, one per downstream: `updateLineage` with the edges to add and to remove, or —
 * when the file owns the downstream's column-level edges and they differ from the service's — one
 * `upstreamLineage` aspect holding the dataset upstreams and the column-level edges together (the
 * two must stay consistent, spec §2.4).
 */
export function planLineage(lineages: Iterable<LineageIntent>, state: ServiceState, context: PlanContext): { items: PushItem[]; unchanged: UnchangedEntry[] } {
  const items: PushItem[] = [];
  const unchanged: UnchangedEntry[] = [];
  for (const lineage of [...lineages].sort((a, b) => a.downstream.localeCompare(b.downstream))) {
    const down = lineage.downstream;
    const place = lineageAspectOf(down);
    const aspect = place ? state.get(place.urn, place.aspectName) : undefined;
    const current = new Set(upstreamsInAspect(down, aspect));
    const isDataset = entityTypeOfUrn(down) === 'dataset';
    if (isDataset) {
      for (const upstream of [...lineage.add.keys(), ...lineage.remove]) {
        if (entityTypeOfUrn(upstream) === 'dataJob' && jobWritesDataset(state.get(upstream, 'dataJobInputOutput'), down)) current.add(upstream);
      }
    }
    const toAdd = [...lineage.add.keys()].filter((u) => !current.has(u)).sort();
    const toRemove = [...new Set([...(lineage.owned ? [...current].filter((u) => !lineage.add.has(u)) : []), ...[...lineage.remove].filter((u) => current.has(u))])].sort();
    for (const upstream of [...lineage.add.keys()].filter((u) => current.has(u)).sort()) unchanged.push({ entityUrn: down, text: `upstream ${upstream}` });
    for (const upstream of [...lineage.remove].filter((u) => !current.has(u)).sort()) unchanged.push({ entityUrn: down, text: `upstream ${upstream} (already absent)` });

    const sources = [...lineage.sources];
    const created = context.createdHere ?? NONE_CREATED;
    const missing = [down, ...toAdd].filter((urn) => existsInPendingState(urn, created, (u) => state.exists(u)) === false);
    const notes = [...new Set(missing)].map((urn) => missingNote(urn, context.createdOutside?.get(urn)));
    const edgeChanges = (adds: string[], removes: string[]): PushChange[] => [
      ...adds.map((u): PushChange => ({ action: 'add', text: `upstream ${u}` })),
      ...removes.map((u): PushChange => ({ action: 'remove', text: `upstream ${u}${lineage.owned && !lineage.remove.has(u) ? ' (no longer listed in the file)' : ''}` })),
    ];

    const columnsDiffer = isDataset && lineage.fineGrained !== undefined && !sameFineGrained(asList(aspect?.fineGrainedLineages), lineage.fineGrained);
    if (columnsDiffer && lineage.fineGrained) {
      const datasetAdds = toAdd.filter((u) => entityTypeOfUrn(u) !== 'dataJob');
      const datasetRemoves = toRemove.filter((u) => entityTypeOfUrn(u) !== 'dataJob');
      const kept = asList(aspect?.upstreams).filter((u) => !datasetRemoves.includes(String(asRecord(u)?.dataset)));
      const stamp = { time: context.now, actor: context.actor };
      const value: JsonObject = {
        upstreams: [...kept, ...datasetAdds.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: stamp, created: stamp }))],
        fineGrainedLineages: lineage.fineGrained,
      };
      items.push({
        id: `edges:upstreamLineage:${down}`,
        phase: 'edges',
        entityUrn: down,
        title: 'Lineage with column-level edges (upstreamLineage aspect)',
        changes: [...edgeChanges(datasetAdds, datasetRemoves), ...columnChanges(asList(aspect?.fineGrainedLineages), lineage.fineGrained)],
        notes,
        operation: { kind: 'ingestProposal', proposal: { entityType: 'dataset', entityUrn: down, changeType: 'UPSERT', aspectName: 'upstreamLineage', aspect: value } },
        sources,
      });
      const jobAdds = toAdd.filter((u) => entityTypeOfUrn(u) === 'dataJob');
      const jobRemoves = toRemove.filter((u) => entityTypeOfUrn(u) === 'dataJob');
      if (jobAdds.length + jobRemoves.length > 0) items.push(updateLineageItem(down, jobAdds, jobRemoves, edgeChanges(jobAdds, jobRemoves), sources, ':jobs', notes));
      continue;
    }
    if (isDataset && lineage.fineGrained !== undefined && lineage.fineGrained.length > 0) unchanged.push({ entityUrn: down, text: `${lineage.fineGrained.length} column-level edge(s)` });
    if (toAdd.length + toRemove.length > 0) items.push(updateLineageItem(down, toAdd, toRemove, edgeChanges(toAdd, toRemove), sources, '', notes));
  }
  return { items, unchanged };
}

const NONE_CREATED: CreatedEntities = new Map();

/** Why an edge end is missing, naming the file to push first when one of the workspace creates it (push order matters only then). */
function missingNote(urn: string, createdBy: ReadonlySet<string> | undefined): string {
  const files = [...(createdBy ?? [])].sort().map(fileLabel);
  if (files.length > 0) return `${urn} does not exist in the catalog yet; ${files.join(', ')} creates it but is not part of this push: this lineage update will fail. Push ${files.length === 1 ? 'that file' : 'those files'} first, or together with this one.`;
  return `${urn} does not exist in the catalog and no file of this push creates it: this lineage update will fail. Push the file that defines it first, or fix the URN.`;
}

function updateLineageItem(down: string, adds: string[], removes: string[], changes: PushChange[], sources: string[], suffix: string, notes: string[]): PushItem {
  return {
    id: `edges:updateLineage:${down}${suffix}`,
    phase: 'edges',
    entityUrn: down,
    title: 'Lineage (updateLineage)',
    changes,
    notes,
    operation: {
      kind: 'updateLineage',
      edgesToAdd: adds.map((upstreamUrn) => ({ downstreamUrn: down, upstreamUrn })),
      edgesToRemove: removes.map((upstreamUrn) => ({ downstreamUrn: down, upstreamUrn })),
    },
    sources,
  };
}

/** One column-level edge as comparable text, with DataHub's defaults filled in. */
export function fineGrainedKey(entry: unknown): string {
  const record = asRecord(entry) ?? {};
  return canonicalJson({
    upstreamType: record.upstreamType ?? 'FIELD_SET',
    upstreams: asList(record.upstreams),
    downstreamType: record.downstreamType ?? 'FIELD',
    downstreams: asList(record.downstreams),
    transformOperation: record.transformOperation ?? null,
    confidenceScore: typeof record.confidenceScore === 'number' ? record.confidenceScore : 1,
  });
}

function sameFineGrained(current: unknown[], desired: unknown[]): boolean {
  const a = current.map(fineGrainedKey).sort();
  const b = desired.map(fineGrainedKey).sort();
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

function describeColumns(entry: unknown): string {
  const record = asRecord(entry) ?? {};
  return `column ${asList(record.upstreams).map((u) => columnName(String(u))).join(', ')} → ${asList(record.downstreams).map((d) => columnName(String(d))).join(', ')}`;
}

function columnChanges(current: unknown[], desired: unknown[]): PushChange[] {
  const currentKeys = new Set(current.map(fineGrainedKey));
  const desiredKeys = new Set(desired.map(fineGrainedKey));
  return [
    ...desired.filter((e) => !currentKeys.has(fineGrainedKey(e))).map((e): PushChange => ({ action: 'add', text: describeColumns(e) })),
    ...current.filter((e) => !desiredKeys.has(fineGrainedKey(e))).map((e): PushChange => ({ action: 'remove', text: describeColumns(e) })),
  ];
}

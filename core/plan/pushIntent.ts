import type { JsonObject } from '../api/pushClient';
import { factsOfKind, type DocumentModel, type FineGrainedEdgeFact, type PropertyAssignmentFact, type PropertyScalar } from '../model/facts';
import { entityTypeOfUrn } from '../urn';
import { fileLabel } from '../output/fileLabel';
import { asRecord } from './pushJson';
import { KeptWith } from '../common/keptWith';
import { writtenFineGrainedEdges } from '../rules/lineageFacts';

/**
 * What a set of files asks the service to hold, merged across files, before looking at the
 * service. pushPlan.ts compares it with what the service has.
 */

export interface LineageIntent {
  downstream: string;
  /** upstream → files that list it */
  add: Map<string, Set<string>>;
  remove: Set<string>;
  /** upstream → files that remove it explicitly (the pending state names them, core/pending) */
  removedBy: Map<string, Set<string>>;
  /** the file lists every upstream of this downstream (a lineage-file entity): others are removed */
  owned: boolean;
  /** the files that own the downstream's upstreams (lineage-file entities), so the ones they no longer list are removed by them */
  ownedBy: Set<string>;
  /** column-level edges the file owns (owned downstreams only); undefined = the file says nothing about columns */
  fineGrained?: JsonObject[];
  sources: Set<string>;
}

export interface AssignmentIntent {
  entityUrn: string;
  /** the file owns every property of the entity (dataset YAML, a whole structuredProperties aspect): POST */
  replace: boolean;
  values: Map<string, PropertyScalar[]>;
  removes: Set<string>;
  sources: Set<string>;
}

export interface AspectIntent {
  entityType: string;
  urn: string;
  aspectName: string;
  /** the aspect, or for changeType PATCH the JSON-Patch array */
  value: unknown;
  changeType: string;
  /** OpenAPI v2 POST of the aspect, or a metadata change through the ingestion endpoint (MCP files) */
  via: 'openapi' | 'ingest';
  /** definitions first, lineage aspects with the edges (after the entities they point at), the rest with the entities */
  phase: 'definitions' | 'entities' | 'edges';
  sources: Set<string>;
}

export interface PushIntent {
  aspects: AspectIntent[];
  assignments: Map<string, AssignmentIntent>;
  lineage: Map<string, LineageIntent>;
  statuses: Map<string, { removed: boolean; sources: Set<string> }>;
  warnings: string[];
}

/** An aspect the file produces in a form the service stores (dataset upsert, property definition). */
export interface DerivedAspectWrite {
  entityType?: string;
  urn: string;
  aspectName: string;
  value: JsonObject;
}

/** Turns a model into the aspects `datahub dataset upsert` / `datahub properties upsert` would write. */
export type AspectWriter = (model: DocumentModel) => DerivedAspectWrite[];

/** Aspects pushed through their own items (values, edges, status), never as whole derived aspects. */
const HANDLED_SEPARATELY = new Set(['structuredProperties', 'upstreamLineage', 'status']);

export function collectPushIntent(models: readonly DocumentModel[], writeAspects: AspectWriter): PushIntent {
  const intent = emptyIntent();
  for (const model of models) collectModel(model, intent, writeAspects, true);
  return removalsWin(intent);
}

/** What one file's push writes as whole aspects and as edges: its push intent without property values or statuses. */
export type FileWrites = Pick<PushIntent, 'aspects' | 'lineage'>;

/** model → writer → what the file writes (FileWrites): the pending state's created entities and lineage each read it, once per stored model. */
const writesByModel = new KeptWith<DocumentModel, Map<AspectWriter, FileWrites>>('fileWrites');

/**
 * What one file's push writes (collectPushIntent of that file alone, without its assignments and
 * statuses), collected once per model and writer: the pending state reads the entities a file
 * creates and the lineage it writes from the same intent while a workspace scan stores the file
 * (collected twice, the two were a fifth of the scan's allocations). Read only: it is shared.
 */
export function collectFileWrites(model: DocumentModel, writeAspects: AspectWriter): FileWrites {
  const known = knownFileWrites(model, writeAspects);
  if (known) return known;
  const writes = fileWritesOf(model, writeAspects);
  let byWriter = writesByModel.get(model);
  if (!byWriter) writesByModel.set(model, (byWriter = new Map()));
  byWriter.set(writeAspects, writes);
  return writes;
}

/** What one file's push writes, collected afresh and not kept (collectFileWrites keeps it with the model). */
export function fileWritesOf(model: DocumentModel, writeAspects: AspectWriter): FileWrites {
  const intent = emptyIntent();
  collectModel(model, intent, writeAspects, false);
  return removalsWin(intent);
}

/** What collectFileWrites collected of `model` with `writeAspects` already; undefined when it has not. */
export function knownFileWrites(model: DocumentModel, writeAspects: AspectWriter): FileWrites | undefined {
  return writesByModel.get(model)?.get(writeAspects);
}

function emptyIntent(): PushIntent {
  return { aspects: [], assignments: new Map(), lineage: new Map(), statuses: new Map(), warnings: [] };
}

/** Adds what one file asks to `intent`; `values`: also its property values and statuses. */
function collectModel(model: DocumentModel, intent: PushIntent, writeAspects: AspectWriter, values: boolean): void {
  if (model.format === null) return;
  notPushed(model, intent);
  if (model.format === 'mcpJson') collectMcp(model, intent);
  else collectFileFormat(model, intent, writeAspects);
  if (!values) return;
  collectAssignments(model, intent);
  for (const status of factsOfKind(model, 'statusChange')) {
    intent.statuses.set(status.entity.value, { removed: status.removed.value, sources: new Set([model.uri]) });
  }
}

/** An edge both added and removed by the files is removed, as in updateLineage (said in the warnings). */
function removalsWin(intent: PushIntent): PushIntent {
  for (const lineage of intent.lineage.values()) {
    for (const upstream of lineage.remove) {
      if (lineage.add.has(upstream)) {
        intent.warnings.push(`The edge ${upstream} → ${lineage.downstream} is both added and removed by the files; it will be removed (removal wins, as in updateLineage).`);
        lineage.add.delete(upstream);
      }
    }
  }
  return intent;
}

/**
 * What a file writes that the push does not send, said in the plan rather than dropped: forms
 * (`datahub forms upsert` creates form entities and assigns them) have no endpoint in the spec's
 * service (spec §4.3) and are not aspects a file writes, so forms YAML is not pushed
 * (docs/formats.md). The properties YAML's `settings:` is pushed as a structuredPropertySettings
 * aspect (core/plan/aspects.ts), through the ingestion route MCP files' aspects take.
 */
function notPushed(model: DocumentModel, intent: PushIntent): void {
  if (model.format === 'formsYaml') {
    intent.warnings.push(`${fileLabel(model.uri)}: forms are not pushed: the catalog service has no forms endpoint, and Catalog Code does not write the form entities and assignments \`datahub forms upsert\` makes. Its prompts are still checked against the property definitions; load the file with \`datahub forms upsert\` to create the forms in DataHub.`);
  }
}

function collectFileFormat(model: DocumentModel, intent: PushIntent, writeAspects: AspectWriter): void {
  if (model.format === 'propertyDefinitions' || model.format === 'datasetYaml') {
    for (const write of writeAspects(model)) {
      if (HANDLED_SEPARATELY.has(write.aspectName)) continue;
      const entityType = write.entityType ?? entityTypeOfUrn(write.urn) ?? 'dataset';
      const phase = write.aspectName === 'propertyDefinition' ? 'definitions' : 'entities';
      addAspect(intent, { entityType, urn: write.urn, aspectName: write.aspectName, value: write.value, changeType: 'UPSERT', via: phase === 'definitions' ? 'openapi' : 'ingest', phase, sources: new Set([model.uri]) });
    }
  }
  if (model.format === 'lineageFile') {
    for (const entity of factsOfKind(model, 'entityDeclaration')) {
      if (entity.origin !== 'lineageFile' || entity.depth !== 0) continue;
      const lineage = lineageOf(intent, entity.urn.value, model.uri);
      lineage.owned = true;
      lineage.ownedBy.add(model.uri);
    }
  }
  for (const edge of factsOfKind(model, 'lineageEdge')) {
    // DataHub's lineage source reads only the top-level entries; deeper ones are not pushed.
    if (edge.origin === 'lineageFile' && (edge.depth ?? 0) > 0) continue;
    const lineage = lineageOf(intent, edge.downstream.value, model.uri);
    if (edge.change === 'remove') {
      lineage.remove.add(edge.upstream.value);
      addUpstream(lineage.removedBy, edge.upstream.value, model.uri);
    } else addUpstream(lineage.add, edge.upstream.value, model.uri);
  }
  if (model.format === 'lineageFile') {
    // Top-level entries only, and none of an entry without upstreams: DataHub's source writes nothing for it (lineage.noUpstream).
    for (const fact of writtenFineGrainedEdges(model)) {
      const lineage = lineageOf(intent, fact.owner.value, model.uri);
      lineage.fineGrained = [...(lineage.fineGrained ?? []), fineGrainedAspectEntry(fact)];
    }
    for (const lineage of intent.lineage.values()) if (lineage.owned && lineage.sources.has(model.uri)) lineage.fineGrained ??= [];
  }
}

/** An MCP file's aspects are sent as written; structured properties and status get their own diffing items. */
function collectMcp(model: DocumentModel, intent: PushIntent): void {
  for (const fact of factsOfKind(model, 'aspect')) {
    const aspectName = fact.aspectName?.value;
    if (!aspectName || fact.value === undefined) continue;
    if (aspectName === 'structuredProperties' || aspectName === 'status') continue;
    const urn = fact.entityUrn.value;
    const entityType = fact.entityType?.value ?? entityTypeOfUrn(urn) ?? '';
    const changeType = (fact.changeType?.value ?? 'UPSERT').toUpperCase();
    addAspect(intent, { entityType, urn, aspectName, value: fact.value, changeType, via: 'ingest', phase: mcpPhase(aspectName), sources: new Set([model.uri]) });
  }
}

/** As core/plan/aspects.ts orders MCP aspects: an aspect that holds edges goes after the entities it names. */
function mcpPhase(aspectName: string): AspectIntent['phase'] {
  if (aspectName === 'propertyDefinition' || aspectName === 'structuredPropertySettings') return 'definitions';
  if (aspectName === 'upstreamLineage' || aspectName === 'dataJobInputOutput' || aspectName === 'chartInfo' || aspectName === 'dashboardInfo') return 'edges';
  return 'entities';
}

function collectAssignments(model: DocumentModel, intent: PushIntent): void {
  for (const fact of factsOfKind(model, 'propertyAssignment')) addAssignment(intent.assignments, fact, model.uri);
}

/** Adds what one assignment in a file says to the entity's assignment intent (the push's, or one file's for the editor's marks). */
export function addAssignment(assignments: Map<string, AssignmentIntent>, fact: PropertyAssignmentFact, source: string): void {
  const entityUrn = fact.entity.value;
  let assignment = assignments.get(entityUrn);
  if (!assignment) {
    assignment = { entityUrn, replace: false, values: new Map(), removes: new Set(), sources: new Set() };
    assignments.set(entityUrn, assignment);
  }
  assignment.sources.add(source);
  if (fact.mode === 'replace') assignment.replace = true;
  if (fact.mode === 'remove') assignment.removes.add(fact.propertyUrn);
  else assignment.values.set(fact.propertyUrn, fact.values.map((v) => v.value));
}

function addAspect(intent: PushIntent, aspect: AspectIntent): void {
  const existing = intent.aspects.findIndex((a) => a.urn === aspect.urn && a.aspectName === aspect.aspectName && a.changeType !== 'PATCH' && aspect.changeType !== 'PATCH');
  if (existing >= 0) {
    const previous = intent.aspects[existing];
    intent.warnings.push(`${aspect.aspectName} of ${aspect.urn} is written by more than one file (${[...previous.sources, ...aspect.sources].join(', ')}); the last one wins.`);
    aspect.sources = new Set([...previous.sources, ...aspect.sources]);
    intent.aspects[existing] = aspect;
    return;
  }
  intent.aspects.push(aspect);
}

function lineageOf(intent: PushIntent, downstream: string, source: string): LineageIntent {
  let lineage = intent.lineage.get(downstream);
  if (!lineage) {
    lineage = { downstream, add: new Map(), remove: new Set(), removedBy: new Map(), owned: false, ownedBy: new Set(), sources: new Set() };
    intent.lineage.set(downstream, lineage);
  }
  lineage.sources.add(source);
  return lineage;
}

function addUpstream(bySource: Map<string, Set<string>>, upstream: string, source: string): void {
  const sources = bySource.get(upstream) ?? new Set<string>();
  sources.add(source);
  bySource.set(upstream, sources);
}

/** FineGrainedLineage.pdl with DataHub's defaults for the types the file leaves out. */
export function fineGrainedAspectEntry(fact: FineGrainedEdgeFact): JsonObject {
  const entry: JsonObject = {
    upstreamType: fact.upstreamType?.value ?? 'FIELD_SET',
    upstreams: fact.upstreams.map((u) => u.value),
    downstreamType: fact.downstreamType?.value ?? (fact.downstreams.length > 1 ? 'FIELD_SET' : 'FIELD'),
    downstreams: fact.downstreams.map((d) => d.value),
  };
  if (fact.confidenceScore) entry.confidenceScore = fact.confidenceScore.value;
  if (fact.transformOperation) entry.transformOperation = fact.transformOperation.value;
  return entry;
}

/** The aspect value of an intent as an object (undefined for PATCH arrays). */
export function aspectObject(aspect: AspectIntent): JsonObject | undefined {
  return asRecord(aspect.value);
}

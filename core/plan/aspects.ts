import type {
  AspectFact,
  DocumentModel,
  EntityDeclarationFact,
  FineGrainedEdgeFact,
  LineageEdgeFact,
  PropertyAssignmentFact,
  PropertyDefinitionFact,
  PropertyScalar,
  PropertySettingsFact,
} from '../model/facts';
import { YAML_SETTING_FLAGS } from '../formats/propertySettings';
import { isLineageAspect } from '../model/lineageAspects';
import { entityTypeOfUrn, makeDataPlatformUrn, makeDataTypeUrn, makeEntityTypeUrn, makeStructuredPropertyUrn, type TypeNamespace } from '../urn';
import { jsonPointerToken } from '../formats/jsonPointer';

/**
 * Turns the facts of one document into the aspect writes that put them into a catalog, with
 * DataHub's aspect names and field names. Used to seed the local catalog and by push. Nothing
 * here validates: the receiving service does, and says what is wrong.
 */

type Json = Record<string, unknown>;

export interface PlannedAspectWrite {
  urn: string;
  aspectName: string;
  value: Json;
  /** which group of writes it belongs to; writes are applied group by group (see PLANNED_PHASES) */
  phase: PlannedPhase;
}

/** A JSON Patch on an aspect (dataset YAML `downstreams`, MCP PATCH proposals). */
export interface PlannedAspectPatch {
  urn: string;
  aspectName: string;
  patch: { patch: Json[]; arrayPrimaryKeys?: Record<string, string[]> } | Json[];
  phase: PlannedPhase;
}

export interface PlannedLineageEdge {
  downstreamUrn: string;
  upstreamUrn: string;
}

/** definitions → entities → values → edges: what a later write needs is written first. */
export type PlannedPhase = 'definitions' | 'entities' | 'values' | 'edges';
export const PLANNED_PHASES: readonly PlannedPhase[] = ['definitions', 'entities', 'values', 'edges'];

export interface AspectPlan {
  writes: PlannedAspectWrite[];
  patches: PlannedAspectPatch[];
  /** updateLineage documents: applied last, through updateLineage, so both ends must exist */
  lineageEdges: { add: PlannedLineageEdge[]; remove: PlannedLineageEdge[] };
  /** facts that could not become a write, in words */
  problems: string[];
}

export interface AspectPlanOptions {
  /** namespace of dataType / entityType URNs built from short names: the local catalog uses `service` */
  namespace?: TypeNamespace;
  /** epoch ms for audit stamps */
  now?: number;
}

const UNKNOWN_ACTOR = 'urn:li:corpuser:unknown';

export function aspectWritesFromModel(model: DocumentModel, options: AspectPlanOptions = {}): AspectPlan {
  const namespace = options.namespace ?? 'service';
  const stamp = { time: options.now ?? 0, actor: UNKNOWN_ACTOR };
  const plan: AspectPlan = { writes: [], patches: [], lineageEdges: { add: [], remove: [] }, problems: [] };
  const fromMcp = model.format === 'mcpJson';
  const lineageFile = new Map<string, { upstreams: Map<string, Json>; fineGrained: Json[] }>();
  const assignments = new Map<string, PropertyAssignmentFact[]>();

  for (const fact of model.facts) {
    switch (fact.kind) {
      case 'propertyDefinition':
        if (fromMcp) break; // the propertyDefinition aspect itself is written below
        plan.writes.push({ urn: fact.urn.value, aspectName: 'propertyDefinition', value: definitionAspect(fact, namespace), phase: 'definitions' });
        break;
      case 'entityDeclaration':
        plan.writes.push(...declarationWrites(fact));
        break;
      case 'propertyAssignment':
        if (fromMcp) break; // MCP aspects are written whole, below
        assignments.set(fact.entity.value, [...(assignments.get(fact.entity.value) ?? []), fact]);
        break;
      case 'lineageEdge':
        planEdge(fact, plan, lineageFile, stamp);
        break;
      case 'fineGrainedEdge':
        if (!fromMcp) entryOf(lineageFile, fact.owner.value).fineGrained.push(fineGrainedAspect(fact));
        break;
      case 'propertySettings':
        // The YAML's `settings:`, as `datahub properties upsert` writes it (PR #13732); MCP aspects are written whole, below.
        if (!fromMcp) plan.writes.push({ urn: fact.property.value, aspectName: 'structuredPropertySettings', value: settingsAspect(fact), phase: 'entities' });
        break;
      case 'statusChange':
        if (!fromMcp) plan.writes.push({ urn: fact.entity.value, aspectName: 'status', value: { removed: fact.removed.value }, phase: statusPhase(fact.entity.value) });
        break;
      case 'aspect':
        planMcpAspect(fact, plan);
        break;
      default:
        break;
    }
  }
  for (const [entity, facts] of assignments) planAssignments(entity, facts, plan);
  for (const [downstream, entry] of lineageFile) {
    const value: Json = { upstreams: [...entry.upstreams.values()] };
    if (entry.fineGrained.length > 0) value.fineGrainedLineages = entry.fineGrained;
    plan.writes.push({ urn: downstream, aspectName: 'upstreamLineage', value, phase: 'edges' });
  }
  return plan;
}

function scalarValue(value: PropertyScalar): Json | undefined {
  if (typeof value === 'number') return { double: value };
  if (typeof value === 'string') return { string: value };
  if (typeof value === 'boolean') return { string: String(value) };
  return undefined;
}

function definitionAspect(fact: PropertyDefinitionFact, namespace: TypeNamespace): Json {
  const id = fact.urn.value.startsWith('urn:li:structuredProperty:') ? fact.urn.value.slice('urn:li:structuredProperty:'.length) : fact.urn.value;
  const value: Json = { qualifiedName: fact.qualifiedName?.value ?? id };
  if (fact.displayName) value.displayName = fact.displayName.value;
  // The DataHub CLI lowercases the type name (with a warning); do the same for short names.
  if (fact.valueType) value.valueType = makeDataTypeUrn(fact.valueType.value.startsWith('urn:') ? fact.valueType.value : fact.valueType.value.toLowerCase(), namespace);
  if (fact.allowedValues) {
    value.allowedValues = fact.allowedValues.map((allowed) => {
      const entry: Json = { value: scalarValue(allowed.value.value) ?? { string: String(allowed.value.value) } };
      if (allowed.description) entry.description = allowed.description.value;
      return entry;
    });
  }
  if (fact.cardinality) value.cardinality = fact.cardinality.value;
  value.entityTypes = (fact.entityTypes ?? []).map((type) => makeEntityTypeUrn(type.value, namespace));
  if (fact.description) value.description = fact.description.value;
  if (fact.typeQualifierAllowedTypes) value.typeQualifier = { allowedTypes: fact.typeQualifierAllowedTypes.map((type) => makeEntityTypeUrn(type.value, namespace)) };
  if (fact.allowedPlatforms && fact.allowedPlatforms.length > 0) value.allowedPlatforms = fact.allowedPlatforms.map((p) => makeDataPlatformUrn(p.value));
  if (fact.immutable) value.immutable = fact.immutable.value;
  if (fact.version) value.version = String(fact.version.value);
  return value;
}

/**
 * The structuredPropertySettings aspect the properties YAML's `settings:` stands for: every flag the
 * CLI model knows, false unless written true (its StructuredPropertySettings model defaults each to
 * false and writes them all, so an UPSERT clears a flag the file leaves out).
 */
function settingsAspect(fact: PropertySettingsFact): Json {
  const value: Json = {};
  for (const flag of YAML_SETTING_FLAGS) value[flag] = fact.flags[flag]?.value === true;
  return value;
}

function declarationWrites(fact: EntityDeclarationFact): PlannedAspectWrite[] {
  if (fact.origin === 'schemaField') return [];
  const urn = fact.urn.value;
  const writes: PlannedAspectWrite[] = [{ urn, aspectName: 'status', value: { removed: false }, phase: 'entities' }];
  if (fact.origin === 'datasetYaml') {
    const properties: Json = {};
    const name = fact.fields.name?.value ?? fact.fields.id?.value;
    if (typeof name === 'string') properties.name = name;
    if (typeof fact.fields.description?.value === 'string') properties.description = fact.fields.description.value;
    if (Object.keys(properties).length > 0) writes.push({ urn, aspectName: 'datasetProperties', value: { customProperties: {}, ...properties }, phase: 'entities' });
  }
  return writes;
}

function entryOf(map: Map<string, { upstreams: Map<string, Json>; fineGrained: Json[] }>, urn: string) {
  let entry = map.get(urn);
  if (!entry) {
    entry = { upstreams: new Map(), fineGrained: [] };
    map.set(urn, entry);
  }
  return entry;
}

function planEdge(
  fact: LineageEdgeFact,
  plan: AspectPlan,
  lineageFile: Map<string, { upstreams: Map<string, Json>; fineGrained: Json[] }>,
  stamp: { time: number; actor: string },
): void {
  const edge = { downstreamUrn: fact.downstream.value, upstreamUrn: fact.upstream.value };
  switch (fact.origin) {
    case 'updateLineage':
      (fact.change === 'add' ? plan.lineageEdges.add : plan.lineageEdges.remove).push(edge);
      break;
    case 'lineageFile':
      entryOf(lineageFile, edge.downstreamUrn).upstreams.set(edge.upstreamUrn, {
        dataset: edge.upstreamUrn,
        type: fact.lineageType?.value ?? 'TRANSFORMED',
        auditStamp: stamp,
      });
      break;
    case 'datasetDownstreams':
      // As the DataHub CLI does: a PATCH adding this dataset to each downstream's upstreams, type COPY.
      plan.patches.push({
        urn: edge.downstreamUrn,
        aspectName: 'upstreamLineage',
        patch: {
          patch: [{ op: 'add', path: `/upstreams/${jsonPointerToken(edge.upstreamUrn)}`, value: { dataset: edge.upstreamUrn, type: 'COPY', auditStamp: stamp } }],
          arrayPrimaryKeys: { upstreams: ['dataset'] },
        },
        phase: 'edges',
      });
      break;
    default:
      // Edges read from MCP aspects travel inside those aspects.
      break;
  }
}

function fineGrainedAspect(fact: FineGrainedEdgeFact): Json {
  const value: Json = {
    upstreamType: fact.upstreamType?.value ?? 'FIELD_SET',
    upstreams: fact.upstreams.map((u) => u.value),
    downstreamType: fact.downstreamType?.value ?? 'FIELD',
    downstreams: fact.downstreams.map((d) => d.value),
    confidenceScore: fact.confidenceScore?.value ?? 1.0,
  };
  if (fact.transformOperation) value.transformOperation = fact.transformOperation.value;
  return value;
}

function planAssignments(entity: string, facts: PropertyAssignmentFact[], plan: AspectPlan): void {
  const replace = facts.filter((f) => f.mode === 'replace');
  if (replace.length > 0) {
    const properties = new Map<string, Json>();
    for (const fact of replace) {
      const values = fact.values.map((v) => scalarValue(v.value)).filter((v): v is Json => v !== undefined);
      const propertyUrn = fact.propertyUrn || makeStructuredPropertyUrn(fact.property.value);
      properties.set(propertyUrn, { propertyUrn, values });
    }
    plan.writes.push({ urn: entity, aspectName: 'structuredProperties', value: { properties: [...properties.values()] }, phase: 'values' });
  }
  const ops: Json[] = [];
  for (const fact of facts.filter((f) => f.mode !== 'replace')) {
    const path = `/properties/${jsonPointerToken(fact.propertyUrn)}`;
    if (fact.mode === 'remove') ops.push({ op: 'remove', path });
    else ops.push({ op: 'add', path, value: { propertyUrn: fact.propertyUrn, values: fact.values.map((v) => scalarValue(v.value)).filter((v) => v !== undefined) } });
  }
  if (ops.length > 0) {
    plan.patches.push({ urn: entity, aspectName: 'structuredProperties', patch: { patch: ops, arrayPrimaryKeys: { properties: ['propertyUrn'] } }, phase: 'values' });
  }
}

/** A soft delete of a property goes after the values; every other status write makes an entity exist. */
function statusPhase(urn: string): PlannedPhase {
  return entityTypeOfUrn(urn) === 'structuredProperty' ? 'edges' : 'entities';
}

function mcpPhase(aspectName: string, urn: string): PlannedPhase {
  if (aspectName === 'propertyDefinition' || aspectName === 'structuredPropertySettings') return 'definitions';
  if (aspectName === 'structuredProperties') return 'values';
  if (aspectName === 'status') return statusPhase(urn);
  if (isLineageAspect(aspectName)) return 'edges';
  return 'entities';
}

function planMcpAspect(fact: AspectFact, plan: AspectPlan): void {
  const urn = fact.entityUrn.value;
  const aspectName = fact.aspectName?.value;
  const changeType = fact.changeType?.value ?? 'UPSERT';
  if (!aspectName) {
    plan.problems.push(`The proposal for ${urn} has no aspectName; it was skipped.`);
    return;
  }
  if (fact.value === undefined) {
    plan.problems.push(`The ${aspectName} aspect of ${urn} could not be read; it was skipped.`);
    return;
  }
  const phase = mcpPhase(aspectName, urn);
  if (changeType === 'PATCH') {
    if (Array.isArray(fact.value) || (typeof fact.value === 'object' && fact.value !== null)) {
      plan.patches.push({ urn, aspectName, patch: fact.value as PlannedAspectPatch['patch'], phase });
    } else plan.problems.push(`The PATCH of ${aspectName} on ${urn} is not a JSON Patch list; it was skipped.`);
    return;
  }
  if (changeType === 'DELETE') {
    plan.problems.push(`The DELETE of ${aspectName} on ${urn} was skipped: seeding and push only write.`);
    return;
  }
  if (typeof fact.value !== 'object' || fact.value === null || Array.isArray(fact.value)) {
    plan.problems.push(`The ${aspectName} aspect of ${urn} is not a JSON object; it was skipped.`);
    return;
  }
  plan.writes.push({ urn, aspectName, value: fact.value as Json, phase });
}

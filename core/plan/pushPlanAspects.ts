import { dataTypeName, entityTypeName } from '../urn';
import { LINEAGE_ASPECTS } from '../model/lineageAspects';
import type { AspectIntent, PushIntent } from './pushIntent';
import { asList, asRecord, canonicalJson, containsJson } from './pushJson';
import { upstreamsInAspect } from './pushLineageState';
import type { ServiceState } from './pushState';
import type { JsonObject, PushChange, PushItem, UnchangedEntry } from './pushPlanTypes';



/**
 * Whole aspects: property definitions (create / change, with breaking-change notes), the aspects a
 * dataset upsert writes, and the aspects of MCP files. An aspect the service already holds as
 * written is unchanged; a PATCH proposal cannot be compared beforehand and is always sent.
 */
export function planAspects(intent: PushIntent, state: ServiceState): { items: PushItem[]; unchanged: UnchangedEntry[] } {
  const items: PushItem[] = [];
  const unchanged: UnchangedEntry[] = [];
  for (const aspect of intent.aspects) {
    const current = state.get(aspect.urn, aspect.aspectName);
    const changeType = aspect.changeType;
    const isDefinition = aspect.aspectName === 'propertyDefinition';
    const desired = asRecord(aspect.value);
    const notes: string[] = [];
    let changes: PushChange[];
    if (changeType === 'PATCH') {
      changes = [{ action: 'change', text: `${aspect.aspectName}: apply ${asList(aspect.value).length} patch operation(s) (a patch cannot be compared with the service beforehand)` }];
    } else if (changeType === 'DELETE') {
      if (!current) {
        unchanged.push({ entityUrn: aspect.urn, text: `${aspect.aspectName} (already absent)` });
        continue;
      }
      changes = [{ action: 'remove', text: `aspect ${aspect.aspectName}` }];
    } else {
      if (current && desired && containsJson(normaliseTypes(current), normaliseTypes(desired))) {
        unchanged.push({ entityUrn: aspect.urn, text: isDefinition ? 'property definition' : `aspect ${aspect.aspectName}` });
        continue;
      }
      changes = describeAspectChange(aspect, current, desired);
      if (isDefinition && current && desired) notes.push(...breakingChanges(current, desired));
    }
    if (isDefinition && state.get(aspect.urn, 'status')?.removed === true && intent.statuses.get(aspect.urn)?.removed !== false) {
      notes.push(`${aspect.urn} is soft-deleted: the service denies changes to its definition. Restore it first ("Restore Property").`);
    }
    items.push({
      id: `${aspect.phase}:${aspect.aspectName}:${aspect.urn}${changeType === 'UPSERT' ? '' : `:${changeType}`}`,
      phase: aspect.phase,
      entityUrn: aspect.urn,
      title: isDefinition ? `Property definition (${current ? 'change' : 'create'})` : `Aspect ${aspect.aspectName} (${changeType === 'UPSERT' ? (current ? 'update' : 'create') : changeType.toLowerCase()})`,
      changes,
      notes,
      operation:
        aspect.via === 'openapi' && desired
          ? { kind: 'postAspect', entityType: aspect.entityType, urn: aspect.urn, aspectName: aspect.aspectName, value: desired }
          : { kind: 'ingestProposal', proposal: { entityType: aspect.entityType, entityUrn: aspect.urn, changeType, aspectName: aspect.aspectName, aspect: aspect.value } },
      sources: [...aspect.sources],
    });
  }
  return { items, unchanged };
}

function describeAspectChange(aspect: AspectIntent, current: JsonObject | undefined, desired: JsonObject | undefined): PushChange[] {
  if (LINEAGE_ASPECTS.has(aspect.aspectName) && desired) {
    const before = new Set(upstreamsInAspect(aspect.urn, current));
    const after = new Set(upstreamsInAspect(aspect.urn, desired));
    const edges: PushChange[] = [
      ...[...after].filter((u) => !before.has(u)).map((u): PushChange => ({ action: 'add', text: `upstream ${u}` })),
      ...[...before].filter((u) => !after.has(u)).map((u): PushChange => ({ action: 'remove', text: `upstream ${u} (not in the aspect, which replaces the stored one)` })),
    ];
    const columns = asList(desired.fineGrainedLineages).length;
    if (columns > 0 || asList(current?.fineGrainedLineages).length > 0) edges.push({ action: 'change', text: `column-level edges: ${asList(current?.fineGrainedLineages).length} → ${columns}` });
    if (edges.length > 0) return edges;
  }
  if (!current) return [{ action: 'add', text: aspect.aspectName === 'propertyDefinition' ? `definition ${describeDefinition(desired)}` : `aspect ${aspect.aspectName}${describeFields(desired)}` }];
  const changed = Object.keys(desired ?? {}).filter((key) => canonicalJson(normaliseTypes(current[key])) !== canonicalJson(normaliseTypes(desired?.[key])));
  return changed.map((key): PushChange => ({ action: 'change', text: `${aspect.aspectName}.${key}: ${brief(current[key])} → ${brief(desired?.[key])}` }));
}

function describeDefinition(definition: JsonObject | undefined): string {
  if (!definition) return '';
  const type = typeof definition.valueType === 'string' ? dataTypeName(definition.valueType) : undefined;
  return `${String(definition.qualifiedName ?? '')} (${type ?? 'unknown type'}, ${String(definition.cardinality ?? 'SINGLE')})`;
}

/** `: name="orders", description="Clean orders"`: the fields that carry something, briefly. */
function describeFields(value: JsonObject | undefined): string {
  const fields = Object.entries(value ?? {}).filter(([, v]) => v !== undefined && v !== null && !(typeof v === 'object' && Object.keys(v).length === 0));
  return fields.length === 0 ? '' : `: ${fields.map(([k, v]) => `${k}=${brief(v)}`).join(', ')}`;
}

function brief(value: unknown): string {
  const text = value === undefined ? '(none)' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** Changes DataHub refuses or that affect values already set (PropertyDefinitionValidator, datahub-api.md §4.2). */
function breakingChanges(current: JsonObject, desired: JsonObject): string[] {
  const notes: string[] = [];
  const typeOf = (d: JsonObject) => (typeof d.valueType === 'string' ? dataTypeName(d.valueType) : undefined);
  if (desired.valueType !== undefined && typeOf(current) !== typeOf(desired)) {
    notes.push(`Breaking: the value type changes from ${typeOf(current)} to ${typeOf(desired)}. DataHub refuses to change a property's value type; create a new property instead.`);
  }
  if (current.cardinality === 'MULTIPLE' && desired.cardinality === 'SINGLE') {
    notes.push('Breaking: cardinality goes from MULTIPLE to SINGLE. DataHub refuses this; entities may already hold several values.');
  }
  const allowed = (d: JsonObject) => new Set(asList(d.allowedValues).map((a) => canonicalJson(asRecord(a)?.value)));
  const removedValues = [...allowed(current)].filter((v) => !allowed(desired).has(v));
  if (removedValues.length > 0 && desired.allowedValues !== undefined) {
    notes.push(`Breaking: allowed value(s) ${removedValues.join(', ')} are removed. DataHub refuses to remove allowed values; entities that hold them would become invalid.`);
  }
  const types = (d: JsonObject) => new Set(asList(d.entityTypes).map((t) => entityTypeName(String(t))));
  const removedTypes = [...types(current)].filter((t) => !types(desired).has(t));
  if (removedTypes.length > 0 && desired.entityTypes !== undefined) {
    notes.push(`Breaking: entity type(s) ${removedTypes.join(', ')} are no longer allowed; values already set on such entities stay but cannot be changed.`);
  }
  if (current.immutable === true) notes.push('The property is immutable: values already set cannot be changed afterwards.');
  return notes;
}

/** `urn:li:dataType:datahub.string` and `…:service.string` name the same type (DESIGN §4). */
function normaliseTypes<T>(value: T): T {
  if (typeof value === 'string') {
    return value.replace(/^urn:li:(dataType|entityType):(?:datahub|service)\./, 'urn:li:$1:') as T;
  }
  if (Array.isArray(value)) return value.map(normaliseTypes) as T;
  const record = asRecord(value);
  if (!record) return value;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, normaliseTypes(v)])) as T;
}

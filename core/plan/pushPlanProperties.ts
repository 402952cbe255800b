import type { PropertyScalar } from '../model/facts';
import { dataTypeName, entityTypeOfUrn } from '../urn';
import { jsonPointerToken } from '../formats/jsonPointer';
import type { AssignmentIntent, PushIntent } from './pushIntent';
import { asList, asRecord, canonicalJson } from './pushJson';
import type { ServiceState } from './pushState';
import type { JsonObject, PushChange, PushItem, StructuredPropertyPatchOp, UnchangedEntry } from './pushTypes';

/**
 * Structured-property values, one item per entity. When the file owns every property of the
 * entity (dataset YAML `structured_properties`, a whole `structuredProperties` aspect) the item is
 * a POST that replaces them all, so a property deleted from the file is removed; otherwise it is a
 * PATCH that adds and removes only what the file names, so values others set stay (spec §4.3).
 */
export function planAssignments(intent: PushIntent, state: ServiceState): { items: PushItem[]; unchanged: UnchangedEntry[] } {
  const items: PushItem[] = [];
  const unchanged: UnchangedEntry[] = [];
  for (const assignment of [...intent.assignments.values()].sort((a, b) => a.entityUrn.localeCompare(b.entityUrn))) {
    const entityUrn = assignment.entityUrn;
    const current = currentValues(state.get(entityUrn, 'structuredProperties'));
    const desired = new Map<string, JsonObject[]>();
    for (const [property, values] of assignment.values) desired.set(property, typedValues(values, valueTypeOf(property, intent, state)));
    const changes: PushChange[] = [];
    const notes = softDeleteNotes(assignment, intent, state);
    const patch: StructuredPropertyPatchOp[] = [];
    for (const [property, values] of desired) {
      const before = current.get(property);
      if (before && canonicalJson(before) === canonicalJson(values)) {
        unchanged.push({ entityUrn, text: `property ${property} = ${showValues(values)}` });
        continue;
      }
      changes.push(before ? { action: 'change', text: `property ${property}: ${showValues(before)} → ${showValues(values)}` } : { action: 'add', text: `property ${property} = ${showValues(values)}` });
      patch.push({ op: 'add', path: `/properties/${jsonPointerToken(property)}`, value: { propertyUrn: property, values } });
    }
    const removals = assignment.replace ? [...current.keys()].filter((p) => !desired.has(p)) : [...assignment.removes].filter((p) => current.has(p));
    for (const property of removals) {
      changes.push({ action: 'remove', text: `property ${property}${assignment.replace && !assignment.removes.has(property) ? ' (not in the file, which lists all properties of this entity)' : ''}` });
      patch.push({ op: 'remove', path: `/properties/${jsonPointerToken(property)}` });
    }
    if (!assignment.replace) for (const property of [...assignment.removes].filter((p) => !current.has(p))) unchanged.push({ entityUrn, text: `property ${property} (already absent)` });
    if (changes.length === 0) continue;
    const entityType = entityTypeOfUrn(entityUrn) ?? 'dataset';
    const base = { phase: 'values' as const, entityUrn, changes, notes, sources: [...assignment.sources] };
    items.push(
      assignment.replace
        ? {
            ...base,
            id: `values:structuredProperties:${entityUrn}`,
            title: 'Structured properties (replace all: POST)',
            operation: { kind: 'postAspect', entityType, urn: entityUrn, aspectName: 'structuredProperties', value: { properties: [...desired].map(([propertyUrn, values]) => ({ propertyUrn, values })) } },
          }
        : {
            ...base,
            id: `values:structuredProperties:${entityUrn}`,
            title: 'Structured properties (add/remove: PATCH)',
            operation: { kind: 'patchStructuredProperties', entityType, urn: entityUrn, patch },
          },
    );
  }
  return { items, unchanged };
}

/** Soft delete or restore, one item per entity; a restore runs before values that need it, a soft delete after. */
export function planStatuses(intent: PushIntent, state: ServiceState): { items: PushItem[]; unchanged: UnchangedEntry[] } {
  const items: PushItem[] = [];
  const unchanged: UnchangedEntry[] = [];
  for (const [urn, { removed, sources }] of [...intent.statuses].sort(([a], [b]) => a.localeCompare(b))) {
    const isRemoved = state.get(urn, 'status')?.removed === true;
    if (isRemoved === removed) {
      unchanged.push({ entityUrn: urn, text: removed ? 'soft-deleted' : 'active (not soft-deleted)' });
      continue;
    }
    items.push({
      id: `status:${urn}`,
      phase: removed ? 'softDeletes' : 'definitions',
      entityUrn: urn,
      title: removed ? 'Soft delete' : 'Restore',
      changes: [{ action: 'change', text: removed ? 'status: active → soft-deleted (reversible; values are kept but hidden)' : 'status: soft-deleted → active' }],
      notes: [],
      operation: { kind: 'status', entityType: entityTypeOfUrn(urn) ?? 'structuredProperty', urn, removed },
      sources: [...sources],
    });
  }
  return { items, unchanged };
}

function currentValues(aspect: JsonObject | undefined): Map<string, JsonObject[]> {
  const out = new Map<string, JsonObject[]>();
  for (const entry of asList(aspect?.properties)) {
    const record = asRecord(entry);
    if (typeof record?.propertyUrn === 'string') out.set(record.propertyUrn, asList(record.values).filter((v): v is JsonObject => asRecord(v) !== undefined));
  }
  return out;
}

/** The property's value type: from a definition pushed with these files, else the service's. */
function valueTypeOf(property: string, intent: PushIntent, state: ServiceState): string | undefined {
  const fromFiles = intent.aspects.find((a) => a.urn === property && a.aspectName === 'propertyDefinition');
  const valueType = asRecord(fromFiles?.value)?.valueType ?? state.get(property, 'propertyDefinition')?.valueType;
  return typeof valueType === 'string' ? valueType : undefined;
}

/**
 * PrimitivePropertyValue: `{"double": n}` for number properties, `{"string": s}` for the rest. With
 * no definition to go by, a value written as a number stays a number (as DataHub's CLI sends it).
 */
export function typedValues(values: readonly PropertyScalar[], valueType: string | undefined): JsonObject[] {
  const numeric = (v: PropertyScalar) => (valueType !== undefined ? dataTypeName(valueType) === 'number' : typeof v === 'number');
  return values.filter((v) => v !== null).map((v) => (numeric(v) && !Number.isNaN(Number(v)) ? { double: Number(v) } : { string: String(v) }));
}

function showValues(values: JsonObject[]): string {
  const shown = values.map((v) => (typeof v.double === 'number' ? String(v.double) : JSON.stringify(v.string ?? v)));
  return shown.length === 1 ? shown[0] : `[${shown.join(', ')}]`;
}

function softDeleteNotes(assignment: AssignmentIntent, intent: PushIntent, state: ServiceState): string[] {
  const notes: string[] = [];
  for (const property of assignment.values.keys()) {
    const restoredHere = intent.statuses.get(property)?.removed === false;
    if (state.get(property, 'status')?.removed === true && !restoredHere) {
      notes.push(`${property} is soft-deleted: the service will refuse to set its value. Restore the property first ("Restore Property"), or drop it from the file.`);
    }
    const definedHere = intent.aspects.some((a) => a.urn === property && a.aspectName === 'propertyDefinition');
    if (!definedHere && !state.get(property, 'propertyDefinition')) {
      notes.push(`${property} is not defined in the service: the service will refuse its value. Push its definition first (or with these files).`);
    }
  }
  return notes;
}

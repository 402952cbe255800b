import { entityTypeOfUrn } from '../urn';
import { jsonPointerToken } from '../formats/jsonPointer';
import type { AssignmentIntent, PushIntent } from './pushIntent';
import { asRecord } from './pushJson';
import { assignmentChanges, currentValues, showValues } from './assignmentChanges';
import type { ServiceState } from './pushState';
import type { PushChange, PushItem, StructuredPropertyPatchOp, UnchangedEntry } from './pushPlanTypes';

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
    const compared = assignmentChanges(assignment, current, (property) => valueTypeOf(property, intent, state));
    const changes: PushChange[] = [];
    const notes = softDeleteNotes(assignment, intent, state);
    const patch: StructuredPropertyPatchOp[] = [];
    for (const change of compared) {
      const { property } = change;
      if (change.kind === 'unchanged') unchanged.push({ entityUrn, text: `property ${property} = ${showValues(change.after ?? [])}` });
      else if (change.kind === 'alreadyAbsent') unchanged.push({ entityUrn, text: `property ${property} (already absent)` });
      else if (change.kind === 'remove') {
        changes.push({ action: 'remove', text: `property ${property}${change.notInFile ? ' (not in the file, which lists all properties of this entity)' : ''}` });
        patch.push({ op: 'remove', path: `/properties/${jsonPointerToken(property)}` });
      } else {
        const values = change.after ?? [];
        changes.push(change.kind === 'change' ? { action: 'change', text: `property ${property}: ${showValues(change.before ?? [])} → ${showValues(values)}` } : { action: 'add', text: `property ${property} = ${showValues(values)}` });
        patch.push({ op: 'add', path: `/properties/${jsonPointerToken(property)}`, value: { propertyUrn: property, values } });
      }
    }
    const desired = compared.filter((change) => change.after && change.kind !== 'remove').map((change) => [change.property, change.after ?? []] as const);
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

/** The property's value type: from a definition pushed with these files, else the service's. */
function valueTypeOf(property: string, intent: PushIntent, state: ServiceState): string | undefined {
  const fromFiles = intent.aspects.find((a) => a.urn === property && a.aspectName === 'propertyDefinition');
  const valueType = asRecord(fromFiles?.value)?.valueType ?? state.get(property, 'propertyDefinition')?.valueType;
  return typeof valueType === 'string' ? valueType : undefined;
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

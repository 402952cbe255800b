import type { AssignmentIntent } from './pushIntent';
import { asList, asRecord, canonicalJson } from './pushJson';
import type { JsonObject } from './pushPlanTypes';
import type { PropertyScalar } from '../model/facts';
import { dataTypeName } from '../urn';

/**
 * What a push does to each structured property of one entity, given what the catalog holds: the
 * one comparison behind the plan's "property x: a → b" lines and the editor's marks on property
 * assignments (core/pending/assignmentMarks.ts), so both say the same thing.
 */
export type ValueChangeKind = 'add' | 'change' | 'unchanged' | 'remove' | 'alreadyAbsent';

export interface PropertyValueChange {
  /** the property's URN */
  property: string;
  kind: ValueChangeKind;
  /** the catalog's values (change, unchanged, remove) */
  before?: JsonObject[];
  /** the values the push writes (add, change, unchanged) */
  after?: JsonObject[];
  /** removed only because the file lists every property of the entity and not this one */
  notInFile?: boolean;
}

/** The values of each property in a `structuredProperties` aspect. */
export function currentValues(aspect: JsonObject | undefined): Map<string, JsonObject[]> {
  const out = new Map<string, JsonObject[]>();
  for (const entry of asList(aspect?.properties)) {
    const record = asRecord(entry);
    if (typeof record?.propertyUrn === 'string') out.set(record.propertyUrn, asList(record.values).filter((v): v is JsonObject => asRecord(v) !== undefined));
  }
  return out;
}

/**
 * Values to write first (in the order the files name them), then removals: a file that owns every
 * property of the entity (`replace`) removes the ones it does not list; otherwise only the ones it
 * names for removal.
 */
export function assignmentChanges(assignment: AssignmentIntent, current: Map<string, JsonObject[]>, valueTypeOf: (property: string) => string | undefined): PropertyValueChange[] {
  const changes: PropertyValueChange[] = [];
  for (const [property, written] of assignment.values) {
    const after = typedValues(written, valueTypeOf(property));
    const before = current.get(property);
    if (!before) changes.push({ property, kind: 'add', after });
    else changes.push({ property, kind: canonicalJson(before) === canonicalJson(after) ? 'unchanged' : 'change', before, after });
  }
  if (assignment.replace) {
    for (const [property, before] of current) if (!assignment.values.has(property)) changes.push({ property, kind: 'remove', before, notInFile: !assignment.removes.has(property) });
  } else {
    for (const property of assignment.removes) {
      const before = current.get(property);
      changes.push(before ? { property, kind: 'remove', before } : { property, kind: 'alreadyAbsent' });
    }
  }
  return changes;
}

/** `"gold"`, `365`, or `["a", "b"]`: values as the plan and the marks show them. */
export function showValues(values: readonly JsonObject[]): string {
  const shown = values.map((v) => (typeof v.double === 'number' ? String(v.double) : JSON.stringify(v.string ?? v)));
  return shown.length === 1 ? shown[0] : `[${shown.join(', ')}]`;
}

/**
 * PrimitivePropertyValue: `{"double": n}` for number properties, `{"string": s}` for the rest. With
 * no definition to go by, a value written as a number stays a number (as DataHub's CLI sends it).
 */
export function typedValues(values: readonly PropertyScalar[], valueType: string | undefined): JsonObject[] {
  const numeric = (v: PropertyScalar) => (valueType !== undefined ? dataTypeName(valueType) === 'number' : typeof v === 'number');
  return values.filter((v) => v !== null).map((v) => (numeric(v) && !Number.isNaN(Number(v)) ? { double: Number(v) } : { string: String(v) }));
}

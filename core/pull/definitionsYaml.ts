import { pulledYaml } from './yamlText';
import type { ServicePropertyDefinition } from '../api/definitions';

/**
 * Property definitions as a `datahub properties upsert` YAML, in the shape `datahub properties get
 * --to-file` writes (DataHub's StructuredProperties.from_datahub, structuredproperties.py): `urn`,
 * `qualified_name`, `type` and `entity_types` as the URNs the service holds, `cardinality`,
 * `allowed_values` of `{value, description}`, `type_qualifier.allowed_types`. Keys DataHub writes
 * as null are left out; `immutable` is written when true (from_datahub drops it, so a round trip
 * through DataHub's CLI would make the property mutable). Sorted by qualified name: a second pull
 * of the same catalog writes the same bytes.
 */
export interface DefinitionSelection {
  /** exact qualified names or property URNs */
  ids?: readonly string[];
  /** qualified-name prefixes */
  prefixes?: readonly string[];
}

export function selectDefinitions(definitions: readonly ServicePropertyDefinition[], selection: DefinitionSelection): ServicePropertyDefinition[] {
  const ids = selection.ids ?? [];
  const prefixes = selection.prefixes ?? [];
  const all = ids.length === 0 && prefixes.length === 0;
  return definitions
    .filter((d) => {
      if (all) return true;
      const name = qualifiedNameOf(d);
      return ids.includes(name) || ids.includes(d.urn) || prefixes.some((p) => name.startsWith(p));
    })
    .sort((a, b) => compare(qualifiedNameOf(a), qualifiedNameOf(b)));
}

export function qualifiedNameOf(definition: ServicePropertyDefinition): string {
  const name = definition.aspect.qualifiedName;
  return typeof name === 'string' && name ? name : definition.urn.replace(/^urn:li:structuredProperty:/, '');
}

export function definitionsYaml(definitions: readonly ServicePropertyDefinition[]): string {
  return pulledYaml(definitions.map(definitionEntry));
}

function definitionEntry(definition: ServicePropertyDefinition): Record<string, unknown> {
  const a = definition.aspect;
  const entry: Record<string, unknown> = { urn: definition.urn, qualified_name: qualifiedNameOf(definition) };
  if (typeof a.valueType === 'string') entry.type = a.valueType;
  if (typeof a.displayName === 'string') entry.display_name = a.displayName;
  if (typeof a.description === 'string') entry.description = a.description;
  if (Array.isArray(a.entityTypes)) entry.entity_types = a.entityTypes.filter((t) => typeof t === 'string');
  if (typeof a.cardinality === 'string') entry.cardinality = a.cardinality;
  if (Array.isArray(a.allowedValues)) {
    entry.allowed_values = a.allowedValues.map((allowed) => {
      const record = (allowed ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = { value: primitiveValue(record.value) };
      if (typeof record.description === 'string') out.description = record.description;
      return out;
    });
  }
  const qualifier = a.typeQualifier as Record<string, unknown> | undefined;
  if (qualifier && Array.isArray(qualifier.allowedTypes)) entry.type_qualifier = { allowed_types: qualifier.allowedTypes };
  if (a.immutable === true) entry.immutable = true;
  if (typeof a.version === 'string') entry.version = a.version;
  return entry;
}

/** `{"string": "a"}` → `a`, `{"double": 30}` → `30` (PrimitivePropertyValue). */
export function primitiveValue(value: unknown): string | number {
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.double === 'number') return record.double;
    if (typeof record.string === 'string') return record.string;
  }
  return typeof value === 'number' ? value : String(value);
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

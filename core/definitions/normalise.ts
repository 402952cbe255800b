import { DATA_TYPE_NAMES, DATA_TYPE_URN_PREFIX, ENTITY_TYPE_URN_PREFIX, splitTypeId } from '../urn/vocabulary';
import type { Cardinality, PropertyValueType } from './types';

/**
 * The spellings a definition field can take in the files and on the wire, reduced to the one shape
 * PropertyDefinitionInfo holds. DataHub writes `datahub.` type namespaces, the spec's service
 * writes `service.`; both are read the same way (DESIGN.md §4).
 */

export const PROPERTY_URN_PREFIX = 'urn:li:structuredProperty:';
export { platformNameOf } from '../urn/builders';
export { DATA_TYPE_URN_PREFIX, ENTITY_TYPE_URN_PREFIX };

/** `io.acryl.x` or `urn:li:structuredProperty:io.acryl.x` → `urn:li:structuredProperty:io.acryl.x` */
export function propertyUrnOf(idOrUrn: string): string {
  return idOrUrn.startsWith(PROPERTY_URN_PREFIX) ? idOrUrn : PROPERTY_URN_PREFIX + idOrUrn;
}

/** `urn:li:structuredProperty:io.acryl.x` → `io.acryl.x` (anything else is returned unchanged) */
export function propertyIdOf(urnOrId: string): string {
  return urnOrId.startsWith(PROPERTY_URN_PREFIX) ? urnOrId.slice(PROPERTY_URN_PREFIX.length) : urnOrId;
}

/** A type id with its namespace split off: `datahub.dataset` → { namespace: 'datahub', name: 'dataset' }. */
function splitNamespace(id: string): { namespace?: string; name: string } {
  return splitTypeId(id) ?? { name: id };
}

export interface WrittenType {
  /** the bare name: `string`, `dataset`, `dataFlow` (case as written) */
  name: string;
  form: 'short' | 'urn';
  /** `datahub` or `service` when written as a URN with a namespace */
  namespace?: string;
}

/** `string`, `urn:li:dataType:datahub.string` or `urn:li:dataType:service.string` → its parts. */
export function readDataType(written: string): WrittenType {
  const trimmed = written.trim();
  if (!trimmed.startsWith(DATA_TYPE_URN_PREFIX)) return { name: trimmed, form: 'short' };
  return { ...splitNamespace(trimmed.slice(DATA_TYPE_URN_PREFIX.length)), form: 'urn' };
}

/** `dataset`, `urn:li:entityType:datahub.dataset` or `urn:li:entityType:service.dataset` → its parts. */
export function readEntityType(written: string): WrittenType {
  const trimmed = written.trim();
  if (!trimmed.startsWith(ENTITY_TYPE_URN_PREFIX)) return { name: trimmed, form: 'short' };
  return { ...splitNamespace(trimmed.slice(ENTITY_TYPE_URN_PREFIX.length)), form: 'urn' };
}

/**
 * The value type a definition means, or undefined when it names none of the five DataHub
 * implements. Case is ignored here because DataHub ignores it (the CLI lowercases `type`, the
 * server lowercases the data-type id); the definition rule still points out a non-lowercase type.
 */
export function valueTypeOf(written: string): PropertyValueType | undefined {
  const name = readDataType(written).name.toLowerCase();
  return DATA_TYPE_NAMES.find((t) => t === name);
}

/** The short, case-preserving entity type name: `urn:li:entityType:datahub.dataFlow` → `dataFlow`. */
export function entityTypeNameOf(written: string): string {
  return readEntityType(written).name;
}

/**
 * `SINGLE` / `MULTIPLE` (the service's default is SINGLE when absent). A mis-cased value is read as
 * what it plainly means; the definition rule reports the spelling.
 */
export function cardinalityOf(written: string | undefined): Cardinality | undefined {
  if (written === undefined) return 'SINGLE';
  const upper = written.trim().toUpperCase();
  if (upper === 'SINGLE' || upper === 'MULTIPLE') return upper;
  return undefined;
}

/** The full data-type URN in a namespace: `number` → `urn:li:dataType:datahub.number`. */
export function dataTypeUrn(type: PropertyValueType, namespace: string = 'datahub'): string {
  return `${DATA_TYPE_URN_PREFIX}${namespace}.${type}`;
}

/** The full entity-type URN in a namespace: `dataset` → `urn:li:entityType:datahub.dataset`. */
export function entityTypeUrn(name: string, namespace: string = 'datahub'): string {
  return `${ENTITY_TYPE_URN_PREFIX}${namespace}.${name}`;
}

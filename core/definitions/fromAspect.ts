import { cardinalityOf, entityTypeNameOf, platformNameOf, propertyIdOf, valueTypeOf } from './normalise';
import type { AllowedValue, DefinitionOrigin, PropertyDefinitionInfo } from './types';

/**
 * Normalises a definition read from the service into PropertyDefinitionInfo.
 *
 * Accepts the `propertyDefinition` aspect as stored (spec §2.6: `valueType` and `entityTypes` as
 * URNs in the `datahub.` or `service.` namespace, allowed values as `{string}` / `{double}`), the
 * OpenAPI v2 GET body that wraps it in `{value: ...}`, and the GraphQL `StructuredPropertyDefinition`
 * selection (`valueType {urn}`, `entityTypes [{urn}]`, values as `{stringValue}` / `{numberValue}`),
 * so whichever endpoint the definitions cache reads, it gets the same result.
 */
export interface ServiceDefinitionInput {
  /** the property URN the aspect belongs to */
  urn: string;
  aspect: unknown;
  /** the property's `status.removed`; absent or false means active */
  removed?: boolean;
  origin: DefinitionOrigin;
}

/** undefined when the aspect is not an object or names no value type DataHub implements. */
export function definitionFromAspect(input: ServiceDefinitionInput): PropertyDefinitionInfo | undefined {
  const aspect = unwrap(input.aspect);
  if (!aspect) return undefined;
  const valueTypeUrn = urnOf(aspect.valueType);
  const valueType = valueTypeUrn === undefined ? undefined : valueTypeOf(valueTypeUrn);
  if (valueType === undefined) return undefined;
  const cardinality = cardinalityOf(typeof aspect.cardinality === 'string' ? aspect.cardinality : undefined) ?? 'SINGLE';
  const info: PropertyDefinitionInfo = {
    urn: input.urn,
    qualifiedName: typeof aspect.qualifiedName === 'string' ? aspect.qualifiedName : propertyIdOf(input.urn),
    valueType,
    cardinality,
    entityTypes: urnList(aspect.entityTypes).map(entityTypeNameOf),
    softDeleted: input.removed === true,
    origin: input.origin,
  };
  if (typeof aspect.displayName === 'string') info.displayName = aspect.displayName;
  if (typeof aspect.description === 'string') info.description = aspect.description;
  if (Array.isArray(aspect.allowedValues)) info.allowedValues = aspect.allowedValues.flatMap(allowedValueOf);
  const qualifier = asRecord(aspect.typeQualifier);
  if (qualifier && qualifier.allowedTypes !== undefined) info.typeQualifierAllowedTypes = urnList(qualifier.allowedTypes).map(entityTypeNameOf);
  const platforms = urnList(aspect.allowedPlatforms).map(platformNameOf);
  if (platforms.length > 0) info.allowedPlatforms = platforms;
  if (typeof aspect.immutable === 'boolean') info.immutable = aspect.immutable;
  if (typeof aspect.version === 'string' || typeof aspect.version === 'number') info.version = String(aspect.version);
  return info;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The aspect itself, also when it arrives wrapped as `{value: {...}}` (OpenAPI v2 GET). */
function unwrap(value: unknown): Record<string, unknown> | undefined {
  const record = asRecord(value);
  if (!record) return undefined;
  if (record.valueType === undefined && record.qualifiedName === undefined) {
    const inner = asRecord(record.value);
    if (inner) return inner;
  }
  return record;
}

/** A URN written as a plain string or as a GraphQL entity `{urn}`. */
function urnOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const record = asRecord(value);
  return record && typeof record.urn === 'string' ? record.urn : undefined;
}

function urnList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const urn = urnOf(item);
    return urn === undefined ? [] : [urn];
  });
}

/** `{value: {string: "a"}}`, `{value: {double: 30}}`, `{value: {stringValue: "a"}}`, `{value: "a"}`. */
function allowedValueOf(item: unknown): AllowedValue[] {
  const record = asRecord(item);
  if (!record) return [];
  const value = primitiveOf(record.value);
  if (value === undefined) return [];
  return typeof record.description === 'string' ? [{ value, description: record.description }] : [{ value }];
}

function primitiveOf(value: unknown): string | number | undefined {
  if (typeof value === 'string' || typeof value === 'number') return value;
  const record = asRecord(value);
  if (!record) return undefined;
  for (const key of ['string', 'stringValue', 'double', 'numberValue']) {
    const inner = record[key];
    if (typeof inner === 'string' || typeof inner === 'number') return inner;
  }
  return undefined;
}

/** Building URNs the way DataHub's SDK does, and reading the keys of the common kinds back. */
import { escapeUrnPart, unescapeUrnPart } from './escape';
import type { ParsedUrn, UrnPart } from './types';
import { TYPE_NAMESPACES, type TypeNamespace } from './vocabulary';

const PLATFORM_PREFIX = 'urn:li:dataPlatform:';

export type { TypeNamespace };

/** `urn:li:dataPlatform:<platform>`; a dataPlatform URN is returned as written. */
export function makeDataPlatformUrn(platform: string): string {
  return platform.startsWith(PLATFORM_PREFIX) ? platform : `${PLATFORM_PREFIX}${platform}`;
}

/** `urn:li:dataPlatform:snowflake` or `snowflake` → `snowflake`. */
export function platformNameOf(urnOrName: string): string {
  return urnOrName.startsWith(PLATFORM_PREFIX) ? urnOrName.slice(PLATFORM_PREFIX.length) : urnOrName;
}

/** `urn:li:dataset:(urn:li:dataPlatform:<platform>,<name>,<env>)`; `platform` may already be a dataPlatform URN. */
export function makeDatasetUrn(platform: string, name: string, env = 'PROD'): string {
  const platformUrn = platform.startsWith(PLATFORM_PREFIX) ? platform : `${PLATFORM_PREFIX}${platform}`;
  return `urn:li:dataset:(${platformUrn},${escapeUrnPart(name)},${env})`;
}

export function makeSchemaFieldUrn(datasetUrn: string, fieldPath: string): string {
  return `urn:li:schemaField:(${datasetUrn},${escapeUrnPart(fieldPath)})`;
}

/** A property id becomes `urn:li:structuredProperty:<id>`; a URN is returned unchanged. */
export function makeStructuredPropertyUrn(idOrUrn: string): string {
  return idOrUrn.startsWith('urn:li:') ? idOrUrn : `urn:li:structuredProperty:${idOrUrn}`;
}

function makeTypeUrn(entityType: string, type: string, namespace: TypeNamespace): string {
  if (type.startsWith('urn:li:')) return type;
  return hasNamespace(type) ? `urn:li:${entityType}:${type}` : `urn:li:${entityType}:${namespace}.${type}`;
}

function hasNamespace(id: string): boolean {
  const dot = id.indexOf('.');
  return dot > 0 && TYPE_NAMESPACES.includes(id.slice(0, dot));
}

/** `string` → `urn:li:dataType:datahub.string` (or `service.string`); an already qualified id or URN is kept. */
export function makeDataTypeUrn(type: string, namespace: TypeNamespace = 'datahub'): string {
  return makeTypeUrn('dataType', type, namespace);
}

/** `dataset` → `urn:li:entityType:datahub.dataset` (or `service.dataset`); an already qualified id or URN is kept. */
export function makeEntityTypeUrn(type: string, namespace: TypeNamespace = 'datahub'): string {
  return makeTypeUrn('entityType', type, namespace);
}

function textValue(part: UrnPart | undefined): string | undefined {
  return part?.kind === 'text' ? part.value : undefined;
}

/** A name part as DataHub stores it: text unescaped, and a URN written as a name is that text too. */
function nameValue(part: UrnPart | undefined): string | undefined {
  if (!part) return undefined;
  return part.kind === 'text' ? part.value : unescapeUrnPart(part.raw);
}

/** Platform name, (unescaped) name and environment of a dataset URN; undefined for other shapes. */
export function datasetKey(urn: ParsedUrn): { platform: string; name: string; env: string } | undefined {
  if (urn.entityType !== 'dataset' || urn.parts.length !== 3) return undefined;
  const [platformPart, namePart, envPart] = urn.parts;
  if (platformPart.kind !== 'urn' || platformPart.entityType !== 'dataPlatform' || platformPart.parts.length !== 1) return undefined;
  const platform = textValue(platformPart.parts[0]);
  const name = nameValue(namePart);
  const env = textValue(envPart);
  if (platform === undefined || name === undefined || env === undefined) return undefined;
  return { platform, name, env };
}

/**
 * The parent URN (as written) and the (unescaped) field path of a schemaField URN. The parent is
 * usually a dataset, but SchemaFieldKey.pdl allows any entity (charts' inputFields name chart fields);
 * `datasetUrn` keeps its name for the many callers that only ever meet datasets.
 */
export function schemaFieldKey(urn: ParsedUrn): { datasetUrn: string; fieldPath: string } | undefined {
  if (urn.entityType !== 'schemaField' || urn.parts.length !== 2) return undefined;
  const [parent, field] = urn.parts;
  const fieldPath = textValue(field);
  if (parent.kind !== 'urn' || fieldPath === undefined) return undefined;
  return { datasetUrn: parent.raw, fieldPath };
}

function typeIdName(entityType: string, urnOrName: string): string | undefined {
  let id = urnOrName;
  if (urnOrName.startsWith('urn:')) {
    const prefix = `urn:li:${entityType}:`;
    if (!urnOrName.startsWith(prefix)) return undefined;
    id = urnOrName.slice(prefix.length);
  }
  const name = hasNamespace(id) ? id.slice(id.indexOf('.') + 1) : id;
  return name === '' ? undefined : name;
}

/** 'urn:li:dataType:datahub.string' | 'urn:li:dataType:service.string' | 'string' → 'string'. */
export function dataTypeName(urnOrName: string): string | undefined {
  return typeIdName('dataType', urnOrName);
}

/** 'urn:li:entityType:datahub.dataset' | '...service.dataset' | 'dataset' → 'dataset'. */
export function entityTypeName(urnOrName: string): string | undefined {
  return typeIdName('entityType', urnOrName);
}

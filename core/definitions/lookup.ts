import { propertyIdOf, propertyUrnOf } from './normalise';
import type { DefinitionsView, PropertyDefinitionInfo } from './types';

/**
 * Finding a property's definition across the service and the workspace.
 *
 * Which one wins: the service's, when the service has the property. That is the definition a push
 * is checked against, so value rules judge values by it. A property only the workspace defines
 * (not pushed yet) is judged by the workspace definition. Where both exist and differ in a field
 * that changes what values are accepted, `differences` names each field with both sides, so a
 * diagnostic can say "the service says X, <file> says Y".
 */

export interface DefinitionDifference {
  field: DefinitionField;
  service: string;
  workspace: string;
}

export type DefinitionField =
  | 'valueType'
  | 'cardinality'
  | 'allowedValues'
  | 'entityTypes'
  | 'typeQualifierAllowedTypes'
  | 'allowedPlatforms'
  | 'immutable'
  | 'displayName'
  | 'description'
  | 'version';

/** The fields that change which values a property accepts or where it may be applied. */
export const VALUE_FIELDS: readonly DefinitionField[] = ['valueType', 'cardinality', 'allowedValues', 'entityTypes', 'typeQualifierAllowedTypes', 'allowedPlatforms', 'immutable'];

/** Every field a definition file can set: any difference in these is an edit of the definition. */
export const ALL_FIELDS: readonly DefinitionField[] = [...VALUE_FIELDS, 'displayName', 'description', 'version'];

export interface PropertyLookup {
  /** the full property URN looked for */
  urn: string;
  service?: PropertyDefinitionInfo;
  workspace?: PropertyDefinitionInfo;
  /** what value rules judge by: the service definition when there is one, else the workspace one */
  effective?: PropertyDefinitionInfo;
  /** fields (of VALUE_FIELDS) where the workspace and the service disagree; empty unless both exist */
  differences: DefinitionDifference[];
}

export function lookupProperty(definitions: DefinitionsView, idOrUrn: string): PropertyLookup {
  const urn = propertyUrnOf(idOrUrn);
  const service = find(definitions.service, urn);
  const workspace = find(definitions.workspace, urn);
  const lookup: PropertyLookup = { urn, differences: [] };
  if (service) lookup.service = service;
  if (workspace) lookup.workspace = workspace;
  const effective = service ?? workspace;
  if (effective) lookup.effective = effective;
  if (service && workspace) lookup.differences = definitionDifferences(service, workspace, VALUE_FIELDS);
  return lookup;
}

/**
 * By URN first; then by qualified name, because a property created in the UI gets a generated URN
 * while files refer to it by its qualified name.
 */
function find(map: ReadonlyMap<string, PropertyDefinitionInfo>, urn: string): PropertyDefinitionInfo | undefined {
  return map.get(urn) ?? byQualifiedName(map).get(propertyIdOf(urn));
}

/**
 * The qualified-name index of a definitions map, built once per map object (rules look up every
 * assignment, often of unknown properties). Held weakly, so it goes when the map goes; rebuilt when
 * the map's size changes, for callers that update a map in place.
 */
const nameIndexes = new WeakMap<ReadonlyMap<string, PropertyDefinitionInfo>, { size: number; index: Map<string, PropertyDefinitionInfo> }>();

function byQualifiedName(map: ReadonlyMap<string, PropertyDefinitionInfo>): Map<string, PropertyDefinitionInfo> {
  const known = nameIndexes.get(map);
  if (known && known.size === map.size) return known.index;
  const index = new Map<string, PropertyDefinitionInfo>();
  for (const info of map.values()) if (!index.has(info.qualifiedName)) index.set(info.qualifiedName, info);
  nameIndexes.set(map, { size: map.size, index });
  return index;
}

/** Differences between a service and a workspace definition, in the given fields. */
export function definitionDifferences(
  service: PropertyDefinitionInfo,
  workspace: PropertyDefinitionInfo,
  fields: readonly DefinitionField[] = ALL_FIELDS,
): DefinitionDifference[] {
  const result: DefinitionDifference[] = [];
  for (const field of fields) {
    const left = describeField(service, field);
    const right = describeField(workspace, field);
    if (left !== right) result.push({ field, service: left, workspace: right });
  }
  return result;
}

/** A comparable, readable rendering of one field; set-like lists are sorted so order does not count. */
export function describeField(info: PropertyDefinitionInfo, field: DefinitionField): string {
  switch (field) {
    case 'valueType':
      return info.valueType;
    case 'cardinality':
      return info.cardinality;
    case 'allowedValues':
      return info.allowedValues && info.allowedValues.length > 0 ? sortedList(info.allowedValues.map((v) => String(v.value))) : 'any value';
    case 'entityTypes':
      return info.entityTypes.length > 0 ? sortedList(info.entityTypes) : 'none';
    case 'typeQualifierAllowedTypes':
      return info.typeQualifierAllowedTypes && info.typeQualifierAllowedTypes.length > 0 ? sortedList(info.typeQualifierAllowedTypes) : 'any';
    case 'allowedPlatforms':
      return info.allowedPlatforms && info.allowedPlatforms.length > 0 ? sortedList(info.allowedPlatforms) : 'any';
    case 'immutable':
      return info.immutable === true ? 'true' : 'false';
    case 'displayName':
      return info.displayName ?? '(none)';
    case 'description':
      return info.description ?? '(none)';
    case 'version':
      return info.version ?? '(none)';
  }
}

function sortedList(items: string[]): string {
  return [...new Set(items)].sort().join(', ');
}

const FIELD_LABELS: Record<DefinitionField, string> = {
  valueType: 'type',
  cardinality: 'cardinality',
  allowedValues: 'allowed values',
  entityTypes: 'entity types',
  typeQualifierAllowedTypes: 'allowed URN types',
  allowedPlatforms: 'allowed platforms',
  immutable: 'immutable',
  displayName: 'display name',
  description: 'description',
  version: 'version',
};

/** "type: number in the service, string in the workspace; cardinality: …" */
export function formatDifferences(differences: readonly DefinitionDifference[], workspaceLabel = 'the workspace'): string {
  return differences
    .map((d) => `${FIELD_LABELS[d.field]}: ${d.service} in the service, ${d.workspace} in ${workspaceLabel}`)
    .join('; ');
}

/** Where a definition comes from, for messages: "the service" or "properties.yaml". */
export function originLabel(info: PropertyDefinitionInfo): string {
  if (info.origin.kind === 'service') return 'the service';
  const uri = info.origin.uri;
  const slash = uri.lastIndexOf('/');
  return slash >= 0 ? uri.slice(slash + 1) : uri;
}

/** Every known property's qualified name (service and workspace), for "did you mean" candidates. */
export function knownPropertyIds(definitions: DefinitionsView): string[] {
  const ids = new Set<string>();
  for (const info of definitions.service.values()) ids.add(info.qualifiedName);
  for (const info of definitions.workspace.values()) ids.add(info.qualifiedName);
  return [...ids];
}

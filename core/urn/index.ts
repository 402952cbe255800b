/**
 * The URN grammar: parsing, formatting, building and checking DataHub URNs
 * (reference/datahub-api.md §3). Everything here is pure and runs anywhere.
 */
export type { ParsedUrn, UrnError, UrnErrorCode, UrnParseResult, UrnPart, UrnText } from './types';
export { parseUrn, urnShape, URN_MAX_LENGTH, URN_STORED_MAX_LENGTH } from './parse';
export { formatUrn } from './format';
export { escapeUrnPart, unescapeUrnPart, urlDecodeLeniently } from './escape';
export { decodeLegacyUrnKey, urnOfPatchPathKey } from './patchPath';
export { closestMatches, editDistance } from './suggest';
export {
  DATA_TYPE_NAMES,
  DATA_TYPE_URN_PREFIX,
  ENTITY_TYPE_URN_PREFIX,
  ENTITY_TYPE_NAMES,
  FABRIC_TYPES,
  KNOWN_PLATFORMS,
  REGISTRY_ENTITY_TYPES,
  TYPE_NAMESPACES,
  fromGraphqlEntityType,
  isDataTypeName,
  splitTypeId,
  toGraphqlEntityType,
  type DataTypeName,
} from './vocabulary';
export { URN_TYPE_SPECS, describeParts, urnTypeSpec, type PartKind, type PartSpec, type UrnTypeSpec } from './registry';
export {
  dataTypeName,
  datasetKey,
  entityTypeName,
  makeDataPlatformUrn,
  makeDataTypeUrn,
  makeDatasetUrn,
  makeEntityTypeUrn,
  makeSchemaFieldUrn,
  makeStructuredPropertyUrn,
  platformNameOf,
  schemaFieldKey,
  type TypeNamespace,
} from './builders';

const URN_PREFIX = 'urn:li:';

export function looksLikeUrn(text: string): boolean {
  return text.startsWith(URN_PREFIX);
}

/** The entity type of a URN without parsing the key: 'dataset', 'schemaField', ...; undefined if not a URN. */
export function entityTypeOfUrn(text: string): string | undefined {
  if (!text.startsWith(URN_PREFIX)) return undefined;
  const colon = text.indexOf(':', URN_PREFIX.length);
  if (colon <= URN_PREFIX.length) return undefined;
  return text.slice(URN_PREFIX.length, colon);
}

import type { UncheckedFormat, UncheckedFormatId } from '../model/uncheckedFormat';
import type { DocNode, MapNode } from './tree';
import { entryOf, isStringNode, keysOf, valueOf } from './tree';

/**
 * DataHub file formats Catalog Code recognises but does not check (issue #25 item 13): a file of
 * one of them is named as "not checked by Catalog Code" rather than skipped as if it were someone
 * else's YAML. The facts about each format are written here once; detection is as conservative as
 * ./detect.ts (a share of the format's own keys), and runs only when no checked format matched.
 */

export interface UncheckedFormatInfo {
  /** what a user calls it */
  name: string;
  /** how DataHub loads it */
  loadedBy: string;
  /** the top-level keys of DataHub's model of the file */
  keys: readonly string[];
  /** whether the format can carry structured-property values (`structured_properties:`, which then go unchecked too) */
  structuredProperties: boolean;
  /** the DataHub source that defines the format */
  decidedBy: string;
}

export const UNCHECKED_FORMATS: Readonly<Record<UncheckedFormatId, UncheckedFormatInfo>> = {
  businessGlossary: {
    name: 'business glossary',
    loadedBy: '`datahub ingest` with the `datahub-business-glossary` source',
    keys: ['version', 'source', 'owners', 'url', 'nodes', 'terms'],
    structuredProperties: false,
    decidedBy: 'metadata-ingestion/src/datahub/ingestion/source/metadata/business_glossary.py (BusinessGlossaryConfig: version, source, owners, url, nodes, terms)',
  },
  dataProduct: {
    name: 'data product',
    loadedBy: '`datahub dataproduct upsert`',
    keys: ['id', 'domain', 'display_name', 'description', 'assets', 'output_ports', 'owners', 'institutional_memory', 'tags', 'terms', 'properties', 'external_url', 'structured_properties'],
    structuredProperties: true,
    decidedBy: 'metadata-ingestion/src/datahub/api/entities/dataproduct/dataproduct.py (DataProduct: id, domain, assets, output_ports, owners, institutional_memory, …; read with parse_obj_allow_extras)',
  },
  dataContract: {
    name: 'data contract',
    loadedBy: '`datahub datacontract upsert`',
    keys: ['version', 'id', 'entity', 'properties', 'freshness', 'schema', 'data_quality', 'raw_contract'],
    structuredProperties: false,
    decidedBy: 'metadata-ingestion/src/datahub/api/entities/datacontract/datacontract.py (DataContract: entity, freshness, schema, data_quality)',
  },
};

/** Below this share of the format's own keys a mapping is someone else's file. */
const KEY_SHARE = 0.7;

export function detectUncheckedFormat(documents: readonly (DocNode | null)[]): UncheckedFormat | undefined {
  const root = documents.find((d): d is DocNode => d !== null && d.type === 'map');
  if (!root || root.type !== 'map' || root.entries.length === 0) return undefined;
  const id = glossary(root) ? 'businessGlossary' : dataProduct(root) ? 'dataProduct' : dataContract(root) ? 'dataContract' : undefined;
  if (!id || share(root, UNCHECKED_FORMATS[id].keys) < KEY_SHARE) return undefined;
  const found: UncheckedFormat = { id, range: root.entries[0].key.range };
  if (UNCHECKED_FORMATS[id].structuredProperties && entryOf(root, 'structured_properties')) found.structuredProperties = true;
  return found;
}

/** `nodes:` or `terms:`, a list of mappings with a `name`. */
function glossary(map: MapNode): boolean {
  return ['nodes', 'terms'].some((key) => {
    const list = valueOf(map, key);
    return list?.type === 'seq' && list.items.some((item) => item.type === 'map' && isStringNode(valueOf(item, 'name')));
  });
}

/** An `id` and a `domain`, with assets, a display name or owners beside them. */
function dataProduct(map: MapNode): boolean {
  if (!isStringNode(valueOf(map, 'id')) || !isStringNode(valueOf(map, 'domain'))) return false;
  return ['assets', 'display_name', 'owners'].some((key) => entryOf(map, key) !== undefined);
}

/** An `entity` URN with freshness, schema or data quality. */
function dataContract(map: MapNode): boolean {
  const entity = valueOf(map, 'entity');
  if (!isStringNode(entity) || !entity.value.startsWith('urn:li:')) return false;
  return ['freshness', 'schema', 'data_quality'].some((key) => entryOf(map, key) !== undefined);
}

function share(map: MapNode, known: readonly string[]): number {
  const keys = keysOf(map);
  return keys.length === 0 ? 0 : keys.filter((key) => known.includes(key)).length / keys.length;
}

/** The message a file of an unchecked format gets: what it is, that nothing is checked, and what to do. */
export function notCheckedMessage(unchecked: UncheckedFormat): string {
  const info = UNCHECKED_FORMATS[unchecked.id];
  const values = unchecked.structuredProperties ? ' Its structured_properties are not checked against the property definitions either.' : '';
  return `This looks like a DataHub ${info.name} file (loaded by ${info.loadedBy}). Catalog Code recognises it but does not check it: nothing in it is validated, pushed or shown in lineage.${values} Check it with DataHub's own command before loading it; if it is not a ${info.name} file, set catalogCode.formats.associations to 'none' for it.`;
}

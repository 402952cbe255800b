import type { PropertyScalar } from '../model/facts';
import type { Located } from '../model/range';
import { looksLikeUrn, makeDatasetUrn, makeSchemaFieldUrn, makeStructuredPropertyUrn } from '../urn';
import { declarationOf, FactCollector, pathOf } from './collector';
import type { DocNode, MapNode } from './tree';
import { isNullNode, valueOf } from './tree';

/**
 * The `datahub dataset upsert` YAML: one dataset mapping or a list of them
 * (reference/datahub-formats.md §1b).
 */
export function readDatasetYaml(root: DocNode, collector: FactCollector): void {
  readDatasetFrame(root, collector).forEach((item, index) => readDatasetItem(item, index, collector));
}

/** Everything but the list's datasets; answers them, for readDatasetItem in order (core/formats/yamlUnits.ts). */
export function readDatasetFrame(root: DocNode, collector: FactCollector): DocNode[] {
  if (root.type === 'map') {
    readDataset(root, '', collector);
    return [];
  }
  return collector.list(root, '');
}

/** The `index`-th dataset of the list. */
export function readDatasetItem(item: DocNode, index: number, collector: FactCollector): void {
  const path = pathOf('', index);
  const map = collector.map(item, path);
  if (map) readDataset(map, path, collector);
}

const DATASET_STRINGS = ['name', 'description', 'external_url', 'subtype'];
const DATASET_LISTS = ['tags', 'glossary_terms', 'domains', 'subtypes'];
const FIELD_STRINGS = ['description', 'doc', 'label', 'nativeDataType'];
const FIELD_BOOLEANS = ['nullable', 'recursive', 'isPartOfKey', 'isPartitioningKey'];

// Paths are given as (path, key) where they are only said on a wrong type: made then, not for every field read (FactCollector.urn).

function readDataset(map: MapNode, path: string, collector: FactCollector): void {
  collector.shape(map, 'datasetYaml.dataset');
  const writtenUrn = collector.urn(valueOf(map, 'urn'), 'entity', path, 'urn');
  const id = collector.string(valueOf(map, 'id'), path, 'id');
  const platform = collector.string(valueOf(map, 'platform'), path, 'platform');
  const env = collector.enumValue(valueOf(map, 'env'), 'fabricType', path, 'env');
  for (const key of DATASET_STRINGS) collector.string(valueOf(map, key), path, key);
  if (!writtenUrn) {
    if (!id) collector.missingKey(map, 'datasetYaml.dataset', 'id');
    if (!platform) collector.missingKey(map, 'datasetYaml.dataset', 'platform');
  }
  const urn: Located<string> | undefined =
    writtenUrn ?? (id && platform ? { value: makeDatasetUrn(platform.value, id.value, env?.value ?? 'PROD'), range: id.range } : undefined);
  if (urn) collector.facts.push(declarationOf(urn, map, 'datasetYaml', 0));

  if (urn) readAssignments(valueOf(map, 'structured_properties'), urn, path, collector);
  else readAssignmentKeys(valueOf(map, 'structured_properties'), path, collector);
  readSchema(valueOf(map, 'schema'), urn, path, collector);

  const downstreams = collector.list(valueOf(map, 'downstreams'), path, false, 'downstreams');
  downstreams.forEach((item, index) => {
    const downstream = collector.urn(item, 'downstream', pathOf(path, 'downstreams'), index);
    if (downstream && urn) {
      collector.facts.push({ kind: 'lineageEdge', downstream, upstream: urn, change: 'add', origin: 'datasetDownstreams', range: item.range });
    }
  });

  for (const key of DATASET_LISTS) {
    const items = collector.list(valueOf(map, key), path, false, key);
    for (let index = 0; index < items.length; index++) collector.string(items[index], pathOf(path, key), index);
  }
  readOwners(valueOf(map, 'owners'), pathOf(path, 'owners'), collector);
  const properties = collector.map(valueOf(map, 'properties'), path, 'properties');
  for (const entry of properties?.entries ?? []) {
    // Numbers are left alone: whether DataHub's pydantic model turns them into text is unverified.
    if (entry.value.type !== 'scalar') collector.wrongType(pathOf(pathOf(path, 'properties'), String(entry.key.value)), 'string', entry.value);
  }
}

/** The `schema` of the dataset at `parent`. */
function readSchema(node: DocNode | undefined, datasetUrn: Located<string> | undefined, parent: string, collector: FactCollector): void {
  const schema = collector.map(node, parent, 'schema');
  if (!schema) return;
  const path = pathOf(parent, 'schema');
  collector.shape(schema, 'datasetYaml.schema');
  collector.string(valueOf(schema, 'file'), path, 'file');
  collector.string(valueOf(schema, 'raw_schema'), path, 'raw_schema');
  const fieldsPath = pathOf(path, 'fields');
  const fields = collector.list(valueOf(schema, 'fields'), fieldsPath);
  for (let index = 0; index < fields.length; index++) readField(fields[index], datasetUrn, pathOf(fieldsPath, index), collector);
}

function readField(item: DocNode, datasetUrn: Located<string> | undefined, path: string, collector: FactCollector): void {
  const field = collector.map(item, path);
  if (!field) return;
  collector.shape(field, 'datasetYaml.field');
  const writtenUrn = collector.urn(valueOf(field, 'urn'), 'entity', path, 'urn');
  const id = collector.string(valueOf(field, 'id'), path, 'id');
  if (!writtenUrn && !id) collector.missingKey(field, 'datasetYaml.field', 'id');
  collector.enumValue(valueOf(field, 'type'), 'fieldType', path, 'type');
  for (const key of FIELD_STRINGS) collector.string(valueOf(field, key), path, key);
  for (const key of FIELD_BOOLEANS) collector.boolean(valueOf(field, key), path, key);
  const fieldUrn: Located<string> | undefined =
    writtenUrn ?? (id && datasetUrn ? { value: makeSchemaFieldUrn(datasetUrn.value, id.value), range: id.range } : undefined);
  if (fieldUrn) {
    collector.facts.push(declarationOf(fieldUrn, field, 'schemaField', 0));
    readAssignments(valueOf(field, 'structured_properties'), fieldUrn, path, collector);
  } else {
    readAssignmentKeys(valueOf(field, 'structured_properties'), path, collector);
  }
}

/** `structured_properties: {<id or URN>: scalar | [scalars]}` of the entity at `parent`: the file replaces all of the entity's values. */
function readAssignments(node: DocNode | undefined, entity: Located<string>, parent: string, collector: FactCollector): void {
  const map = collector.map(node, parent, 'structured_properties');
  for (const entry of map?.entries ?? []) {
    const key = String(entry.key.value);
    const property = collector.urnIfLooksLike(entry.key, 'property') ?? { value: key, range: entry.key.inner };
    const writtenAsList = entry.value.type === 'seq';
    const valueNodes = writtenAsList ? collector.list(entry.value, valuePathOf(parent, key)) : [entry.value];
    if (isNullNode(entry.value)) collector.wrongType(valuePathOf(parent, key), 'string, number or list', entry.value);
    const values: Located<PropertyScalar>[] = [];
    for (let index = 0; index < valueNodes.length; index++) {
      const valueNode = valueNodes[index];
      if (valueNode.type !== 'scalar' || (valueNode.value === null && !writtenAsList)) {
        if (valueNode.type !== 'scalar') collector.wrongType(writtenAsList ? pathOf(valuePathOf(parent, key), index) : valuePathOf(parent, key), 'string or number', valueNode);
        continue;
      }
      collector.urnIfLooksLike(valueNode, 'value');
      values.push({ value: valueNode.value, range: valueNode.inner });
    }
    collector.facts.push({
      kind: 'propertyAssignment',
      entity,
      property,
      propertyUrn: makeStructuredPropertyUrn(key),
      values,
      mode: 'replace',
      writtenAsList,
      valuesRange: entry.value.type === 'scalar' ? entry.value.inner : entry.value.range,
      range: entry.range,
    });
  }
}

/** The path of the value of structured property `key` of the entity at `parent`. */
function valuePathOf(parent: string, key: string): string {
  return pathOf(pathOf(parent, 'structured_properties'), key);
}

/** When the URN of the entity at `parent` cannot be built, still record URN-written property keys. */
function readAssignmentKeys(node: DocNode | undefined, parent: string, collector: FactCollector): void {
  for (const entry of collector.map(node, parent, 'structured_properties')?.entries ?? []) collector.urnIfLooksLike(entry.key, 'property');
}

function readOwners(node: DocNode | undefined, path: string, collector: FactCollector): void {
  collector.list(node, path).forEach((item, index) => {
    const ownerPath = pathOf(path, index);
    if (item.type === 'scalar') {
      collector.string(item, ownerPath);
      return;
    }
    const owner = collector.map(item, ownerPath);
    if (!owner) return;
    collector.shape(owner, 'datasetYaml.owner');
    collector.requireKey(owner, 'datasetYaml.owner', 'id');
    collector.string(valueOf(owner, 'id'), pathOf(ownerPath, 'id'));
    const type = valueOf(owner, 'type');
    if (type?.type === 'scalar' && typeof type.value === 'string' && looksLikeUrn(type.value)) collector.urn(type, 'other', pathOf(ownerPath, 'type'));
    else collector.enumValue(type, 'ownershipType', pathOf(ownerPath, 'type'));
  });
}

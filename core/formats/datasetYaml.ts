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

function readDataset(map: MapNode, path: string, collector: FactCollector): void {
  collector.shape(map, 'datasetYaml.dataset');
  const writtenUrn = collector.urn(valueOf(map, 'urn'), 'entity', pathOf(path, 'urn'));
  const id = collector.string(valueOf(map, 'id'), pathOf(path, 'id'));
  const platform = collector.string(valueOf(map, 'platform'), pathOf(path, 'platform'));
  const env = collector.enumValue(valueOf(map, 'env'), 'fabricType', pathOf(path, 'env'));
  for (const key of ['name', 'description', 'external_url', 'subtype']) collector.string(valueOf(map, key), pathOf(path, key));
  if (!writtenUrn) {
    if (!id) collector.missingKey(map, 'datasetYaml.dataset', 'id');
    if (!platform) collector.missingKey(map, 'datasetYaml.dataset', 'platform');
  }
  const urn: Located<string> | undefined =
    writtenUrn ?? (id && platform ? { value: makeDatasetUrn(platform.value, id.value, env?.value ?? 'PROD'), range: id.range } : undefined);
  if (urn) collector.facts.push(declarationOf(urn, map, 'datasetYaml', 0));

  if (urn) readAssignments(valueOf(map, 'structured_properties'), urn, pathOf(path, 'structured_properties'), collector);
  else readAssignmentKeys(valueOf(map, 'structured_properties'), pathOf(path, 'structured_properties'), collector);
  readSchema(valueOf(map, 'schema'), urn, pathOf(path, 'schema'), collector);

  const downstreamsPath = pathOf(path, 'downstreams');
  collector.list(valueOf(map, 'downstreams'), downstreamsPath).forEach((item, index) => {
    const downstream = collector.urn(item, 'downstream', pathOf(downstreamsPath, index));
    if (downstream && urn) {
      collector.facts.push({ kind: 'lineageEdge', downstream, upstream: urn, change: 'add', origin: 'datasetDownstreams', range: item.range });
    }
  });

  for (const key of ['tags', 'glossary_terms', 'domains', 'subtypes']) {
    const listPath = pathOf(path, key);
    collector.list(valueOf(map, key), listPath).forEach((item, index) => collector.string(item, pathOf(listPath, index)));
  }
  readOwners(valueOf(map, 'owners'), pathOf(path, 'owners'), collector);
  const properties = collector.map(valueOf(map, 'properties'), pathOf(path, 'properties'));
  for (const entry of properties?.entries ?? []) {
    // Numbers are left alone: whether DataHub's pydantic model turns them into text is unverified.
    if (entry.value.type !== 'scalar') collector.wrongType(pathOf(pathOf(path, 'properties'), String(entry.key.value)), 'string', entry.value);
  }
}

function readSchema(node: DocNode | undefined, datasetUrn: Located<string> | undefined, path: string, collector: FactCollector): void {
  const schema = collector.map(node, path);
  if (!schema) return;
  collector.shape(schema, 'datasetYaml.schema');
  collector.string(valueOf(schema, 'file'), pathOf(path, 'file'));
  collector.string(valueOf(schema, 'raw_schema'), pathOf(path, 'raw_schema'));
  const fieldsPath = pathOf(path, 'fields');
  collector.list(valueOf(schema, 'fields'), fieldsPath).forEach((item, index) => {
    const fieldPath = pathOf(fieldsPath, index);
    const field = collector.map(item, fieldPath);
    if (!field) return;
    collector.shape(field, 'datasetYaml.field');
    const writtenUrn = collector.urn(valueOf(field, 'urn'), 'entity', pathOf(fieldPath, 'urn'));
    const id = collector.string(valueOf(field, 'id'), pathOf(fieldPath, 'id'));
    if (!writtenUrn && !id) collector.missingKey(field, 'datasetYaml.field', 'id');
    collector.enumValue(valueOf(field, 'type'), 'fieldType', pathOf(fieldPath, 'type'));
    for (const key of ['description', 'doc', 'label', 'nativeDataType']) collector.string(valueOf(field, key), pathOf(fieldPath, key));
    for (const key of ['nullable', 'recursive', 'isPartOfKey', 'isPartitioningKey']) collector.boolean(valueOf(field, key), pathOf(fieldPath, key));
    const fieldUrn: Located<string> | undefined =
      writtenUrn ?? (id && datasetUrn ? { value: makeSchemaFieldUrn(datasetUrn.value, id.value), range: id.range } : undefined);
    if (fieldUrn) {
      collector.facts.push(declarationOf(fieldUrn, field, 'schemaField', 0));
      readAssignments(valueOf(field, 'structured_properties'), fieldUrn, pathOf(fieldPath, 'structured_properties'), collector);
    } else {
      readAssignmentKeys(valueOf(field, 'structured_properties'), pathOf(fieldPath, 'structured_properties'), collector);
    }
  });
}

/** `structured_properties: {<id or URN>: scalar | [scalars]}`: the file replaces all of the entity's values. */
function readAssignments(node: DocNode | undefined, entity: Located<string>, path: string, collector: FactCollector): void {
  const map = collector.map(node, path);
  for (const entry of map?.entries ?? []) {
    const key = String(entry.key.value);
    const property = collector.urnIfLooksLike(entry.key, 'property') ?? { value: key, range: entry.key.inner };
    const valuePath = pathOf(path, key);
    const writtenAsList = entry.value.type === 'seq';
    const valueNodes = writtenAsList ? collector.list(entry.value, valuePath) : [entry.value];
    if (isNullNode(entry.value)) collector.wrongType(valuePath, 'string, number or list', entry.value);
    const values: Located<PropertyScalar>[] = [];
    valueNodes.forEach((valueNode, index) => {
      if (valueNode.type !== 'scalar' || (valueNode.value === null && !writtenAsList)) {
        if (valueNode.type !== 'scalar') collector.wrongType(writtenAsList ? pathOf(valuePath, index) : valuePath, 'string or number', valueNode);
        return;
      }
      collector.urnIfLooksLike(valueNode, 'value');
      values.push({ value: valueNode.value, range: valueNode.inner });
    });
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

/** When the entity URN cannot be built, still record URN-written property keys. */
function readAssignmentKeys(node: DocNode | undefined, path: string, collector: FactCollector): void {
  for (const entry of collector.map(node, path)?.entries ?? []) collector.urnIfLooksLike(entry.key, 'property');
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

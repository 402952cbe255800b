import type { AllowedValueFact, PropertyDefinitionFact, PropertyScalar } from '../model/facts';
import type { Located } from '../model/range';
import { looksLikeUrn, makeStructuredPropertyUrn } from '../urn';
import { FactCollector, pathOf } from './collector';
import { ENUMS } from './shapes';
import { readYamlSettings } from './propertySettings';
import { wrappedDefinitions } from './detect';
import type { DocNode, MapNode } from './tree';
import { isNullNode, valueOf } from './tree';

/**
 * The `datahub properties upsert` YAML: a top-level list of definitions
 * (reference/datahub-formats.md §1a). A single mapping is read as a one-item list (and recorded
 * as a wrong type, since DataHub requires the list).
 */
export function readPropertyDefinitions(root: DocNode, collector: FactCollector): void {
  readDefinitionsFrame(root, collector).forEach((item, index) => readDefinitionItem(item, index, collector));
}

/** Everything but the definitions; answers them, for readDefinitionItem in order (core/formats/yamlUnits.ts). */
export function readDefinitionsFrame(root: DocNode, collector: FactCollector): DocNode[] {
  if (root.type !== 'map') return collector.list(root, '');
  const wrapped = wrappedDefinitions(root);
  if (wrapped) {
    const key = root.entries[0].key;
    collector.own({
      kind: 'wrongType',
      path: 'the top level',
      expected: "the list of definitions itself: DataHub's loader (`datahub properties upsert`) iterates the top level and fails on the key 'properties'. Remove `properties:` and write the list at the top level",
      found: "a mapping with the key 'properties'",
      range: key.type === 'scalar' ? key.inner : key.range,
    });
    return wrapped.items;
  }
  collector.wrongType('', 'list', root);
  return [root];
}

/** The `index`-th definition of the list. */
export function readDefinitionItem(item: DocNode, index: number, collector: FactCollector): void {
  const path = pathOf('', index);
  const map = collector.map(item, path);
  if (map) readDefinition(map, path, collector);
}

function readDefinition(map: MapNode, path: string, collector: FactCollector): void {
  collector.shape(map, 'propertyDefinitions.property');
  const id = collector.string(valueOf(map, 'id'), pathOf(path, 'id'));
  const writtenUrn = collector.urn(valueOf(map, 'urn'), 'property', pathOf(path, 'urn'));
  if (!writtenUrn && !id) collector.missingKey(map, 'propertyDefinitions.property', 'id');
  collector.requireKey(map, 'propertyDefinitions.property', 'type');

  const fact: PropertyDefinitionFact = {
    kind: 'propertyDefinition',
    urn: writtenUrn ?? (id ? { value: makeStructuredPropertyUrn(id.value), range: id.range } : { value: '', range: map.range }),
    range: map.range,
  };
  if (id) fact.id = id;
  assign(fact, 'qualifiedName', collector.string(valueOf(map, 'qualified_name'), pathOf(path, 'qualified_name')));
  assign(fact, 'displayName', collector.string(valueOf(map, 'display_name'), pathOf(path, 'display_name')));
  assign(fact, 'description', collector.string(valueOf(map, 'description'), pathOf(path, 'description')));
  assign(fact, 'cardinality', collector.enumValue(valueOf(map, 'cardinality'), 'cardinality', pathOf(path, 'cardinality')));
  assign(fact, 'immutable', collector.boolean(valueOf(map, 'immutable'), pathOf(path, 'immutable')));
  assign(fact, 'version', collector.stringOrNumber(valueOf(map, 'version'), pathOf(path, 'version')));

  assign(fact, 'valueType', readType(valueOf(map, 'type'), pathOf(path, 'type'), collector));

  const entityTypesNode = valueOf(map, 'entity_types');
  if (!isNullNode(entityTypesNode)) fact.entityTypes = readEntityTypes(entityTypesNode, pathOf(path, 'entity_types'), collector);
  readEntityTypes(valueOf(map, 'value_entity_types'), pathOf(path, 'value_entity_types'), collector);

  const qualifierPath = pathOf(path, 'type_qualifier');
  const qualifier = collector.map(valueOf(map, 'type_qualifier'), qualifierPath);
  if (qualifier) {
    collector.shape(qualifier, 'propertyDefinitions.typeQualifier');
    collector.requireKey(qualifier, 'propertyDefinitions.typeQualifier', 'allowed_types');
    fact.typeQualifierAllowedTypes = readEntityTypes(valueOf(qualifier, 'allowed_types'), pathOf(qualifierPath, 'allowed_types'), collector);
  }

  const platforms = valueOf(map, 'allowed_platforms');
  if (platforms !== undefined && !isNullNode(platforms)) fact.allowedPlatforms = readPlatforms(platforms, pathOf(path, 'allowed_platforms'), collector);

  const allowedNode = valueOf(map, 'allowed_values');
  if (!isNullNode(allowedNode)) {
    const allowedPath = pathOf(path, 'allowed_values');
    fact.allowedValues = collector.list(allowedNode, allowedPath).flatMap((item, index) => {
      const allowed = readAllowedValue(item, pathOf(allowedPath, index), collector);
      return allowed ? [allowed] : [];
    });
  }
  if (fact.urn.value) collector.facts.push(fact);
  if (valueOf(map, 'settings') !== undefined) readYamlSettings(valueOf(map, 'settings'), fact.urn, pathOf(path, 'settings'), collector);
}

/** Entity type names (`dataset`) or entity-type URNs (`urn:li:entityType:datahub.dataset`). */
export function readEntityTypes(node: DocNode | undefined, path: string, collector: FactCollector): Located<string>[] {
  const out: Located<string>[] = [];
  collector.list(node, path).forEach((item, index) => {
    const itemPath = pathOf(path, index);
    const value = isUrnText(item) ? collector.urn(item, 'entityType', itemPath) : collector.enumValue(item, 'entityType', itemPath);
    if (value) out.push(value);
  });
  return out;
}

/** Platform names (`snowflake`) or dataPlatform URNs, as a definition's allowed platforms are written. */
export function readPlatforms(node: DocNode, path: string, collector: FactCollector): Located<string>[] {
  const out: Located<string>[] = [];
  collector.list(node, path).forEach((item, index) => {
    const itemPath = pathOf(path, index);
    const value = isUrnText(item) ? collector.urn(item, 'other', itemPath) : collector.string(item, itemPath);
    if (value) out.push(value);
  });
  return out;
}

function readAllowedValue(item: DocNode, path: string, collector: FactCollector): AllowedValueFact | undefined {
  const map = collector.map(item, path);
  if (!map) return undefined;
  collector.shape(map, 'propertyDefinitions.allowedValue');
  if (!collector.requireKey(map, 'propertyDefinitions.allowedValue', 'value')) return undefined;
  const valueNode = valueOf(map, 'value');
  if (valueNode?.type !== 'scalar') {
    if (valueNode) collector.wrongType(pathOf(path, 'value'), 'string or number', valueNode);
    return undefined;
  }
  collector.urnIfLooksLike(valueNode, 'value');
  const allowed: AllowedValueFact = { value: { value: valueNode.value as PropertyScalar, range: valueNode.inner }, range: map.range };
  const description = collector.string(valueOf(map, 'description'), pathOf(path, 'description'));
  if (description) allowed.description = description;
  return allowed;
}

/**
 * A definition's `type`: a data-type URN, or one of the five short names. `type: STRING` is
 * lower-cased by DataHub's CLI with a warning (structuredproperties.py validate_type): read as a plain
 * string so definition.type says so, not as a bad enum value.
 */
function readType(node: DocNode | undefined, path: string, collector: FactCollector): Located<string> | undefined {
  if (isUrnText(node)) return collector.urn(node, 'valueType', path);
  const prefixed = withoutDataHubPrefix(node);
  if (prefixed) return prefixed;
  return isMisCasedType(node) ? collector.string(node, path) : collector.enumValue(node, 'propertyType', path);
}

/**
 * `type: datahub.string` read as `string` (the range still covers the whole value): validate_type
 * lower-cases a type that is not all lower case, `Urn.make_data_type_urn` keeps a `datahub.` prefix
 * and the check strips it before comparing with the five types, so the CLI writes
 * urn:li:dataType:datahub.string. Accepted whatever the DataHub version: the CLI before
 * validate_type (structuredproperties.py at 08f33e51) refused it, and also every type written as a
 * URN, which Catalog Code accepts too; the release that changed it was not found.
 */
function withoutDataHubPrefix(node: DocNode | undefined): Located<string> | undefined {
  if (node?.type !== 'scalar' || typeof node.value !== 'string' || !/^datahub\./i.test(node.value)) return undefined;
  const name = node.value.slice('datahub.'.length);
  return ENUMS.propertyType.includes(name.toLowerCase()) ? { value: name, range: node.inner } : undefined;
}

function isMisCasedType(node: DocNode | undefined): boolean {
  if (node?.type !== 'scalar' || typeof node.value !== 'string') return false;
  const lower = node.value.toLowerCase();
  return lower !== node.value && ENUMS.propertyType.includes(lower);
}

function isUrnText(node: DocNode | undefined): boolean {
  return node?.type === 'scalar' && typeof node.value === 'string' && looksLikeUrn(node.value);
}

/** Sets an optional field only when a value was read (keeps facts free of `undefined` keys). */
export function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

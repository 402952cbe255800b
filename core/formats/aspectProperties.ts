import type { AllowedValueFact, PropertyDefinitionFact, PropertyScalar } from '../model/facts';
import type { Located } from '../model/range';
import type { AspectContext } from './aspectContext';
import { FactCollector, pathOf } from './collector';
import { readUrnList } from './fineGrained';
import { assign, readPlatforms } from './propertyDefinitions';
import type { DocNode } from './tree';
import { isNullNode, valueOf } from './tree';

/** The `propertyDefinition` aspect of a structuredProperty entity (spec §2.6). */
export function readPropertyDefinitionAspect(body: DocNode, context: AspectContext): void {
  const { collector, entity, path } = context;
  const map = collector.map(body, path);
  if (!map) return;
  collector.shape(map, 'aspect.propertyDefinition');
  for (const key of ['qualifiedName', 'valueType', 'entityTypes']) collector.requireKey(map, 'aspect.propertyDefinition', key);
  const fact: PropertyDefinitionFact = { kind: 'propertyDefinition', urn: entity, range: map.range };
  assign(fact, 'qualifiedName', collector.string(valueOf(map, 'qualifiedName'), pathOf(path, 'qualifiedName')));
  assign(fact, 'displayName', collector.string(valueOf(map, 'displayName'), pathOf(path, 'displayName')));
  assign(fact, 'description', collector.string(valueOf(map, 'description'), pathOf(path, 'description')));
  assign(fact, 'valueType', collector.urn(valueOf(map, 'valueType'), 'valueType', pathOf(path, 'valueType')));
  assign(fact, 'cardinality', collector.enumValue(valueOf(map, 'cardinality'), 'cardinality', pathOf(path, 'cardinality')));
  assign(fact, 'immutable', collector.boolean(valueOf(map, 'immutable'), pathOf(path, 'immutable')));
  assign(fact, 'version', collector.stringOrNumber(valueOf(map, 'version'), pathOf(path, 'version')));
  const entityTypes = valueOf(map, 'entityTypes');
  if (!isNullNode(entityTypes)) fact.entityTypes = readUrnList(entityTypes, 'entityType', pathOf(path, 'entityTypes'), collector);
  const qualifier = collector.map(valueOf(map, 'typeQualifier'), pathOf(path, 'typeQualifier'));
  const allowedTypes = qualifier ? valueOf(qualifier, 'allowedTypes') : undefined;
  if (allowedTypes) {
    fact.typeQualifierAllowedTypes = readUrnList(allowedTypes, 'entityType', pathOf(path, 'typeQualifier.allowedTypes'), collector);
  }
  const platforms = valueOf(map, 'allowedPlatforms');
  if (platforms !== undefined && !isNullNode(platforms)) fact.allowedPlatforms = readPlatforms(platforms, pathOf(path, 'allowedPlatforms'), collector);
  const allowedNode = valueOf(map, 'allowedValues');
  if (!isNullNode(allowedNode)) {
    const allowedPath = pathOf(path, 'allowedValues');
    fact.allowedValues = collector.list(allowedNode, allowedPath).flatMap((item, index) => {
      const itemPath = pathOf(allowedPath, index);
      const allowedMap = collector.map(item, itemPath);
      if (!allowedMap) return [];
      collector.shape(allowedMap, 'aspect.allowedValue');
      const value = typedValue(valueOf(allowedMap, 'value'), pathOf(itemPath, 'value'), collector);
      if (!value) {
        collector.requireKey(allowedMap, 'aspect.allowedValue', 'value');
        return [];
      }
      const allowed: AllowedValueFact = { value, range: allowedMap.range };
      assign(allowed, 'description', collector.string(valueOf(allowedMap, 'description'), pathOf(itemPath, 'description')));
      return [allowed];
    });
  }
  collector.facts.push(fact);
}

/** The `structuredProperties` aspect written whole (UPSERT): it replaces all values of the entity. */
export function readStructuredPropertiesAspect(body: DocNode, context: AspectContext): void {
  const { collector, path } = context;
  const map = collector.map(body, path);
  if (!map) return;
  collector.shape(map, 'aspect.structuredProperties');
  collector.requireKey(map, 'aspect.structuredProperties', 'properties');
  const listPath = pathOf(path, 'properties');
  collector.list(valueOf(map, 'properties'), listPath).forEach((item, index) => {
    readAssignment(item, 'replace', pathOf(listPath, index), context);
  });
}

/**
 * One `{propertyUrn, values}` element (also the `value` of a PATCH `add`). `property` is given
 * when the PATCH path already names the property.
 */
export function readAssignment(
  node: DocNode,
  mode: 'replace' | 'add',
  path: string,
  context: AspectContext,
  property?: Located<string>,
): void {
  const { collector, entity } = context;
  const map = collector.map(node, path);
  if (!map) return;
  collector.shape(map, 'aspect.propertyValueAssignment');
  if (!property) collector.requireKey(map, 'aspect.propertyValueAssignment', 'propertyUrn');
  collector.requireKey(map, 'aspect.propertyValueAssignment', 'values');
  const written = collector.urn(valueOf(map, 'propertyUrn'), 'property', pathOf(path, 'propertyUrn'));
  const propertyRef = property ?? written;
  if (!propertyRef) return;
  const valuesNode = valueOf(map, 'values');
  const valuesPath = pathOf(path, 'values');
  const values: Located<PropertyScalar>[] = [];
  collector.list(valuesNode, valuesPath).forEach((item, index) => {
    const value = typedValue(item, pathOf(valuesPath, index), collector);
    if (value) values.push(value);
  });
  collector.facts.push({
    kind: 'propertyAssignment',
    entity,
    property: propertyRef,
    propertyUrn: propertyRef.value,
    values,
    mode,
    writtenAsList: valuesNode?.type !== 'scalar',
    valuesRange: valuesNode && !isNullNode(valuesNode) ? valuesNode.range : map.range,
    range: map.range,
  });
}

/** The `status` aspect: `removed` defaults to false, as in the PDL. */
export function readStatusAspect(body: DocNode, context: AspectContext): void {
  const { collector, entity, path } = context;
  const map = collector.map(body, path);
  if (!map) return;
  collector.shape(map, 'aspect.status');
  const removedNode = valueOf(map, 'removed');
  const removed = isNullNode(removedNode) ? { value: false, range: map.range } : collector.boolean(removedNode, pathOf(path, 'removed'));
  if (removed) collector.facts.push({ kind: 'statusChange', entity, removed, range: map.range });
}

/**
 * A structured-property value: the Pegasus union `{"string": "x"}` / `{"double": 30}` (also
 * `number`), or a bare scalar as some hand-written files have it.
 */
export function typedValue(node: DocNode | undefined, path: string, collector: FactCollector): Located<PropertyScalar> | undefined {
  if (!node || isNullNode(node)) return undefined;
  let scalar: DocNode = node;
  if (node.type === 'map') {
    const member = node.entries.find((entry) => ['string', 'double', 'number', 'float', 'int', 'long'].includes(String(entry.key.value)));
    if (!member) {
      collector.wrongType(path, '{"string": …} or {"double": …}', node);
      return undefined;
    }
    scalar = member.value;
  }
  if (scalar.type !== 'scalar') {
    collector.wrongType(path, 'string or number', scalar);
    return undefined;
  }
  collector.urnIfLooksLike(scalar, 'value');
  return { value: scalar.value, range: scalar.inner };
}

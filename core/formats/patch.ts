import type { EdgeOrigin } from '../model/facts';
import type { AspectContext } from './aspectContext';
import { EDGE_FIELDS, edgeFact } from './aspectLineage';
import { readAssignment } from './aspectProperties';
import { urnOfPatchPathKey } from '../urn/patchPath';
import { pathOf } from './collector';
import type { DocNode, MapNode, ScalarNode } from './tree';
import { isStringNode, subRange, valueOf } from './tree';

/**
 * A `changeType: PATCH` aspect: a JSON-Patch array, or the OpenAPI body `{patch: [...],
 * arrayPrimaryKeys: {...}}`. Operations on keyed list elements (`/properties/<urn>`,
 * `/upstreams/<urn>`, `/inputDatasetEdges/<urn>` ...) become add/remove facts; the URN in the
 * path is recorded with the range of its own characters.
 */
export function readPatch(aspectName: string | undefined, body: DocNode, context: AspectContext): void {
  const { collector, path } = context;
  let operations = body;
  let operationsPath = path;
  if (body.type === 'map' && valueOf(body, 'patch')) {
    operations = valueOf(body, 'patch') as DocNode;
    operationsPath = pathOf(path, 'patch');
  }
  collector.list(operations, operationsPath).forEach((item, index) => {
    const itemPath = pathOf(operationsPath, index);
    const operation = collector.map(item, itemPath);
    if (!operation) return;
    collector.shape(operation, 'patch.operation');
    collector.requireKey(operation, 'patch.operation', 'op');
    collector.requireKey(operation, 'patch.operation', 'path');
    const op = collector.enumValue(valueOf(operation, 'op'), 'patchOp', pathOf(itemPath, 'op'));
    const target = valueOf(operation, 'path');
    collector.string(target, pathOf(itemPath, 'path'));
    if (!op || !isStringNode(target) || (op.value !== 'add' && op.value !== 'remove')) return;
    readOperation(aspectName, op.value, target, operation, itemPath, context);
  });
}

function readOperation(
  aspectName: string | undefined,
  op: 'add' | 'remove',
  target: ScalarNode & { value: string },
  operation: MapNode,
  path: string,
  context: AspectContext,
): void {
  const { collector, entity } = context;
  const value = valueOf(operation, 'value');
  if (aspectName === 'structuredProperties') {
    const property = keyedUrn(target, '/properties/', 'property', context);
    if (!property || namesFieldOfElement(target, '/properties/')) return;
    if (op === 'add' && value?.type === 'map') {
      readAssignment(value, 'add', pathOf(path, 'value'), context, property);
      return;
    }
    collector.facts.push({
      kind: 'propertyAssignment',
      entity,
      property,
      propertyUrn: property.value,
      values: [],
      mode: op,
      writtenAsList: true,
      valuesRange: value ? value.range : operation.range,
      range: operation.range,
    });
    return;
  }
  if (aspectName === 'upstreamLineage') {
    const upstream = keyedUrn(target, '/upstreams/', 'upstream', context);
    // `/upstreams/<urn>/type` changes a field of an upstream: the edge itself is neither added nor removed.
    if (!upstream || namesFieldOfElement(target, '/upstreams/')) return;
    const valueMap = value?.type === 'map' ? value : undefined;
    if (valueMap) {
      collector.shape(valueMap, 'aspect.upstream');
      collector.urn(valueOf(valueMap, 'dataset'), 'upstream', pathOf(path, 'value.dataset'));
    }
    const lineageType = valueMap ? collector.enumValue(valueOf(valueMap, 'type'), 'lineageType', pathOf(path, 'value.type')) : undefined;
    const edge = edgeFact(entity, upstream, 'input', 'upstreamLineage', operation.range, op);
    collector.facts.push(lineageType ? { ...edge, lineageType } : edge);
    return;
  }
  for (const spec of EDGE_FIELDS[aspectName ?? ''] ?? []) {
    const role = spec.direction === 'input' ? 'upstream' : 'downstream';
    const other = keyedUrn(target, `/${spec.field}/`, role, context);
    if (!other) continue;
    if (namesFieldOfElement(target, `/${spec.field}/`)) return;
    if (value?.type === 'map') {
      collector.shape(value, 'aspect.edge');
      collector.urn(valueOf(value, 'destinationUrn'), role, pathOf(path, 'value.destinationUrn'));
    }
    collector.facts.push(edgeFact(entity, other, spec.direction, aspectName as EdgeOrigin, operation.range, op));
    return;
  }
}

/** The URN after `prefix` in a JSON-Patch path (JSON Pointer escapes; a legacy URL-encoded key is decoded as GMS does), recorded as an EntityRef. */
function keyedUrn(target: ScalarNode & { value: string }, prefix: string, role: 'property' | 'upstream' | 'downstream', context: AspectContext) {
  if (!target.value.startsWith(prefix) || target.value.length === prefix.length) return undefined;
  const end = prefix.length + keyTokenLength(target.value.slice(prefix.length));
  const urn = urnOfPatchPathKey(target.value.slice(prefix.length, end));
  const range = subRange(target, prefix.length, end);
  return context.collector.urnInside(target, urn, range, role);
}

/**
 * The length of the key token of a keyed path: JSON Pointer ends it at the next `/` (a `/` inside
 * the key is written `~1`), so `/upstreams/<urn>/type` names the `type` of that upstream
 * (docs/advanced/patch.md). A token whose parentheses do not balance is a URN with a raw `/` in
 * it: the whole rest is read as the URN, as before.
 */
function keyTokenLength(rest: string): number {
  const slash = rest.indexOf('/');
  if (slash < 0) return rest.length;
  let depth = 0;
  for (let i = 0; i < slash; i++) depth += rest[i] === '(' ? 1 : rest[i] === ')' ? -1 : 0;
  return depth === 0 ? slash : rest.length;
}

/** Whether a keyed path names a field inside the keyed element rather than the element itself. */
function namesFieldOfElement(target: ScalarNode & { value: string }, prefix: string): boolean {
  const rest = target.value.slice(prefix.length);
  return keyTokenLength(rest) < rest.length;
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { itemInScope, narrowPlan } from '../../../client/push/pushScope';
import type { PushItem, PushOperation } from '../../../core/plan/pushPlanTypes';

const item = (id: string, operation: PushOperation): PushItem => ({ id, phase: 'edges', entityUrn: 'urn:li:dataset:x', title: id, changes: [], notes: [], operation, sources: [] });

const edges = item('edges', { kind: 'updateLineage', edgesToAdd: [], edgesToRemove: [] });
const columns = item('columns', { kind: 'postAspect', entityType: 'dataset', urn: 'u', aspectName: 'upstreamLineage', value: {} });
const values = item('values', { kind: 'patchStructuredProperties', entityType: 'dataset', urn: 'u', patch: [] });
const definition = item('definition', { kind: 'postAspect', entityType: 'structuredProperty', urn: 'p', aspectName: 'propertyDefinition', value: {} });
const softDelete = item('softDelete', { kind: 'status', entityType: 'structuredProperty', urn: 'p', removed: true });

test('lineage scope keeps updateLineage and lineage aspects only', () => {
  assert.deepEqual([edges, columns, values, definition].filter((i) => itemInScope(i, 'lineage')).map((i) => i.id), ['edges', 'columns']);
});

test('property scopes split values from definitions (status of a property goes with definitions)', () => {
  assert.deepEqual([edges, values, definition, softDelete].filter((i) => itemInScope(i, 'structuredProperties')).map((i) => i.id), ['values']);
  assert.deepEqual([edges, values, definition, softDelete].filter((i) => itemInScope(i, 'propertyDefinitions')).map((i) => i.id), ['definition', 'softDelete']);
});

test('a retry narrows to the failed ids', () => {
  const plan = { items: [edges, columns, values], unchanged: [], warnings: [] };
  assert.deepEqual(narrowPlan(plan, 'all', new Set(['columns'])).items.map((i) => i.id), ['columns']);
});

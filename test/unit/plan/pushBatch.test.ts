import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupForSending } from '../../../core/plan/pushBatch';
import type { PushItem, PushPhase } from '../../../core/plan/pushPlanTypes';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

function lineageItem(down: string, adds: string[], removes: string[] = [], phase: PushPhase = 'edges'): PushItem {
  return {
    id: `edges:updateLineage:${ds(down)}`,
    phase,
    entityUrn: ds(down),
    title: 'Lineage (updateLineage)',
    changes: [],
    notes: [],
    operation: {
      kind: 'updateLineage',
      edgesToAdd: adds.map((u) => ({ downstreamUrn: ds(down), upstreamUrn: ds(u) })),
      edgesToRemove: removes.map((u) => ({ downstreamUrn: ds(down), upstreamUrn: ds(u) })),
    },
    sources: [],
  };
}

function statusItem(name: string): PushItem {
  return { id: `status:${name}`, phase: 'softDeletes', entityUrn: ds(name), title: 'Status', changes: [], notes: [], operation: { kind: 'status', entityType: 'dataset', urn: ds(name), removed: true }, sources: [] };
}

function propertiesItem(name: string, kind: 'post' | 'patch' = 'post', entityType = 'dataset', phase: PushPhase = 'values'): PushItem {
  const urn = entityType === 'dataset' ? ds(name) : `urn:li:schemaField:(${ds(name)},id)`;
  const operation: PushItem['operation'] =
    kind === 'post'
      ? { kind: 'postAspect', entityType, urn, aspectName: 'structuredProperties', value: { properties: [] } }
      : { kind: 'patchStructuredProperties', entityType, urn, patch: [{ op: 'remove', path: '/properties/urn:li:structuredProperty:x' }] };
  return { id: `values:${kind}:${urn}`, phase, entityUrn: urn, title: 'Structured properties', changes: [], notes: [], operation, sources: [] };
}

describe('groupForSending', () => {
  it('sends consecutive structured-property writes of one entity type as one v3 batch per method', () => {
    const items = [propertiesItem('a'), propertiesItem('b'), propertiesItem('c', 'patch'), propertiesItem('d', 'patch'), propertiesItem('e', 'post', 'schemaField'), propertiesItem('f', 'post', 'schemaField')];
    const groups = groupForSending(items);
    assert.deepEqual(groups.map((g) => g.indexes), [[0, 1], [2, 3], [4, 5]]);
    assert.deepEqual(groups.map((g) => (g.operation.kind === 'entityBatch' ? [g.operation.method, g.operation.entityType, g.operation.writes.length] : g.operation.kind)), [
      ['POST', 'dataset', 2],
      ['PATCH', 'dataset', 2],
      ['POST', 'schemaField', 2],
    ]);
    const patch = groups[1].operation;
    if (patch.kind !== 'entityBatch') return;
    assert.deepEqual(patch.writes[0], { urn: ds('c'), value: { patch: [{ op: 'remove', path: '/properties/urn:li:structuredProperty:x' }], arrayPrimaryKeys: { properties: ['propertyUrn'] } } });
  });

  it('sends consecutive Rest.li proposals of one phase as one ingestProposalBatch, never one aspect of an entity twice', () => {
    const proposal = (name: string, aspectName = 'datasetProperties', phase: PushPhase = 'entities'): PushItem => ({
      ...propertiesItem(name),
      phase,
      operation: { kind: 'ingestProposal', proposal: { entityType: 'dataset', entityUrn: ds(name), changeType: 'UPSERT', aspectName, aspect: {} } },
    });
    const items = [proposal('a'), proposal('b'), proposal('b', 'status'), proposal('b'), proposal('c', 'datasetProperties', 'edges')];
    const groups = groupForSending(items);
    assert.deepEqual(groups.map((g) => g.indexes), [[0, 1, 2], [3], [4]]);
    const batch = groups[0].operation;
    assert.equal(batch.kind, 'ingestProposalBatch');
    if (batch.kind === 'ingestProposalBatch') assert.deepEqual(batch.proposals.map((p) => [p.entityUrn, p.aspectName]), [[ds('a'), 'datasetProperties'], [ds('b'), 'datasetProperties'], [ds('b'), 'status']]);
  });

  it('never puts one entity twice in a batch, caps it at the entity limit, and keeps other aspects alone', () => {
    const other: PushItem = { ...propertiesItem('z'), operation: { kind: 'postAspect', entityType: 'dataset', urn: ds('z'), aspectName: 'status', value: { removed: false } } };
    const query: PushItem = { ...propertiesItem('q'), operation: { kind: 'postAspect', entityType: 'dataset', urn: ds('q'), aspectName: 'structuredProperties', value: {}, query: { createIfNotExists: 'true' } } };
    const items = [propertiesItem('a'), propertiesItem('a'), propertiesItem('b'), propertiesItem('c'), other, query, propertiesItem('d')];
    assert.deepEqual(groupForSending(items, 500, 2).map((g) => g.indexes), [[0], [1, 2], [3], [4], [5], [6]]);
  });


  it('merges consecutive lineage items into one updateLineage with all their edges, in order', () => {
    const items = [lineageItem('a', ['x', 'y'], ['z']), lineageItem('b', ['x']), lineageItem('c', [], ['y'])];
    const groups = groupForSending(items);
    assert.deepEqual(groups.map((g) => g.indexes), [[0, 1, 2]]);
    const op = groups[0].operation;
    assert.equal(op.kind, 'updateLineage');
    if (op.kind !== 'updateLineage') return;
    assert.deepEqual(op.edgesToAdd.map((e) => [e.downstreamUrn, e.upstreamUrn]), [[ds('a'), ds('x')], [ds('a'), ds('y')], [ds('b'), ds('x')]]);
    assert.deepEqual(op.edgesToRemove.map((e) => [e.downstreamUrn, e.upstreamUrn]), [[ds('a'), ds('z')], [ds('c'), ds('y')]]);
  });

  it('keeps a single item as its own operation, and other kinds of items break a batch', () => {
    const items = [lineageItem('a', ['x']), statusItem('s'), lineageItem('b', ['x']), lineageItem('c', ['x'])];
    const groups = groupForSending(items);
    assert.deepEqual(groups.map((g) => g.indexes), [[0], [1], [2, 3]]);
    assert.equal(groups[0].operation, items[0].operation);
    assert.equal(groups[1].operation, items[1].operation);
  });

  it('caps a batch at the edge limit, and an item above the limit goes alone', () => {
    const items = [lineageItem('a', ['1', '2']), lineageItem('b', ['1', '2']), lineageItem('c', ['1']), lineageItem('d', ['1', '2', '3', '4', '5', '6']), lineageItem('e', ['1'])];
    assert.deepEqual(groupForSending(items, 4).map((g) => g.indexes), [[0, 1], [2], [3], [4]]);
  });

  it('does not merge across phases, nor items that touch the same edge (order would matter)', () => {
    const items = [lineageItem('a', ['x'], [], 'entities'), lineageItem('b', ['x']), lineageItem('b', [], ['x']), lineageItem('c', ['x'])];
    assert.deepEqual(groupForSending(items).map((g) => g.indexes), [[0], [1], [2, 3]]);
  });

  it('every item lands in exactly one group, in plan order', () => {
    const items = Array.from({ length: 1234 }, (_, i) => (i % 97 === 0 ? statusItem(`s${i}`) : lineageItem(`d${i}`, ['u1', 'u2'])));
    const groups = groupForSending(items);
    assert.deepEqual(groups.flatMap((g) => g.indexes), items.map((_, i) => i));
    for (const group of groups) {
      const op = group.operation;
      if (op.kind === 'updateLineage') assert.ok(op.edgesToAdd.length + op.edgesToRemove.length <= 500);
    }
    assert.ok(groups.length < 40, `${groups.length} requests for ${items.length} items`);
  });
});

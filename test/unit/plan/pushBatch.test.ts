import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupForSending } from '../../../core/plan/pushBatch';
import type { PushItem, PushPhase } from '../../../core/plan/pushTypes';

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

describe('groupForSending', () => {
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

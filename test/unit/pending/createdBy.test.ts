import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PendingState } from '../../../core/pending/pendingState';
import { WorkspaceSession } from '../../../core/workspace/session';

// The files that create an entity (core/pending/pendingEntities.ts keeps one URI, not a set, for an
// entity one file creates): the same answers as files come, go and come back, in the same order.

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)';
const dataset = (description: string) => `- id: orders\n  platform: hive\n  description: ${description}\n`;

test('the files that create an entity, as they come and go', async () => {
  const session = new WorkspaceSession();
  const { entities } = new PendingState(session);
  const [a, b, c] = ['file:///w/a.datasets.yaml', 'file:///w/b.datasets.yaml', 'file:///w/c.datasets.yaml'];
  const files = () => [...(entities.createdBy(ORDERS) ?? [])];
  const exists = () => entities.view({ exists: () => false }).exists(ORDERS);
  assert.equal(entities.createdBy(ORDERS), undefined);
  assert.equal(exists(), false);
  session.setFile(a, dataset('one'));
  assert.deepEqual(files(), [a]);
  assert.equal(exists(), true);
  session.setFile(b, dataset('two'));
  session.setFile(c, dataset('three'));
  assert.deepEqual(files(), [a, b, c]);
  await session.fileChanged(a, true);
  assert.deepEqual(files(), [b, c]);
  await session.fileChanged(b, true);
  assert.deepEqual(files(), [c]);
  session.setFile(a, dataset('again'));
  assert.deepEqual(files(), [c, a]);
  assert.deepEqual([...entities.index()].map(([urn, by]) => [urn, [...by]]), [[ORDERS, [c, a]]]);
  session.setFile(a, '- id: other\n  platform: hive\n');
  assert.deepEqual(files(), [c]);
  await session.fileChanged(c, true);
  assert.equal(entities.createdBy(ORDERS), undefined);
  assert.equal(exists(), false);
  assert.deepEqual([...entities.index().keys()], ['urn:li:dataset:(urn:li:dataPlatform:hive,other,PROD)']);
});

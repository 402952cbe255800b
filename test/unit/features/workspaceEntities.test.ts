import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workspaceEntities } from '../../../core/features/workspaceUrns';
import { documentOf } from './helpers';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

test("Pull's picker offers the workspace's entities once each: declared first, then the most used; no property or type URNs", () => {
  const lineage = documentOf(
    'file:///w/lineage.yml',
    `version: 1\nlineage:\n  - entity:\n      name: db.orders_clean\n      type: dataset\n      env: PROD\n      platform: hive\n    upstream:\n      - entity:\n          name: db.orders\n          type: dataset\n          env: PROD\n          platform: hive\n  - entity:\n      name: db.report\n      type: dataset\n      env: PROD\n      platform: hive\n    upstream:\n      - entity:\n          name: db.orders\n          type: dataset\n          env: PROD\n          platform: hive\n`,
  );
  const dataset = documentOf('file:///w/datasets.yaml', `id: db.orders\nplatform: hive\nstructured_properties:\n  io.acme.team: data\n`);
  const entities = workspaceEntities([lineage, dataset]);
  const urns = entities.map((e) => e.urn);
  assert.equal(new Set(urns).size, urns.length, 'each entity once');
  assert.ok(urns.includes(ds('db.orders')) && urns.includes(ds('db.orders_clean')) && urns.includes(ds('db.report')));
  assert.ok(urns.every((urn) => !urn.startsWith('urn:li:structuredProperty:')));
  assert.equal(workspaceEntities([lineage, dataset], 2).length, 2, 'bounded');
});

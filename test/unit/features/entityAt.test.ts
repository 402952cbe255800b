import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readDocument } from '../../../core/formats';
import { entityUrnAt } from '../../../core/features/entityAt';

const lineage = `version: 1
lineage:
  - entity:
      name: sales.orders
      type: dataset
      platform: snowflake
    upstream:
      - entity:
          name: raw.orders
          type: dataset
          platform: postgres
`;

test('the cursor on a lineage-file entity name gives that dataset', () => {
  const model = readDocument('file:///l.yml', lineage);
  assert.equal(entityUrnAt(model, lineage.indexOf('raw.orders') + 2), 'urn:li:dataset:(urn:li:dataPlatform:postgres,raw.orders,PROD)');
  assert.equal(entityUrnAt(model, lineage.indexOf('sales.orders') + 1), 'urn:li:dataset:(urn:li:dataPlatform:snowflake,sales.orders,PROD)');
});

test('the cursor inside a URN string gives the innermost URN there', () => {
  const text = `edgesToAdd:
  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)
    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)
edgesToRemove: []
`;
  const model = readDocument('file:///e.yaml', text);
  assert.equal(entityUrnAt(model, text.indexOf('hive,b') + 5), 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)');
});

test('a cursor outside every entity gives nothing', () => {
  const model = readDocument('file:///l.yml', lineage);
  assert.equal(entityUrnAt(model, 3), undefined);
});

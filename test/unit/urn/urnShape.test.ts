import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUrn, urnShape } from '../../../core/urn';

// urnShape is parseUrn's shape without its type-level checks (workspace symbols' short names read only the parts).

test('urnShape gives the shape parseUrn gives, valid or not', () => {
  const urns = [
    'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)',
    'urn:li:dataset:(urn:li:dataPlatform:hvie,db.orders,PRODUCTION)',
    'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD),country)',
    'urn:li:structuredProperty:io.acme.tier',
    'urn:li:dataJob:(urn:li:dataFlow:(airflow,dag,PROD),task)',
    'urn:li:dataset:(urn:li:dataPlatform:hive,a%2Cb,PROD)',
    'urn:li:dataset:(urn:li:dataPlatform:hive,unclosed',
    ' urn:li:tag:spaced',
    'not a urn',
    '',
    `urn:li:dataset:(urn:li:dataPlatform:hive,${'x'.repeat(600)},PROD)`,
  ];
  for (const urn of urns) assert.deepEqual(urnShape(urn), parseUrn(urn).urn, urn);
});

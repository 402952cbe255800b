import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entityTypeOf, graphqlTypeOf, platformAndOrigin, urnFacts } from '../../service/graphql/urnFacts';

/** What search filters and entity answers read from a URN key. */

const dataset = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,db.schema.orders,DEV)';
const cases: [string, { entityType: string; graphqlType: string; name: string; platform?: string; origin?: string }][] = [
  [dataset, { entityType: 'dataset', graphqlType: 'DATASET', name: 'db.schema.orders', platform: 'snowflake', origin: 'DEV' }],
  [`urn:li:schemaField:(${dataset},amount)`, { entityType: 'schemaField', graphqlType: 'SCHEMA_FIELD', name: 'amount', platform: 'snowflake', origin: 'DEV' }],
  ['urn:li:dataFlow:(airflow,daily_etl,prod)', { entityType: 'dataFlow', graphqlType: 'DATA_FLOW', name: 'daily_etl', platform: 'airflow', origin: 'prod' }],
  ['urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,prod),load)', { entityType: 'dataJob', graphqlType: 'DATA_JOB', name: 'load', platform: 'airflow', origin: 'prod' }],
  ['urn:li:chart:(looker,c1)', { entityType: 'chart', graphqlType: 'CHART', name: 'c1', platform: 'looker' }],
  ['urn:li:dashboard:(looker,d1)', { entityType: 'dashboard', graphqlType: 'DASHBOARD', name: 'd1', platform: 'looker' }],
  ['urn:li:mlPrimaryKey:(features,user_id)', { entityType: 'mlPrimaryKey', graphqlType: 'MLPRIMARY_KEY', name: 'user_id' }],
  ['urn:li:structuredProperty:io.acryl.tier', { entityType: 'structuredProperty', graphqlType: 'STRUCTURED_PROPERTY', name: 'io.acryl.tier' }],
  ['urn:li:corpuser:jdoe', { entityType: 'corpuser', graphqlType: 'CORP_USER', name: 'jdoe' }],
  ['urn:li:dataset:(urn:li:dataPlatform:hive,a%2Cb,PROD)', { entityType: 'dataset', graphqlType: 'DATASET', name: 'a,b', platform: 'hive', origin: 'PROD' }],
];

for (const [urn, expected] of cases) {
  test(`facts of ${urn}`, () => {
    const facts = urnFacts(urn);
    assert.equal(facts.entityType, expected.entityType);
    assert.equal(entityTypeOf(urn), expected.entityType);
    assert.equal(graphqlTypeOf(urn), expected.graphqlType);
    assert.equal(facts.name, expected.name);
    assert.equal(facts.platform, expected.platform);
    assert.equal(facts.origin, expected.origin);
    assert.deepEqual(platformAndOrigin(urn), { platform: expected.platform, origin: expected.origin }, 'the fast path agrees with the full parse');
  });
}

test('a string that is not a URN has no type; an unknown type is OTHER', () => {
  assert.equal(entityTypeOf('orders'), '');
  assert.equal(graphqlTypeOf('urn:li:somethingNew:x'), 'OTHER');
});

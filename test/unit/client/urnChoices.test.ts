import assert from 'node:assert/strict';
import { test } from 'node:test';
import { propertyChoices, typedEntity, typedProperty } from '../../../client/urnChoices';

const definitions = [
  { urn: 'urn:li:structuredProperty:io.acme.tier', aspect: { qualifiedName: 'io.acme.tier', displayName: 'Tier' }, removed: true },
  { urn: 'urn:li:structuredProperty:io.acme.legacy', aspect: { qualifiedName: 'io.acme.legacy' }, removed: true },
  { urn: 'urn:li:structuredProperty:io.acme.team', aspect: { qualifiedName: 'io.acme.team', displayName: 'Team' }, removed: false },
];

test('Restore offers the soft-deleted properties, Soft Delete the live ones (the file’s own first)', () => {
  assert.deepEqual(
    propertyChoices(definitions, true, ['urn:li:structuredProperty:io.acme.tier']).map((c) => [c.label, c.description, c.detail]),
    [
      ['io.acme.tier', 'Tier', 'defined in this file · soft-deleted in the catalog'],
      ['io.acme.legacy', undefined, 'soft-deleted in the catalog'],
    ],
  );
  assert.deepEqual(propertyChoices(definitions, false).map((c) => c.urn), ['urn:li:structuredProperty:io.acme.team']);
});

test('a typed property may be its plain id or its URN; anything else says what to type', () => {
  assert.deepEqual(typedProperty(' io.acme.tier '), { urn: 'urn:li:structuredProperty:io.acme.tier' });
  assert.deepEqual(typedProperty('urn:li:structuredProperty:io.acme.tier'), { urn: 'urn:li:structuredProperty:io.acme.tier' });
  assert.match((typedProperty('urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)') as { problem: string }).problem, /is not a structured property: give its id/);
  assert.match((typedProperty('io.acme.retention days') as { problem: string }).problem, /an id has no spaces/);
  assert.deepEqual(typedEntity('urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)'), { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)' });
  assert.match((typedEntity('urn:li:dataset:(') as { problem: string }).problem, /^Not a valid URN: /);
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cardinalityOf, entityTypeNameOf, propertyIdOf, propertyUrnOf, readDataType, readEntityType, valueTypeOf } from '../../../core/definitions/normalise';

describe('definition normalisation', () => {
  it('reads value types short, in the datahub. and the service. namespace, ignoring case', () => {
    assert.equal(valueTypeOf('number'), 'number');
    assert.equal(valueTypeOf('urn:li:dataType:datahub.rich_text'), 'rich_text');
    assert.equal(valueTypeOf('urn:li:dataType:service.string'), 'string');
    assert.equal(valueTypeOf('Date'), 'date');
    assert.equal(valueTypeOf('map'), undefined);
    assert.deepEqual(readDataType('urn:li:dataType:string'), { name: 'string', form: 'urn' });
  });

  it('reads entity types and keeps their case', () => {
    assert.equal(entityTypeNameOf('urn:li:entityType:datahub.dataFlow'), 'dataFlow');
    assert.equal(entityTypeNameOf('urn:li:entityType:service.dataset'), 'dataset');
    assert.equal(entityTypeNameOf('dataflow'), 'dataflow');
    assert.deepEqual(readEntityType('urn:li:entityType:service.schemaField'), { name: 'schemaField', form: 'urn', namespace: 'service' });
  });

  it('reads cardinality with the service default', () => {
    assert.equal(cardinalityOf(undefined), 'SINGLE');
    assert.equal(cardinalityOf('MULTIPLE'), 'MULTIPLE');
    assert.equal(cardinalityOf('multiple'), 'MULTIPLE');
    assert.equal(cardinalityOf('MANY'), undefined);
  });

  it('turns ids into property URNs and back', () => {
    assert.equal(propertyUrnOf('io.acryl.x'), 'urn:li:structuredProperty:io.acryl.x');
    assert.equal(propertyUrnOf('urn:li:structuredProperty:io.acryl.x'), 'urn:li:structuredProperty:io.acryl.x');
    assert.equal(propertyIdOf('urn:li:structuredProperty:io.acryl.x'), 'io.acryl.x');
  });
});

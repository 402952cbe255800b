import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dataTypeName,
  datasetKey,
  entityTypeName,
  entityTypeOfUrn,
  escapeUrnPart,
  formatUrn,
  looksLikeUrn,
  makeDataTypeUrn,
  makeDatasetUrn,
  makeEntityTypeUrn,
  makeSchemaFieldUrn,
  makeStructuredPropertyUrn,
  schemaFieldKey,
  unescapeUrnPart,
  type ParsedUrn,
  type UrnText,
} from '../../../core/urn';
import { parsed } from './helpers';

describe('DataHub escaping of , ( ) inside parts', () => {
  it('escapes exactly the three reserved characters and leaves % alone', () => {
    assert.equal(escapeUrnPart('sum(a,b)'), 'sum%28a%2Cb%29');
    assert.equal(escapeUrnPart('100%'), '100%');
    assert.equal(escapeUrnPart('plain.name'), 'plain.name');
  });
  it('unescapes only %2C %28 %29 (either case of C) and leaves other percent sequences', () => {
    assert.equal(unescapeUrnPart('sum%28a%2Cb%29'), 'sum(a,b)');
    assert.equal(unescapeUrnPart('a%2cb'), 'a,b');
    assert.equal(unescapeUrnPart('50%25%20x%2'), '50%25%20x%2');
  });
  it('parts carry the unescaped value and the raw text', () => {
    const text = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD),amount%28usd%29%2Cnet)';
    const field = parsed(text).parts[1] as UrnText;
    assert.equal(field.value, 'amount(usd),net');
    assert.equal(field.raw, 'amount%28usd%29%2Cnet');
    assert.equal(formatUrn(parsed(text)), text);
  });
  it('formatUrn escapes a value changed by hand', () => {
    const urn = parsed('urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)');
    const name = urn.parts[1] as UrnText;
    const edited: ParsedUrn = { ...urn, parts: [urn.parts[0], { ...name, value: 'fn(x,y)' }, urn.parts[2]] };
    assert.equal(formatUrn(edited), 'urn:li:dataset:(urn:li:dataPlatform:hive,fn%28x%2Cy%29,PROD)');
  });
});

describe('builders', () => {
  it('makeDatasetUrn: bare platform or platform URN, PROD by default, name escaped', () => {
    assert.equal(makeDatasetUrn('hive', 'db.t'), 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)');
    assert.equal(makeDatasetUrn('urn:li:dataPlatform:kafka', 'topic,1', 'DEV'), 'urn:li:dataset:(urn:li:dataPlatform:kafka,topic%2C1,DEV)');
  });
  it('makeSchemaFieldUrn escapes the field path', () => {
    const dataset = makeDatasetUrn('hive', 'db.t');
    assert.equal(makeSchemaFieldUrn(dataset, 'f(x)'), `urn:li:schemaField:(${dataset},f%28x%29)`);
    assert.deepEqual(schemaFieldKey(parsed(makeSchemaFieldUrn(dataset, 'f(x)'))), { datasetUrn: dataset, fieldPath: 'f(x)' });
  });
  it('makeStructuredPropertyUrn: id → URN, URN unchanged', () => {
    assert.equal(makeStructuredPropertyUrn('io.acryl.privacy.retentionTime'), 'urn:li:structuredProperty:io.acryl.privacy.retentionTime');
    assert.equal(makeStructuredPropertyUrn('urn:li:structuredProperty:x'), 'urn:li:structuredProperty:x');
  });
  it('makeDataTypeUrn / makeEntityTypeUrn in both namespaces', () => {
    assert.equal(makeDataTypeUrn('string'), 'urn:li:dataType:datahub.string');
    assert.equal(makeDataTypeUrn('string', 'service'), 'urn:li:dataType:service.string');
    assert.equal(makeDataTypeUrn('service.number', 'datahub'), 'urn:li:dataType:service.number');
    assert.equal(makeDataTypeUrn('urn:li:dataType:datahub.date', 'service'), 'urn:li:dataType:datahub.date');
    assert.equal(makeEntityTypeUrn('dataset'), 'urn:li:entityType:datahub.dataset');
    assert.equal(makeEntityTypeUrn('dataJob', 'service'), 'urn:li:entityType:service.dataJob');
  });
  it('datasetKey reads platform, unescaped name and env', () => {
    assert.deepEqual(datasetKey(parsed('urn:li:dataset:(urn:li:dataPlatform:s3,bucket/a%2Cb,DEV)')), { platform: 's3', name: 'bucket/a,b', env: 'DEV' });
    assert.equal(datasetKey(parsed('urn:li:tag:x')), undefined);
  });
  it('dataTypeName / entityTypeName accept either namespace or a bare name', () => {
    for (const input of ['urn:li:dataType:datahub.string', 'urn:li:dataType:service.string', 'string', 'service.string']) {
      assert.equal(dataTypeName(input), 'string', input);
    }
    for (const input of ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:service.dataset', 'dataset']) {
      assert.equal(entityTypeName(input), 'dataset', input);
    }
    assert.equal(dataTypeName('urn:li:entityType:datahub.dataset'), undefined);
    assert.equal(entityTypeName('urn:li:dataType:datahub.string'), undefined);
  });
  it('looksLikeUrn / entityTypeOfUrn', () => {
    assert.equal(looksLikeUrn('urn:li:tag:x'), true);
    assert.equal(looksLikeUrn('tag:x'), false);
    assert.equal(entityTypeOfUrn('urn:li:schemaField:(urn:li:dataset:(x),y)'), 'schemaField');
    assert.equal(entityTypeOfUrn('urn:li:dataset'), undefined);
    assert.equal(entityTypeOfUrn('nope'), undefined);
  });
});

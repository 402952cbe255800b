import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definitionFromAspect } from '../../../core/definitions/fromAspect';
import type { DefinitionOrigin } from '../../../core/definitions/types';

const origin: DefinitionOrigin = { kind: 'service', url: 'http://localhost:8080', fetchedAt: 1 };
const urn = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime';

describe('definitionFromAspect', () => {
  it('reads the stored aspect in the service. namespace (spec §2.6)', () => {
    const info = definitionFromAspect({
      urn,
      origin,
      aspect: {
        qualifiedName: 'io.acryl.privacy.retentionTime',
        displayName: 'Retention Time',
        valueType: 'urn:li:dataType:service.number',
        allowedValues: [{ value: { double: 30 }, description: '30 days' }, { value: { double: 90 } }],
        cardinality: 'MULTIPLE',
        entityTypes: ['urn:li:entityType:service.dataset', 'urn:li:entityType:service.dataFlow'],
        description: 'How long to keep records',
        immutable: false,
        version: '20240614080000',
      },
    });
    assert.deepEqual(info, {
      urn,
      qualifiedName: 'io.acryl.privacy.retentionTime',
      displayName: 'Retention Time',
      valueType: 'number',
      cardinality: 'MULTIPLE',
      allowedValues: [{ value: 30, description: '30 days' }, { value: 90 }],
      entityTypes: ['dataset', 'dataFlow'],
      description: 'How long to keep records',
      immutable: false,
      version: '20240614080000',
      softDeleted: false,
      origin,
    });
  });

  it('reads the datahub. namespace, the {value} wrapper of an OpenAPI GET, and the status', () => {
    const info = definitionFromAspect({
      urn,
      origin,
      removed: true,
      aspect: {
        value: {
          qualifiedName: 'io.acryl.privacy.retentionTime',
          valueType: 'urn:li:dataType:datahub.urn',
          typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser', 'urn:li:entityType:datahub.corpGroup'] },
          entityTypes: ['urn:li:entityType:datahub.dataset'],
        },
      },
    });
    assert.equal(info?.valueType, 'urn');
    assert.equal(info?.cardinality, 'SINGLE', 'an absent cardinality is the service default, SINGLE');
    assert.deepEqual(info?.typeQualifierAllowedTypes, ['corpuser', 'corpGroup']);
    assert.equal(info?.softDeleted, true);
  });

  it('reads the GraphQL StructuredPropertyDefinition selection', () => {
    const info = definitionFromAspect({
      urn,
      origin,
      aspect: {
        qualifiedName: 'projectNames',
        valueType: { urn: 'urn:li:dataType:datahub.string' },
        entityTypes: [{ urn: 'urn:li:entityType:datahub.dataset' }],
        allowedValues: [{ value: { stringValue: 'Tracking' }, description: 'test value 1' }, { value: { numberValue: 2 } }],
        cardinality: 'MULTIPLE',
        immutable: true,
      },
    });
    assert.equal(info?.valueType, 'string');
    assert.deepEqual(info?.entityTypes, ['dataset']);
    assert.deepEqual(info?.allowedValues, [{ value: 'Tracking', description: 'test value 1' }, { value: 2 }]);
    assert.equal(info?.immutable, true);
  });

  it('returns undefined for something that is not a definition', () => {
    assert.equal(definitionFromAspect({ urn, origin, aspect: null }), undefined);
    assert.equal(definitionFromAspect({ urn, origin, aspect: [1, 2] }), undefined);
    assert.equal(definitionFromAspect({ urn, origin, aspect: { qualifiedName: 'x', valueType: 'urn:li:dataType:datahub.map' } }), undefined);
  });

  it('falls back to the URN id when qualifiedName is missing', () => {
    const info = definitionFromAspect({ urn, origin, aspect: { valueType: 'urn:li:dataType:datahub.string', entityTypes: [] } });
    assert.equal(info?.qualifiedName, 'io.acryl.privacy.retentionTime');
  });
});

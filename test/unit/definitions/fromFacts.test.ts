import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definitionFromFact, definitionsFromModel } from '../../../core/definitions/fromFacts';
import type { DocumentModel, PropertyDefinitionFact } from '../../../core/model/facts';

const at = <T>(value: T, start = 0) => ({ value, range: { start, end: start + 1 } });

function fact(overrides: Partial<PropertyDefinitionFact> = {}): PropertyDefinitionFact {
  return {
    kind: 'propertyDefinition',
    urn: at('urn:li:structuredProperty:io.acryl.privacy.retentionTime'),
    id: at('io.acryl.privacy.retentionTime'),
    valueType: at('number'),
    range: { start: 0, end: 100 },
    ...overrides,
  };
}

describe('definitionFromFact', () => {
  it('normalises a properties-YAML definition', () => {
    const info = definitionFromFact(
      fact({
        displayName: at('Retention Time'),
        cardinality: at('MULTIPLE'),
        entityTypes: [at('dataset'), at('urn:li:entityType:datahub.dataFlow')],
        allowedValues: [{ value: at<string | number>(30), description: at('30 days'), range: { start: 5, end: 9 } }, { value: at<string | number>(90), range: { start: 10, end: 12 } }],
        version: at<string | number>(20240614080000),
        immutable: at(true),
      }),
      'file:///repo/props.yaml',
    );
    assert.deepEqual(info, {
      urn: 'urn:li:structuredProperty:io.acryl.privacy.retentionTime',
      qualifiedName: 'io.acryl.privacy.retentionTime',
      displayName: 'Retention Time',
      valueType: 'number',
      cardinality: 'MULTIPLE',
      entityTypes: ['dataset', 'dataFlow'],
      allowedValues: [{ value: 30, description: '30 days' }, { value: 90 }],
      immutable: true,
      version: '20240614080000',
      softDeleted: false,
      origin: { kind: 'workspace', uri: 'file:///repo/props.yaml', range: { start: 0, end: 100 } },
    });
  });

  it('defaults cardinality to SINGLE and reads a URN-form type', () => {
    const info = definitionFromFact(fact({ valueType: at('urn:li:dataType:service.date') }), 'file:///x.json');
    assert.equal(info?.valueType, 'date');
    assert.equal(info?.cardinality, 'SINGLE');
    assert.deepEqual(info?.entityTypes, []);
  });

  it('gives no definition for a property without a usable type', () => {
    assert.equal(definitionFromFact(fact({ valueType: at('strnig') }), 'file:///x.yaml'), undefined);
    assert.equal(definitionFromFact(fact({ valueType: undefined }), 'file:///x.yaml'), undefined);
  });

  it('marks a property soft-deleted by a status aspect in the same file', () => {
    const urn = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime';
    const model: DocumentModel = {
      uri: 'file:///mcp.json',
      format: 'mcpJson',
      detectedBy: 'content',
      parseProblems: [],
      facts: [fact({ valueType: at('urn:li:dataType:datahub.number') }), { kind: 'statusChange', entity: at(urn), removed: at(true), range: { start: 0, end: 1 } }],
    };
    const [info] = definitionsFromModel(model);
    assert.equal(info.softDeleted, true);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { validateDocument } from '../../../core/validate';

/** DataHub 1.8: a valueType must name a data type that exists (@UrnValidation exist: true on StructuredPropertyDefinition.valueType). */
const definition = (valueType: string) =>
  `{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:io.x", "changeType": "UPSERT", "aspectName": "propertyDefinition", "aspect": {"json": {"qualifiedName": "io.x", "valueType": "${valueType}", "entityTypes": ["urn:li:entityType:datahub.dataset"]}}}`;
const dataType = `{"entityType": "dataType", "entityUrn": "urn:li:dataType:datahub.float", "changeType": "UPSERT", "aspectName": "dataTypeInfo", "aspect": {"json": {"qualifiedName": "datahub.float", "displayName": "Float"}}}`;

function typeFindings(text: string, version?: string) {
  const model = readDocument('file:///repo/defs.json', text);
  return validateDocument({ model, text, ...(version ? { datahub: { version, source: 'setting' as const } } : {}) })
    .filter((d) => d.code === 'definition.type')
    .map((d) => `${d.severity} ${d.message}`);
}

describe('a value type DataHub does not ship (DataHub 1.8)', () => {
  it('is refused unless the file defines it first; before 1.8 it is stored unchecked (a warning)', () => {
    const refused = typeFindings(`[${definition('urn:li:dataType:datahub.float')}]`);
    assert.equal(refused.length, 1);
    assert.match(refused[0], /^error 'float' is not one of the value types DataHub ships .*@UrnValidation exist: true/);
    assert.deepEqual(typeFindings(`[${dataType}, ${definition('urn:li:dataType:datahub.float')}]`), []);
    assert.match(typeFindings(`[${definition('urn:li:dataType:datahub.float')}]`, '1.7.0')[0], /^warning .*checks no values against an unknown type/);
    assert.deepEqual(typeFindings(`[${definition('urn:li:dataType:datahub.number')}]`), []);
  });
});

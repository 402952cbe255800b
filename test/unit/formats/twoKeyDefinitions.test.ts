import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { validateDocument } from '../../../core/validate';

/**
 * The SDK's smallest structured-property files (metadata-ingestion/tests/unit/structured_properties/
 * test_structured_properties.py): `StructuredProperties(id="test", type="invalid_type")` is refused
 * ("Type .* is not allowed"), and a definition with neither id nor urn fails ("id must be present
 * if urn is not"). Both are read as properties YAML and refused, not skipped as someone else's file.
 */
function judge(uri: string, text: string) {
  const model = readDocument(uri, text);
  return { format: model.format, found: validateDocument({ model, text }).map((d) => `${d.severity} ${d.code}`) };
}

describe("the SDK's two-key structured-property files", () => {
  it('reads `id` and a type that is not a DataHub type as a properties YAML when the file is named so', () => {
    assert.deepEqual(judge('file:///repo/structured_properties.yaml', '- id: test\n  type: invalid_type\n'), { format: 'propertyDefinitions', found: ['error format.enumValue'] });
    assert.deepEqual(judge('file:///repo/props/properties.yml', '- id: test\n  type: string\n'), { format: 'propertyDefinitions', found: [] });
  });

  it('reads a definition with neither id nor urn by its definition keys, and refuses it', () => {
    assert.deepEqual(judge('file:///repo/x.yaml', '- qualified_name: io.x\n  type: string\n'), { format: 'propertyDefinitions', found: ['error format.missingKey'] });
  });

  it("leaves other people's id/type lists alone", () => {
    assert.equal(judge('file:///repo/.github/ISSUE_TEMPLATE/bug.yml', '- id: name\n  type: input\n').format, null);
    assert.equal(judge('file:///repo/properties.yaml', '- id: name\n  type: input\n  attributes: {label: Name}\n').format, null);
    assert.equal(judge('file:///repo/config.yaml', '- id: name\n  type: input\n').format, null);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { validateDocument } from '../../../core/validate';

/** forms.py (metadata-ingestion/src/datahub/api/entities/forms/forms.py): what `datahub forms upsert` refuses. */
function judge(text: string) {
  const model = readDocument('file:///repo/forms.yaml', text);
  return validateDocument({ model, text }).map((d) => `${d.severity} ${d.code}: ${d.message}`);
}

describe('forms checked by forms.py rules', () => {
  it('refuses a schema-field prompt marked required, and a structured-property prompt naming no property', () => {
    const found = judge(`- id: f1\n  name: F\n  prompts:\n    - title: Columns\n      type: FIELDS_DOCUMENTATION\n      required: true\n    - title: Tier\n      type: STRUCTURED_PROPERTY\n      required: true\n    - title: Docs\n      type: DOCUMENTATION\n      required: true\n`);
    assert.equal(found.length, 2, found.join('\n'));
    assert.match(found[0], /^error form\.prompt: A FIELDS_DOCUMENTATION prompt asks about schema fields.*"Schema field prompts cannot be marked as required\."/);
    assert.match(found[1], /^error form\.prompt: A STRUCTURED_PROPERTY prompt must name its property.*"Prompt type is STRUCTURED_PROPERTY but no structured properties exist/);
  });

  it('says where a form-level filters belongs, refuses an unknown prompt type, and a form with neither id nor urn', () => {
    const filters = judge(`- id: f1\n  name: F\n  prompts:\n    - title: T\n      type: DOCUMENTATION\n  filters:\n    types: [dataset]\n`);
    assert.deepEqual(filters.length, 1);
    assert.match(filters[0], /^error format\.unknownKey: Unknown key 'filters' in a form;.* A form's filters belong under entities/);
    assert.match(judge(`- id: f1\n  name: F\n  prompts:\n    - title: D\n      type: DOCUMENTATION\n    - title: T\n      type: OWNERSHIPS\n`)[0], /^error format\.enumValue: 'OWNERSHIPS' is not a valid promptType/);
    const anonymous = judge(`- name: F\n  type: VERIFICATION\n  prompts:\n    - title: T\n      type: DOCUMENTATION\n`);
    assert.deepEqual(anonymous.map((d) => d.split(':')[0]), ['error format.missingKey']);
  });
});

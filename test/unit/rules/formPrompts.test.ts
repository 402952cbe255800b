import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { formPrompts } from '../../../core/rules/formPrompts';
import { validateDocument } from '../../../core/validate';
import { definitionsView, rangesOf, runRule, serviceDefinitions, workspaceDefinitions } from './fixture';

/**
 * Issue #25 item 13: the `datahub forms upsert` YAML (forms.py; the shape of DataHub's
 * examples/forms/forms.yaml) is read, and the structured properties its prompts ask for are checked
 * against the definitions: forms.py refuses a prompt whose property does not exist.
 */
const PROPS = `- id: io.acryl.privacy.retentionTime
  type: number
  entity_types: [dataset]
`;
const form = (property: string, types = '        - dataset\n') => `- id: metadata_initiative
  type: VERIFICATION
  name: Metadata Initiative
  prompts:
    - id: "123"
      title: Retention Time
      type: STRUCTURED_PROPERTY
      structured_property_id: ${property}
      required: true
  entities:
    filters:
      types:
${types}`;

describe('forms YAML', () => {
  it('is recognised as its own format, and a clean form has no diagnostics', () => {
    const text = form('io.acryl.privacy.retentionTime');
    const model = readDocument('file:///repo/forms.yaml', text);
    assert.equal(model.format, 'formsYaml');
    const definitions = definitionsView({ workspace: workspaceDefinitions(PROPS) });
    assert.deepEqual(validateDocument({ model, text, definitions }), []);
  });

  it('flags a prompt whose property is defined nowhere: an error against a service, a warning offline', () => {
    const marked = form('⟦io.acryl.privacy.retentionTme⟧');
    const offline = runRule(formPrompts, 'file:///repo/forms.yaml', marked, { definitions: definitionsView({ workspace: workspaceDefinitions(PROPS) }) });
    assert.deepEqual(rangesOf(offline.diagnostics), offline.ranges);
    assert.equal(offline.diagnostics[0].severity, 'warning');
    assert.deepEqual(offline.diagnostics[0].data?.candidates, ['io.acryl.privacy.retentionTime']);
    const online = runRule(formPrompts, 'file:///repo/forms.yaml', marked, { definitions: definitionsView({ service: serviceDefinitions(PROPS), serviceAvailable: true }) });
    assert.equal(online.diagnostics[0].severity, 'error');
    assert.match(online.diagnostics[0].message, /Unable to create form/);
  });

  it('warns when the form is for entity types the property does not apply to', () => {
    const run = runRule(formPrompts, 'file:///repo/forms.yaml', form('⟦io.acryl.privacy.retentionTime⟧', '        - dataset\n        - chart\n'), { definitions: definitionsView({ workspace: workspaceDefinitions(PROPS) }) });
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].code, 'form.entityType');
    assert.deepEqual(run.diagnostics[0].data?.outside, ['chart']);
  });

  it('refuses keys forms.py does not know and prompt types it lacks, as DataHub\'s CLI does', () => {
    const text = form('io.acryl.privacy.retentionTime').replace('type: STRUCTURED_PROPERTY', 'type: STRUCTURED_PROP').replace('  name:', '  nme: x\n  name:');
    const model = readDocument('file:///repo/forms.yaml', text);
    const codes = validateDocument({ model, text }).filter((d) => d.severity === 'error').map((d) => d.code);
    assert.deepEqual(codes.sort(), ['format.enumValue', 'format.unknownKey']);
  });
});

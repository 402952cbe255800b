import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { notAllowedValue } from '../../../core/rules/notAllowedValue';
import { definitionsView, rangesOf, runRule, serviceDefinitions, workspaceDefinitions } from './fixture';
import { DEFINITIONS } from './propertyDefinitions.fixture';

const definitions = definitionsView({ service: serviceDefinitions(DEFINITIONS) });

describe('notAllowedValue', () => {
  it('flags values outside the allowed list, with all allowed values as candidates, closest first', () => {
    const run = runRule(
      notAllowedValue,
      'file:///repo/dataset.yaml',
      `id: user.clicks
platform: hive
structured_properties:
  io.acryl.privacy.retentionTime: ⟦100⟧
  projectNames:
    - Tracking
    - ⟦Datahub⟧
    - ⟦Marketing⟧
`,
      { definitions },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.ok(run.diagnostics.every((d) => d.code === 'property.notAllowedValue' && d.severity === 'error'));
    assert.deepEqual(run.diagnostics.map((d) => d.data?.candidates), [['90', '30', '365'], ['DataHub', 'Tracking'], ['Tracking', 'DataHub']]);
    assert.match(run.diagnostics[0].message, /100 is not an allowed value of io\.acryl\.privacy\.retentionTime; the service accepts only 30, 90, 365/);
    assert.match(run.diagnostics[1].message, /Did you mean 'DataHub'\?/);
    assert.doesNotMatch(run.diagnostics[2].message, /Did you mean/);
  });

  it('accepts allowed values and leaves wrongly typed ones to the value-type rule', () => {
    const run = runRule(
      notAllowedValue,
      'file:///repo/dataset.yaml',
      `id: t\nplatform: hive\nstructured_properties:\n  io.acryl.privacy.retentionTime: 365\n  projectNames: [DataHub, Tracking]\n  io.acryl.dataManagement.team: anything\n`,
      { definitions },
    );
    assert.deepEqual(run.diagnostics, []);
    const quoted = runRule(notAllowedValue, 'file:///repo/dataset.yaml', `id: t\nplatform: hive\nstructured_properties:\n  io.acryl.privacy.retentionTime: "30"\n`, { definitions });
    assert.deepEqual(quoted.diagnostics, []);
  });

  it('says when the workspace definition already allows the value', () => {
    const local = workspaceDefinitions(`- id: projectNames
  type: string
  cardinality: MULTIPLE
  entity_types: [dataset]
  allowed_values:
    - value: Tracking
    - value: DataHub
    - value: Marketing
`, 'file:///repo/props/projects.yaml');
    const run = runRule(
      notAllowedValue,
      'file:///repo/dataset.yaml',
      `id: t\nplatform: hive\nstructured_properties:\n  projectNames: [⟦Marketing⟧]\n`,
      { definitions: definitionsView({ service: serviceDefinitions(DEFINITIONS), workspace: local }) },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.match(run.diagnostics[0].message, /The definition in projects\.yaml allows it; push that definition first\./);
  });
});

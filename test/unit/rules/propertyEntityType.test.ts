import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { propertyEntityType } from '../../../core/rules/propertyEntityType';
import { definitionsView, rangesOf, runRule, workspaceDefinitions } from './fixture';
import { DEFINITIONS } from './propertyDefinitions.fixture';

const definitions = definitionsView({ workspace: workspaceDefinitions(DEFINITIONS), serviceAvailable: false });

describe('propertyEntityType', () => {
  it('flags a value on an entity type the property is not defined for (dataset and field level)', () => {
    const run = runRule(
      propertyEntityType,
      'file:///repo/dataset.yaml',
      `id: user.clicks
platform: hive
schema:
  fields:
    - id: ip
      structured_properties:
        ⟦io.acryl.privacy.retentionTime⟧: 30
        io.acryl.dataManagement.deprecationDate: "2024-01-01"
structured_properties:
  io.acryl.privacy.retentionTime: 30
`,
      { definitions },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [d] = run.diagnostics;
    assert.equal(d.code, 'property.entityType');
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /defined for dataset, not for schemaField/);
    assert.match(d.message, /Add schemaField to the property's entity types/);
    assert.equal(d.data?.entityType, 'schemaField');
  });

  it('is an error naming the local catalog when connected to it, which refuses such a value', () => {
    const text = `id: user.clicks
platform: hive
schema:
  fields:
    - id: ip
      structured_properties:
        ⟦io.acryl.privacy.retentionTime⟧: 30
`;
    const local = runRule(propertyEntityType, 'file:///repo/dataset.yaml', text, { definitions, target: 'localCatalog' });
    assert.equal(local.diagnostics[0].severity, 'error');
    assert.match(local.diagnostics[0].message, /the local catalog rejects it \(its own rule; DataHub would store the value anyway\)/);
    const datahub = runRule(propertyEntityType, 'file:///repo/dataset.yaml', text, { definitions, target: 'datahub' });
    assert.equal(datahub.diagnostics[0].severity, 'warning');
  });

  it('says DataHub 1.8 stores such a value unindexed (PR #19490), and older DataHub stores it as any other', () => {
    const text = `id: user.clicks\nplatform: hive\nschema:\n  fields:\n    - id: ip\n      structured_properties:\n        ⟦io.acryl.privacy.retentionTime⟧: 30\n`;
    const newest = runRule(propertyEntityType, 'file:///repo/dataset.yaml', text, { definitions, target: 'datahub' });
    assert.match(newest.diagnostics[0].message, /DataHub stores the value but does not index it there, so it cannot be searched or filtered on \(PR #19490; judged by DataHub 1\.8\.0/);
    const older = runRule(propertyEntityType, 'file:///repo/dataset.yaml', text, { definitions, target: 'datahub', datahub: { version: '1.7.0', source: 'setting' } });
    assert.match(older.diagnostics[0].message, /DataHub stores the value anyway/);
  });

  it('compares entity types case-sensitively, from the URN of an MCP entity', () => {
    const local = workspaceDefinitions(`- id: flowOwner\n  type: string\n  entity_types: [dataFlow]\n`);
    const run = runRule(
      propertyEntityType,
      'file:///repo/mcp.json',
      `[{"entityType": "chart", "entityUrn": "urn:li:chart:(looker,c1)", "changeType": "UPSERT", "aspectName": "structuredProperties",
  "aspect": {"json": {"properties": [{"propertyUrn": "⟦urn:li:structuredProperty:flowOwner⟧", "values": [{"string": "x"}]}]}}},
 {"entityType": "dataFlow", "entityUrn": "urn:li:dataFlow:(airflow,f,prod)", "changeType": "UPSERT", "aspectName": "structuredProperties",
  "aspect": {"json": {"properties": [{"propertyUrn": "urn:li:structuredProperty:flowOwner", "values": [{"string": "x"}]}]}}}]`,
      { definitions: definitionsView({ workspace: local, serviceAvailable: false }) },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
  });
});

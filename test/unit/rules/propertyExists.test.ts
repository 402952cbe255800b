import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { propertyExists } from '../../../core/rules/propertyExists';
import { definitionsView, rangesOf, runRule, serviceDefinitions, workspaceDefinitions } from './fixture';
import { DEFINITIONS } from './propertyDefinitions.fixture';

const DATASET = 'file:///repo/dataset.yaml';

describe('propertyExists', () => {
  it('reports a property the service and the workspace lack, with the closest ids', () => {
    const run = runRule(
      propertyExists,
      DATASET,
      `id: t
platform: hive
structured_properties:
  ⟦project_name⟧: Tracking
  ⟦urn:li:structuredProperty:io.acryl.privacy.retentionTim⟧: 30
  io.acryl.dataManagement.team: core
`,
      { definitions: definitionsView({ service: serviceDefinitions(DEFINITIONS) }), datahub: { version: '1.7.0', source: 'setting' } },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.deepEqual(run.diagnostics.map((d) => [d.code, d.severity, d.data?.candidates]), [
      ['property.unknown', 'error', ['projectNames']],
      ['property.unknown', 'error', ['urn:li:structuredProperty:io.acryl.privacy.retentionTime']],
    ]);
    assert.match(run.diagnostics[0].message, /'project_name' is not defined in the service or in any workspace file/);
  });

  it('from DataHub 1.8 a value of a missing property is dropped with a warning while another value remains, refused when none does (dropMissingPropertyValuesWithWarning)', () => {
    const definitions = definitionsView({ service: serviceDefinitions(DEFINITIONS) });
    const mixed = `id: t\nplatform: hive\nstructured_properties:\n  ⟦project_name⟧: Tracking\n  io.acryl.dataManagement.team: core\n`;
    const dropped = runRule(propertyExists, DATASET, mixed, { definitions });
    assert.deepEqual(dropped.diagnostics.map((d) => [d.code, d.severity]), [['property.unknown', 'warning']]);
    assert.match(dropped.diagnostics[0].message, /DataHub drops this value with a warning and writes the entity's other values \(judged by DataHub 1\.8\.0/);
    const only = runRule(propertyExists, DATASET, `id: t\nplatform: hive\nstructured_properties:\n  ⟦project_name⟧: Tracking\n`, { definitions });
    assert.deepEqual(only.diagnostics.map((d) => [d.code, d.severity]), [['property.unknown', 'error']]);
    assert.match(only.diagnostics[0].message, /no valid property assignments remain/);
    const local = runRule(propertyExists, DATASET, mixed, { definitions, target: 'localCatalog' });
    assert.deepEqual(local.diagnostics.map((d) => [d.code, d.severity]), [['property.unknown', 'error']], 'the local catalog refuses every such value');
  });

  it('offline, warns only when the workspace defines properties at all', () => {
    const text = `id: t\nplatform: hive\nstructured_properties:\n  ⟦projectName⟧: Tracking\n`;
    const withWorkspace = runRule(propertyExists, DATASET, text, { definitions: definitionsView({ workspace: workspaceDefinitions(DEFINITIONS), serviceAvailable: false }) });
    assert.deepEqual(rangesOf(withWorkspace.diagnostics), withWorkspace.ranges);
    assert.equal(withWorkspace.diagnostics[0].severity, 'warning');
    assert.match(withWorkspace.diagnostics[0].message, /no service is connected/);
    assert.deepEqual(runRule(propertyExists, DATASET, text).diagnostics, []);
  });

  it('notes a property defined in the workspace but not pushed', () => {
    const local = workspaceDefinitions(`- id: io.acryl.newProp\n  type: string\n  entity_types: [dataset]\n`, 'file:///repo/props/new.yaml');
    const run = runRule(propertyExists, DATASET, `id: t\nplatform: hive\nstructured_properties:\n  ⟦io.acryl.newProp⟧: x\n`, {
      definitions: definitionsView({ service: serviceDefinitions(DEFINITIONS), workspace: local }),
    });
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].code, 'property.notPushed');
    assert.equal(run.diagnostics[0].severity, 'information');
    assert.match(run.diagnostics[0].message, /defined in new\.yaml but not yet in the service/);
  });

  it('warns where the workspace and the service disagree, naming both', () => {
    const local = workspaceDefinitions(`- id: io.acryl.dataManagement.team\n  type: string\n  cardinality: MULTIPLE\n  entity_types: [dataset]\n`, 'file:///repo/props/team.yaml');
    const run = runRule(propertyExists, DATASET, `id: t\nplatform: hive\nstructured_properties:\n  ⟦io.acryl.dataManagement.team⟧: [a, b]\n`, {
      definitions: definitionsView({ service: serviceDefinitions(DEFINITIONS), workspace: local }),
    });
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [d] = run.diagnostics;
    assert.equal(d.code, 'property.disagree');
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /in the service differs from the one in team\.yaml \(cardinality: SINGLE in the service, MULTIPLE in team\.yaml\)/);
  });

  it('does not judge PATCH removals', () => {
    const run = runRule(
      propertyExists,
      'file:///repo/patch.json',
      `[{"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)", "changeType": "PATCH", "aspectName": "structuredProperties",
  "aspect": {"json": [{"op": "remove", "path": "/properties/urn:li:structuredProperty:gone"}]}}]`,
      { definitions: definitionsView({ service: serviceDefinitions(DEFINITIONS) }) },
    );
    assert.deepEqual(run.diagnostics, []);
  });

  it('a file gets suggestions for its first 25 distinct unknown ids, whatever other files asked before', () => {
    const definitions = definitionsView({ service: serviceDefinitions(DEFINITIONS) });
    const file = (ids: number[]) => `id: t\nplatform: hive\nstructured_properties:\n${ids.map((i) => `  io.acryl.dataManagement.tem${i}: x\n`).join('')}`;
    const suggested = (ids: number[]) => runRule(propertyExists, DATASET, file(ids), { definitions }).diagnostics.map((d) => (d.data?.candidates as string[]).length > 0);
    const thirty = Array.from({ length: 30 }, (_, i) => i);
    const fresh = suggested(thirty);
    assert.deepEqual(fresh, thirty.map((i) => i < 25));
    // Another file asked for the last five first: this file's answer is the same.
    suggested(thirty.slice(25));
    assert.deepEqual(suggested(thirty), fresh);
  });
});

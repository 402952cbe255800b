import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { propertySoftDeleted } from '../../../core/rules/propertySoftDeleted';
import { definitionsView, rangesOf, runRule, serviceDefinitions } from './fixture';

describe('propertySoftDeleted', () => {
  const deleted = definitionsView({ service: serviceDefinitions(`- id: io.acryl.legacy\n  type: string\n  entity_types: [dataset]\n`, true) });

  it('denies adding a value of a soft-deleted property', () => {
    const run = runRule(propertySoftDeleted, 'file:///repo/dataset.yaml', `id: t\nplatform: hive\nstructured_properties:\n  ⟦io.acryl.legacy⟧: old\n`, { definitions: deleted });
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [d] = run.diagnostics;
    assert.equal(d.code, 'property.softDeleted');
    assert.equal(d.severity, 'error');
    assert.match(d.message, /'io\.acryl\.legacy' is soft-deleted in the service/);
    // What a user does to restore it, not the wire detail (a status aspect with removed: false).
    assert.match(d.message, /Restore the property first: restore it in the catalog \(VS Code: the Restore lens above its definition, or "Catalog Code: Restore Property"\); or remove this value/);
    assert.doesNotMatch(d.message, /removed: false/);
  });

  it('allows removing its value with a PATCH', () => {
    const run = runRule(
      propertySoftDeleted,
      'file:///repo/patch.json',
      `[{"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)", "changeType": "PATCH", "aspectName": "structuredProperties",
  "aspect": {"json": [{"op": "remove", "path": "/properties/urn:li:structuredProperty:io.acryl.legacy"}]}}]`,
      { definitions: deleted },
    );
    assert.deepEqual(run.diagnostics, []);
  });
});

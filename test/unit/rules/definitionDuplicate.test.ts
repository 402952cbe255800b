import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definitionDuplicate } from '../../../core/rules/definitionDuplicate';
import { rangesOf, runRule } from './fixture';

describe('definitionDuplicate', () => {
  it('flags every later definition of the same property, pointing at the first', () => {
    const run = runRule(
      definitionDuplicate,
      'file:///repo/properties.yaml',
      `- id: io.acryl.team
  type: string
- id: io.acryl.other
  type: string
- id: ⟦io.acryl.team⟧
  type: number
- urn: ⟦urn:li:structuredProperty:io.acryl.team⟧
  type: string
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    for (const d of run.diagnostics) {
      assert.equal(d.code, 'definition.duplicate');
      assert.equal(d.severity, 'warning');
      assert.match(d.message, /io\.acryl\.team is defined twice in this file \(first at line 1\)/);
    }
  });

  // Issue #25 item 7: an MCP export sends a whole propertyDefinition aspect again later; UPSERT
  // replaces it, as for lineage aspects (duplicateEdge), so neither copy is a mistake.
  it('is quiet for a whole propertyDefinition aspect sent again later in an MCP file', () => {
    const aspect = (description: string) =>
      `{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:io.acryl.team", "changeType": "UPSERT", "aspectName": "propertyDefinition", "aspect": {"json": {"qualifiedName": "io.acryl.team", "description": "${description}", "valueType": "urn:li:dataType:datahub.string", "entityTypes": ["urn:li:entityType:datahub.dataset"]}}}`;
    const run = runRule(definitionDuplicate, 'file:///repo/export.json', `[${aspect('first run')},\n${aspect('second run')}]`);
    assert.deepEqual(run.diagnostics, []);
  });

  it('is quiet when every property is defined once', () => {
    const run = runRule(definitionDuplicate, 'file:///repo/properties.yaml', `- id: a\n  type: string\n- id: b\n  type: string\n`);
    assert.deepEqual(run.diagnostics, []);
  });
});

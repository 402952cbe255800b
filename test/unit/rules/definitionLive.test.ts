import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definitionLive } from '../../../core/rules/definitionLive';
import { definitionsView, rangesOf, runRule, serviceDefinitions } from './fixture';

const YAML = 'file:///repo/properties.yaml';

const LIVE = `- id: retention
  type: number
  cardinality: MULTIPLE
  version: "20240101000000"
  allowed_values:
    - value: 30
    - value: 90
- id: team
  type: string
- id: steward
  type: urn
  immutable: true
`;

const online = definitionsView({ service: serviceDefinitions(LIVE) });

describe('definitionLive: breaking changes', () => {
  it('flags a type change, MULTIPLE → SINGLE and a removed allowed value without a greater version', () => {
    const run = runRule(
      definitionLive,
      YAML,
      `- id: retention
  type: ⟦string⟧
  cardinality: ⟦SINGLE⟧
  version: "20240101000000"
  allowed_values:
    - value: ⟦30⟧
`,
      { definitions: online },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.ok(run.diagnostics.every((d) => d.code === 'definition.breakingChange' && d.severity === 'error'));
    assert.match(run.diagnostics[0].message, /type of retention from number \(in the service\) to string/);
    assert.match(run.diagnostics[1].message, /MULTIPLE \(in the service\) to SINGLE/);
    assert.match(run.diagnostics[2].message, /removes the allowed value 90/);
    const candidate = String(run.diagnostics[0].data?.suggestedVersion);
    assert.equal(run.diagnostics[0].data?.candidates, undefined, 'a version is no replacement for the type');
    assert.match(candidate, /^[0-9]{14}$/);
    assert.ok(candidate > '20240101000000');
    assert.match(run.diagnostics[0].message, /greater than the live version '20240101000000'/);
  });

  it('treats a missing cardinality as SINGLE, and restricting an unrestricted property as breaking', () => {
    const run = runRule(
      definitionLive,
      YAML,
      `- id: ⟦retention⟧
  type: number
  allowed_values:
    - value: 30
    - value: 90
- id: team
  type: string
  allowed_values:
    - value: ⟦core⟧
`,
      { definitions: online },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.match(run.diagnostics[0].message, /no cardinality means SINGLE/);
    assert.match(run.diagnostics[1].message, /accepts any value in the service/);
  });

  it('allows the same changes with a greater version, and additions without one', () => {
    const run = runRule(
      definitionLive,
      YAML,
      `- id: retention
  type: string
  cardinality: SINGLE
  version: "20250101000000"
- id: team
  type: string
  cardinality: MULTIPLE
  display_name: Team
`,
      { definitions: online },
    );
    assert.deepEqual(run.diagnostics, []);
  });

  it('is quiet offline and for properties the service does not have', () => {
    const text = `- id: retention\n  type: string\n- id: brandNew\n  type: number\n`;
    assert.deepEqual(runRule(definitionLive, YAML, text, { definitions: { ...online, serviceAvailable: false } }).diagnostics, []);
    assert.deepEqual(runRule(definitionLive, YAML, `- id: brandNew\n  type: number\n`, { definitions: online }).diagnostics, []);
  });
});

describe('definitionLive: immutable', () => {
  it('notes a change of the immutable flag in either direction', () => {
    const run = runRule(
      definitionLive,
      YAML,
      `- id: team
  type: string
  immutable: ⟦true⟧
- id: ⟦steward⟧
  type: urn
`,
      { definitions: online },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.deepEqual(run.diagnostics.map((d) => [d.code, d.severity]), [
      ['definition.immutable', 'information'],
      ['definition.immutable', 'information'],
    ]);
    assert.match(run.diagnostics[0].message, /makes team immutable/);
    assert.match(run.diagnostics[1].message, /makes steward mutable again/);
  });
});

describe('definitionLive: soft-deleted', () => {
  const deleted = definitionsView({ service: serviceDefinitions(LIVE, true) });

  it('denies editing a soft-deleted property, naming what changes', () => {
    const run = runRule(definitionLive, YAML, `- id: ⟦team⟧\n  type: string\n  display_name: Team\n`, { definitions: deleted });
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [d] = run.diagnostics;
    assert.equal(d.code, 'definition.softDeleted');
    assert.equal(d.severity, 'error');
    assert.match(d.message, /soft-deleted in the service/);
    assert.match(d.message, /display name: \(none\) in the service, Team in this file/);
    assert.match(d.message, /Restore it first: restore it in the catalog \(VS Code: the Restore lens above its definition, or "Catalog Code: Restore Property"\)/);
    assert.doesNotMatch(d.message, /removed: false/);
  });

  it('only notes it when the file repeats the live definition unchanged', () => {
    const run = runRule(definitionLive, YAML, `- id: ⟦team⟧\n  type: string\n`, { definitions: deleted });
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].severity, 'information');
  });

  it('accepts the edit when the same MCP file restores the property first', () => {
    const restore = `{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:team", "changeType": "UPSERT", "aspectName": "status", "aspect": {"json": {"removed": false}}},`;
    const definition = `{"entityType": "structuredProperty", "entityUrn": "⟦urn:li:structuredProperty:team⟧", "changeType": "UPSERT", "aspectName": "propertyDefinition",
  "aspect": {"json": {"qualifiedName": "team", "valueType": "urn:li:dataType:datahub.string", "entityTypes": ["urn:li:entityType:datahub.dataset"], "displayName": "Team"}}}`;
    const restored = runRule(definitionLive, 'file:///repo/mcp.json', `[${restore}\n${definition.replace(/[⟦⟧]/g, '')}]`, { definitions: deleted });
    assert.deepEqual(restored.diagnostics, []);
    const notRestored = runRule(definitionLive, 'file:///repo/mcp.json', `[${definition}]`, { definitions: deleted });
    assert.deepEqual(rangesOf(notRestored.diagnostics), notRestored.ranges);
    assert.equal(notRestored.diagnostics[0].severity, 'error');
  });
});

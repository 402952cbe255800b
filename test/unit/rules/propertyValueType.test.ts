import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { propertyValueType } from '../../../core/rules/propertyValueType';
import { definitionsView, rangesOf, runRule, serviceDefinitions } from './fixture';
import { DEFINITIONS } from './propertyDefinitions.fixture';

const definitions = definitionsView({ service: serviceDefinitions(DEFINITIONS) });

describe('propertyValueType', () => {
  it('checks number, date, urn (with allowed types), string and rich text values in dataset YAML', () => {
    const run = runRule(
      propertyValueType,
      'file:///repo/dataset.yaml',
      `- id: user.clicks
  platform: hive
  structured_properties:
    io.acryl.privacy.retentionTime: ⟦thirty⟧
    io.acryl.dataManagement.deprecationDate: "⟦2023/1/5⟧"
    io.acryl.dataManagement.steward: ⟦urn:li:dataset:(urn:li:dataPlatform:hive,other,PROD)⟧
    io.acryl.dataManagement.certifier: ⟦john.doe⟧
    io.acryl.dataManagement.team: ⟦42⟧
    io.acryl.notes:
      - "**bold** text"
      - ⟦7⟧
- id: user.views
  platform: hive
  structured_properties:
    io.acryl.privacy.retentionTime: ⟦"90"⟧
    io.acryl.dataManagement.deprecationDate: "2024-02-29"
    io.acryl.dataManagement.steward: urn:li:corpGroup:data-eng
    io.acryl.dataManagement.certifier: urn:li:corpuser:john.doe@example.com
    io.acryl.dataManagement.team: Analytics
`,
      { definitions },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.deepEqual(
      run.diagnostics.map((d) => [d.severity, d.data?.expectedType, d.data?.candidates]),
      [
        ['error', 'number', []],
        ['error', 'date', ['2023-01-05']],
        ['error', 'urn', []],
        ['error', 'urn', []],
        ['error', 'string', ['"42"']],
        ['error', 'rich_text', ['"7"']],
        ['warning', 'number', ['90']],
      ],
    );
    assert.ok(run.diagnostics.every((d) => d.code === 'property.valueType'));
    assert.match(run.diagnostics[0].message, /'thirty' of io\.acryl\.privacy\.retentionTime is not a number/);
    assert.match(run.diagnostics[1].message, /YYYY-MM-DD/);
    assert.match(run.diagnostics[2].message, /dataset URN, but the property only takes URNs of type corpuser, corpGroup/);
    assert.match(run.diagnostics[6].message, /written as text/);
  });

  it('asks to quote a date in dataset YAML, which the DataHub CLI would read as a date object', () => {
    const run = runRule(
      propertyValueType,
      'file:///repo/dataset.yaml',
      `id: t\nplatform: hive\nstructured_properties:\n  io.acryl.dataManagement.deprecationDate: ⟦2024-01-31⟧\n  io.acryl.dataManagement.team: '2024-01-31'\n`,
      { definitions },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].severity, 'warning');
    assert.deepEqual(run.diagnostics[0].data?.candidates, ['"2024-01-31"']);
    assert.match(run.diagnostics[0].message, /Write it in quotes/);
  });

  it('rejects impossible dates', () => {
    const run = runRule(
      propertyValueType,
      'file:///repo/dataset.yaml',
      `id: t\nplatform: hive\nstructured_properties:\n  io.acryl.dataManagement.deprecationDate: "⟦2023-02-30⟧"\n`,
      { definitions },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
  });

  it('checks values of a structuredProperties aspect and of a PATCH add', () => {
    const run = runRule(
      propertyValueType,
      'file:///repo/mcp.json',
      `[
 {"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)", "changeType": "UPSERT", "aspectName": "structuredProperties",
  "aspect": {"json": {"properties": [{"propertyUrn": "urn:li:structuredProperty:io.acryl.privacy.retentionTime", "values": [{"string": "⟦soon⟧"}]}]}}},
 {"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)", "changeType": "PATCH", "aspectName": "structuredProperties",
  "aspect": {"json": [{"op": "add", "path": "/properties/urn:li:structuredProperty:io.acryl.dataManagement.team",
    "value": {"propertyUrn": "urn:li:structuredProperty:io.acryl.dataManagement.team", "values": [{"double": ⟦12⟧}]}}]}}
]`,
      { definitions },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
  });

  it('is quiet for unknown properties and without definitions', () => {
    const text = `id: t\nplatform: hive\nstructured_properties:\n  unknown.prop: whatever\n  io.acryl.privacy.retentionTime: thirty\n`;
    assert.deepEqual(runRule(propertyValueType, 'file:///repo/dataset.yaml', text).diagnostics, []);
    assert.equal(runRule(propertyValueType, 'file:///repo/dataset.yaml', text, { definitions }).diagnostics.length, 1);
  });
});

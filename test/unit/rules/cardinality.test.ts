import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cardinality } from '../../../core/rules/cardinality';
import { definitionsView, rangesOf, runRule, serviceDefinitions } from './fixture';
import { DEFINITIONS } from './propertyDefinitions.fixture';

const definitions = definitionsView({ service: serviceDefinitions(DEFINITIONS) });

describe('cardinality', () => {
  it('flags more than one value of a SINGLE property, saying it was a list', () => {
    const run = runRule(
      cardinality,
      'file:///repo/dataset.yaml',
      `id: user.clicks
platform: hive
structured_properties:
  io.acryl.privacy.retentionTime: ⟦[30, 90]⟧
  io.acryl.dataManagement.team: [Analytics]
  projectNames: [Tracking, DataHub]
`,
      { definitions },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [d] = run.diagnostics;
    assert.equal(d.code, 'property.cardinality');
    assert.equal(d.severity, 'error');
    assert.match(d.message, /takes a single value \(cardinality SINGLE\), but 2 are given \(30, 90\)/);
    assert.deepEqual(d.data, { candidates: ['30', '90'], writtenAsList: true, valueCount: 2 });
  });

  it('flags a block list and the values array of an aspect', () => {
    const yaml = runRule(
      cardinality,
      'file:///repo/dataset.yaml',
      `id: t
platform: hive
structured_properties:
  io.acryl.dataManagement.team:
    ⟦- Analytics
    - Platform⟧
`,
      { definitions },
    );
    assert.deepEqual(rangesOf(yaml.diagnostics), yaml.ranges);
    const json = runRule(
      cardinality,
      'file:///repo/mcp.json',
      `[{"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)", "changeType": "UPSERT", "aspectName": "structuredProperties",
  "aspect": {"json": {"properties": [{"propertyUrn": "urn:li:structuredProperty:io.acryl.dataManagement.team", "values": ⟦[{"string": "a"}, {"string": "b"}]⟧}]}}}]`,
      { definitions },
    );
    assert.deepEqual(rangesOf(json.diagnostics), json.ranges);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../core/formats/index';
import { facts } from '../unit/formats/support';

/** Generated files of about 50,000 lines: they must be read completely (speed is measured in test/bench). */
describe('large generated files', () => {
  it('reads a 50,000-line lineage file', () => {
    const lines = ['version: 1', 'lineage:'];
    let entries = 0;
    while (lines.length < 50_000) {
      lines.push(
        '  - entity:',
        `      name: table_${entries}`,
        '      type: dataset',
        '      platform: snowflake',
        '    upstream:',
        '      - entity:',
        `          name: source_${entries}`,
        '          type: dataset',
        '          platform: kafka',
        '    fineGrainedLineages:',
        '      - upstreams:',
        `          - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,source_${entries},PROD),id)`,
        '        downstreams:',
        `          - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,table_${entries},PROD),id)`,
      );
      entries++;
    }
    const model = readDocument('file:///r/big.yml', lines.join('\n'));
    assert.equal(model.format, 'lineageFile');
    assert.equal(facts(model, 'lineageEdge').length, entries);
    assert.equal(facts(model, 'fineGrainedEdge').length, entries);
    assert.equal(facts(model, 'entityRef').length, entries * 2);
  });

  it('reads a 50,000-line MCP file and a dataset YAML with 10,000 structured properties on one map', () => {
    const proposals = Array.from({ length: 3_200 }, (_, i) => ({
      entityType: 'dataset',
      entityUrn: `urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`,
      changeType: 'UPSERT',
      aspectName: 'upstreamLineage',
      aspect: { json: { upstreams: [{ dataset: `urn:li:dataset:(urn:li:dataPlatform:hive,s${i},PROD)`, type: 'TRANSFORMED' }] } },
    }));
    const json = JSON.stringify(proposals, null, 2);
    assert.ok(json.split('\n').length >= 50_000);
    const model = readDocument('file:///r/big.json', json);
    assert.equal(facts(model, 'lineageEdge').length, proposals.length);

    const yaml = ['id: wide', 'platform: hive', 'structured_properties:'];
    for (let i = 0; i < 10_000; i++) yaml.push(`  io.acme.p${i}: ${i}`);
    const wide = readDocument('file:///r/wide.yaml', yaml.join('\n'));
    assert.equal(facts(wide, 'propertyAssignment').length, 10_000);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { selfLoop } from '../../../core/rules/selfLoop';
import { rangesOf, runRule } from './fixture';

describe('selfLoop', () => {
  it('flags an entity that is its own upstream, and a column on both sides of a column edge', () => {
    const run = runRule(
      selfLoop,
      'file:///repo/lineage.yml',
      `version: 1
lineage:
  - entity: {name: orders, type: dataset, platform: hive}
    upstream:
      - entity: {name: ⟦orders⟧, type: dataset, platform: hive}
      - entity: {name: raw, type: dataset, platform: hive}
    fineGrainedLineages:
      - upstreams:
          - ⟦urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD),id)⟧
        downstreams:
          - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD),id)
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    // Issue #25 item 7: DataHub stores self-edges (no PDL rule forbids them; its Snowflake source
    // writes them), so this is information and never tells the user to delete the edge.
    assert.ok(run.diagnostics.every((d) => d.code === 'lineage.selfLoop' && d.severity === 'information'));
    assert.match(run.diagnostics[0].message, /is listed as its own upstream\. DataHub stores this/);
    assert.ok(run.diagnostics.every((d) => !/Remove/.test(d.message)));
  });

  it('is quiet for ordinary edges', () => {
    const run = runRule(selfLoop, 'file:///repo/edges.yaml', `edgesToAdd:\n  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)\n    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)\nedgesToRemove: []\n`);
    assert.deepEqual(run.diagnostics, []);
  });
});

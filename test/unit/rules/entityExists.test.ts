import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entityExists } from '../../../core/rules/entityExists';
import { existence, rangesOf, runRule } from './fixture';

const orders = 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)';
const raw = 'urn:li:dataset:(urn:li:dataPlatform:hive,raw_orders,PROD)';
const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load)';

const DOC = `edgesToAdd:
  - downstreamUrn: ⟦${orders}⟧
    upstreamUrn: ${raw}
  - downstreamUrn: ⟦${orders}⟧
    upstreamUrn: ${job}
edgesToRemove: []
`;

describe('entityExists', () => {
  it('reports an end the service says does not exist, once per place', () => {
    const run = runRule(entityExists, 'file:///repo/edges.yaml', DOC, { entities: existence({ [orders]: false, [raw]: true }) });
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [d] = run.diagnostics;
    assert.equal(d.code, 'lineage.unknownEntity');
    assert.equal(d.severity, 'error');
    assert.match(d.message, /does not exist in the catalog, and no file of the workspace creates it, so pushing this lineage fails/);
    assert.deepEqual(d.data, { urn: orders, role: 'downstream' });
  });

  it('stays quiet for entities not looked up yet', () => {
    assert.deepEqual(runRule(entityExists, 'file:///repo/edges.yaml', DOC).diagnostics, []);
  });

  it('reports each lineage-file entity name once even when it owns several edges', () => {
    const run = runRule(
      entityExists,
      'file:///repo/lineage.yml',
      `version: 1
lineage:
  - entity: {name: ⟦orders⟧, type: dataset, platform: hive}
    upstream:
      - entity: {name: raw_orders, type: dataset, platform: hive}
      - entity: {name: ⟦customers⟧, type: dataset, platform: hive}
`,
      { entities: existence({ [orders]: false, [raw]: true, 'urn:li:dataset:(urn:li:dataPlatform:hive,customers,PROD)': false }) },
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
  });
});

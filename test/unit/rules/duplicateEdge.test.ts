import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { duplicateEdge } from '../../../core/rules/duplicateEdge';
import { rangesOf, runRule } from './fixture';

const a = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
const b = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';

describe('duplicateEdge', () => {
  it('flags the second copy of an added edge, not the same edge removed', () => {
    const run = runRule(
      duplicateEdge,
      'file:///repo/edges.yaml',
      `edgesToAdd:
  - downstreamUrn: ${a}
    upstreamUrn: ${b}
  - downstreamUrn: ${a}
    upstreamUrn: ⟦${b}⟧
edgesToRemove:
  - downstreamUrn: ${a}
    upstreamUrn: ${b}
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [d] = run.diagnostics;
    assert.equal(d.code, 'lineage.duplicateEdge');
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /is added twice in this file \(first at line 2\)/);
  });

  it('flags an upstream listed twice in a lineage file', () => {
    const run = runRule(
      duplicateEdge,
      'file:///repo/lineage.yml',
      `version: 1
lineage:
  - entity: {name: a, type: dataset, platform: hive}
    upstream:
      - entity: {name: b, type: dataset, platform: hive}
      - entity: {name: ⟦b⟧, type: dataset, platform: hive, env: PROD}
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
  });
});

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

  const upsert = (change: string) => `{"entityType": "dataset", "entityUrn": "${a}", "changeType": "${change}", "aspectName": "upstreamLineage",
  "aspect": {"json": {"upstreams": [{"dataset": "${b}", "type": "TRANSFORMED"}]}}}`;

  it('is quiet when separate MCPs re-send a whole aspect (UPSERT replaces it; the Airflow and Tableau goldens do this)', () => {
    const run = runRule(duplicateEdge, 'file:///repo/mcps.json', `[${upsert('UPSERT')},\n${upsert('UPSERT')}]`);
    assert.deepEqual(run.diagnostics, []);
  });

  it('still flags the same edge twice inside one aspect', () => {
    const run = runRule(
      duplicateEdge,
      'file:///repo/mcps.json',
      `[{"entityType": "dataset", "entityUrn": "${a}", "changeType": "UPSERT", "aspectName": "upstreamLineage",
  "aspect": {"json": {"upstreams": [{"dataset": "${b}", "type": "TRANSFORMED"}, {"dataset": "⟦${b}⟧", "type": "COPY"}]}}}]`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.match(run.diagnostics[0].message, /twice in this aspect/);
  });

  it('flags the same edge added by two PATCHes (they add up)', () => {
    const patch = (marked: string) => `{"entityType": "dataset", "entityUrn": "${a}", "changeType": "PATCH", "aspectName": "upstreamLineage",
  "aspect": {"json": [{"op": "add", "path": "/upstreams/${marked}", "value": {"dataset": "${b}", "type": "COPY"}}]}}`;
    const run = runRule(duplicateEdge, 'file:///repo/mcps.json', `[${patch(b)},\n${patch(`⟦${b}⟧`)}]`);
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
  });
});

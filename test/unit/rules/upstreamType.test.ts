import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { upstreamType } from '../../../core/rules/upstreamType';
import { rangesOf, runRule } from './fixture';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const chart = 'urn:li:chart:(looker,revenue)';
const dashboard = 'urn:li:dashboard:(looker,sales)';
const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load)';
const user = 'urn:li:corpuser:jdoe';

describe('upstreamType', () => {
  it('allows dataset ← dataset/dataJob, chart ← dataset/chart, dashboard ← chart/dataset, dataJob ← dataset/dataJob and flags the rest', () => {
    const run = runRule(
      upstreamType,
      'file:///repo/edges.json',
      `{"edgesToAdd": [
  {"downstreamUrn": "${ds('a')}", "upstreamUrn": "${ds('b')}"},
  {"downstreamUrn": "${ds('a')}", "upstreamUrn": "${job}"},
  {"downstreamUrn": "${chart}", "upstreamUrn": "${ds('a')}"},
  {"downstreamUrn": "${chart}", "upstreamUrn": "urn:li:chart:(looker,base)"},
  {"downstreamUrn": "${dashboard}", "upstreamUrn": "${chart}"},
  {"downstreamUrn": "${dashboard}", "upstreamUrn": "${ds('a')}"},
  {"downstreamUrn": "${job}", "upstreamUrn": "${ds('a')}"},
  {"downstreamUrn": "${ds('a')}", "upstreamUrn": "⟦${chart}⟧"},
  {"downstreamUrn": "${chart}", "upstreamUrn": "⟦${dashboard}⟧"},
  {"downstreamUrn": "${dashboard}", "upstreamUrn": "⟦${user}⟧"}
], "edgesToRemove": []}`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.ok(run.diagnostics.every((d) => d.code === 'lineage.upstreamType' && d.severity === 'error'));
    assert.match(run.diagnostics[0].message, /A dataset cannot have a chart as its upstream; the service accepts only dataset or dataJob upstreams/);
    assert.deepEqual(run.diagnostics[2].data, { downstreamType: 'dashboard', upstreamType: 'corpuser', allowed: ['chart', 'dataset'] });
  });

  // Issue #25 item 6: UpdateLineageResolver's switch has no case for a dataFlow downstream (and the
  // other types): it returns true having written nothing. Advice, not a refusal.
  it('warns that updateLineage writes nothing into a dataFlow downstream', () => {
    const flow = 'urn:li:dataFlow:(airflow,etl,prod)';
    const run = runRule(upstreamType, 'file:///repo/edges.json', `{"edgesToAdd": [{"downstreamUrn": "⟦${flow}⟧", "upstreamUrn": "${ds('a')}"}], "edgesToRemove": []}`);
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].severity, 'warning');
    assert.match(run.diagnostics[0].message, /answers true and leaves .* unchanged/);
  });

  it('accepts dashboards of dashboards where dashboardInfo models them', () => {
    const run = runRule(
      upstreamType,
      'file:///repo/dash.json',
      `[{"entityType": "dashboard", "entityUrn": "${dashboard}", "changeType": "UPSERT", "aspectName": "dashboardInfo",
  "aspect": {"json": {"title": "Sales", "description": "", "lastModified": {"created": {"time": 0, "actor": "${user}"}, "lastModified": {"time": 0, "actor": "${user}"}},
    "charts": ["${chart}"], "dashboards": [{"destinationUrn": "urn:li:dashboard:(looker,regional)"}]}}}]`,
    );
    assert.deepEqual(run.diagnostics, []);
  });
});

describe('upstreamType in an upstreamLineage aspect', () => {
  // Upstream.pdl: `dataset: DatasetUrn`, @Relationship entityTypes [dataset]. A job's outputs live in
  // its dataJobInputOutput; updateLineage writes a dataset ← dataJob edge there, never here.
  it('takes dataset upstreams only', () => {
    const run = runRule(
      upstreamType,
      'file:///repo/mcp.json',
      `[{"entityType": "dataset", "entityUrn": "${ds('a')}", "changeType": "UPSERT", "aspectName": "upstreamLineage",
  "aspect": {"json": {"upstreams": [{"dataset": "${ds('b')}", "type": "TRANSFORMED"}, {"dataset": "⟦${job}⟧", "type": "TRANSFORMED"}]}}}]`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.deepEqual(run.diagnostics[0].data?.allowed, ['dataset']);
  });
});

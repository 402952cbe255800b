import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { columnOutsideEdge } from '../../../core/rules/columnOutsideEdge';
import { rangesOf, runRule } from './fixture';

const field = (dataset: string, env: string, path: string) => `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,${dataset},${env}),${path})`;
const dataset = (name: string, env: string) => `urn:li:dataset:(urn:li:dataPlatform:kafka,${name},${env})`;

describe('columnOutsideEdge', () => {
  const fileLineage = `version: 1
lineage:
  - entity:
      name: topic3
      type: dataset
      env: DEV
      platform: kafka
    upstream:
      - entity:
          name: topic2
          type: dataset
          env: DEV
          platform: kafka
      - entity:
          name: topic1
          type: dataset
          env: DEV
          platform: kafka
    fineGrainedLineages:
      - upstreamType: FIELD_SET
        upstreams:
          - ⟦${field('topic1', 'PROD', 'user_id')}⟧
          - ${field('topic2', 'DEV', 'user_id')}
        downstreamType: FIELD
        downstreams:
          - ⟦${field('topic3', 'PROD', 'user_id')}⟧
          - ${field('topic3', 'DEV', 'user_id')}
`;

  it('flags DEV entities with PROD column URNs (DataHub\'s own file_lineage.yml) as a warning offline, with the fix data', () => {
    const run = runRule(columnOutsideEdge, 'file:///repo/file_lineage.yml', fileLineage);
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [up, down] = run.diagnostics;
    assert.equal(up.code, 'lineage.columnOutsideEdge');
    assert.equal(up.severity, 'warning');
    assert.match(up.message, /DataHub stores it as written \(GMS has no such check\).*the local catalog would reject it/);
    assert.equal(up.data?.missingUpstream, dataset('topic1', 'PROD'));
    assert.equal(up.data?.owner, dataset('topic3', 'DEV'));
    assert.deepEqual(up.data?.candidates, [field('topic1', 'DEV', 'user_id'), field('topic2', 'DEV', 'user_id')]);
    assert.match(up.message, /user_id of topic1 \(kafka, PROD\) belongs to a dataset that is neither topic3 \(kafka, DEV\)/);
    assert.match(up.message, /Add topic1 \(kafka, PROD\) as an upstream of topic3 \(kafka, DEV\)/);
    assert.deepEqual(down.data?.candidates, [field('topic3', 'DEV', 'user_id')]);
    assert.equal(down.data?.expectedDataset, dataset('topic3', 'DEV'));
  });

  it('words a downstream column (file_lineage.yml line 26) as belonging to the wrong dataset, without "upstreams"', () => {
    const [, down] = runRule(columnOutsideEdge, 'file:///repo/file_lineage.yml', fileLineage).diagnostics;
    assert.match(
      down.message,
      /^The downstream column user_id of topic3 \(kafka, PROD\) belongs to topic3 \(kafka, PROD\), not to topic3 \(kafka, DEV\), which owns this column lineage: a downstream column must be a column of the dataset the lineage is written on\. .* Point it at a column of topic3 \(kafka, DEV\)\. Did you mean user_id of topic3 \(kafka, DEV\)\?$/,
    );
    assert.doesNotMatch(down.message, /upstream/);
  });

  it('is an error that names the local catalog as the one refusing it only when connected to the local catalog', () => {
    const local = runRule(columnOutsideEdge, 'file:///repo/file_lineage.yml', fileLineage, { target: 'localCatalog' });
    assert.deepEqual(local.diagnostics.map((d) => d.severity), ['error', 'error']);
    assert.match(local.diagnostics[0].message, /The local catalog rejects it \(its rule: column lineage must agree with dataset lineage; DataHub itself would store it\)/);
    const datahub = runRule(columnOutsideEdge, 'file:///repo/file_lineage.yml', fileLineage, { target: 'datahub' });
    assert.deepEqual(datahub.diagnostics.map((d) => d.severity), ['warning', 'warning']);
    assert.doesNotMatch(datahub.diagnostics[0].message, /local catalog/);
  });

  it('checks an upstreamLineage aspect against its own upstreams', () => {
    const run = runRule(
      columnOutsideEdge,
      'file:///repo/lineage.json',
      `[{"entityType": "dataset", "entityUrn": "${dataset('orders', 'PROD')}", "changeType": "UPSERT", "aspectName": "upstreamLineage",
  "aspect": {"json": {
    "upstreams": [{"dataset": "${dataset('raw_orders', 'PROD')}", "type": "TRANSFORMED", "auditStamp": {"time": 0, "actor": "urn:li:corpuser:unknown"}}],
    "fineGrainedLineages": [{"upstreamType": "FIELD_SET", "downstreamType": "FIELD",
      "upstreams": ["${field('raw_orders', 'PROD', 'id')}", "⟦${field('customers', 'PROD', 'id')}⟧"],
      "downstreams": ["${field('orders', 'PROD', 'id')}"]}]}}}]`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].data?.missingUpstream, dataset('customers', 'PROD'));
  });

  it('is quiet when every column belongs to the owner or an upstream', () => {
    const run = runRule(
      columnOutsideEdge,
      'file:///repo/file_lineage.yml',
      `version: 1
lineage:
  - entity: {name: topic3, type: dataset, env: DEV, platform: kafka}
    upstream:
      - entity: {name: topic1, type: dataset, env: DEV, platform: kafka}
    fineGrainedLineages:
      - upstreams: ["${field('topic1', 'DEV', 'a')}"]
        downstreams: ["${field('topic3', 'DEV', 'a')}"]
`,
    );
    assert.deepEqual(run.diagnostics, []);
  });
});

describe('columnOutsideEdge: data jobs', () => {
  const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load)';
  it('reads a job\'s column lineage as inputs → outputs', () => {
    const run = runRule(
      columnOutsideEdge,
      'file:///repo/job.json',
      `[{"entityType": "dataJob", "entityUrn": "${job}", "changeType": "UPSERT", "aspectName": "dataJobInputOutput",
  "aspect": {"json": {"inputDatasets": ["${dataset('raw', 'PROD')}"], "outputDatasets": ["${dataset('clean', 'PROD')}"],
    "fineGrainedLineages": [
      {"upstreamType": "FIELD_SET", "downstreamType": "FIELD", "upstreams": ["${field('raw', 'PROD', 'id')}"], "downstreams": ["${field('clean', 'PROD', 'id')}"]},
      {"upstreamType": "FIELD_SET", "downstreamType": "FIELD", "upstreams": ["⟦${field('raw', 'DEV', 'id')}⟧"], "downstreams": ["⟦${field('cleaned', 'PROD', 'id')}⟧"]}
    ]}}}]`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [input, output] = run.diagnostics;
    assert.match(input.message, /not an input of the job/);
    assert.deepEqual(input.data?.candidates, [field('raw', 'PROD', 'id')]);
    assert.match(output.message, /not an output of the job/);
    assert.deepEqual(output.data?.candidates, [field('clean', 'PROD', 'id')]);
  });

  it('leaves the column lineage of a lineage-file entry without upstreams to lineage.noUpstream: DataHub writes none of it', () => {
    for (const upstream of ['', '    upstream: []\n']) {
      const run = runRule(
        columnOutsideEdge,
        'file:///repo/lineage.yml',
        `version: 1\nlineage:\n  - entity: {name: topic3, type: dataset, platform: kafka}\n${upstream}    fineGrainedLineages:\n      - upstreams: ["${field('topic1', 'PROD', 'a')}"]\n        downstreams: ["${field('topic9', 'PROD', 'a')}"]\n`,
      );
      assert.deepEqual(run.diagnostics, [], JSON.stringify(upstream));
    }
  });
});

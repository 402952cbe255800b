import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats/index';
import { assertAt, assertRefsMatchText, example, facts, fixture, refs, testsOnExamples } from './support';

const onExamples = testsOnExamples('lineage file: DataHub’s file_lineage.yml');

const kafka = (name: string, env = 'DEV') => `urn:li:dataset:(urn:li:dataPlatform:kafka,${name},${env})`;

describe('lineage file', () => {
  onExamples.it('reads file_lineage.yml: entities, edges, the fine-grained edge and the DEV/PROD mismatch', () => {
    const { uri, text } = example('file_lineage.yml');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'lineageFile');
    assert.deepEqual(model.parseProblems, []);
    const [version] = facts(model, 'formatVersion');
    assert.equal(version.value.value, 1);
    assertAt(text, version.value, '1');

    const declarations = facts(model, 'entityDeclaration');
    assert.deepEqual(
      declarations.map((d) => [d.urn.value, d.depth]),
      [
        [kafka('topic3'), 0],
        [kafka('topic2'), 1],
        [kafka('topic1'), 1],
        [kafka('topic2'), 0],
        ['urn:li:dataset:(urn:li:dataPlatform:snowflake,test.kafka.topic2,PROD)', 1],
      ],
    );
    assertAt(text, declarations[0].urn, 'topic3');
    assert.equal(declarations[4].fields.platform_instance.value, 'test');

    const edges = facts(model, 'lineageEdge');
    assert.deepEqual(
      edges.map((e) => [e.downstream.value, e.upstream.value, e.change, e.origin, e.depth]),
      [
        [kafka('topic3'), kafka('topic2'), 'add', 'lineageFile', 0],
        [kafka('topic3'), kafka('topic1'), 'add', 'lineageFile', 0],
        [kafka('topic2'), 'urn:li:dataset:(urn:li:dataPlatform:snowflake,test.kafka.topic2,PROD)', 'add', 'lineageFile', 0],
      ],
    );

    const [fine] = facts(model, 'fineGrainedEdge');
    assert.equal(fine.owner.value, kafka('topic3'));
    assert.deepEqual(fine.ownerUpstreams, [kafka('topic2'), kafka('topic1')]);
    assertAt(text, fine.upstreams[0], 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,PROD),user_id)');
    assertAt(text, fine.downstreams[0], 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,topic3,PROD),user_id)');
    assert.equal(fine.upstreamType?.value, 'FIELD_SET');
    assert.equal(fine.downstreamType?.value, 'FIELD_SET');
    assert.equal(fine.confidenceScore?.value, 0.9);
    assert.equal(fine.transformOperation?.value, 'func1');
    assert.equal(fine.depth, 0);

    assert.deepEqual(refs(model, 'fieldUpstream').length, 1);
    assert.deepEqual(refs(model, 'fieldDownstream').length, 1);
    assert.equal(facts(model, 'enumValue').filter((e) => e.enumName === 'lineageEntityType').length, 5);
    assert.equal(facts(model, 'enumValue').filter((e) => e.enumName === 'fabricType').length, 5);
    assertRefsMatchText(model, text);
  });

  it('records nested upstreams (depth 2) and their ignored fineGrainedLineages, with depth', () => {
    const { uri, text } = fixture('nested_lineage.yml');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'lineageFile');
    assert.equal(facts(model, 'formatVersion')[0].value.value, '1');
    const declarations = facts(model, 'entityDeclaration');
    assert.deepEqual(
      declarations.slice(0, 3).map((d) => [d.urn.value, d.depth]),
      [
        ['urn:li:dataset:(urn:li:dataPlatform:snowflake,orders_mart,DEV)', 0], // env uppercased as DataHub does
        ['urn:li:dataset:(urn:li:dataPlatform:postgres,eu.orders,PROD)', 1],
        ['urn:li:dataset:(urn:li:dataPlatform:s3,raw_orders,PROD)', 2],
      ],
    );
    // the entity without a name declares nothing; its upstream (named with a URN) is depth 1
    assert.equal(declarations.length, 4);
    assert.equal(declarations[3].depth, 1);
    const edges = facts(model, 'lineageEdge');
    assert.deepEqual(edges.map((e) => e.depth), [1, 0]);
    assert.equal(edges[0].downstream.value, 'urn:li:dataset:(urn:li:dataPlatform:postgres,eu.orders,PROD)');

    const fines = facts(model, 'fineGrainedEdge');
    assert.deepEqual(fines.map((f) => f.depth), [1, 0]);
    assert.deepEqual(fines[0].ownerUpstreams, ['urn:li:dataset:(urn:li:dataPlatform:s3,raw_orders,PROD)']);
    assert.equal(fines[0].upstreamType, undefined);
    assertAt(text, fines[1].upstreams[0], 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:postgres,eu.orders,PROD),id)');
    assertAt(text, fines[1].downstreams[0], 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,orders_mart,DEV),order_id)');
    assert.equal(fines[1].confidenceScore, undefined);

    // the second entry: no name, a wrong type; its upstream's name is a URN (DataHub rejects that)
    assert.deepEqual(facts(model, 'missingKey').map((m) => [m.shape, m.key]), [['lineageFile.entity', 'name']]);
    assert.deepEqual(facts(model, 'wrongType').map((w) => [w.path, w.expected, w.found]), [
      ['lineage[0].fineGrainedLineages[0].confidenceScore', 'number', 'string'],
    ]);
    assert.ok(facts(model, 'enumValue').some((e) => e.enumName === 'lineageEntityType' && e.value.value === 'table'));
    assert.deepEqual(refs(model, 'other'), ['urn:li:dataset:(urn:li:dataPlatform:kafka,x,PROD)']);
    assertRefsMatchText(model, text);
  });

  it('reads a quoted confidenceScore as the float pydantic makes of it, and still refuses one that is not a number', () => {
    const file = (score: string) => `version: 1
lineage:
  - entity: {name: t1, type: dataset, platform: hive}
    upstream:
      - entity: {name: t0, type: dataset, platform: hive}
    fineGrainedLineages:
      - upstreams: ["urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t0,PROD),a)"]
        downstreams: ["urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t1,PROD),a)"]
        confidenceScore: ${score}
`;
    for (const [written, read] of [['"0.9"', 0.9], ["' 1 '", 1], ['".5e0"', 0.5], ['0.25', 0.25]] as const) {
      const model = readDocument('file:///repo/lineage.yml', file(written));
      assert.deepEqual(facts(model, 'wrongType'), [], written);
      assert.equal(facts(model, 'fineGrainedEdge')[0].confidenceScore?.value, read, written);
    }
    for (const written of ['"high"', '"0.9x"', '"nan"', '""']) {
      const model = readDocument('file:///repo/lineage.yml', file(written));
      assert.deepEqual(facts(model, 'wrongType').map((w) => [w.path, w.expected]), [['lineage[0].fineGrainedLineages[0].confidenceScore', 'number']], written);
    }
  });

  it('leaves enum values holding an environment variable to DataHub, which expands them before it validates', () => {
    const text = `version: 1
lineage:
  - entity: {name: "\${DB}.t1", type: "\${TYPE}", platform: hive, env: "\${ENV}"}
    upstream:
      - entity: {name: t0, type: dataset, platform: hive, env: $ENV}
    fineGrainedLineages:
      - upstreamType: "\${UP_TYPE}"
        downstreamType: $DOWN_TYPE
        upstreams: ["urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t0,PROD),a)"]
        downstreams: ["urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t1,PROD),a)"]
        confidenceScore: "\${SCORE}"
  - entity: {name: t2, type: dataset, platform: hive, env: "pre\${X}"}
    upstream:
      - entity: {name: t0, type: datasets, platform: hive, env: PR$OD}
`;
    const model = readDocument('file:///repo/lineage.yml', text);
    assert.deepEqual(facts(model, 'wrongType'), []);
    // Only values DataHub leaves as written are judged: `datasets`, and `PR$OD` (no `\${…}`, no leading `$`).
    assert.deepEqual(facts(model, 'enumValue').map((e) => e.value.value), ['dataset', 'dataset', 'datasets', 'PR$OD']);
    const [fine] = facts(model, 'fineGrainedEdge');
    assert.equal(fine.upstreamType?.value, '${UP_TYPE}');
    assert.equal(fine.confidenceScore, undefined);
  });

  it('still judges a quoted confidenceScore in an upstreamLineage aspect, which GMS reads', () => {
    const text = JSON.stringify({
      entityType: 'dataset',
      entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,t1,PROD)',
      aspectName: 'upstreamLineage',
      aspect: { json: { upstreams: [{ dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,t0,PROD)', type: 'TRANSFORMED' }], fineGrainedLineages: [{ upstreamType: 'FIELD_SET', downstreamType: 'FIELD', confidenceScore: '0.9' }] } },
    });
    const model = readDocument('file:///repo/mcp.json', text);
    assert.deepEqual(facts(model, 'wrongType').map((w) => w.expected), ['number']);
  });
});

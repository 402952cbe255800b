import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats/index';
import { assertAt, assertRefsMatchText, facts, fixture, refs } from './support';

const hive = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

describe('updateLineage edge documents', () => {
  it('reads edgesToAdd / edgesToRemove in YAML, a single edge object standing for a list', () => {
    const { uri, text } = fixture('edges.yaml');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'lineageEdges');
    const edges = facts(model, 'lineageEdge');
    assert.deepEqual(
      edges.map((e) => [e.downstream.value, e.upstream.value, e.change, e.origin]),
      [
        [hive('db.orders'), hive('db.raw'), 'add', 'updateLineage'],
        ['urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load)', hive('db.raw'), 'add', 'updateLineage'],
        [hive('db.orders'), hive('db.legacy'), 'remove', 'updateLineage'],
      ],
    );
    assertAt(text, edges[2].upstream, hive('db.legacy'));
    assert.equal(refs(model, 'downstream').length, 3);
    assert.equal(refs(model, 'upstream').length, 3);
    assertRefsMatchText(model, text);
  });

  it('reads the JSON form wrapped in {input: ...} and records missing URNs', () => {
    const text = JSON.stringify({ input: { edgesToAdd: [{ downstreamUrn: hive('a') }, { downstreamUrn: hive('b'), upstreamUrn: hive('c') }], edgesToRemove: [] } }, null, 2);
    const model = readDocument('file:///repo/lineage/edges.json', text);
    assert.equal(model.format, 'lineageEdges');
    assert.deepEqual(facts(model, 'lineageEdge').map((e) => [e.downstream.value, e.upstream.value]), [[hive('b'), hive('c')]]);
    assert.deepEqual(facts(model, 'missingKey').map((m) => [m.shape, m.key]), [['lineageEdges.edge', 'upstreamUrn']]);
    assert.deepEqual(refs(model, 'downstream'), [hive('a'), hive('b')]);
    assertRefsMatchText(model, text);
  });

  it('records a non-URN where a URN belongs as an EntityRef, so the URN rule can flag it', () => {
    const text = 'edgesToAdd:\n  - downstreamUrn: orders\n    upstreamUrn: 42\n';
    const model = readDocument('file:///repo/edges.yml', text);
    assert.deepEqual(refs(model, 'downstream'), ['orders']);
    assert.deepEqual(facts(model, 'wrongType').map((w) => [w.path, w.expected, w.found]), [['edgesToAdd[0].upstreamUrn', 'URN string', 'number']]);
  });
});

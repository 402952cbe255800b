import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { readDocument } from '../../../core/formats/index';
import { validateDocument } from '../../../core/validate';
import { assertAt, assertRefsMatchText, example, facts, fixture, refs, slice, testsOnExamples } from './support';

const onExamples = testsOnExamples('MCP JSON on DataHub’s example files');

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load_orders)';

describe('metadata change proposal JSON', () => {
  onExamples.it('reads test_domains.json: legacy stringified aspects, with exact offsets inside the string', () => {
    const { uri, text } = example('test_domains.json');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'mcpJson');
    assert.deepEqual(model.parseProblems, []);
    const aspects = facts(model, 'aspect');
    assert.deepEqual(aspects.map((a) => [a.aspectName?.value, a.encoding]), [['domainProperties', 'value'], ['domains', 'value']]);
    assert.deepEqual(aspects[0].value, { name: 'Sales', description: 'My custom domain' });
    assert.deepEqual(aspects[1].value, { domains: ['urn:li:domain:marketing'] });
    assertAt(text, aspects[1].entityUrn, 'urn:li:dataset:(urn:li:dataPlatform:mysql,information_schema.VIEWS,PROD)');
    assert.deepEqual(refs(model, 'entity'), ['urn:li:domain:marketing', 'urn:li:dataset:(urn:li:dataPlatform:mysql,information_schema.VIEWS,PROD)']);
    // the domain URN inside "{\"domains\": [\"urn:li:domain:marketing\"] }" points at its own characters
    const inner = facts(model, 'entityRef').filter((r) => r.role === 'other');
    assert.equal(inner.length, 1);
    assert.equal(slice(text, inner[0].range), 'urn:li:domain:marketing');
    assert.ok(inner[0].range.start > text.indexOf('"value":"{\\"domains'));
    assertRefsMatchText(model, text);
  });

  onExamples.it('reads single_mce.json as an MCE snapshot aspect', () => {
    const { uri, text } = example('single_mce.json');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'mcpJson');
    const [aspect] = facts(model, 'aspect');
    assert.equal(aspect.encoding, 'snapshot');
    assert.equal(aspect.aspectName?.value, 'corpUserInfo');
    assertAt(text, aspect.aspectName, 'com.linkedin.pegasus2avro.identity.CorpUserInfo');
    assertAt(text, aspect.entityUrn, 'urn:li:corpuser:harshal');
    assert.equal(aspect.entityType?.value, 'corpuser');
    assert.equal((aspect.value as { email: string }).email, 'harshal@sheth.io');
    assert.deepEqual(facts(model, 'objectShape').map((s) => s.shape), ['mce.event', 'mce.snapshot']);
  });

  it('reads every lineage and property aspect of the fixture', () => {
    const { uri, text } = fixture('mcps.json');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'mcpJson');
    assert.deepEqual(model.parseProblems, []);
    assert.equal(facts(model, 'aspect').length, 11);

    const edges = facts(model, 'lineageEdge').map((e) => [e.downstream.value, e.upstream.value, e.change, e.origin, e.lineageType?.value]);
    assert.deepEqual(edges, [
      ['urn:li:dataset:(urn:li:dataPlatform:kafka,topic3,DEV)', 'urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,DEV)', 'add', 'upstreamLineage', 'TRANSFORMED'],
      [ORDERS, 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/raw/orders,PROD)', 'add', 'upstreamLineage', 'COPY'],
      [ORDERS, 'urn:li:dataset:(urn:li:dataPlatform:hive,db.old,PROD)', 'remove', 'upstreamLineage', undefined],
      [JOB, 'urn:li:dataset:(urn:li:dataPlatform:hive,db.raw,PROD)', 'add', 'dataJobInputOutput', undefined],
      [ORDERS, JOB, 'add', 'dataJobInputOutput', undefined],
      [JOB, 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),extract)', 'add', 'dataJobInputOutput', undefined],
      ['urn:li:chart:(looker,orders_chart)', ORDERS, 'add', 'chartInfo', undefined],
      ['urn:li:dashboard:(looker,sales)', 'urn:li:chart:(looker,orders_chart)', 'add', 'dashboardInfo', undefined],
      ['urn:li:dashboard:(looker,sales)', ORDERS, 'add', 'dashboardInfo', undefined],
    ]);

    const [fine] = facts(model, 'fineGrainedEdge');
    assert.equal(fine.owner.value, 'urn:li:dataset:(urn:li:dataPlatform:kafka,topic3,DEV)');
    assert.deepEqual(fine.ownerUpstreams, ['urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,DEV)']);
    assert.equal(fine.confidenceScore?.value, 1);

    const [definition] = facts(model, 'propertyDefinition');
    assert.equal(definition.urn.value, 'urn:li:structuredProperty:io.acme.tier');
    // values inside the escaped "value" string map onto their exact characters
    assertAt(text, definition.qualifiedName, 'io.acme.tier');
    assertAt(text, definition.valueType, 'urn:li:dataType:datahub.string');
    assertAt(text, definition.cardinality, 'SINGLE');
    assertAt(text, definition.entityTypes?.[0], 'urn:li:entityType:datahub.dataset');
    assert.deepEqual(definition.allowedValues?.map((v) => v.value.value), ['gold', 2]);
    assertAt(text, definition.allowedValues?.[0].value, 'gold');
    assertAt(text, definition.allowedValues?.[0].description, 'best');

    const assignments = facts(model, 'propertyAssignment');
    assert.deepEqual(
      assignments.map((a) => [a.entity.value, a.propertyUrn, a.mode, a.values.map((v) => v.value)]),
      [
        [ORDERS, 'urn:li:structuredProperty:io.acme.tier', 'replace', ['gold']],
        [ORDERS, 'urn:li:structuredProperty:io.acme.retention', 'add', [30]],
        [ORDERS, 'urn:li:structuredProperty:io.acme.legacy', 'remove', []],
      ],
    );
    assertAt(text, assignments[1].property, 'urn:li:structuredProperty:io.acme.retention');
    assertAt(text, assignments[2].property, 'urn:li:structuredProperty:io.acme.legacy');

    const [status] = facts(model, 'statusChange');
    assert.equal(status.entity.value, 'urn:li:structuredProperty:io.acme.legacy');
    assert.equal(status.removed.value, true);
    assertAt(text, status.removed, 'true');

    // the PATCH path's URN is recorded with the range of its (~1-escaped) characters
    const s3 = facts(model, 'entityRef').find((r) => r.urn === 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/raw/orders,PROD)' && r.role === 'upstream');
    assert.equal(slice(text, s3!.range), 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket~1raw~1orders,PROD)');

    const changeTypes = facts(model, 'enumValue').filter((e) => e.enumName === 'changeType').map((e) => e.value.value);
    assert.deepEqual(changeTypes, ['UPSERT', 'UPSERT', 'UPSERT', 'PATCH', 'PATCH', 'UPSERT', 'UPSERT', 'UPSERT', 'UPSERT', 'UPSERT', 'DELETE']);
    assert.ok(facts(model, 'enumValue').some((e) => e.enumName === 'patchOp' && e.value.value === 'remove'));
    assert.ok(refs(model, 'other').includes('urn:li:corpuser:unknown'));
    for (const ref of facts(model, 'entityRef')) {
      if (ref.urn.includes('bucket/raw')) continue; // written ~1-escaped in the patch path
      assert.equal(slice(text, ref.range), ref.urn);
    }
  });

  it('reports invalid JSON inside a stringified value and keeps the rest', () => {
    const text = JSON.stringify(
      [
        { entityType: 'dataset', entityUrn: ORDERS, changeType: 'UPSERT', aspectName: 'status', aspect: { value: '{"removed": tru', contentType: 'application/json' } },
        { entityType: 'dataset', entityUrn: ORDERS, changeType: 'UPSERT', aspectName: 'status', aspect: { json: { removed: 'no' } } },
      ],
      null,
      2,
    );
    const model = readDocument('file:///repo/mcp/status.json', text);
    assert.equal(model.format, 'mcpJson');
    assert.ok(model.parseProblems.length >= 1);
    assert.match(model.parseProblems[0].message, /^In the aspect "value" string/);
    const valueStart = text.indexOf('{\\"removed');
    assert.ok(model.parseProblems[0].range.start >= valueStart);
    assert.deepEqual(facts(model, 'wrongType').map((w) => [w.path, w.expected, w.found]), [['[1].aspect.json.removed', 'boolean', 'string']]);
    assert.equal(facts(model, 'aspect').length, 2);
  });

  it('reads a single MCP object (not in a list) and records missing keys', () => {
    const text = '{"entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)", "aspect": {"json": {"removed": false}}, "aspectName": "status"}';
    const model = readDocument('file:///repo/one.json', text);
    assert.equal(model.format, 'mcpJson');
    assert.deepEqual(facts(model, 'missingKey').map((m) => m.key), ['entityType', 'changeType']);
    assert.equal(facts(model, 'statusChange')[0].removed.value, false);
  });
});

// Issue #25 item 11: DataHub's file source fails a proposal whose aspect is not wrapped as
// {"json": …} or {"value", "contentType"} (GenericAspect.pdl, MetadataChangeProposal.validate()).
test('an aspect written without its {"json": …} wrapper is an error of the proposal, not unknown keys', () => {
  const text = `[{"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)", "changeType": "UPSERT", "aspectName": "status", "aspect": {"removed": false}}]`;
  const model = readDocument('file:///repo/mcp.json', text);
  const found = validateDocument({ model, text });
  assert.deepEqual(found.map((d) => `${d.severity} ${d.code}`), ['error format.wrongType']);
  assert.match(found[0].message, /wrapped as \{"json": \{…\}\}/);
});

// docs/advanced/patch.md: `/upstreams/<urn>/type` names one field of a keyed upstream. JSON Pointer
// ends the key at the next `/` (a `/` inside it is written ~1), so the URN is the key alone, and
// changing a field of an upstream neither adds nor removes the edge.
describe('a PATCH path naming a field of a keyed element', () => {
  const UP = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created_upstream,PROD)';
  const text = JSON.stringify([
    {
      entityType: 'dataset',
      entityUrn: ORDERS,
      changeType: 'PATCH',
      aspectName: 'upstreamLineage',
      aspect: { json: [{ op: 'add', path: `/upstreams/${UP}/type`, value: 'VIEW' }, { op: 'remove', path: `/upstreams/${UP}/query` }] },
    },
  ]);

  it('reads the key alone as the URN, with the range of its characters, and no error', () => {
    const model = readDocument('file:///repo/patch.json', text);
    const keyed = facts(model, 'entityRef').filter((r) => r.role === 'upstream');
    assert.deepEqual(keyed.map((r) => r.urn), [UP, UP]);
    for (const ref of keyed) assert.equal(slice(text, ref.range), UP);
    assert.deepEqual(validateDocument({ model, text }).filter((d) => d.severity === 'error'), []);
  });

  it('records no lineage edge added or removed for a field change', () => {
    const model = readDocument('file:///repo/patch.json', text);
    assert.deepEqual(facts(model, 'lineageEdge'), []);
  });

  it('still reads a key whose raw / leaves its parentheses open as the whole URN, as before', () => {
    const raw = JSON.stringify([{ entityType: 'dataset', entityUrn: ORDERS, changeType: 'PATCH', aspectName: 'upstreamLineage', aspect: { json: [{ op: 'add', path: '/upstreams/urn:li:dataset:(urn:li:dataPlatform:s3,bucket/raw,PROD)', value: { dataset: 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/raw,PROD)', type: 'COPY' } }] } }]);
    const model = readDocument('file:///repo/patch.json', raw);
    assert.ok(facts(model, 'entityRef').some((r) => r.role === 'upstream' && r.urn === 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/raw,PROD)'));
  });
});

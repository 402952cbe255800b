import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats/index';
import { assertAt, assertRefsMatchText, example, facts, refs, testsOnExamples } from './support';

const onExamples = testsOnExamples('dataset YAML on DataHub’s example files');

const HIVE_CLICKS = 'urn:li:dataset:(urn:li:dataPlatform:hive,user.clicks,PROD)';

describe('dataset YAML', () => {
  onExamples.it('reads dataset.yaml: three datasets, field and dataset structured properties, downstreams', () => {
    const { uri, text } = example('dataset.yaml');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'datasetYaml');
    assert.deepEqual(model.parseProblems, []);
    const datasets = facts(model, 'entityDeclaration').filter((d) => d.origin === 'datasetYaml');
    assert.deepEqual(
      datasets.map((d) => d.urn.value),
      [HIVE_CLICKS, 'urn:li:dataset:(urn:li:dataPlatform:events,ClickEvent,PROD)', 'urn:li:dataset:(urn:li:dataPlatform:snowflake,user.clicks,PROD)'],
    );
    assertAt(text, datasets[0].urn, 'user.clicks');
    assert.equal(datasets[0].fields.subtype.value, 'Table');

    const fields = facts(model, 'entityDeclaration').filter((d) => d.origin === 'schemaField');
    assert.deepEqual(fields.map((f) => f.urn.value), [
      `urn:li:schemaField:(${HIVE_CLICKS},ip)`,
      `urn:li:schemaField:(${HIVE_CLICKS},[version=2.0].[type=ClickEvent].[type=string].ip)`,
      'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,user.clicks,PROD),user_id)',
    ]);

    const assignments = facts(model, 'propertyAssignment');
    assert.equal(assignments.length, 8);
    assert.ok(assignments.every((a) => a.mode === 'replace'));
    const deprecation = assignments.find((a) => a.entity.value === fields[1].urn.value)!;
    assertAt(text, deprecation.property, 'io.acryl.dataManagement.deprecationDate');
    assert.equal(deprecation.propertyUrn, 'urn:li:structuredProperty:io.acryl.dataManagement.deprecationDate');
    assert.deepEqual(deprecation.values.map((v) => v.value), ['2023-01-01']);
    assertAt(text, deprecation.values[0], '2023-01-01');
    assert.equal(deprecation.writtenAsList, false);

    const sla = assignments.find((a) => a.property.value.endsWith('replicationSLA'))!;
    assert.deepEqual(sla.values.map((v) => v.value), [90]);
    assertAt(text, sla.values[0], '90');
    const projects = assignments.find((a) => a.property.value === 'projectNames');
    assert.equal(projects?.entity.value, HIVE_CLICKS);
    assert.deepEqual(projects?.values.map((v) => v.value), ['Tracking', 'DataHub']);
    assert.equal(projects?.writtenAsList, true);
    assert.equal(text.slice(projects!.valuesRange.start, projects!.valuesRange.end).trim(), '- Tracking\n      - DataHub');

    const [edge] = facts(model, 'lineageEdge');
    assert.equal(edge.origin, 'datasetDownstreams');
    assert.equal(edge.change, 'add');
    assertAt(text, edge.downstream, HIVE_CLICKS);
    assert.equal(edge.upstream.value, 'urn:li:dataset:(urn:li:dataPlatform:events,ClickEvent,PROD)');

    assert.deepEqual(refs(model, 'downstream'), [HIVE_CLICKS]);
    assert.deepEqual(refs(model, 'value'), ['urn:li:corpuser:john.doe@example.com', 'urn:li:corpuser:john.doe@example.com']);
    assert.deepEqual(refs(model, 'entity'), [`urn:li:schemaField:(${HIVE_CLICKS},[version=2.0].[type=ClickEvent].[type=string].ip)`]);
    assertRefsMatchText(model, text);
  });

  onExamples.it('reads datasets.yaml, where a custom property key sits under properties (not structured_properties)', () => {
    const { uri, text } = example('datasets.yaml');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'datasetYaml');
    const assignments = facts(model, 'propertyAssignment');
    // dataset-level values are read before the schema's
    assert.deepEqual(assignments.map((a) => a.property.value), [
      'io.acryl.dataManagement.deprecationDate',
      'io.acryl.dataManagement.certifier',
      'project_name',
      'io.acryl.dataManagement.deprecationDate',
    ]);
    assert.equal(assignments[2].entity.value, `urn:li:schemaField:(${HIVE_CLICKS},ip)`);
    assert.equal(facts(model, 'entityDeclaration')[1].urn.value, `urn:li:schemaField:(${HIVE_CLICKS},ip)`);
    assertRefsMatchText(model, text);
  });

  onExamples.it('reads dataset.yml (a single mapping) with owners, tags, domains and typed fields', () => {
    const { uri, text } = example('dataset.yml');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'datasetYaml');
    const [dataset] = facts(model, 'entityDeclaration');
    assert.equal(dataset.urn.value, 'urn:li:dataset:(urn:li:dataPlatform:snowflake,CustomerAnalytics,PROD)');
    assert.deepEqual(Object.keys(dataset.fields), ['id', 'platform', 'env', 'name', 'description', 'owners', 'schema', 'tags', 'domains', 'glossary_terms']);
    assert.deepEqual(
      facts(model, 'enumValue').map((e) => [e.enumName, e.value.value]),
      [['fabricType', 'PROD'], ['fieldType', 'string'], ['fieldType', 'float'], ['fieldType', 'string']],
    );
    assert.deepEqual(refs(model).sort(), [
      'urn:li:corpuser:jsmith',
      'urn:li:domain:retail',
      'urn:li:glossaryTerm:data-privacy.sensitive',
      'urn:li:glossaryTerm:data-quality.high',
      'urn:li:glossaryTerm:data-security.confidential',
      'urn:li:ownershipType:dataSteward',
      'urn:li:tag:sales',
    ]);
    assert.ok(facts(model, 'objectShape').some((s) => s.shape === 'datasetYaml.dataset' && s.keys.some((k) => k.value === 'domains')));
    assertRefsMatchText(model, text);
  });

  it('records missing id/platform, wrong types and URN keys of structured_properties', () => {
    const text = [
      '- urn: urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)',
      '  structured_properties:',
      '    urn:li:structuredProperty:io.acme.tier: [gold, {nested: 1}]',
      '    io.acme.empty:',
      '  downstreams: urn:li:dataset:(urn:li:dataPlatform:hive,db.other,PROD)',
      '  schema:',
      '    fields:',
      '      - type: string',
      '- id: lonely',
      '  description: no platform',
      '  structured_properties:',
      '    urn:li:structuredProperty:io.acme.tier: gold',
    ].join('\n');
    const model = readDocument('file:///repo/datasets/orders.yaml', text);
    assert.equal(model.format, 'datasetYaml');
    const [tier, empty] = facts(model, 'propertyAssignment');
    assert.equal(tier.propertyUrn, 'urn:li:structuredProperty:io.acme.tier');
    assertAt(text, tier.property, 'urn:li:structuredProperty:io.acme.tier');
    assert.deepEqual(tier.values.map((v) => v.value), ['gold']);
    assert.deepEqual(empty.values, []);
    assert.deepEqual(
      facts(model, 'wrongType').map((w) => [w.path, w.expected, w.found]),
      [
        ['[0].structured_properties.urn:li:structuredProperty:io.acme.tier[1]', 'string or number', 'mapping'],
        ['[0].structured_properties.io.acme.empty', 'string, number or list', 'null'],
        ['[0].downstreams', 'list', 'string'],
      ],
    );
    assert.deepEqual(
      facts(model, 'missingKey').map((m) => [m.shape, m.key]),
      [['datasetYaml.field', 'id'], ['datasetYaml.dataset', 'platform']],
    );
    assert.deepEqual(refs(model, 'property'), ['urn:li:structuredProperty:io.acme.tier', 'urn:li:structuredProperty:io.acme.tier']);
    // the downstream written as a bare string is still a URN in the file
    assert.deepEqual(refs(model, 'other'), ['urn:li:dataset:(urn:li:dataPlatform:hive,db.other,PROD)']);
    assertRefsMatchText(model, text);
  });
});

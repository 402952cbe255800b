import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats/index';
import { DocumentAnalysis } from '../../../core/incremental/documentAnalysis';
import { validateDocument } from '../../../core/validate';
import { assertSameAsFresh } from '../../support/incrementalEquality';
import { assertAt, assertRefsMatchText, example, facts, refs, testsOnExamples } from './support';

const onExamples = testsOnExamples('structured-property definitions in DataHub’s example files');

describe('structured-property definitions YAML', () => {
  onExamples.it('reads structured_properties.yaml into eight definitions with their fields', () => {
    const { uri, text } = example('structured_properties.yaml');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'propertyDefinitions');
    assert.equal(model.detectedBy, 'content');
    assert.deepEqual(model.parseProblems, []);
    const definitions = facts(model, 'propertyDefinition');
    assert.deepEqual(
      definitions.map((d) => d.urn.value),
      [
        'urn:li:structuredProperty:io.acryl.privacy.retentionTime',
        'urn:li:structuredProperty:io.acryl.dataManagement.replicationSLA',
        'urn:li:structuredProperty:io.acryl.dataManagement.deprecationDate',
        'urn:li:structuredProperty:io.acryl.dataManagement.steward',
        'urn:li:structuredProperty:io.acryl.dataManagement.certifier',
        'urn:li:structuredProperty:io.acryl.dataManagement.team',
        'urn:li:structuredProperty:projectNames',
        'urn:li:structuredProperty:namespace',
      ],
    );
    const retention = definitions[0];
    assertAt(text, retention.urn, 'io.acryl.privacy.retentionTime'); // derived from `id`: the id's range
    assertAt(text, retention.id, 'io.acryl.privacy.retentionTime');
    assertAt(text, retention.qualifiedName, 'io.acryl.privacy.retentionTime');
    assertAt(text, retention.valueType, 'number');
    assertAt(text, retention.version, '1.0.0'); // inside the quotes of "1.0.0"
    assert.equal(retention.version?.value, '1.0.0');
    assertAt(text, retention.cardinality, 'MULTIPLE');
    assertAt(text, retention.displayName, 'Retention Time');
    assert.deepEqual(retention.entityTypes?.map((t) => t.value), ['dataset', 'dataFlow']);
    assert.deepEqual(retention.allowedValues?.map((v) => v.value.value), [30, 90, 365]);
    assertAt(text, retention.allowedValues?.[1].value, '90');
    assert.match(retention.allowedValues?.[0].description?.value ?? '', /^30 days, usually reserved/);
    assert.equal(retention.description?.value, 'Retention Time is used to figure out how long to retain records in a dataset');

    const steward = definitions[3];
    assert.deepEqual(steward.typeQualifierAllowedTypes?.map((t) => t.value), ['corpuser', 'corpGroup']);
    assert.equal(steward.cardinality, undefined);
    assert.equal(facts(model, 'missingKey').length, 0);
  });

  onExamples.it('records enum values and object shapes for the rules', () => {
    const { uri, text } = example('structured_properties.yaml');
    const model = readDocument(uri, text);
    const enums = facts(model, 'enumValue');
    assert.deepEqual(
      enums.filter((e) => e.enumName === 'cardinality').map((e) => e.value.value),
      ['MULTIPLE', 'MULTIPLE'],
    );
    assert.deepEqual(
      enums.filter((e) => e.enumName === 'propertyType').map((e) => e.value.value),
      ['number', 'number', 'date', 'urn', 'urn', 'string', 'string', 'string'],
    );
    assert.ok(enums.some((e) => e.enumName === 'entityType' && e.value.value === 'dataFlow'));
    const shapes = facts(model, 'objectShape');
    assert.equal(shapes.filter((s) => s.shape === 'propertyDefinitions.property').length, 8);
    assert.equal(shapes.filter((s) => s.shape === 'propertyDefinitions.allowedValue').length, 5);
    assert.deepEqual(
      shapes.find((s) => s.shape === 'propertyDefinitions.typeQualifier')?.keys.map((k) => k.value),
      ['allowed_types'],
    );
  });

  onExamples.it('keeps the mistakes of struct_props.yaml visible: type_qualifier.entity_types and lowercase dataflow', () => {
    const { uri, text } = example('struct_props.yaml');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'propertyDefinitions');
    const qualifier = facts(model, 'objectShape').find((s) => s.shape === 'propertyDefinitions.typeQualifier');
    assert.deepEqual(qualifier?.keys.map((k) => k.value), ['entity_types']);
    const missing = facts(model, 'missingKey');
    assert.deepEqual(missing.map((m) => [m.shape, m.key]), [['propertyDefinitions.typeQualifier', 'allowed_types']]);
    const dataflow = facts(model, 'enumValue').find((e) => e.enumName === 'entityType' && e.value.value === 'dataflow');
    assertAt(text, dataflow?.value, 'dataflow');
  });

  it('reads URN forms, records them as EntityRefs and records wrong YAML types', () => {
    const text = [
      '- urn: urn:li:structuredProperty:io.acme.owner',
      '  type: urn:li:dataType:datahub.urn',
      '  cardinality: [SINGLE]',
      '  entity_types:',
      '    - urn:li:entityType:datahub.dataset',
      '  type_qualifier:',
      '    allowed_types: [corpuser]',
      '  immutable: "yes"',
      '  version: 20240101000000',
      '  allowed_values:',
      '    - value: urn:li:corpuser:jdoe',
      '    - description: no value here',
      '- display_name: No id',
      '  type: string',
    ].join('\n');
    const model = readDocument('file:///repo/props.yaml', text);
    assert.equal(model.format, 'propertyDefinitions');
    const [owner] = facts(model, 'propertyDefinition');
    assertAt(text, owner.urn, 'urn:li:structuredProperty:io.acme.owner');
    assertAt(text, owner.valueType, 'urn:li:dataType:datahub.urn');
    assert.equal(owner.version?.value, 20240101000000);
    assert.equal(owner.cardinality, undefined);
    assert.equal(owner.immutable, undefined);
    assert.deepEqual(owner.allowedValues?.map((v) => v.value.value), ['urn:li:corpuser:jdoe']);
    assert.deepEqual(
      facts(model, 'wrongType').map((w) => [w.path, w.expected, w.found]),
      [
        ['[0].cardinality', 'string', 'list'],
        ['[0].immutable', 'boolean', 'string'],
      ],
    );
    assert.deepEqual(
      facts(model, 'missingKey').map((m) => [m.shape, m.key]),
      [
        ['propertyDefinitions.allowedValue', 'value'],
        ['propertyDefinitions.property', 'id'],
      ],
    );
    assert.deepEqual(refs(model, 'property'), ['urn:li:structuredProperty:io.acme.owner']);
    assert.deepEqual(refs(model, 'valueType'), ['urn:li:dataType:datahub.urn']);
    assert.deepEqual(refs(model, 'entityType'), ['urn:li:entityType:datahub.dataset']);
    assert.deepEqual(refs(model, 'value'), ['urn:li:corpuser:jdoe']);
    assertRefsMatchText(model, text);
    // the definition without id or urn still has its keys recorded, but no definition fact
    assert.equal(facts(model, 'propertyDefinition').length, 1);
  });
});

// Issue #25 item 12: `datahub properties upsert` loads the file and iterates its top level
// (structuredproperties.py `for structuredproperty_raw in structuredproperties`), so definitions
// wrapped in a `properties:` mapping fail on the string key. Recognised, said, and still checked.
describe('definitions wrapped in a properties: mapping', () => {
  const text = 'properties:\n  - id: io.acryl.team\n    type: string\n    entity_types: [dataset]\n  - id: io.acryl.retention\n    type: numbr\n';
  it('is read as a properties YAML whose top level DataHub refuses, with each definition checked', () => {
    const model = readDocument('file:///repo/props.yaml', text);
    assert.equal(model.format, 'propertyDefinitions');
    const found = validateDocument({ model, text });
    assert.deepEqual(found.map((d) => `${d.code} ${text.slice(d.range.start, d.range.end)}`), ['format.wrongType properties', 'format.enumValue numbr']);
    assert.match(found[0].message, /iterates the top level and fails on the key 'properties'\. Remove `properties:`/);
    assert.equal(facts(model, 'propertyDefinition').length, 2);
  });

  it('reads the same item by item as whole', () => {
    assertSameAsFresh(DocumentAnalysis.read('file:///repo/props.yaml', text), 0, 'wrapped definitions');
  });

  // A user's seed file (Jayanng/trueline seed/props.yaml, applied with `datahub properties upsert`):
  // wrapped, and written with the aspect's camelCase keys, so no snake_case key named it before.
  const camel = 'properties:\n  - urn: urn:li:structuredProperty:trueline.reviewed\n    name: trueline_reviewed\n    displayName: Reviewed\n    valueType: urn:li:dataType:datahub.string\n';
  it('recognises definitions named by structured-property URNs even in camelCase keys, and says what DataHub refuses', () => {
    const model = readDocument('file:///repo/seed/props.yaml', camel);
    assert.equal(model.format, 'propertyDefinitions');
    const codes = validateDocument({ model, text: camel }).map((d) => `${d.code} ${camel.slice(d.range.start, d.range.end)}`);
    assert.deepEqual(codes, ['format.wrongType properties', 'format.missingKey urn', 'format.unknownKey name', 'format.unknownKey displayName', 'format.unknownKey valueType']);
    assertSameAsFresh(DocumentAnalysis.read('file:///repo/seed/props.yaml', camel), 0, 'camelCase wrapped definitions');
  });

  // userly03/majestic config/agent_memory_property.yaml records a first attempt in camelCase that
  // DataHub refused ("Extra inputs are not permitted"): too few snake_case keys to be named before.
  it('recognises a definitions list written in the aspect\'s camelCase keys and says which keys DataHub refuses', () => {
    const text = '- id: majestic.patternSignature\n  type: string\n  cardinality: SINGLE\n  displayName: Pattern\n  description: d\n  entityTypes:\n    - dataset\n';
    const model = readDocument('file:///repo/config/agent_memory_property.yaml', text);
    assert.equal(model.format, 'propertyDefinitions');
    const found = validateDocument({ model, text });
    assert.deepEqual(found.map((d) => `${d.code} ${text.slice(d.range.start, d.range.end)}`), ['format.unknownKey displayName', 'format.unknownKey entityTypes']);
    assert.match(found[1].message, /Did you mean 'entity_types'\?/);
  });

  it('leaves other files with a properties key alone (a JSON schema, a mapping beside other keys)', () => {
    assert.equal(readDocument('file:///repo/schema.yaml', 'properties:\n  name: {type: string}\n').format, null);
    assert.equal(readDocument('file:///repo/x.yaml', 'name: x\nproperties:\n  - id: a\n    type: string\n    entity_types: [dataset]\n').format, null);
  });
});

describe('a definition type written with the datahub. prefix', () => {
  it('is read as the type it names (the CLI keeps the prefix in the URN and strips it to check), an unknown one stays an enum error', () => {
    const text = '- id: io.acme.a\n  type: datahub.string\n  entity_types: [dataset]\n- id: io.acme.b\n  type: datahub.strng\n  entity_types: [dataset]\n';
    const model = readDocument('file:///repo/props.yaml', text);
    const [a, b] = facts(model, 'propertyDefinition');
    assert.equal(a.valueType?.value, 'string');
    assertAt(text, a.valueType, 'datahub.string');
    assert.equal(b.valueType?.value, 'datahub.strng');
    const found = validateDocument({ model, text });
    assert.deepEqual(found.map((d) => `${d.code} ${text.slice(d.range.start, d.range.end)}`), ['format.enumValue datahub.strng']);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_DEFINITIONS, UNKNOWN_EXISTENCE } from '../../../core/definitions/types';
import { readDocument } from '../../../core/formats';
import type { DocumentModel, PropertyDefinitionFact } from '../../../core/model/facts';
import { ALL_RULES } from '../../../core/rules';
import { propertyDefinition } from '../../../core/rules/propertyDefinition';
import { parseMarked, rangesOf, runRule } from './fixture';

const YAML = 'file:///repo/properties.yaml';

describe('propertyDefinition: version', () => {
  it('rejects a dotted version and offers a 14-digit timestamp', () => {
    const run = runRule(
      propertyDefinition,
      YAML,
      `- id: io.acryl.privacy.retentionTime
  type: number
  version: "⟦1.0.0⟧"
  entity_types: [dataset]
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [d] = run.diagnostics;
    assert.equal(d.code, 'definition.version');
    assert.equal(d.severity, 'error');
    assert.match(d.message, /io\.acryl\.privacy\.retentionTime/);
    assert.match(d.message, /14 digits/);
    assert.match(d.message, /dots/);
    assert.match(String(d.data?.candidates?.[0]), /^[0-9]{14}$/);
  });

  it('accepts a 14-digit version, quoted or not, and rejects a short one', () => {
    const run = runRule(
      propertyDefinition,
      YAML,
      `- id: a
  type: string
  version: 20240614080000
- id: b
  type: string
  version: "20240614080000"
- id: c
  type: string
  version: ⟦2024⟧
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.doesNotMatch(run.diagnostics[0].message, /dots/);
  });
});

describe('propertyDefinition: qualified name', () => {
  it('requires qualified_name to equal the id', () => {
    const run = runRule(
      propertyDefinition,
      YAML,
      `- id: io.acryl.team
  qualified_name: ⟦io.acryl.teams⟧
  type: string
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].code, 'definition.qualifiedName');
    assert.deepEqual(run.diagnostics[0].data?.candidates, ['io.acryl.team']);
    assert.match(run.diagnostics[0].message, /must be equal/);
  });

  // Issue #25 item 1: the equality is the SDK's assertion (structuredproperties.py `fqn`), not
  // GMS's; PropertyDefinitionValidatorTest#testValidatePreCommitNoPrevious sends urn foo.bar with
  // qualifiedName prop3 and expects no error.
  it('leaves a propertyDefinition aspect whose qualifiedName differs from its URN id to GMS, which accepts it', () => {
    const run = runRule(
      propertyDefinition,
      'file:///repo/mcp.json',
      `[{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:foo.bar", "changeType": "UPSERT", "aspectName": "propertyDefinition",
  "aspect": {"json": {"qualifiedName": "prop3", "valueType": "urn:li:dataType:datahub.string", "entityTypes": ["urn:li:entityType:datahub.dataset"]}}}]`,
    );
    assert.deepEqual(run.diagnostics, []);
  });

  it('names the property id, not the whole URN, whatever the case of the URN\'s entity type', () => {
    const run = runRule(
      propertyDefinition,
      'file:///repo/mcp.json',
      `[{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredproperty:io.acryl.team", "changeType": "UPSERT", "aspectName": "propertyDefinition",
  "aspect": {"json": {"qualifiedName": ⟦"io.acryl my team"⟧, "valueType": "urn:li:dataType:datahub.string", "entityTypes": ["urn:li:entityType:datahub.dataset"]}}}]`,
    );
    assert.equal(run.diagnostics.length, 1);
    assert.match(run.diagnostics[0].message, /qualified name 'io\.acryl my team' contains a space/);
    assert.doesNotMatch(run.diagnostics[0].message, /urn:li:/);
  });

  it('rejects spaces in the id', () => {
    const run = runRule(
      propertyDefinition,
      YAML,
      `- id: ⟦io.acryl.my team⟧
  type: string
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].severity, 'error');
    assert.deepEqual(run.diagnostics[0].data?.candidates, ['io.acryl.my_team']);
  });
});

describe('propertyDefinition: allowed values typed like the property', () => {
  it('flags allowed values of the wrong type, with the typed value as candidate', () => {
    const run = runRule(
      propertyDefinition,
      YAML,
      `- id: retention
  type: number
  allowed_values:
    - value: 30
    - value: ⟦"90"⟧
    - value: ⟦ninety⟧
- id: deprecationDate
  type: date
  allowed_values:
    - value: "2024-01-31"
    - value: "⟦2024/2/1⟧"
- id: team
  type: string
  allowed_values:
    - value: ⟦42⟧
- id: steward
  type: urn
  type_qualifier:
    allowed_types: [corpuser, corpGroup]
  allowed_values:
    - value: urn:li:corpuser:jdoe
    - value: ⟦urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)⟧
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.ok(run.diagnostics.every((d) => d.code === 'definition.allowedValueType' && d.severity === 'warning'));
    assert.deepEqual(
      run.diagnostics.map((d) => d.data?.candidates),
      [['90'], [], ['2024-02-01'], ['"42"'], []],
    );
    assert.match(run.diagnostics[1].message, /not a number/);
    assert.match(run.diagnostics[4].message, /corpuser, corpGroup/);
  });

  it('checks allowed values of a propertyDefinition aspect in an MCP file', () => {
    const run = runRule(
      propertyDefinition,
      'file:///repo/mcp.json',
      `[{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:team", "changeType": "UPSERT", "aspectName": "propertyDefinition",
  "aspect": {"json": {"qualifiedName": "team", "valueType": "urn:li:dataType:datahub.string", "entityTypes": ["urn:li:entityType:datahub.dataset"],
    "allowedValues": [{"value": {"string": "core"}}, {"value": {"double": ⟦7⟧}}]}}}]`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].code, 'definition.allowedValueType');
    // The kind lives in the union key ({"double": ...}); replacing the literal cannot fix it.
    assert.deepEqual(run.diagnostics[0].data?.candidates, []);
  });
});

describe('propertyDefinition: allowed values the CLI cannot load', () => {
  it('refuses an unquoted date among the allowed values of the properties YAML (a date object to YAML 1.1), whatever the type', () => {
    const run = runRule(
      propertyDefinition,
      YAML,
      `- id: deprecationDate
  type: date
  allowed_values:
    - value: ⟦2024-01-01⟧
    - value: "2024-02-01"
    - value: '2024-03-01'
- id: release
  type: string
  allowed_values:
    - {value: ⟦2024-04-01⟧, description: spring}
- id: retention
  type: number
  allowed_values:
    - value: ⟦2024-05-01⟧
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.ok(run.diagnostics.every((d) => d.code === 'format.wrongType' && d.severity === 'error'), 'one error each, no allowedValueType warning beside it');
    assert.deepEqual(run.diagnostics.map((d) => d.data?.candidates), [['"2024-01-01"'], ['"2024-04-01"'], ['"2024-05-01"']]);
    assert.match(run.diagnostics[0].message, /allowed value '2024-01-01' of deprecationDate is not quoted; .* date object .* Write it in quotes: "2024-01-01"\./);
  });

  it('leaves a date in a propertyDefinition aspect alone: JSON has no date', () => {
    const run = runRule(
      propertyDefinition,
      'file:///repo/mcp.json',
      `[{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:d", "changeType": "UPSERT", "aspectName": "propertyDefinition",
  "aspect": {"json": {"qualifiedName": "d", "valueType": "urn:li:dataType:datahub.date", "entityTypes": ["urn:li:entityType:datahub.dataset"],
    "allowedValues": [{"value": {"string": "2024-01-01"}}]}}}]`,
    );
    assert.deepEqual(run.diagnostics, []);
  });
});

describe('propertyDefinition: type, cardinality and entity types', () => {
  it('leaves values the syntax rules already report to them: one diagnostic per mistake', () => {
    const { text, ranges } = parseMarked(`- id: retention
  type: ⟦strng⟧
  cardinality: ⟦single⟧
  entity_types:
    - dataset
    - ⟦dataflow⟧
    - ⟦urn:li:entityType:datahub.schemafield⟧
`);
    const run = runRule(propertyDefinition, YAML, text);
    assert.deepEqual(run.diagnostics, []);
    const model = readDocument(YAML, text);
    const all = ALL_RULES.flatMap((rule) => rule.run({ model, text, definitions: EMPTY_DEFINITIONS, entities: UNKNOWN_EXISTENCE }));
    for (const range of ranges) {
      const here = all.filter((d) => d.range.start >= range.start && d.range.end <= range.end);
      assert.equal(here.length, 1, `exactly one diagnostic for '${text.slice(range.start, range.end)}', got ${JSON.stringify(here)}`);
    }
  });

  // Models as an adapter that leaves these values to the semantic layer would record them.
  const at = (value: string, start: number) => ({ value, range: { start, end: start + value.length } });
  function model(fact: Partial<PropertyDefinitionFact>, format: DocumentModel['format'] = 'propertyDefinitions'): DocumentModel {
    return {
      uri: YAML,
      format,
      detectedBy: 'content',
      parseProblems: [],
      facts: [{ kind: 'propertyDefinition', urn: at('urn:li:structuredProperty:retention', 0), range: { start: 0, end: 500 }, ...fact }],
    };
  }
  const run = (m: DocumentModel) => propertyDefinition.run({ model: m, text: ' '.repeat(500), definitions: EMPTY_DEFINITIONS, entities: UNKNOWN_EXISTENCE });

  it('reports a mis-cased or unknown type', () => {
    const [cased] = run(model({ valueType: at('String', 10) }));
    assert.equal(cased.code, 'definition.type');
    assert.equal(cased.severity, 'warning', 'the CLI lowercases a short type with a warning');
    assert.deepEqual(cased.data?.candidates, ['string']);
    const [unknown] = run(model({ valueType: at('strnig', 10) }));
    assert.equal(unknown.severity, 'error');
    assert.deepEqual(unknown.data?.candidates, ['string']);
    assert.match(unknown.message, /string, rich_text, number, date, urn/);
    const [noNamespace] = run(model({ valueType: at('urn:li:dataType:number', 10) }));
    assert.deepEqual(noNamespace.data?.candidates, ['urn:li:dataType:datahub.number', 'urn:li:dataType:service.number']);
    const [shortInMcp] = run(model({ valueType: at('number', 10) }, 'mcpJson'));
    assert.equal(shortInMcp.code, 'definition.type');
    assert.deepEqual(shortInMcp.data?.candidates, ['urn:li:dataType:datahub.number', 'urn:li:dataType:service.number']);
    assert.deepEqual(run(model({ valueType: at('urn:li:dataType:service.number', 10) }, 'mcpJson')), []);
  });

  it('refuses a mis-cased data-type URN in the properties YAML (the CLI lower-cases only short types) and only warns in an aspect (GMS lower-cases the id)', () => {
    const [inYaml] = run(model({ valueType: at('urn:li:dataType:datahub.STRING', 10) }));
    assert.equal(inYaml.code, 'definition.type');
    assert.equal(inYaml.severity, 'error');
    assert.deepEqual(inYaml.data?.candidates, ['urn:li:dataType:datahub.string']);
    assert.match(inYaml.message, /does not lower-case a type written as a URN and rejects it \("Type STRING is not allowed"\)\. Write 'urn:li:dataType:datahub\.string'/);
    const [inAspect] = run(model({ valueType: at('urn:li:dataType:datahub.STRING', 10) }, 'mcpJson'));
    assert.equal(inAspect.severity, 'warning');
    assert.match(inAspect.message, /DataHub reads the id in lower case/);
  });

  it('accepts `type: datahub.string` in the properties YAML, which DataHub\'s CLI writes as urn:li:dataType:datahub.string', () => {
    const accepted = runRule(propertyDefinition, YAML, `- id: team\n  type: datahub.string\n  allowed_values:\n    - value: ⟦42⟧\n`);
    assert.deepEqual(rangesOf(accepted.diagnostics), accepted.ranges, 'typed as a string: 42 is not text');
    const cased = runRule(propertyDefinition, YAML, `- id: team\n  type: ⟦datahub.STRING⟧\n`);
    assert.deepEqual(rangesOf(cased.diagnostics), cased.ranges);
    assert.equal(cased.diagnostics[0].severity, 'warning', 'the CLI lower-cases it with a warning');
    assert.deepEqual(cased.diagnostics[0].data?.candidates, ['string']);
  });

  it('reports a cardinality other than SINGLE or MULTIPLE', () => {
    const [d] = run(model({ valueType: at('string', 10), cardinality: at('multiple', 30) }));
    assert.equal(d.code, 'definition.cardinality');
    assert.deepEqual(d.range, { start: 30, end: 38 });
    assert.deepEqual(d.data?.candidates, ['MULTIPLE']);
  });

  it('reports entity types case-sensitively, short or URN form, with the right spelling as candidate', () => {
    const diagnostics = run(
      model({
        valueType: at('string', 10),
        entityTypes: [at('dataset', 40), at('dataflow', 60), at('urn:li:entityType:service.schemafield', 80), at('datasett', 130), at('urn:li:entityType:dataJob', 150)],
      }),
    );
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start, d.data?.candidates]),
      [
        ['definition.entityType', 60, ['dataFlow']],
        ['definition.entityType', 80, ['urn:li:entityType:service.schemaField']],
        ['definition.entityType', 130, ['dataset']],
        ['definition.entityType', 150, ['urn:li:entityType:datahub.dataJob']],
      ],
    );
    assert.match(diagnostics[0].message, /case-sensitive/);
  });

  it('checks type_qualifier allowed types the same way', () => {
    const [d] = run(model({ valueType: at('urn', 10), typeQualifierAllowedTypes: [at('corpUser', 200)] }));
    assert.equal(d.code, 'definition.entityType');
    assert.deepEqual(d.data?.candidates, ['corpuser']);
    assert.match(d.message, /allowed URN type/);
  });
});

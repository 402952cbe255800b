/** Checks the URN vocabularies and key shapes against DataHub's own files in shared/reference. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENTITY_TYPE_NAMES, FABRIC_TYPES, fromGraphqlEntityType, toGraphqlEntityType, urnTypeSpec } from '../../../core/urn';
import { referencePath, testsNeedingReference } from '../../support/reference';

const { describe, it } = testsNeedingReference('URN vocabularies and key shapes against DataHub', ['datahub-graphql', 'datahub-pdl']);
const reference = referencePath();
const entityGraphql = () => readFileSync(join(reference, 'datahub-graphql', 'entity.graphql'), 'utf8');

function enumValues(source: string, name: string): string[] {
  const start = source.indexOf(`enum ${name} {`);
  assert.ok(start >= 0, `enum ${name} is in the schema`);
  const body = source.slice(start, source.indexOf('}', start)).replace(/"""[\s\S]*?"""/g, '').replace(/#.*$/gm, '');
  return body.split(/\s+/).filter((word) => /^[A-Z][A-Z_0-9]*$/.test(word));
}

describe('vocabularies match DataHub', () => {
  it('FABRIC_TYPES is exactly the GraphQL FabricType enum', () => {
    assert.deepEqual([...FABRIC_TYPES].sort(), enumValues(entityGraphql(), 'FabricType').sort());
  });

  it('FABRIC_TYPES contains every value of FabricType.pdl', () => {
    const pdl = readFileSync(join(reference, 'datahub-pdl', 'FabricType.pdl'), 'utf8');
    const values = pdl.split('\n').map((l) => l.trim()).filter((l) => /^[A-Z][A-Z_]*$/.test(l));
    assert.ok(values.length >= 16);
    for (const value of values) assert.ok(FABRIC_TYPES.includes(value), value);
  });

  it('every GraphQL entity type we map to exists in the EntityType enum, and maps back', () => {
    const graphqlTypes = new Set(enumValues(entityGraphql(), 'EntityType'));
    assert.ok(graphqlTypes.size >= 50);
    for (const name of ENTITY_TYPE_NAMES) {
      const graphql = toGraphqlEntityType(name);
      if (graphql === undefined) continue;
      assert.ok(graphqlTypes.has(graphql), `${name} → ${graphql}`);
      assert.equal(fromGraphqlEntityType(graphql), name);
    }
  });

  it('the mappings the brief names', () => {
    const expected: Record<string, string> = {
      dataset: 'DATASET', dataJob: 'DATA_JOB', dataFlow: 'DATA_FLOW', mlPrimaryKey: 'MLPRIMARY_KEY', corpuser: 'CORP_USER',
      corpGroup: 'CORP_GROUP', schemaField: 'SCHEMA_FIELD', structuredProperty: 'STRUCTURED_PROPERTY', chart: 'CHART',
      dashboard: 'DASHBOARD', dataPlatform: 'DATA_PLATFORM', glossaryTerm: 'GLOSSARY_TERM', dataProcessInstance: 'DATA_PROCESS_INSTANCE',
      dataType: 'DATA_TYPE', entityType: 'ENTITY_TYPE', container: 'CONTAINER', domain: 'DOMAIN', tag: 'TAG',
    };
    for (const [name, graphql] of Object.entries(expected)) {
      assert.equal(toGraphqlEntityType(name), graphql, name);
      assert.equal(fromGraphqlEntityType(graphql), name, graphql);
    }
    assert.equal(toGraphqlEntityType('Dataset'), undefined, 'case-sensitive');
    assert.equal(fromGraphqlEntityType('OTHER'), undefined);
  });
});

describe('key shapes match the key aspects (PDL)', () => {
  const keys: [string, string][] = [
    ['dataset', 'DatasetKey.pdl'],
    ['schemaField', 'SchemaFieldKey.pdl'],
    ['dataJob', 'DataJobKey.pdl'],
    ['dataFlow', 'DataFlowKey.pdl'],
    ['chart', 'ChartKey.pdl'],
    ['dashboard', 'DashboardKey.pdl'],
    ['mlPrimaryKey', 'MLPrimaryKeyKey.pdl'],
    ['corpuser', 'CorpUserKey.pdl'],
    ['structuredProperty', 'StructuredPropertyKey.pdl'],
    ['dataType', 'DataTypeKey.pdl'],
    ['entityType', 'EntityTypeKey.pdl'],
    ['dataPlatform', 'DataPlatformKey.pdl'],
  ];
  for (const [entityType, file] of keys) {
    it(`${entityType} has as many parts as ${file} has fields`, () => {
      const pdl = readFileSync(join(reference, 'datahub-pdl', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      const record = pdl.slice(pdl.indexOf('record '));
      const fields = record.split('\n').filter((line) => /^\s+\w+\s*:\s*\w/.test(line) && !/"/.test(line));
      const spec = urnTypeSpec(entityType);
      assert.ok(spec, entityType);
      assert.equal(spec.parts.length, fields.length, `${file}: ${fields.map((f) => f.trim()).join(' | ')}`);
      assert.ok(ENTITY_TYPE_NAMES.includes(entityType));
    });
  }
});

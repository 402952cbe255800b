import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  parse,
  validate,
  validateSchema,
  type GraphQLArgument,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { buildLocalSchema } from '../../service/graphql/index';
import { buildDatahubSchema, DATAHUB_GRAPHQL } from '../support/datahubSchema';
import { testsNeedingReference } from '../support/reference';
import { ALL_DOCUMENTS } from '../support/graphqlDocuments';

const withDatahub = testsNeedingReference('the local GraphQL schema against DataHub’s', [DATAHUB_GRAPHQL]);
const local = buildLocalSchema();

const kindOf = (type: GraphQLNamedType): string =>
  isObjectType(type) ? 'type' : isInterfaceType(type) ? 'interface' : isInputObjectType(type) ? 'input' : isEnumType(type) ? 'enum' : isUnionType(type) ? 'union' : 'scalar';

function userTypes(schema: GraphQLSchema): GraphQLNamedType[] {
  return Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__'));
}

/** Every difference between a local type and DataHub's, as readable lines. */
function differences(localType: GraphQLNamedType, theirs: GraphQLNamedType | undefined): string[] {
  const name = localType.name;
  if (!theirs) return [`${name}: DataHub has no such type`];
  if (kindOf(localType) !== kindOf(theirs)) return [`${name}: local ${kindOf(localType)}, DataHub ${kindOf(theirs)}`];
  const out: string[] = [];
  if (isEnumType(localType) && isEnumType(theirs)) {
    const values = new Set(theirs.getValues().map((v) => v.name));
    for (const value of localType.getValues()) if (!values.has(value.name)) out.push(`${name}.${value.name}: DataHub has no such enum value`);
  }
  if (isUnionType(localType) && isUnionType(theirs)) {
    const members = new Set(theirs.getTypes().map((t) => t.name));
    for (const member of localType.getTypes()) if (!members.has(member.name)) out.push(`${name}: DataHub's union has no member ${member.name}`);
  }
  if ((isObjectType(localType) || isInterfaceType(localType)) && (isObjectType(theirs) || isInterfaceType(theirs))) {
    const interfaces = new Set(theirs.getInterfaces().map((i) => i.name));
    for (const implemented of localType.getInterfaces()) if (!interfaces.has(implemented.name)) out.push(`${name}: DataHub's type does not implement ${implemented.name}`);
    const theirFields = theirs.getFields();
    for (const field of Object.values(localType.getFields())) {
      const their = theirFields[field.name];
      if (!their) {
        out.push(`${name}.${field.name}: DataHub has no such field`);
        continue;
      }
      if (String(field.type) !== String(their.type)) out.push(`${name}.${field.name}: local ${String(field.type)}, DataHub ${String(their.type)}`);
      out.push(...argumentDifferences(`${name}.${field.name}`, field.args, their.args));
    }
  }
  if (isInputObjectType(localType) && isInputObjectType(theirs)) {
    const localFields = localType.getFields();
    const theirFields = theirs.getFields();
    for (const field of Object.values(localFields)) {
      const their = theirFields[field.name];
      if (!their) out.push(`${name}.${field.name}: DataHub has no such input field`);
      else if (String(field.type) !== String(their.type)) out.push(`${name}.${field.name}: local ${String(field.type)}, DataHub ${String(their.type)}`);
    }
    for (const their of Object.values(theirFields)) {
      if (!localFields[their.name]) out.push(`${name}.${their.name}: DataHub's input field is missing locally (documents using it would fail here)`);
    }
  }
  return out;
}

function argumentDifferences(where: string, mine: readonly GraphQLArgument[], theirs: readonly GraphQLArgument[]): string[] {
  const out: string[] = [];
  for (const arg of mine) {
    const their = theirs.find((a) => a.name === arg.name);
    if (!their) out.push(`${where}(${arg.name}): DataHub has no such argument`);
    else if (String(arg.type) !== String(their.type)) out.push(`${where}(${arg.name}): local ${String(arg.type)}, DataHub ${String(their.type)}`);
  }
  for (const their of theirs) {
    const required = isNonNullType(their.type) && their.defaultValue === undefined;
    if (required && !mine.some((a) => a.name === their.name)) out.push(`${where}(${their.name}): DataHub requires this argument; the local field lacks it`);
  }
  return out;
}

test('the local schema builds and is valid', () => {
  assert.deepEqual(validateSchema(local).map((e) => e.message), []);
});

withDatahub.test("every local type, field, argument and enum value exists with the same type in DataHub's schema", () => {
  const datahub = buildDatahubSchema();
  const problems = userTypes(local)
    .filter((type) => !(isScalarType(type) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)))
    .flatMap((type) => differences(type, datahub.getType(type.name) ?? undefined));
  assert.deepEqual(problems, []);
});

withDatahub.test('the root types are the same as DataHub names them', () => {
  const datahub = buildDatahubSchema();
  assert.equal(local.getQueryType()?.name, datahub.getQueryType()?.name);
  assert.equal(local.getMutationType()?.name, datahub.getMutationType()?.name);
});

test('the local schema answers the fields the client needs', () => {
  const query = local.getQueryType()?.getFields() ?? {};
  for (const field of ['scrollAcrossLineage', 'searchAcrossLineage', 'entityExists', 'entity', 'entities', 'autoComplete', 'autoCompleteForMultiple', 'structuredProperty', 'searchAcrossEntities', 'dataset']) {
    assert.ok(query[field], `Query.${field} is missing`);
  }
  assert.ok(local.getMutationType()?.getFields().updateLineage);
  const entityType = local.getType('EntityType');
  assert.ok(entityType && isEnumType(entityType));
  assert.ok(entityType.getValues().some((v) => v.name === 'MLPRIMARY_KEY'));
});

withDatahub.test('the comparison catches a field DataHub does not have', () => {
  const datahub = buildDatahubSchema();
  const wrong = buildSchema('type Query { x: Int }\ntype Dataset { urn: String! madeUp: Int name: String }');
  const mismatched = differences(wrong.getType('Dataset') as GraphQLNamedType, datahub.getType('Dataset') ?? undefined);
  assert.deepEqual(mismatched, ['Dataset.madeUp: DataHub has no such field', 'Dataset.name: local String, DataHub String!']);
});

for (const [name, document] of Object.entries(ALL_DOCUMENTS)) {
  test(`client document ${name} validates against the local schema`, () => {
    assert.deepEqual(validate(local, parse(document)).map((e) => e.message), [], 'the local catalog rejects it');
  });
  withDatahub.test(`client document ${name} validates against DataHub's schema`, () => {
    const ast = parse(document);
    assert.deepEqual(validate(buildDatahubSchema(), ast).map((e) => e.message), [], 'DataHub rejects it');
  });
}

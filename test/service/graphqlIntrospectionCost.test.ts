import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getIntrospectionQuery, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType, parse, type GraphQLSchema } from 'graphql';
import { measureDocument, type DocumentMeasure } from '../../service/graphql/documentMeasure';
import { INTROSPECTION_LISTS } from '../../service/graphql/fieldCost';
import { buildLocalSchema } from '../../service/graphql/index';
import { MAX_INTROSPECTION_COST } from '../../service/graphql/limits';
import { startTestService, TEST_TOKEN, type TestService } from './helpers';

/**
 * Introspection counts in the cost measured before a query runs. 2,000 aliased
 * `__schema { types { fields { args … } } }` selections (41 KB) used to build a 108 MB answer in
 * about 13 s, /health waiting, and only then refuse it as too large; a single `__type` nesting
 * `fields { type { fields … } } }` multiplied the same way. Both are refused with a 400 now, and a
 * full introspection query (GraphiQL's, DataHub's clients') still answers.
 */

const measure = (query: string): Extract<DocumentMeasure, { cost: number }> => {
  const result = measureDocument(parse(query));
  assert.ok(!('cycle' in result));
  return result;
};

/** The most elements each introspection list holds anywhere in `schema`. */
function schemaMaxima(schema: GraphQLSchema): Record<string, number> {
  const max = { types: 0, directives: schema.getDirectives().length, fields: 0, inputFields: 0, args: 0, enumValues: 0, interfaces: 0, possibleTypes: 0 };
  const types = Object.values(schema.getTypeMap());
  max.types = types.length;
  for (const directive of schema.getDirectives()) max.args = Math.max(max.args, directive.args.length);
  for (const type of types) {
    if (isObjectType(type) || isInterfaceType(type)) {
      const fields = Object.values(type.getFields());
      max.fields = Math.max(max.fields, fields.length);
      for (const field of fields) max.args = Math.max(max.args, field.args.length);
      max.interfaces = Math.max(max.interfaces, type.getInterfaces().length);
    }
    if (isInterfaceType(type)) max.possibleTypes = Math.max(max.possibleTypes, schema.getPossibleTypes(type).length);
    if (isUnionType(type)) max.possibleTypes = Math.max(max.possibleTypes, type.getTypes().length);
    if (isInputObjectType(type)) max.inputFields = Math.max(max.inputFields, Object.keys(type.getFields()).length);
    if (isEnumType(type)) max.enumValues = Math.max(max.enumValues, type.getValues().length);
  }
  return max;
}

/** The QA repro: `aliases` aliased `__schema` selections, each spreading one fragment on __Schema. */
function aliasedSchemas(aliases: number): string {
  const selections = Array.from({ length: aliases }, (_, i) => `a${i}: __schema { ...F }`).join(' ');
  return `{ ${selections} } fragment F on __Schema { types { name description fields { name description args { name description type { name kind ofType { name kind } } } type { name kind ofType { name kind ofType { name } } } } } }`;
}

describe('GraphQL introspection cost', () => {
  it('each introspection list counts as often as it can hold elements, in its own budget, fragments and inline fragments too', () => {
    const types = INTROSPECTION_LISTS.types;
    assert.deepEqual(measure('{ __schema { types { name } } }'), { depth: 3, cost: 0, introspection: 2 + types, sameName: 1, spreads: 0 });
    assert.equal(measure('{ __schema { ...S } } fragment S on __Schema { types { name } }').introspection, 2 + types);
    assert.equal(measure('{ __schema { ... on __Schema { types { name } } } }').introspection, 2 + types);
    assert.equal(measure('{ ...Q } fragment Q on Query { a: __schema { types { name } } b: __schema { types { name } } }').introspection, 2 * (2 + types));
    assert.equal(measure('{ __type(name: "Dataset") { fields { name args { name } } } }').introspection, 2 + INTROSPECTION_LISTS.fields * (2 + INTROSPECTION_LISTS.args));
    assert.equal(measure('{ __typename dataset(urn: "u") { urn } }').introspection, 0, 'no introspection: nothing counted');
  });

  it('the list bounds are at least what the local schema holds', () => {
    for (const [list, most] of Object.entries(schemaMaxima(buildLocalSchema()))) {
      assert.ok(INTROSPECTION_LISTS[list] >= most, `${list}: the schema has ${most}, the bound is ${INTROSPECTION_LISTS[list]}`);
    }
  });

  it('a full introspection query fits the budget', () => {
    assert.ok(measure(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true })).introspection <= MAX_INTROSPECTION_COST);
  });
});

describe('GraphQL introspection over HTTP', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());
  const graphql = (query: string) => svc.call('POST', '/api/graphql', { body: { query }, token: TEST_TOKEN });

  it('many aliased __schema selections are refused before they run, with a 400 that says why and what to do', async () => {
    const reply = await graphql(aliasedSchemas(100));
    assert.equal(reply.status, 400, reply.text.slice(0, 300));
    const message = (reply.json as { message: string }).message;
    assert.match(message, /introspection \(__schema, __type\) in this query would cost [\d,]+; the local catalog answers at most 1,000,000/);
    assert.match(message, /fewer aliased __schema or __type selections/);
    assert.equal((await svc.call('GET', '/health')).status, 200);
  });

  it('one __type nesting fields in fields is refused the same way', async () => {
    const nested = Array.from({ length: 6 }).reduce<string>((inner) => `fields { name type { name ofType { name ${inner} } } }`, 'name');
    const reply = await graphql(`{ __type(name: "Dataset") { ${nested} } }`);
    assert.equal(reply.status, 400, reply.text.slice(0, 300));
    assert.match((reply.json as { message: string }).message, /introspection/);
  });

  it('a full introspection query, as GraphiQL and DataHub clients send it, still answers', async () => {
    const reply = await graphql(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    assert.equal(reply.status, 200);
    const answer = reply.json as { data: { __schema: { types: unknown[] } }; errors?: unknown };
    assert.equal(answer.errors, undefined);
    assert.equal(answer.data.__schema.types.length, Object.keys(buildLocalSchema().getTypeMap()).length);
    const few = await graphql('{ a: __schema { queryType { name } } b: __type(name: "Dataset") { name fields { name } } }');
    assert.equal(few.status, 200, few.text.slice(0, 300));
  });
});

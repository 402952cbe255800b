import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execute, parse } from 'graphql';
import { measureDocument, type DocumentMeasure } from '../../service/graphql/documentMeasure';
import { SEARCH_BASE_COST } from '../../service/graphql/fieldCost';
import { buildLocalSchema } from '../../service/graphql/index';
import { budgetedFieldResolver, RequestBudget } from '../../service/graphql/requestBudget';
import { rootResolvers } from '../../service/graphql/rootResolvers';
import { datasetUrn, startTestService, type TestService } from './helpers';

/** The GraphQL document measure (depth and cost, fragments measured once) and the per-request budget. */

const measure = (query: string, variables: Record<string, unknown> = {}, operationName?: string): DocumentMeasure => measureDocument(parse(query), variables, operationName);

describe('GraphQL document measure', () => {
  it('depth: leaves are 1, each field with selections adds 1, inline fragments and spreads add none', () => {
    assert.deepEqual(measure('{ __typename }'), { depth: 1, cost: 1, introspection: 0, sameName: 1, spreads: 0 });
    assert.equal((measure('{ a { b { c } } }') as { depth: number }).depth, 3);
    assert.equal((measure('{ a { ... on X { b { c } } } }') as { depth: number }).depth, 3);
    assert.equal((measure('{ a { ...F } } fragment F on X { b { c { d } } }') as { depth: number }).depth, 4);
  });

  it('fragments are measured once each: 200 levels of doubling spreads measure 2^200 without walking them', () => {
    const fragments = Array.from({ length: 200 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join('\n');
    const result = measure(`{ ...F0 }\n${fragments}\nfragment F200 on Query { __typename }`);
    assert.deepEqual(result, { depth: 1, cost: 2 ** 200, introspection: 0, sameName: 1, spreads: 1 });
  });

  it('a fragment cycle is reported, also through inline fragments', () => {
    assert.ok('cycle' in measure('{ ...A } fragment A on Query { ... on Query { ...B } } fragment B on Query { ...A }'));
    assert.ok(!('cycle' in measure('{ ...A ...B } fragment A on Query { ...B } fragment B on Query { __typename }')), 'a diamond is no cycle');
  });

  it('cost: searches count their base plus count times their selections, across aliases, with variables and defaults', () => {
    const one = SEARCH_BASE_COST + 1 + 50 * 3;
    const doc = 'query($c: Int = 50) { a: scrollAcrossLineage(input: {urn: "u", direction: DOWNSTREAM, count: $c}) { searchResults { entity { urn } } } b: scrollAcrossLineage(input: {urn: "u", direction: DOWNSTREAM, count: $c}) { searchResults { entity { urn } } } }';
    assert.equal((measure(doc) as { cost: number }).cost, 2 * one, 'the default of $c');
    assert.equal((measure(doc, { c: 1000 }) as { cost: number }).cost, 2 * (SEARCH_BASE_COST + 1 + 1000 * 3));
    const whole = 'query($input: ScrollAcrossLineageInput!) { scrollAcrossLineage(input: $input) { total } }';
    assert.equal((measure(whole, { input: { count: 7 } }) as { cost: number }).cost, SEARCH_BASE_COST + 1 + 7);
    assert.equal((measure(whole, { input: {} }) as { cost: number }).cost, SEARCH_BASE_COST + 1 + 10, 'count defaults to 10');
  });

  it('cost: nested pages multiply (entities × lineage), and only the named operation counts', () => {
    const nested = 'query big($urns: [String!]!) { entities(urns: $urns) { ... on Dataset { lineage(input: {direction: UPSTREAM, count: 1000}) { relationships { entity { urn } } } } } } query small { __typename }';
    const urns = Array.from({ length: 100 }, (_, i) => `u${i}`);
    assert.equal((measure(nested, { urns }, 'big') as { cost: number }).cost, 1 + 100 * (1 + 10 + 1000 * 3));
    assert.equal((measure(nested, { urns }, 'small') as { cost: number }).cost, 1);
  });
});

it('crowding: fields under one response name and fragments spread, per selection set with its inline fragments', () => {
  const crowded = measure('{ a: __typename ... on Query { a: __typename b: __typename ...F ...G } x: entity(urn: "u") { a: urn ...F } } fragment F on Query { a: __typename } fragment G on Query { a: __typename }');
  assert.ok(!('cycle' in crowded));
  assert.equal(crowded.sameName, 2, 'a twice in the root set (through its inline fragment); once in x');
  assert.equal(crowded.spreads, 2);
});

describe('GraphQL request budget', () => {
  let svc: TestService;
  const schema = buildLocalSchema();
  before(async () => {
    svc = await startTestService();
    const urns = Array.from({ length: 10 }, (_, i) => datasetUrn(`db.budget_${i}`));
    svc.service.store.apply(urns.map((urn) => ({ urn, aspectName: 'status', value: { removed: false } })));
  });
  after(() => svc.close());

  const run = (budget: RequestBudget, query: string) => execute({ schema, document: parse(query), rootValue: rootResolvers(svc.service.store), contextValue: budget, fieldResolver: budgetedFieldResolver });

  it('an answer listing more items than the budget stops with a BAD_REQUEST that says what to do', async () => {
    const query = '{ searchAcrossEntities(input: {types: [DATASET], query: "*", count: 10}) { searchResults { entity { urn } } } }';
    const within = await run(new RequestBudget(undefined, 10), query);
    assert.equal(within.errors, undefined);
    const over = await run(new RequestBudget(undefined, 9), query);
    assert.match(String(over.errors?.[0]?.message), /would list more than 9 items .*Ask for fewer or smaller pages/);
    assert.equal((over.errors?.[0]?.extensions as { code?: number }).code, 400);
  });

  it('a request whose client went away stops at its next working field', async () => {
    const gone = new AbortController();
    gone.abort();
    const result = await run(new RequestBudget(gone.signal), '{ searchAcrossEntities(input: {query: "*"}) { total } }');
    assert.equal(result.data?.searchAcrossEntities, null);
    assert.match(String(result.errors?.[0]?.message), /client went away or the local catalog is closing/);
  });
});

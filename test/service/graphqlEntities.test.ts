import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { datasetUrn, existenceAspect, fieldUrn, flowUrn, jobUrn, startTestCatalog, type TestCatalog } from '../support/catalogService';
import {
  AUTO_COMPLETE,
  AUTO_COMPLETE_MULTIPLE,
  DATASET_LINEAGE_AND_PROPERTIES,
  ENTITIES,
  ENTITY_EXISTS,
  SCROLL_ACROSS_ENTITIES,
  SEARCH_STRUCTURED_PROPERTIES,
  STRUCTURED_PROPERTY,
  UPDATE_LINEAGE,
} from '../support/graphqlDocuments';

/** What the client reads besides lineage search: existence, entities, completion, property definitions. */

let catalog: TestCatalog;

const orders = datasetUrn('shop.orders');
const ordersDaily = datasetUrn('shop.orders_daily');
const customers = datasetUrn('crm.customers', 'postgres');
const job = jobUrn('shop', 'aggregate');
const tier = 'urn:li:structuredProperty:io.test.tier';
const owner = 'urn:li:structuredProperty:io.test.owner';
const retired = 'urn:li:structuredProperty:io.test.retired';

function definition(qualifiedName: string, displayName: string) {
  return {
    qualifiedName,
    displayName,
    description: `${displayName} of the asset`,
    valueType: 'urn:li:dataType:datahub.string',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.dataset'],
    allowedValues: [{ value: { string: 'gold' }, description: 'most trusted' }, { value: { string: 'bronze' }, description: 'raw' }],
  };
}

async function data(query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await catalog.graphql(query, variables);
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return answer.data ?? {};
}

describe('entities, completion and property definitions', () => {
  before(async () => {
    catalog = await startTestCatalog();
    await catalog.ingest([orders, ordersDaily, customers, job].map(existenceAspect));
    await catalog.ingest([
      { urn: tier, aspectName: 'propertyDefinition', value: definition('io.test.tier', 'Tier') },
      { urn: owner, aspectName: 'propertyDefinition', value: { ...definition('io.test.owner', 'Data owner'), allowedValues: undefined } },
      { urn: retired, aspectName: 'propertyDefinition', value: definition('io.test.retired', 'Retired') },
    ]);
    await catalog.ingest([
      {
        urn: ordersDaily,
        aspectName: 'structuredProperties',
        value: { properties: [{ propertyUrn: tier, values: [{ string: 'gold' }] }, { propertyUrn: retired, values: [{ string: 'bronze' }] }] },
      },
      {
        urn: ordersDaily,
        aspectName: 'upstreamLineage',
        value: {
          upstreams: [{ dataset: orders, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:test' } }],
          fineGrainedLineages: [
            { upstreamType: 'FIELD_SET', upstreams: [fieldUrn(orders, 'amount')], downstreamType: 'FIELD', downstreams: [fieldUrn(ordersDaily, 'total')], confidenceScore: 1 },
          ],
        },
      },
    ]);
    await catalog.ingest([{ urn: retired, aspectName: 'status', value: { removed: true } }]);
    const answer = await catalog.graphql(UPDATE_LINEAGE, { input: { edgesToAdd: [{ downstreamUrn: job, upstreamUrn: ordersDaily }], edgesToRemove: [] } });
    assert.deepEqual(answer.data, { updateLineage: true });
  });
  after(() => catalog.close());

  test('entityExists: stored entities, soft-deleted ones too; not unknown ones', async () => {
    assert.deepEqual(await data(ENTITY_EXISTS, { urn: orders }), { entityExists: true });
    assert.deepEqual(await data(ENTITY_EXISTS, { urn: retired }), { entityExists: true });
    assert.deepEqual(await data(ENTITY_EXISTS, { urn: datasetUrn('nope') }), { entityExists: false });
  });

  test('entityExists on a string that is not a URN says so', async () => {
    const answer = await catalog.graphql(ENTITY_EXISTS, { urn: 'orders' });
    assert.match(answer.errors?.[0].message ?? '', /"orders" is not a valid URN/);
    assert.equal(answer.errors?.[0].extensions?.code, 400);
  });

  test('entities: a batch in DataHub types, without the ones that do not exist', async () => {
    const result = await data(ENTITIES, { urns: [orders, datasetUrn('nope'), job, customers] });
    assert.deepEqual(result.entities, [
      { urn: orders, type: 'DATASET', name: 'shop.orders', origin: 'PROD', platform: { urn: 'urn:li:dataPlatform:hive', name: 'hive' }, exists: true, status: { removed: false } },
      { urn: job, type: 'DATA_JOB', jobId: 'aggregate', dataFlow: { urn: flowUrn('shop'), flowId: 'shop' } },
      { urn: customers, type: 'DATASET', name: 'crm.customers', origin: 'PROD', platform: { urn: 'urn:li:dataPlatform:postgres', name: 'postgres' }, exists: true, status: { removed: false } },
    ]);
  });

  test('dataset: one-hop lineage both ways, column lineage, and structured properties without soft-deleted ones', async () => {
    const { dataset } = (await data(DATASET_LINEAGE_AND_PROPERTIES, { urn: ordersDaily })) as {
      dataset: {
        upstream: { total: number; relationships: { type: string; degree: number; entity: { urn: string } }[] };
        downstream: { total: number; relationships: { type: string; entity: { urn: string; type: string } }[] };
        fineGrainedLineages: { upstreams: { urn: string; path: string }[]; downstreams: { urn: string; path: string }[] }[];
        structuredProperties: { properties: { structuredProperty: { urn: string; definition: { qualifiedName: string } }; values: { stringValue?: string }[]; associatedUrn: string }[] };
        aspects: { aspectName: string; payload: string }[];
      };
    };
    assert.deepEqual(dataset.upstream.relationships.map((r) => [r.type, r.degree, r.entity.urn]), [['DownstreamOf', 1, orders]]);
    assert.deepEqual(dataset.downstream.relationships.map((r) => [r.type, r.entity.urn, r.entity.type]), [['Consumes', job, 'DATA_JOB']]);
    assert.deepEqual(dataset.fineGrainedLineages[0].upstreams, [{ urn: orders, path: 'amount' }]);
    assert.deepEqual(dataset.fineGrainedLineages[0].downstreams, [{ urn: ordersDaily, path: 'total' }]);
    assert.deepEqual(dataset.structuredProperties.properties, [
      { structuredProperty: { urn: tier, definition: { qualifiedName: 'io.test.tier' } }, values: [{ stringValue: 'gold' }], associatedUrn: ordersDaily },
    ]);
    const stored = dataset.aspects.find((a) => a.aspectName === 'structuredProperties');
    assert.ok(stored && !stored.payload.includes(retired), 'raw aspect reads hide the soft-deleted property too');
  });

  test('autoComplete completes URNs of one type by name, prefix matches first', async () => {
    const { autoComplete } = (await data(AUTO_COMPLETE, { input: { type: 'DATASET', query: 'orders', limit: 10 } })) as {
      autoComplete: { query: string; suggestions: string[]; entities: { urn: string; type: string }[] };
    };
    assert.equal(autoComplete.query, 'orders');
    assert.deepEqual(autoComplete.entities.map((e) => e.urn).sort(), [orders, ordersDaily].sort());
    assert.deepEqual([...autoComplete.suggestions].sort(), ['shop.orders', 'shop.orders_daily']);
    const prefix = (await data(AUTO_COMPLETE, { input: { type: 'DATASET', query: 'crm' } })) as { autoComplete: { entities: { urn: string }[] } };
    assert.deepEqual(prefix.autoComplete.entities.map((e) => e.urn), [customers]);
  });

  test('autoCompleteForMultiple answers per type, leaving out types without matches', async () => {
    const { autoCompleteForMultiple } = (await data(AUTO_COMPLETE_MULTIPLE, { input: { types: ['DATASET', 'DATA_JOB', 'CHART'], query: 'shop' } })) as {
      autoCompleteForMultiple: { suggestions: { type: string; entities: { urn: string }[] }[] };
    };
    assert.deepEqual(
      autoCompleteForMultiple.suggestions.map((s) => [s.type, s.entities.map((e) => e.urn).sort()]),
      [['DATASET', [orders, ordersDaily].sort()], ['DATA_JOB', [job]]],
    );
  });

  test('structuredProperty: the definition in DataHub shape', async () => {
    const { structuredProperty } = await data(STRUCTURED_PROPERTY, { urn: tier });
    assert.deepEqual(structuredProperty, {
      urn: tier,
      type: 'STRUCTURED_PROPERTY',
      exists: true,
      definition: {
        qualifiedName: 'io.test.tier',
        displayName: 'Tier',
        description: 'Tier of the asset',
        cardinality: 'SINGLE',
        immutable: false,
        entityTypes: [{ urn: 'urn:li:entityType:datahub.dataset', type: 'ENTITY_TYPE', info: { type: 'DATASET', qualifiedName: 'datahub.dataset' } }],
        valueType: { urn: 'urn:li:dataType:datahub.string', type: 'DATA_TYPE', info: { type: 'STRING', qualifiedName: 'datahub.string', displayName: 'string' } },
        allowedValues: [
          { value: { stringValue: 'gold' }, description: 'most trusted' },
          { value: { stringValue: 'bronze' }, description: 'raw' },
        ],
        typeQualifier: null,
      },
      settings: null,
    });
    assert.deepEqual(await data(STRUCTURED_PROPERTY, { urn: 'urn:li:structuredProperty:io.test.none' }), { structuredProperty: null });
  });

  test('searchAcrossEntities lists definitions; soft-deleted ones only with includeSoftDeleted', async () => {
    type Search = { searchAcrossEntities: { total: number; searchResults: { entity: { urn: string; definition: { displayName: string } } }[] } };
    const active = (await data(SEARCH_STRUCTURED_PROPERTIES, { query: '*', start: 0, count: 10 })) as Search;
    assert.deepEqual(active.searchAcrossEntities.searchResults.map((r) => r.entity.urn), [owner, tier]);
    assert.equal(active.searchAcrossEntities.total, 2);
    const all = (await data(SEARCH_STRUCTURED_PROPERTIES, { query: '*', start: 0, count: 10, includeSoftDeleted: true })) as Search;
    assert.deepEqual(all.searchAcrossEntities.searchResults.map((r) => r.entity.urn), [owner, retired, tier]);
    const byDisplayName = (await data(SEARCH_STRUCTURED_PROPERTIES, { query: 'data owner', start: 0, count: 10 })) as Search;
    assert.deepEqual(byDisplayName.searchAcrossEntities.searchResults.map((r) => r.entity.definition.displayName), ['Data owner']);
    const page = (await data(SEARCH_STRUCTURED_PROPERTIES, { query: '*', start: 1, count: 1 })) as Search;
    assert.deepEqual([page.searchAcrossEntities.total, page.searchAcrossEntities.searchResults.map((r) => r.entity.urn)], [2, [tier]]);
  });

  test('scrollAcrossEntities pages with nextScrollId', async () => {
    type Scroll = { scrollAcrossEntities: { nextScrollId: string | null; total: number; searchResults: { entity: { urn: string } }[] } };
    const seen: string[] = [];
    let scrollId: string | null = null;
    do {
      const page: Scroll = (await data(SCROLL_ACROSS_ENTITIES, { input: { types: ['DATASET'], query: '*', count: 2, scrollId } })) as Scroll;
      assert.equal(page.scrollAcrossEntities.total, 3);
      seen.push(...page.scrollAcrossEntities.searchResults.map((r) => r.entity.urn));
      scrollId = page.scrollAcrossEntities.nextScrollId;
    } while (scrollId);
    assert.deepEqual(seen, [customers, orders, ordersDaily].sort(), "every dataset once, in URN order");
  });
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { datasetSchemaFields } from '../../core/api/datasetSchemas';
import { datasetUrn, existenceAspect, numberField, schemaMetadataAspect, startTestCatalog, type TestCatalog } from '../support/catalogService';

/**
 * `dataset(urn:) { schemaMetadata { … } }` on the local catalog, as DataHub answers it: the fields of
 * the dataset's stored schemaMetadata aspect, null for a dataset without one or unknown. Asked
 * through the client's own document (core/api/datasetSchemas.ts) over HTTP.
 */

let catalog: TestCatalog;
const orders = datasetUrn('shop.orders', 'snowflake');
const bare = datasetUrn('shop.bare', 'snowflake');
const unknown = datasetUrn('shop.nowhere', 'snowflake');

const schemaMetadata = schemaMetadataAspect(orders, 'shop.orders', 'snowflake', [numberField('order_id', { nullable: false, isPartOfKey: true }), numberField('amount', { description: 'in cents' })], { primaryKeys: ['order_id'] });

describe('dataset schemaMetadata over GraphQL', () => {
  before(async () => {
    catalog = await startTestCatalog();
    await catalog.ingest([existenceAspect(bare), schemaMetadata]);
  });
  after(async () => {
    await catalog.close();
  });

  test("answers the client's document: the field paths of a stored schema, null without one", async () => {
    const fields = await datasetSchemaFields({ url: catalog.url, token: catalog.token }, [orders, bare, unknown]);
    assert.deepEqual(Object.fromEntries(fields), { [orders]: ['order_id', 'amount'], [bare]: null, [unknown]: null });
  });

  test("gives the schema's other fields DataHub's schema names, and null for a version it does not keep", async () => {
    const answer = await catalog.graphql(
      'query($u: String!) { dataset(urn: $u) { schemaMetadata { datasetUrn name platformUrn version hash primaryKeys fields { fieldPath nativeDataType nullable description recursive isPartOfKey jsonPath } } old: schemaMetadata(version: 3) { name } } }',
      { u: orders },
    );
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    assert.deepEqual(answer.data, {
      dataset: {
        schemaMetadata: {
          datasetUrn: orders,
          name: 'shop.orders',
          platformUrn: 'urn:li:dataPlatform:snowflake',
          version: 0,
          hash: '',
          primaryKeys: ['order_id'],
          fields: [
            { fieldPath: 'order_id', nativeDataType: 'NUMBER', nullable: false, description: null, recursive: false, isPartOfKey: true, jsonPath: null },
            { fieldPath: 'amount', nativeDataType: 'NUMBER', nullable: false, description: 'in cents', recursive: false, isPartOfKey: null, jsonPath: null },
          ],
        },
        old: null,
      },
    });
  });
});

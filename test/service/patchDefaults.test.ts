import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { datasetUrn, enc, startTestService, type TestService } from './helpers';

/**
 * A PATCH of an aspect the entity does not have yet applies to DataHub's template default:
 * DatasetPropertiesTemplate.getDefault() holds empty `tags` and `customProperties`, so the Hive
 * source's `add /customProperties/<key>` on a new dataset is stored (hive_thrift_mces_golden.json).
 */
describe('the local catalog patches a missing datasetProperties as DataHub does', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  it('adds custom properties to a dataset that has no datasetProperties yet', async () => {
    const urn = datasetUrn('db1.map_test');
    const operations = [
      { op: 'add', path: '/name', value: 'map_test' },
      { op: 'add', path: '/customProperties/table_type', value: 'MANAGED_TABLE' },
    ];
    const reply = await svc.call('POST', '/aspects?action=ingestProposal', {
      body: { proposal: { entityType: 'dataset', entityUrn: urn, changeType: 'PATCH', aspectName: 'datasetProperties', aspect: { value: JSON.stringify(operations), contentType: 'application/json-patch+json' } }, async: 'false' },
      headers: { 'X-RestLi-Protocol-Version': '2.0.0' },
    });
    assert.equal(reply.status, 200, reply.text);
    const stored = (await svc.call('GET', `/openapi/v2/entity/dataset/${enc(urn)}/datasetProperties`)).json as { value: Record<string, unknown> };
    assert.deepEqual(stored.value, { customProperties: { table_type: 'MANAGED_TABLE' }, tags: [], name: 'map_test' });
  });
});

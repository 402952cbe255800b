import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { datasetUrn, definition, definitionPath, propertyUrn, startTestService, valuesPath, type TestService } from './helpers';

/**
 * The seed's spec is silent on allowedPlatforms, so the local catalog answers as the DataHub it
 * names on /config (1.8.0): StructuredPropertiesValidator.validateAllowedPlatforms (PR #18089)
 * refuses a value on an entity of another platform, or of none, and `validate` says the same.
 */
describe('allowedPlatforms in the local catalog (validateAllowedPlatforms, PR #18089)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
    const body = definition('io.p.snow', {
      entityTypes: ['urn:li:entityType:service.dataset', 'urn:li:entityType:service.schemaField', 'urn:li:entityType:service.glossaryTerm'],
      allowedPlatforms: ['urn:li:dataPlatform:snowflake'],
    });
    const reply = await svc.call('POST', definitionPath('io.p.snow'), { body });
    assert.equal(reply.status, 200, reply.text);
  });
  after(() => svc.close());

  const write = (urn: string, type = 'dataset') => svc.call('POST', valuesPath(urn, type), { body: { properties: [{ propertyUrn: propertyUrn('io.p.snow'), values: [{ string: 'x' }] }] } });

  it('accepts a value on an asset of an allowed platform', async () => {
    const reply = await write(datasetUrn('orders', 'snowflake'));
    assert.equal(reply.status, 200, reply.text);
  });

  it('refuses one on another platform, naming both', async () => {
    const reply = await write(datasetUrn('orders', 'hive'));
    assert.equal(reply.status, 400, reply.text);
    assert.match((reply.json as { message: string }).message, /restricted to data platforms \[urn:li:dataPlatform:snowflake\], but the entity .* belongs to platform urn:li:dataPlatform:hive/);
  });

  it('refuses one on an entity with no data platform', async () => {
    const reply = await write('urn:li:glossaryTerm:t1', 'glossaryTerm');
    assert.equal(reply.status, 400, reply.text);
    assert.match((reply.json as { message: string }).message, /does not have a data platform/);
  });
});

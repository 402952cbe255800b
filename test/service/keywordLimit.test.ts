import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { KEYWORD_MAX_BYTES } from '../../core/rules/propertyValueBytes';
import { datasetUrn, definition, definitionPath, propertyUrn, startTestService, valuesPath, type TestService } from './helpers';

/**
 * The local catalog answers as the DataHub it names on /config (1.8.0): a string or rich_text value
 * over 32,766 UTF-8 bytes is refused as StructuredPropertiesValidator refuses it from DataHub 1.7
 * (PR #18533), so `validate` against the local catalog and the catalog agree.
 */
describe('the keyword byte limit on string values (StructuredPropertiesValidator, PR #18533)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
    for (const [id, type] of [['io.k.text', 'string'], ['io.k.rich', 'rich_text'], ['io.k.num', 'number']]) {
      const reply = await svc.call('POST', definitionPath(id), { body: definition(id, { valueType: `urn:li:dataType:datahub.${type}` }) });
      assert.equal(reply.status, 200, reply.text);
    }
  });
  after(() => svc.close());

  const write = (id: string, text: string) =>
    svc.call('POST', valuesPath(datasetUrn('orders')), { body: { properties: [{ propertyUrn: propertyUrn(id), values: [{ string: text }] }] } });

  it('refuses one byte over the limit, counted in UTF-8 bytes, with a bounded message', async () => {
    for (const id of ['io.k.text', 'io.k.rich']) {
      const reply = await write(id, '€'.repeat(Math.ceil((KEYWORD_MAX_BYTES + 1) / 3)));
      assert.equal(reply.status, 400, reply.text);
      assert.match((reply.json as { message: string }).message, /a value of 32769 UTF-8 bytes exceeds the maximum of 32766 UTF-8 bytes/);
      assert.ok(reply.text.length < 1000, 'the value is not echoed');
    }
  });

  it('accepts exactly 32,766 bytes', async () => {
    const reply = await write('io.k.text', 'a'.repeat(KEYWORD_MAX_BYTES));
    assert.equal(reply.status, 200, reply.text);
  });
});

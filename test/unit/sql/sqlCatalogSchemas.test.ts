import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CatalogSqlSchemas, MAX_CATALOG_TABLES } from '../../../core/api/sqlCatalogSchemas';

/**
 * The bounds of the catalog's schemas for SQL lineage, against a GraphQL endpoint on 127.0.0.1 that
 * counts what it is asked: answers kept until forget(), at most MAX_CATALOG_TABLES tables asked, a
 * catalog that does not answer in time not waited for and not asked again for a while.
 */

let server: Server;
let url: string;
let asked: string[][] = [];
let hang = false;

/** Answers `dN: dataset(urn: $uN)` with two columns for `shop.*` tables, null for the others. */
function answer(variables: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(variables).map(([name, urn]) => [`d${name.slice(1)}`, { schemaMetadata: urn.includes(',shop.') ? { fields: [{ fieldPath: 'a' }, { fieldPath: 'b' }] } : null }]));
}

describe('the catalog’s schemas for SQL lineage', () => {
  before(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (hang) return; // never answers: the client's timeout ends the wait
        const { variables } = JSON.parse(body) as { variables: Record<string, string> };
        asked.push(Object.values(variables));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: answer(variables) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives the columns the catalog holds, and keeps its answers until the catalog changes', async () => {
    asked = [];
    const schemas = new CatalogSqlSchemas();
    const service = { url };
    const first = await schemas.columns(service, 'snowflake', ['shop.orders', 'other.t']);
    assert.deepEqual(first, { schemas: { 'shop.orders': ['a', 'b'] } });
    assert.deepEqual(asked, [['urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)', 'urn:li:dataset:(urn:li:dataPlatform:snowflake,other.t,PROD)']]);
    await schemas.columns(service, 'snowflake', ['shop.orders', 'other.t']);
    assert.equal(asked.length, 1, 'the second answer is the kept one');
    schemas.forget();
    await schemas.columns(service, 'snowflake', ['shop.orders']);
    assert.equal(asked.length, 2, 'asked again after the catalog changed');
  });

  it(`asks about at most ${MAX_CATALOG_TABLES} tables at a time, and says so`, async () => {
    asked = [];
    const tables = Array.from({ length: MAX_CATALOG_TABLES + 5 }, (_, i) => `shop.t${i}`);
    const result = await new CatalogSqlSchemas().columns({ url }, 'snowflake', tables);
    assert.equal(asked.flat().length, MAX_CATALOG_TABLES);
    assert.equal(Object.keys(result.schemas).length, MAX_CATALOG_TABLES);
    assert.match(result.warning ?? '', /5 of the tables were not asked about \(at most 25 at a time\)/);
  });

  it('does not wait on a catalog that does not answer, and does not ask it again at once', async () => {
    asked = [];
    hang = true;
    let now = 1_000_000;
    const schemas = new CatalogSqlSchemas(() => now);
    const slow = await schemas.columns({ url, timeoutMs: 200 }, 'snowflake', ['shop.orders']);
    assert.deepEqual(slow.schemas, {});
    assert.match(slow.warning ?? '', /^The columns of some tables were not read from the catalog at http:\/\/127\.0\.0\.1:\d+: it did not answer \(.+\)\. The lineage is read without their columns/);
    hang = false;
    const quiet = await schemas.columns({ url, timeoutMs: 200 }, 'snowflake', ['shop.orders']);
    assert.equal(asked.length, 0, 'not asked again right after a failure');
    assert.match(quiet.warning ?? '', /it did not answer a moment ago \(.+\); it is asked again 30 s from now/);
    now += 31_000;
    const again = await schemas.columns({ url, timeoutMs: 200 }, 'snowflake', ['shop.orders']);
    assert.deepEqual(again, { schemas: { 'shop.orders': ['a', 'b'] } });
  });
});

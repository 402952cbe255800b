import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { parse } from 'graphql';
import { autoCompleteEntities } from '../../core/api/autoComplete';
import { datasetSchemaFields, SCHEMA_BATCH_SIZE } from '../../core/api/datasetSchemas';
import { listPropertyDefinitions } from '../../core/api/definitions';
import { entitiesExist, EXISTENCE_BATCH_SIZE } from '../../core/api/entities';
import type { ServiceConnection } from '../../core/api/http';
import { scrollLineage } from '../../core/api/lineageClient';
import { findPropertyUsers } from '../../core/api/propertyUsers';
import { updateLineage } from '../../core/api/pushClient';
import { readAspectsInBatches } from '../../core/plan/pushStateBatch';
import { measureDocument } from '../../service/graphql/documentMeasure';
import { MAX_QUERY_COST } from '../../service/graphql/limits';
import { TEST_TOKEN, datasetUrn, startTestService, type TestService } from '../service/helpers';
import { budgetMs } from '../support/timeScale';

/**
 * Every GraphQL document Catalog Code's client sends, with the largest pages it asks for, stays
 * well within the query-cost budget (at most a tenth of it), so the budget never refuses an honest
 * client. The documents are captured on the wire: the real client functions talk to a real local
 * catalog through a recording HTTP relay on 127.0.0.1 (which answers 404 for the OpenAPI listing
 * of definitions, so the client takes its GraphQL way, as against a DataHub without it).
 */

interface Sent {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** Source files (outside tests) that send a GraphQL request; each is driven below. */
const CALLERS = ['core/api/autoComplete.ts', 'core/api/datasetSchemas.ts', 'core/api/definitions.ts', 'core/api/entities.ts', 'core/api/lineageClient.ts', 'core/api/propertyUsers.ts', 'core/api/pushClient.ts', 'core/plan/pushStateBatch.ts'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function relay(target: string, sent: Sent[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url?.startsWith('/openapi/v2/entity/structuredProperty?')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not served by this relay"}');
        return;
      }
      if (req.url === '/api/graphql') sent.push(JSON.parse(body.toString('utf8')) as Sent);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name))) as Record<string, string>;
      fetch(`${target}${req.url}`, { method: req.method, headers, body: body.length > 0 ? body : undefined }).then(
        async (answer) => res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer())),
        () => res.writeHead(502).end(),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('reliability: the client’s own GraphQL documents stay well within the cost budget', { timeout: budgetMs(180_000) }, () => {
  let svc: TestService;
  let server: http.Server;
  let connection: ServiceConnection;
  const sent: Sent[] = [];
  const urns = Array.from({ length: 100 }, (_, i) => datasetUrn(`db.client_${i}`));

  before(async () => {
    svc = await startTestService();
    svc.service.store.apply(urns.map((urn) => ({ urn, aspectName: 'status', value: { removed: false } })));
    server = await relay(svc.url, sent);
    connection = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: TEST_TOKEN, readRetries: 0 };
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await svc.close();
  });

  it('every source file that sends GraphQL is driven here', () => {
    const callers = ['core', 'client', 'server', 'cli']
      .flatMap((dir) => sourceFiles(path.join(process.cwd(), dir)))
      .filter((file) => /\bgraphqlRequest(Once)?\s*[<(]/.test(fs.readFileSync(file, 'utf8')) && !file.endsWith(path.join('core', 'api', 'graphql.ts')))
      .map((file) => path.relative(process.cwd(), file).split(path.sep).join('/'))
      .sort();
    assert.deepEqual(callers, CALLERS, 'a new GraphQL document of the client must be driven by this test');
  });

  it('each document, at the largest page the client asks for, costs at most a tenth of the budget', async (t) => {
    // the largest lineage page the client asks for (core/lineage/graph.ts, core/impact/planImpact.ts)
    await scrollLineage(connection, { urn: urns[0], direction: 'DOWNSTREAM', degrees: ['1', '2', '3+'], count: 200 });
    await autoCompleteEntities(connection, 'client');
    await autoCompleteEntities(connection, 'client', { types: ['DATASET', 'DATA_JOB'], limit: 50 });
    await entitiesExist(connection, urns.slice(0, EXISTENCE_BATCH_SIZE));
    await listPropertyDefinitions(connection);
    await findPropertyUsers(connection, ['io.example.a', 'io.example.b']);
    await updateLineage(connection, [{ downstreamUrn: urns[1], upstreamUrn: urns[0] }], []);
    const keys = urns.map((urn) => ({ entityType: 'dataset', urn, aspectName: 'upstreamLineage' }));
    await readAspectsInBatches(connection, keys, () => undefined);
    // the most datasets one schema request asks about (core/api/sqlCatalogSchemas.ts: SQL lineage's columns)
    await datasetSchemaFields(connection, urns.slice(0, SCHEMA_BATCH_SIZE));

    const operations = new Set(sent.map((body) => /(query|mutation)\s+(\w+)/.exec(body.query)?.[2]));
    assert.deepEqual([...operations].sort(), ['catalogCodeAutoComplete', 'catalogCodeDatasetSchemas', 'catalogCodeEntitiesExist', 'catalogCodeListDefinitions', 'catalogCodePropertyUsers', 'catalogCodeScrollLineage', 'catalogCodeUpdateLineage', 'pushStateRawAspects']);
    for (const body of sent) {
      const measure = measureDocument(parse(body.query), body.variables ?? {}, body.operationName);
      assert.ok(!('cycle' in measure));
      const name = /(query|mutation)\s+(\w+)/.exec(body.query)?.[2];
      t.diagnostic(`${name}: cost ${measure.cost}`);
      assert.ok(measure.cost <= MAX_QUERY_COST / 10, `${name} costs ${measure.cost}, more than a tenth of the budget ${MAX_QUERY_COST}`);
    }
  });
});

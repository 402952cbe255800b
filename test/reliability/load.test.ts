import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import type { ServiceConnection } from '../../core/api/http';
import { scrollLineage } from '../../core/api/lineageClient';
import { spawnServe } from '../service/child';
import { tempDir } from '../service/helpers';
import { testSeed } from '../support/seed';
import { planWrite, seededRandom, setupWrite, type HttpRequest, type WritePath } from './writes';

/**
 * Load on the real `dist/cli.js serve`: 20 clients, each looping over a random mix of reads,
 * multi-hop lineage queries and writes for a fixed time (CATALOG_LOAD_SECONDS, default 10). No
 * request may fail; the latency percentiles per kind are reported, never judged. The mix is drawn
 * from a fixed seed (CATALOG_LOAD_SEED=<n> replays one, CATALOG_LOAD_SEED=random asks for a new one).
 */

const CLIENTS = 20;
const SECONDS = Number(process.env.CATALOG_LOAD_SECONDS ?? 10);
const SEED = testSeed('CATALOG_LOAD_SEED', 20_240_611);
const TOKEN = 'load-test-token-0c9d8e7f6a5b';
const CHAIN = 30;
const ds = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,load.chain_${i},PROD)`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

describe('load on the local catalog', () => {
  it(`${CLIENTS} clients mixing reads, lineage queries and writes for ${SECONDS} s: no errors`, { timeout: 5 * 60_000 }, async (t) => {
    const dir = tempDir('load');
    const server = spawnServe(['--port', '0', '--data', dir], { CATALOG_TOKEN: TOKEN });
    try {
      const url = await server.url();
      const send = async (request: HttpRequest) => {
        const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${TOKEN}` };
        if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
        const response = await fetch(`${url}${request.path}`, { method: request.method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) });
        const text = await response.text();
        const graphqlFailed = request.path === '/api/graphql' && /"errors"\s*:\s*\[\s*\{/.test(text);
        if (!response.ok || graphqlFailed) throw new Error(`${request.method} ${request.path}: ${response.status} ${text.slice(0, 300)}`);
      };
      await send(setupWrite());
      await send({
        method: 'POST',
        path: '/aspects?action=ingestProposalBatch',
        body: { proposals: Array.from({ length: CHAIN }, (_, i) => ({ entityType: 'dataset', entityUrn: ds(i), changeType: 'UPSERT', aspectName: 'status', aspect: { value: '{"removed":false}', contentType: 'application/json' } })) },
      });
      await send({
        method: 'POST',
        path: '/api/graphql',
        body: { query: 'mutation($input: UpdateLineageInput!) { updateLineage(input: $input) }', variables: { input: { edgesToAdd: Array.from({ length: CHAIN - 1 }, (_, i) => ({ downstreamUrn: ds(i + 1), upstreamUrn: ds(i) })), edgesToRemove: [] } } },
      });
      const connection: ServiceConnection = { url, token: TOKEN, readRetries: 0, timeoutMs: 30_000 };

      const latencies = new Map<string, number[]>();
      const errors: string[] = [];
      let counter = 0;
      const writePaths: WritePath[] = ['definition', 'values', 'patch', 'status', 'ingest', 'ingestBatch', 'updateLineage'];
      const deadline = Date.now() + SECONDS * 1000;
      const client = async (index: number) => {
        const random = seededRandom(SEED + index);
        while (Date.now() < deadline) {
          const roll = random();
          const kind = roll < 0.4 ? 'read' : roll < 0.7 ? 'lineage' : 'write';
          const started = performance.now();
          try {
            if (kind === 'read') {
              const pick = random();
              if (pick < 0.4) await send({ method: 'GET', path: `/openapi/v2/entity/dataset/${encodeURIComponent(ds(Math.floor(random() * CHAIN)))}/status`, body: undefined });
              else if (pick < 0.7) await send({ method: 'GET', path: `/openapi/v2/entity/dataset?count=20`, body: undefined });
              else await send({ method: 'GET', path: `/openapi/v2/entity/dataset/${encodeURIComponent(ds(Math.floor(random() * CHAIN)))}`, body: undefined });
            } else if (kind === 'lineage') {
              const start = Math.floor(random() * CHAIN);
              const page = await scrollLineage(connection, { urn: ds(start), direction: random() < 0.5 ? 'DOWNSTREAM' : 'UPSTREAM', degrees: ['1', '2', '3+'], count: 50 });
              if (!Array.isArray(page.results)) throw new Error(`scrollAcrossLineage answered without results: ${JSON.stringify(page).slice(0, 200)}`);
            } else {
              const planned = planWrite(writePaths[Math.floor(random() * writePaths.length)], `load_${index}_${counter++}`);
              for (const request of planned.requests) await send(request);
            }
          } catch (error) {
            errors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
          }
          const list = latencies.get(kind) ?? [];
          list.push(performance.now() - started);
          latencies.set(kind, list);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));

      const all = [...latencies.values()].flat().sort((a, b) => a - b);
      for (const [kind, list] of [...latencies.entries(), ['all', all] as [string, number[]]]) {
        list.sort((a, b) => a - b);
        t.diagnostic(`${kind}: ${list.length} requests, p50 ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms`);
      }
      t.diagnostic(`${(all.length / SECONDS).toFixed(0)} operations/s over ${SECONDS} s with ${CLIENTS} clients (seed ${SEED})`);
      assert.deepEqual(errors.slice(0, 10), [], `${errors.length} operations failed (seed ${SEED})`);
      assert.ok(all.length > CLIENTS * 10, 'the clients got work done');
      assert.ok(!server.stdout().includes(TOKEN) && !server.stderr().includes(TOKEN), 'the service log carries the token');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

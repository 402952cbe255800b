import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { spawnServe, type ServeChild } from '../service/child';
import { tempDir } from '../service/helpers';
import { testSeed } from '../support/seed';
import { WRITE_PATHS, planWrite, presence, seededRandom, setupWrite, type Fetcher, type HttpRequest, type WriteRecord } from './writes';

/**
 * Crash safety of the real `dist/cli.js serve`: writers on every write path run concurrently, the
 * process is SIGKILLed at a random moment, restarted on the same data directory, and every write
 * is read back: acknowledged ones in full, the others in full or not at all. CATALOG_CRASH_ROUNDS
 * sets the number of kills (default 50); CATALOG_CRASH_SEED=<n> replays a run,
 * CATALOG_CRASH_SEED=random asks for a new one (the default seed is fixed).
 */

const ROUNDS = Number(process.env.CATALOG_CRASH_ROUNDS ?? 50);
const SEED = testSeed('CATALOG_CRASH_SEED', 20_240_611);
const TOKEN = 'crash-safety-token-4b1d9e7f0a';

function fetcherFor(url: string): Fetcher {
  return async (request: HttpRequest) => {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${TOKEN}` };
    if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
    const response = await fetch(`${url}${request.path}`, { method: request.method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      json = text;
    }
    return { status: response.status, json };
  };
}

/** A 2xx that is a GraphQL error is not an acknowledgement. */
function acknowledged(request: HttpRequest, reply: { status: number; json: unknown }): boolean {
  if (reply.status < 200 || reply.status >= 300) return false;
  if (request.path === '/api/graphql') return (reply.json as { data?: { updateLineage?: boolean } }).data?.updateLineage === true;
  return true;
}

describe('crash safety of the local catalog', () => {
  it(`keeps every acknowledged write and no half-written one across ${ROUNDS} SIGKILLs (seed ${SEED})`, { timeout: 10 * 60_000 }, async (t) => {
    const random = seededRandom(SEED);
    const dir = tempDir('crash');
    const records: WriteRecord[] = [];
    const unexpected: string[] = [];
    const logs: string[] = [];
    let counter = 0;
    let child: ServeChild | undefined;
    const start = async () => {
      const server = spawnServe(['--port', '0', '--data', dir], { CATALOG_TOKEN: TOKEN });
      const url = await server.url().catch((error: unknown) => {
        const known = /malformed/.test(String(error)) ? ' Known cause: node-sqlite3-wasm never rolls back a hot journal (test/reliability/hotJournal.test.ts).' : '';
        throw new Error(`seed ${SEED}: the local catalog did not restart after a SIGKILL: ${String(error)}${known}`);
      });
      // The first GraphQL request of a process builds the schema; without this warm-up few
      // updateLineage writes would finish before the kill.
      const warm = await fetcherFor(url)({ method: 'POST', path: '/api/graphql', body: { query: '{ __typename }' } });
      assert.equal(warm.status, 200);
      return { server, url };
    };
    try {
      let { server, url } = await start();
      child = server;
      const setup = await fetcherFor(url)(setupWrite());
      assert.equal(setup.status, 200, JSON.stringify(setup.json));
      let verifiedUpTo = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const fetcher = fetcherFor(url);
        // Verify what the previous round left, now that the process restarted.
        for (const record of records.slice(verifiedUpTo)) {
          const found = await presence(fetcher, record);
          if (record.acknowledged) assert.equal(found.state, 'all', `round ${round}, seed ${SEED}: acknowledged ${record.path} write ${record.id} is not all there: ${found.detail}`);
          else assert.notEqual(found.state, 'some', `round ${round}, seed ${SEED}: ${record.path} write ${record.id} is half-written: ${found.detail}`);
        }
        verifiedUpTo = records.length;

        let killed = false;
        const writer = async (path: (typeof WRITE_PATHS)[number]) => {
          while (!killed) {
            const planned = planWrite(path, `r${round}_${path}_${counter++}`);
            records.push(planned.record);
            for (const request of planned.requests) {
              let reply;
              try {
                reply = await fetcher(request);
              } catch (error) {
                if (!killed) unexpected.push(`${path}: ${String(error)}`);
                return;
              }
              if (!acknowledged(request, reply)) {
                if (!killed) unexpected.push(`${path} ${request.method} ${request.path}: ${reply.status} ${JSON.stringify(reply.json).slice(0, 300)}`);
                return;
              }
            }
            planned.record.acknowledged = true;
          }
        };
        const writers = WRITE_PATHS.flatMap((path) => [writer(path), writer(path)]);
        await new Promise((resolve) => setTimeout(resolve, 30 + random() * 370));
        // On a loaded machine a slow path (updateLineage) may never finish inside the random window;
        // the kill waits (up to 10 s) until every path has had at least one write acknowledged so far.
        for (let waited = 0; waited < 10_000 && WRITE_PATHS.some((path) => !records.some((r) => r.path === path && r.acknowledged)); waited += 20) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        killed = true;
        server.child.kill('SIGKILL');
        await server.exited;
        await Promise.all(writers);
        logs.push(server.stdout(), server.stderr());
        assert.deepEqual(unexpected, [], `round ${round}, seed ${SEED}: writes failed before the kill`);
        ({ server, url } = await start());
        child = server;
      }
      // The last restart: everything from every round, once more.
      const fetcher = fetcherFor(url);
      let acked = 0;
      for (const record of records) {
        const found = await presence(fetcher, record);
        if (record.acknowledged) {
          acked++;
          assert.equal(found.state, 'all', `seed ${SEED}: acknowledged ${record.path} write ${record.id} lost after all restarts: ${found.detail}`);
        } else assert.notEqual(found.state, 'some', `seed ${SEED}: ${record.path} write ${record.id} half-written: ${found.detail}`);
      }
      const perPath = WRITE_PATHS.map((path) => `${path} ${records.filter((r) => r.path === path && r.acknowledged).length}/${records.filter((r) => r.path === path).length}`).join(', ');
      t.diagnostic(`${ROUNDS} kills, ${records.length} writes, ${acked} acknowledged (${perPath}); seed ${SEED}`);
      for (const path of WRITE_PATHS) assert.ok(records.some((r) => r.path === path && r.acknowledged), `some ${path} write was acknowledged`);
      logs.push(server.stdout(), server.stderr());
      for (const log of logs) assert.ok(!log.includes(TOKEN), 'the service log carries the token');
    } finally {
      child?.child.kill('SIGKILL');
      if (child) await child.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

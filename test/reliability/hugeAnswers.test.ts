import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { startService, type RunningService } from '../../service/main';
import { TestClient } from '../protocol/lspClient';
import { runCli } from './cli';
import { budgetMs } from '../support/timeScale';

/**
 * The attack: a service whose answer never ends, or is a gzip bomb (a few hundred KiB on the wire,
 * 256 MiB inflated). `pull` held an endless answer in memory until the timeout and then retried
 * (1.3–2.8 GB), the bomb took about 490 MB. Now every answer is read to 64 MiB at most (after
 * decompression), the stream is cancelled, the error names the URL and the limit, and the request
 * is not retried. Then an honest catalog still pulls. Memory is checked loosely (the real CLI's
 * peak RSS, reported by a preload at exit), never a time.
 */

const TOKEN = 'huge-answers-token-3b7e';
const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'sample-catalog');
const MiB = 1024 * 1024;
/** Loose: measured 140–175 MiB (the cap holds 64 MiB, the process ~100 MiB); the unbounded read reached 1.3–2.8 GB, the 256 MiB bomb ~500 MB. */
const RSS_CEILING_BYTES = 450 * MiB;
const HANG_GUARD_MS = budgetMs(240_000);

/** What the hostile server saw and sent per route. */
interface RouteRecord {
  /** the requests, by path below the mode */
  routes: string[];
  bytesSent: number;
}

async function gzipOfZeros(bytes: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise<void>((resolve, reject) => gzip.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(MiB);
  for (let i = 0; i < bytes / MiB; i++) if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
  gzip.end();
  await done;
  return Buffer.concat(parts);
}

/** Writes 1 MiB chunks until the client goes away, minding backpressure. */
function streamForever(res: ServerResponse, record: RouteRecord): void {
  const chunk = Buffer.alloc(MiB, 0x20);
  let closed = false;
  res.on('close', () => (closed = true));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"results": [');
  const pump = (): void => {
    while (!closed) {
      record.bytesSent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

/** `/<mode>/...`: endless or bomb, on the REST route (`rest-`) or on GraphQL (`graphql-`, REST answers 404 so the client falls back). */
function hostileServer(bomb: Buffer, records: Map<string, RouteRecord>): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const [, mode = '', ...rest] = (req.url ?? '/').split('?')[0].split('/');
    const route = rest.join('/');
    req.resume();
    const onGraphql = route === 'api/graphql';
    if (mode.startsWith('graphql-') && !onGraphql) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const record = records.get(mode) ?? { routes: [], bytesSent: 0 };
    records.set(mode, record);
    record.routes.push(route);
    if (mode.endsWith('endless')) return streamForever(res, record);
    record.bytesSent += bomb.length;
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) }).end(bomb);
  });
}

describe('answers from a service are read to 64 MiB at most', { timeout: budgetMs(900_000) }, () => {
  let hostile: Server;
  let hostileUrl: string;
  let catalog: RunningService;
  let root: string;
  let preload: string;
  const records = new Map<string, RouteRecord>();
  /** what a client asks to learn which kind and version of service it talks to: /health read to 64 KiB, /config to 256 KiB */
  const PROBES = new Set(['health', 'config']);

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'catalog-code-huge-answers-'));
    mkdirSync(join(root, 'data'));
    preload = join(root, 'report-rss.cjs');
    writeFileSync(preload, "process.on('exit', () => process.stderr.write(`\\nmaxRSS=${process.resourceUsage().maxRSS * 1024}\\n`));\n");
    hostile = hostileServer(await gzipOfZeros(256 * MiB), records);
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    catalog = await startService({ host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), token: TOKEN, seeds: [SAMPLE] });
  });

  after(async () => {
    hostile?.closeAllConnections();
    await new Promise((resolve) => hostile?.close(resolve));
    await catalog?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const pull = (url: string, out: string) => runCli(['pull', '--service', url, '--out', join(root, out)], { CATALOG_TOKEN: TOKEN, NODE_OPTIONS: `--require ${preload}`, CATALOG_TIMEOUT_SECONDS: '600' }, HANG_GUARD_MS);
  const peakRss = (stderr: string) => Math.max(0, ...[...stderr.matchAll(/maxRSS=(\d+)/g)].map((m) => Number(m[1])));

  for (const mode of ['rest-endless', 'rest-bomb', 'graphql-endless', 'graphql-bomb']) {
    it(`${mode}: pull fails naming the URL and the limit, once, with bounded memory`, async () => {
      const base = `${hostileUrl}/${mode}`;
      const run = await pull(base, mode);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stderr, new RegExp(`The catalog service at ${base.replace(/[.]/g, '\\.')} answered .* with more than 64 MiB, the most Catalog Code reads of one answer; it stopped reading and used nothing of it\\. Check that the URL points at the catalog service`));
      const record = records.get(mode);
      // Probes of what the service is (/health, and /config for its DataHub version) are read bounded; the rest is asked once.
      assert.deepEqual(record?.routes.filter((route) => !PROBES.has(route)).length, 1, 'an answer over the limit is not asked for again');
      if (record && mode.endsWith('endless')) assert.ok(record.bytesSent < 64 * MiB + 64 * MiB, `the stream was cancelled soon after the limit (${record.bytesSent} bytes sent)`);
      const rss = peakRss(run.stderr);
      assert.ok(rss > 0, `the preload reported the peak RSS: ${run.stderr}`);
      assert.ok(rss < RSS_CEILING_BYTES, `peak RSS ${Math.round(rss / MiB)} MiB stays far below the unbounded read's gigabytes`);
    });
  }

  it("the language server's definition refresh fails the same way, once, and the server keeps answering", async () => {
    const workspace = join(root, 'workspace');
    mkdirSync(workspace);
    const { client } = await TestClient.start({ rootPath: workspace, pull: false, env: { CATALOG_SERVICE_URL: `${hostileUrl}/lsp-endless`, CATALOG_TOKEN: TOKEN, CATALOG_TIMEOUT_SECONDS: '600' } });
    try {
      await client.waitFor('the failed refresh in the log', () => client.logs.find((line) => /answered GET \S+\/lsp-endless\/openapi\/v2\/entity\/structuredProperty with more than 64 MiB/.test(line)), HANG_GUARD_MS);
      const uri = pathToFileURL(join(workspace, 'orders.yaml')).toString();
      await client.open(uri, 'id: orders\nplatform: hive\nenv: PROD\n');
      const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as unknown[];
      assert.ok(Array.isArray(symbols), 'the server still answers');
      // The server also probes /health and /config (bounded reads) to learn which kind and version of service it is.
      assert.deepEqual(records.get('lsp-endless')?.routes.filter((route) => !PROBES.has(route)), ['openapi/v2/entity/structuredProperty'], 'an answer over the limit is not asked for again');
    } finally {
      await client.stop();
    }
  });

  it('an honest catalog still pulls', async () => {
    const run = await pull(catalog.url, 'honest');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /wrote \S*properties\.yaml \(\d+ property definition\(s\)\)/);
  });
});

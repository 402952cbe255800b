import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { ingestProposal } from '../../../core/api/pushClient';
import { detectServiceTarget, probeServiceTarget } from '../../../core/api/serviceTarget';

/** A real HTTP server on 127.0.0.1 that records what it was sent and answers with `answer`. */
async function recordingServer(answer: (path: string) => { status: number; body: string }) {
  const seen: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      const { status, body: out } = answer(req.url ?? '');
      res.writeHead(status, { 'content-type': 'application/json' }).end(out);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('ingestProposal on the wire', () => {
  it('sends X-RestLi-Protocol-Version: 2.0.0, as DataHub\'s own emitter does', async () => {
    const server = await recordingServer(() => ({ status: 200, body: '{"value":"urn:li:dataset:x"}' }));
    try {
      await ingestProposal({ url: server.url, token: 't' }, { entityType: 'dataset', entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', changeType: 'UPSERT', aspectName: 'status', aspect: { removed: false } });
      assert.equal(server.seen.length, 1);
      assert.equal(server.seen[0].path, '/aspects?action=ingestProposal');
      assert.equal(server.seen[0].headers['x-restli-protocol-version'], '2.0.0');
      assert.equal(server.seen[0].headers.authorization, 'Bearer t');
    } finally {
      await server.close();
    }
  });
});

describe('which service a connection reaches', () => {
  it('is the local catalog only when /health says so; anything else is judged as DataHub; no connection is offline', async () => {
    const local = await recordingServer(() => ({ status: 200, body: '{"status":"ok","service":"catalog-code-local-catalog"}' }));
    const gms = await recordingServer(() => ({ status: 200, body: 'OK' }));
    try {
      assert.equal(await detectServiceTarget({ url: local.url }), 'localCatalog');
      assert.equal(await detectServiceTarget({ url: gms.url }), 'datahub');
      assert.equal(await detectServiceTarget(undefined), 'offline');
    } finally {
      await local.close();
      await gms.close();
    }
  });

  it('says when /health gave no answer, so a kept connection asks again instead of keeping a guess', async () => {
    const local = await recordingServer(() => ({ status: 200, body: '{"status":"ok","service":"catalog-code-local-catalog"}' }));
    const url = local.url;
    await local.close();
    assert.equal(await probeServiceTarget({ url }), 'unreachable');
    assert.equal(await detectServiceTarget({ url }), 'datahub', 'judged by the rules every target shares meanwhile');
  });
});

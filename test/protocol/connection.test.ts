import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../service/main';
import { TestClient } from './lspClient';

const TOKEN = 'connection-test-token';

describe('how the server finds the catalog service', () => {
  let service: RunningService;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-conn-'));
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: mkdtempSync(join(tmpdir(), 'catalog-code-svc-')), token: TOKEN, seeds: [join(process.cwd(), 'test', 'protocol', 'fixtures', 'catalog')] });
  });

  after(async () => {
    await service?.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('without catalogCode/setConnection it uses CATALOG_SERVICE_URL and CATALOG_TOKEN', async () => {
    const { client } = await TestClient.start({ rootPath: workspace, pull: true, env: { CATALOG_SERVICE_URL: service.url, CATALOG_TOKEN: TOKEN } });
    try {
      const status = await client.waitFor('a connected status', () => client.statuses.find((s) => s.state === 'connected'));
      assert.equal(status.definitions.serviceCount, 2);
      // The client may still switch: a null URL means offline.
      await client.connection.sendNotification('catalogCode/setConnection', { url: null, token: null });
      const offline = await client.waitFor('an offline status', () => client.statuses.at(-1)?.state === 'offline' && client.statuses.at(-1));
      assert.equal(offline.definitions.serviceCount, 0);
    } finally {
      await client.stop();
    }
  });

  it('a refused token is reported in words, without the token', async () => {
    const { client } = await TestClient.start({ rootPath: workspace, pull: true });
    try {
      await client.connection.sendNotification('catalogCode/setConnection', { url: service.url, token: 'not-the-token' });
      const status = await client.waitFor('an unauthorized status', () => client.statuses.find((s) => s.state === 'unauthorized'));
      assert.match(status.lastError ?? '', /refused the token \(HTTP 401\); it is wrong or has expired\. Supply a valid personal access token/);
      assert.ok(!JSON.stringify(client.statuses).includes('not-the-token'));
      await client.connection.sendNotification('catalogCode/setConnection', { url: service.url, token: TOKEN });
      await client.waitFor('a connected status after signing in', () => client.statuses.at(-1)?.state === 'connected');
    } finally {
      await client.stop();
    }
  });
});

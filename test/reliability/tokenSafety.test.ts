import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SetConnectionNotification, type StatusParams } from '../../core/protocol';
import { TestClient } from '../protocol/lspClient';
import { definition, definitionPath, startTestService, type TestService } from '../service/helpers';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';

/**
 * The token never leaves the Authorization header: not in the language server's log, status,
 * error messages or stderr, not in the definitions cache file, not in the settings the extension
 * declares, and not to the other origin of a redirect.
 */

const TOKEN = 'tok-SAFETY-7f3a9c1e5b2d4f60a8e1';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('token safety in the language server', () => {
  let service: TestService;
  let proxy: FaultProxy;
  let client: TestClient;
  let workspace: string;
  let storage: string;
  const logs: string[] = [];
  let stderr = '';

  before(async () => {
    service = await startTestService({ token: TOKEN });
    assert.equal((await service.call('POST', definitionPath('io.safety.tier'), { body: definition('io.safety.tier') })).status, 200);
    proxy = await startFaultProxy(service.url);
    workspace = mkdtempSync(join(tmpdir(), 'catalog-token-ws-'));
    storage = mkdtempSync(join(tmpdir(), 'catalog-token-storage-'));
    writeFileSync(join(workspace, 'orders.yaml'), 'id: orders\nplatform: hive\nstructured_properties:\n  io.safety.tier: gold\n');
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true, initializationOptions: { storagePath: storage } }));
    client.connection.onNotification('window/logMessage', (params: { message: string }) => void logs.push(params.message));
    client.connection.onNotification('window/showMessage', (params: { message: string }) => void logs.push(params.message));
    client.child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  });

  after(async () => {
    await client?.stop();
    await proxy.close();
    await service.close();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(storage, { recursive: true, force: true });
  });

  const connect = () => client.connection.sendNotification(SetConnectionNotification.method, { url: proxy.url, token: TOKEN });
  const statusAfter = (count: number, accept: (s: StatusParams) => boolean, what: string) =>
    client.waitFor(what, () => client.statuses.slice(count).find((s) => accept(s) && !s.refreshing));

  it('connects, fetches and caches definitions; then meets 401, 500 and a redirect', async () => {
    let seen = client.statuses.length;
    await connect();
    const connected = await statusAfter(seen, (s) => s.state === 'connected' && s.definitions.serviceCount >= 1, 'connected with definitions');
    assert.equal(connected.url, proxy.url);
    await client.waitFor('the cache file', () => filesUnder(storage).length > 0);
    assert.ok(proxy.requests.some((r) => r.headers.authorization === `Bearer ${TOKEN}`), 'the token went as a bearer header');

    for (const [fault, state] of [
      [{ kind: 'status', status: 401 }, 'unauthorized'],
      [{ kind: 'status', status: 500 }, 'unreachable'],
      [{ kind: 'redirect', status: 308 }, 'unreachable'],
    ] as const) {
      proxy.setRules([{ fault }]);
      seen = client.statuses.length;
      await connect();
      const status = await statusAfter(seen, (s) => s.state !== 'connected' && s.state !== 'connecting', `a ${state} status after ${fault.kind}`);
      assert.ok(status.lastError, `the status says what went wrong after ${JSON.stringify(fault)}`);
    }
    assert.deepEqual(proxy.redirectedRequests, [], 'nothing reached the redirect target');
    proxy.setRules([]);
  });

  it('the token is in no log line, status, stderr, cache file or declared setting', () => {
    assert.ok(logs.length > 0, 'the server log was captured');
    const statuses = JSON.stringify(client.statuses);
    assert.ok(statuses.includes('HTTP 401') || statuses.includes('refused the token'), 'the statuses were captured');
    assert.ok(!statuses.includes(TOKEN), 'status notifications carry the token');
    for (const line of logs) assert.ok(!line.includes(TOKEN), `log line carries the token: ${line}`);
    assert.ok(!stderr.includes(TOKEN), 'server stderr carries the token');
    const cached = filesUnder(storage);
    assert.ok(cached.length > 0);
    for (const file of cached) assert.ok(!readFileSync(file, 'utf8').includes(TOKEN), `${file} carries the token`);
    const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, unknown> } } };
    const settings = Object.keys(manifest.contributes.configuration.properties);
    assert.deepEqual(settings.filter((key) => /token|secret|password/i.test(key)), [], 'no setting holds a token');
  });
});

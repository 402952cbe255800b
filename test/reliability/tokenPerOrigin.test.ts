import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEGACY_TOKEN_KEY, serviceUrlOf, type ServiceUrl } from '../../client/connection/tokenBinding';
import { TokenBroker, type TokenAnswer, type TokenPorts, type TokenQuestion } from '../../client/connection/tokenBroker';
import { SetConnectionNotification, type StatusParams } from '../../core/protocol';
import { TestClient } from '../protocol/lspClient';
import { definition, definitionPath, startTestService, type TestService } from '../service/helpers';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';
import { budgetMs } from '../support/timeScale';

/**
 * Issue 21, finding 1: the token followed the workspace's URL. The user signs in to catalog A,
 * then the workspace's settings point `catalogCode.service.url` at catalog B (a checked-out pull
 * request can do that). This sends that attack through the extension's own token decision
 * (`TokenBroker`, with in-memory SecretStorage and workspaceState) to the real language server,
 * with A and B real HTTP servers on 127.0.0.1 recording what they receive: B gets requests but
 * never A's token — neither the one signed in for A nor the old token shared by every address —
 * and then the honest path: A works with its token. The same run in a real VS Code is
 * test/e2e/tokenPerOrigin.test.ts.
 */

const TOKEN = 'tok-ORIGIN-A-3c9e1f7a5b2d4e60';

function memoryPorts(secrets: Map<string, string>, answers: TokenAnswer[], questions: TokenQuestion[]): TokenPorts {
  const memory = new Map<string, readonly string[]>();
  return {
    secrets: {
      get: async (key) => secrets.get(key),
      store: async (key, value) => void secrets.set(key, value),
      delete: async (key) => void secrets.delete(key),
    },
    memory: { get: (key) => memory.get(key), update: async (key, value) => void memory.set(key, value) },
    isTrusted: () => true,
    ask: async (question) => {
      questions.push(question);
      return answers.shift() ?? 'no';
    },
    log: () => undefined,
  };
}

describe('a token is sent only to the origin it was given for', () => {
  let service: TestService;
  let catalogA: FaultProxy;
  let catalogB: FaultProxy;
  let client: TestClient;
  let workspace: string;
  let storage: string;

  before(async () => {
    service = await startTestService({ token: TOKEN });
    assert.equal((await service.call('POST', definitionPath('io.origin.tier'), { body: definition('io.origin.tier') })).status, 200);
    catalogA = await startFaultProxy(service.url);
    // B relays to the same service: an attacker that could use any token it is sent.
    catalogB = await startFaultProxy(service.url);
    workspace = mkdtempSync(join(tmpdir(), 'catalog-origin-ws-'));
    storage = mkdtempSync(join(tmpdir(), 'catalog-origin-storage-'));
    writeFileSync(join(workspace, 'orders.yaml'), 'id: orders\nplatform: hive\nstructured_properties:\n  io.origin.tier: gold\n');
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true, initializationOptions: { storagePath: storage } }));
  });

  after(async () => {
    await client?.stop();
    await catalogA.close();
    await catalogB.close();
    await service.close();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(storage, { recursive: true, force: true });
  });

  /** What the extension does on every (re)connect: decide the token for the URL, then tell the language server. */
  async function connect(broker: TokenBroker, url: ServiceUrl): Promise<StatusParams> {
    const outcome = await broker.tokenFor(url);
    const seen = client.statuses.length;
    await client.connection.sendNotification(SetConnectionNotification.method, { url: url.url, token: outcome.token });
    return client.waitFor(`a settled status for ${url.url}`, () => client.statuses.slice(seen).find((s) => s.url === url.url && s.state !== 'connecting' && !s.refreshing), budgetMs(120_000));
  }

  const tokensReceivedBy = (proxy: FaultProxy): string[] => proxy.requests.map((r) => r.headers.authorization).filter((h): h is string => h !== undefined);

  it('signed in to A, then pointed at B by workspace settings: B never gets a token; A still works with it', async () => {
    const secrets = new Map<string, string>();
    const questions: TokenQuestion[] = [];
    const broker = new TokenBroker(memoryPorts(secrets, [], questions));
    const userA = serviceUrlOf({ effective: catalogA.url, globalValue: catalogA.url });
    await broker.signIn(userA, TOKEN);
    const signedIn = await connect(broker, userA);
    assert.equal(signedIn.state, 'connected');
    assert.ok(tokensReceivedBy(catalogA).includes(`Bearer ${TOKEN}`), 'A received its token');

    // The attack: the workspace's settings now name B.
    const workspaceB = serviceUrlOf({ effective: catalogB.url, globalValue: catalogA.url, workspaceValue: catalogB.url });
    await connect(broker, workspaceB);
    assert.ok(catalogB.requests.length > 0, 'the language server asked B for definitions');
    assert.deepEqual(tokensReceivedBy(catalogB), [], 'B received an Authorization header');
    assert.deepEqual(questions, [], 'there is no token for B, so there is nothing to ask');

    // The honest path.
    const seenByA = catalogA.requests.length;
    const back = await connect(broker, userA);
    assert.equal(back.state, 'connected');
    assert.ok(back.definitions.serviceCount >= 1, 'A gave its definitions');
    assert.ok(catalogA.requests.slice(seenByA).some((r) => r.headers.authorization === `Bearer ${TOKEN}`), 'A received its token again');
    assert.deepEqual(tokensReceivedBy(catalogB), []);
  });

  it('the token saved by an earlier version goes to a URL only workspace settings name only after a yes; after a no B gets none', async () => {
    const secrets = new Map([[LEGACY_TOKEN_KEY, TOKEN]]);
    const questions: TokenQuestion[] = [];
    const broker = new TokenBroker(memoryPorts(secrets, ['no'], questions));
    const workspaceB = serviceUrlOf({ effective: catalogB.url, workspaceValue: catalogB.url });
    const seenByB = catalogB.requests.length;
    await connect(broker, workspaceB);
    assert.equal(questions.length, 1, 'the user was asked');
    assert.equal(questions[0]!.origin, catalogB.url);
    assert.ok(catalogB.requests.length > seenByB, 'the language server asked B for definitions');
    assert.deepEqual(tokensReceivedBy(catalogB), [], 'B received a token after the user declined');

    // The honest path: the user's own settings name A, so the old token is bound to A without a question.
    const userA = serviceUrlOf({ effective: catalogA.url, globalValue: catalogA.url });
    const seenByA = catalogA.requests.length;
    const atA = await connect(broker, userA);
    assert.equal(atA.state, 'connected');
    assert.ok(catalogA.requests.slice(seenByA).some((r) => r.headers.authorization === `Bearer ${TOKEN}`), 'A received the token');
    assert.equal(secrets.has(LEGACY_TOKEN_KEY), false, 'the old shared key is gone once bound');
    assert.equal(questions.length, 1);
  });
});

// Issue 21, finding 1, in a real VS Code (code-server): the user signs in to catalog A (the URL in
// their user settings), then the workspace's .vscode/settings.json points catalogCode.service.url
// at catalog B — what checking out a pull request's branch does. B must never receive A's token,
// a token B does have is sent only after the user says yes in a modal, and after a no B gets none;
// then the honest path: A still works with its token. A and B are recording proxies on 127.0.0.1
// in front of one real local catalog service, so B is an attacker who could use what it is sent.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { startService, type RunningService } from '../../service/main';
import { startFaultProxy, type FaultProxy, type RecordedRequest } from '../support/faultProxy';
import { sampleCatalog } from './harness';
import { e2eSuite } from './suite';
import { until } from './workbench';

const TOKEN_A = 'e2e-token-for-catalog-a-5d27c0e1';
const TOKEN_B = 'e2e-token-for-catalog-b-9a41f6b3';
/** a (re)load starts an extension host and language server, and the first fetch after a switch reads every definition again: slow on a busy machine */
const SLOW = { timeoutMs: 240_000 };
const FROM_SERVICE = "'Finance' is not an allowed value of io.catalogcode.governance.ownerTeam";

let service: RunningService | undefined;
let catalogA: FaultProxy | undefined;
let catalogB: FaultProxy | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'catalog-code-e2e-origins-'));
after(async () => {
  await catalogA?.close();
  await catalogB?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const authorizations = (requests: readonly RecordedRequest[]): string[] => requests.map((r) => r.headers.authorization ?? '(none)');

/** Waits for `proxy` to see a request after the first `since` ones and returns the new ones. */
async function nextRequests(proxy: FaultProxy, since: number, what: string, accept: (r: RecordedRequest) => boolean = () => true): Promise<RecordedRequest[]> {
  return until(what, async () => {
    const fresh = proxy.requests.slice(since);
    return fresh.some(accept) ? fresh : undefined;
  }, 120_000);
}

e2eSuite(
  'Catalog Code in VS Code: a token goes only to the origin it was given for',
  async () => {
    service = await startService({ host: '127.0.0.1', port: 0, dataDir, token: TOKEN_A, seeds: [sampleCatalog] });
    catalogA = await startFaultProxy(service.url);
    catalogB = await startFaultProxy(service.url);
    // The user's own settings name A; no workspace settings yet. No periodic refresh: every request is caused by the test.
    return { userSettings: { 'catalogCode.service.url': catalogA.url, 'catalogCode.definitions.refreshIntervalSeconds': 0 } };
  },
  async (session, scenario) => {
    const { workbench } = session;
    const a = catalogA!;
    const b = catalogB!;
    const workspaceSettings = (settings: Record<string, unknown>): void => {
      mkdirSync(join(session.workspace, '.vscode'), { recursive: true });
      writeFileSync(join(session.workspace, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
    };

    await scenario('signed in to A (the URL of the user settings), A receives its token', async () => {
      await workbench.openFile('finance-datasets.yaml');
      const seen = a.requests.length;
      await workbench.runCommand('Catalog Code: Sign In', true);
      await workbench.answerInputBox(TOKEN_A);
      await workbench.waitForNotification(`Catalog Code: signed in to ${a.url}`);
      await nextRequests(a, seen, 'A to receive its token', (r) => r.headers.authorization === `Bearer ${TOKEN_A}`);
      await workbench.waitForProblem([FROM_SERVICE], 120_000);
    }, SLOW);

    await scenario("the attack: the workspace's settings point at B, which receives requests but never A's token, and nobody is asked", async () => {
      const seen = b.requests.length;
      workspaceSettings({ 'catalogCode.service.url': b.url });
      // The first definitions request is where the token used to go.
      const fresh = await nextRequests(b, seen, 'the extension to contact B');
      assert.deepEqual([...new Set(authorizations(fresh))], ['(none)'], 'B received an Authorization header');
      assert.equal(await workbench.page.locator('.monaco-dialog-box').count(), 0, 'a question was shown although there is no token for B');
    });

    await scenario('a token given for B goes to B from this workspace only after a yes: in a new window B gets nothing until asked, and nothing after a no', async () => {
      await workbench.runCommand('Catalog Code: Sign In', true);
      await workbench.answerInputBox(TOKEN_B);
      await workbench.waitForNotification(`Catalog Code: signed in to ${b.url}`);
      await nextRequests(b, 0, 'B to receive the token signed in for it', (r) => r.headers.authorization === `Bearer ${TOKEN_B}`);

      // A new window: the yes that signing in gave was for that session only.
      const seen = b.requests.length;
      await workbench.page.reload();
      await workbench.ready();
      const dialog = workbench.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 180_000 });
      assert.deepEqual(authorizations(b.requests.slice(seen)).filter((h) => h !== '(none)'), [], 'B received a token before the question was answered');
      const question = await workbench.answerDialog(/^Cancel$/);
      assert.match(question, new RegExp(`Send your token for ${b.url.replace(/[.]/g, '\\.')}`));
      assert.match(question, new RegExp(`Your user settings use ${a.url.replace(/[.]/g, '\\.')}`));
      await workbench.openFile('finance-datasets.yaml');
      const fresh = await nextRequests(b, seen, 'the extension to contact B without a token');
      assert.deepEqual([...new Set(authorizations(fresh))], ['(none)'], 'B received a token after the user declined');
      for (const request of b.requests) assert.ok(!JSON.stringify(request.headers).includes(TOKEN_A), `B received A's token: ${request.method} ${request.path}`);
    }, SLOW);

    await scenario('a no holds for its window only: the next one asks again, and "Send Token" sends B its own token', async () => {
      const beforeYes = b.requests.length;
      await workbench.page.reload();
      await workbench.ready();
      await workbench.page.locator('.monaco-dialog-box').waitFor({ state: 'visible', timeout: 180_000 });
      await workbench.answerDialog(/^Send Token$/);
      await nextRequests(b, beforeYes, 'B to receive its token after the yes', (r) => r.headers.authorization === `Bearer ${TOKEN_B}`);
    }, SLOW);

    await scenario("the honest path: without the workspace's URL, A gets its token again, with no question", async () => {
      const seen = a.requests.length;
      workspaceSettings({});
      await nextRequests(a, seen, 'A to receive its token again', (r) => r.headers.authorization === `Bearer ${TOKEN_A}`);
      assert.equal(await workbench.page.locator('.monaco-dialog-box').count(), 0, 'a question was shown for the user\'s own URL');
      await workbench.waitForProblem([FROM_SERVICE], 120_000);
      for (const request of b.requests) assert.ok(!JSON.stringify(request.headers).includes(TOKEN_A), `B received A's token: ${request.method} ${request.path}`);
    }, SLOW);
  },
);

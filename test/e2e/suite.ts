// One e2e suite: installs the tools (first run only), starts a session, runs its scenarios in
// order against it and always tears it down. Outside CI a machine that cannot run the suite skips
// it with the reason and what to install; under CI=true that is a failure.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { startSession, type Session, type SessionOptions } from './harness';
import { withDetail } from './workbench';
import { ensureE2eTools, repoRoot, setupLogTail } from '../../support/e2e/setup';
import { budgetMs } from '../support/timeScale';

/** where the issue asks for them; git-ignored */
export const SCREENSHOTS = join(repoRoot, 'test-results');
/** hang guards only: each wait inside a scenario has its own budget (./workbench.ts), scaled by CATALOG_TEST_TIME_SCALE */
const SCENARIO_TIMEOUT_MS = budgetMs(6 * 60_000);
/** the first run installs code-server (about 2–3 minutes) before the session starts */
const SUITE_TIMEOUT_MS = budgetMs(40 * 60_000);

/** `timeoutMs`: a larger budget for a scenario that reloads the window (a new extension host) */
export type Scenario = (name: string, body: () => Promise<void>, options?: { timeoutMs?: number }) => Promise<void>;

/** Saves a screenshot; with UPDATE_SCREENSHOTS=1 it also refreshes the README's copy in media/screenshots/. */
export async function screenshot(session: Session, name: string): Promise<void> {
  await session.workbench.screenshot(join(SCREENSHOTS, name));
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  const target = join(repoRoot, 'media', 'screenshots');
  mkdirSync(target, { recursive: true });
  copyFileSync(join(SCREENSHOTS, name), join(target, name));
}

export function e2eSuite(name: string, options: () => Promise<SessionOptions> | SessionOptions, body: (session: Session, scenario: Scenario, t: TestContext) => Promise<void>): void {
  test(name, { timeout: SUITE_TIMEOUT_MS }, async (t) => {
    const setup = await ensureE2eTools();
    if (!setup.ok) {
      if (process.env.CI === 'true') assert.fail(`The e2e suite must run in CI but cannot: ${setup.reason}\n${setupLogTail()}`);
      t.diagnostic(`e2e suite skipped: ${setup.reason}`);
      t.skip(`e2e suite skipped: ${setup.reason}`);
      return;
    }
    let session: Session | undefined;
    try {
      session = await startSession(setup.tools, await options());
      const running = session;
      const scenario: Scenario = async (scenarioName, scenarioBody, scenarioOptions) => {
        await t.test(scenarioName, { timeout: scenarioOptions?.timeoutMs ?? SCENARIO_TIMEOUT_MS }, async (st) => {
          try {
            await scenarioBody();
          } catch (error) {
            const shot = join(SCREENSHOTS, `failed-${scenarioName.replace(/[^a-z0-9]+/gi, '-').slice(0, 50)}.png`);
            await running.workbench.screenshot(shot).catch(() => undefined);
            st.diagnostic(`screenshot: ${shot}`);
            st.diagnostic(`code-server output (last lines):\n${running.serverOutput().slice(-1500)}`);
            // In the error itself: a CI log keeps a failure's message where it may cut the diagnostics.
            throw withDetail(error, `Catalog Code's output in the editor (last lines):\n${extensionLogTail(running.userData)}`);
          }
        });
      };
      await body(session, scenario, t);
    } finally {
      await session?.stop();
    }
  });
}

/** The last lines of the Catalog Code output channel, as VS Code writes it under the user data folder's logs. */
export function extensionLogTail(userData: string, lines = 40): string {
  const logs = join(userData, 'logs');
  try {
    const found = readdirSync(logs, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith(join('catalog-code.catalog-code', 'Catalog Code.log'))).sort();
    if (found.length === 0) return '(no Catalog Code log under the user data folder)';
    return found.map((path) => readFileSync(join(logs, path), 'utf8').split('\n').slice(-lines).join('\n')).join('\n---\n');
  } catch (error) {
    return `(the logs could not be read: ${error instanceof Error ? error.message : String(error)})`;
  }
}

// Issue 23 in a real VS Code (code-server) on the local catalog the extension starts: the Problems
// panel lists files no editor has open (LSP workspace diagnostics), and a new integrated terminal
// has CATALOG_SERVICE_URL, so `catalog-code plan` there reaches the same catalog with its token file.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { repoRoot } from '../../support/e2e/setup';
import { e2eSuite } from './suite';
import { until } from './workbench';

const out = mkdtempSync(join(tmpdir(), 'catalog-code-e2e-terminal-'));
after(() => rmSync(out, { recursive: true, force: true }));

e2eSuite('Editor and terminal on one catalog; problems of the whole workspace', () => ({}), async (session, scenario) => {
  const { workbench } = session;
  const { page } = workbench;

  await scenario('closed files show their problems in the Problems panel', async () => {
    // No file is opened: these come from workspace/diagnostic (a column edge, and a value only the live definitions refuse).
    await workbench.waitForProblem(['lineage.columnOutsideEdge']);
    await workbench.waitForProblem(["'marketing' is not an allowed value of io.catalogcode.governance.ownerTeam"]);
    const tabs = await page.locator('.tabs-container .tab').count();
    assert.equal(tabs, 0, 'no editor was opened');
  });

  await scenario('a new integrated terminal has CATALOG_SERVICE_URL, and catalog-code plan there uses the local catalog', async () => {
    await workbench.runCommand('Terminal: Create New Terminal');
    const terminal = page.locator('.terminal-wrapper.active .xterm');
    await terminal.waitFor({ state: 'visible' });
    await terminal.click();
    const urlFile = join(out, 'url.txt');
    const planFile = join(out, 'plan.txt');
    const done = join(out, 'done');
    const cli = join(repoRoot, 'dist', 'cli.js');
    await page.keyboard.type(`printf '%s' "$CATALOG_SERVICE_URL" > ${urlFile}; node ${cli} plan . > ${planFile} 2>&1; touch ${done}`);
    await page.keyboard.press('Enter');
    await until('the terminal command to finish', async () => (existsSync(done) ? true : undefined));
    const url = readFileSync(urlFile, 'utf8');
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/, 'CATALOG_SERVICE_URL is the local catalog');
    const plan = readFileSync(planFile, 'utf8');
    assert.ok(plan.includes(`Target: the local catalog at ${url}. Token from ${join(session.workspace, '.catalog', 'connection.json')}.`), plan);
    assert.doesNotMatch(plan, /HTTP 401/);
  });
});

// Catalog Code in a real VS Code (code-server) connected to a catalog service by URL, the way a
// team uses a shared DataHub: Sign In keeps the token out of settings, and Push Lineage shows its
// plan, asks, and changes what the service answers. The service here is a local catalog the test
// starts itself, seeded with test/fixtures/sample-catalog, so the test can read it back.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { scrollLineage } from '../../core/api/lineageClient';
import { readAspect } from '../../core/api/pushClient';
import type { ServiceConnection } from '../../core/api/http';
import { startService, type RunningService } from '../../service/main';
import { sampleCatalog } from './harness';
import { e2eSuite } from './suite';
import { until } from './workbench';

const TOKEN = 'e2e-sign-in-token-7c1d04b9a2';
const REVENUE = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,marts.revenue_daily,PROD)';
const CUSTOMER_ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,warehouse.customer_orders,PROD)';
const CUSTOMERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,staging.customers,PROD)';
const TIER = 'urn:li:structuredProperty:io.catalogcode.quality.tier';
const CRM_CUSTOMERS = 'urn:li:dataset:(urn:li:dataPlatform:postgres,crm.customers,PROD)';

let service: RunningService | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'catalog-code-e2e-service-'));
after(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upstreamsOf(connection: ServiceConnection, urn: string): Promise<string[]> {
  const page = await scrollLineage(connection, { urn, direction: 'UPSTREAM', degrees: ['1'], count: 100 });
  return page.results.map((hit) => hit.urn).sort();
}

/** Every settings file VS Code keeps for this session: the user's and the workspace's. */
function settingsFiles(...roots: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === 'settings.json') found.push(path);
    }
  };
  for (const root of roots) walk(root);
  return found;
}

e2eSuite(
  'Catalog Code in VS Code, signed in to a catalog service by URL',
  async () => {
    service = await startService({ host: '127.0.0.1', port: 0, dataDir, token: TOKEN, seeds: [sampleCatalog] });
    return { serviceUrl: service.url };
  },
  async (session, scenario) => {
    const { workbench } = session;
    const connection: ServiceConnection = { url: service!.url, token: TOKEN };

    await scenario('Sign In keeps the token in secret storage, never in settings.json', async () => {
      await workbench.openFile('finance-datasets.yaml');
      await workbench.runCommand('Catalog Code: Sign In', true);
      await workbench.answerInputBox(TOKEN);
      await workbench.waitForNotification(`Catalog Code: signed in to ${service!.url}`);

      // The language server now reads the service's definitions with that token.
      await workbench.waitForProblem(["'Finance' is not an allowed value of io.catalogcode.governance.ownerTeam"]);
      const files = settingsFiles(session.userData, session.workspace);
      assert.ok(files.some((f) => f.endsWith(join('User', 'settings.json'))) && files.some((f) => f.endsWith(join('.vscode', 'settings.json'))), `settings files: ${files.join(', ')}`);
      for (const file of files) assert.ok(!readFileSync(file, 'utf8').includes(TOKEN), `the token was written to ${file}`);
    });

    await scenario('Push Lineage shows the plan, asks, and the service then holds the new edges; an edge removed from the file is removed by the next push', async () => {
      const before = await upstreamsOf(connection, REVENUE);
      assert.ok(before.includes(CRM_CUSTOMERS) && !before.includes(CUSTOMERS) && !before.includes(CUSTOMER_ORDERS), `upstreams before the push: ${before.join(', ')}`);
      await workbench.openFile('revenue-lineage.yml');
      await workbench.waitForEditorText('staging.customers');
      await workbench.clearNotifications();

      await workbench.runCommand('Catalog Code: Push Lineage (This File)');
      // The plan opens beside the file in the Markdown preview, as Catalog Code: Plan shows it, before
      // the question (once pushed, it says so instead).
      await workbench.waitForWebviewText('the push plan beside the file', ['Catalog Code plan', 'marts.revenue_daily', 'staging.customers']);
      const question = await workbench.answerDialog(/^Push: \d+ add/);
      assert.match(question, new RegExp(`Push the lineage of revenue-lineage\\.yml to ${service!.url.replace(/[.]/g, '\\.')}`));
      assert.match(question, /\d+ to add, \d+ to change, 0 to remove/);
      // The result counts what the button counted (issue 37).
      await workbench.waitForNotification(/Catalog Code: pushed revenue-lineage\.yml: 2 add \(\d+ requests?\)\./);
      await workbench.waitForWebviewText('the plan beside the file says it was pushed', ['Pushed', 'This plan is done']);
      const pushed = await upstreamsOf(connection, REVENUE);
      for (const urn of [CRM_CUSTOMERS, CUSTOMER_ORDERS, CUSTOMERS]) assert.ok(pushed.includes(urn), `${urn} missing from the upstreams after the push: ${pushed.join(', ')}`);

      // Delete the staging.customers entry (its 5 lines) and push again.
      await workbench.goTo(20, 1);
      for (let i = 0; i < 5; i++) await workbench.page.keyboard.press('Control+Shift+K');
      await until('staging.customers to leave the file', async () => ((await workbench.editorText()).includes('staging.customers') ? undefined : true));
      await workbench.clearNotifications();
      await workbench.runCommand('Catalog Code: Push Lineage (This File)');
      const removing = await workbench.answerDialog(/^Push: .*\d+ remove/);
      assert.match(removing, /[1-9]\d* to remove/);
      // Deleting needs its own yes, which names what goes.
      const deletion = await workbench.answerDialog(/^Delete \d+ and Push$/);
      assert.match(deletion, /staging\.customers/);
      await workbench.waitForNotification(/Catalog Code: pushed revenue-lineage\.yml: .*1 remove \(\d+ requests?\)\./);
      const afterRemoval = await upstreamsOf(connection, REVENUE);
      assert.ok(!afterRemoval.includes(CUSTOMERS), `staging.customers is still an upstream after the second push: ${afterRemoval.join(', ')}`);
      for (const urn of [CRM_CUSTOMERS, CUSTOMER_ORDERS]) assert.ok(afterRemoval.includes(urn), `${urn} was lost by the second push: ${afterRemoval.join(', ')}`);
    });

    await scenario('soft deleting a property from the editor turns its uses into diagnostics; restoring clears them', async () => {
      await workbench.openFile('team-datasets.yaml');
      await workbench.waitForEditorText('io.catalogcode.quality.tier: gold');
      await workbench.openFile('quality-properties.yaml');
      await workbench.clearNotifications();

      await workbench.clickCodeLens('Soft Delete');
      const question = await workbench.answerDialog(/^Soft Delete$/);
      assert.match(question, /Soft delete urn:li:structuredProperty:io\.catalogcode\.quality\.tier/);
      await workbench.waitForNotification(`Catalog Code: ${TIER} is soft deleted.`);
      assert.equal((await readAspect(connection, 'structuredProperty', TIER, 'status'))?.removed, true);
      const use = await workbench.waitForProblem(["'io.catalogcode.quality.tier' is soft-deleted", 'property.softDeleted']);
      assert.match(use, /Restore the property/);

      await workbench.clickCodeLens('Restore');
      await workbench.waitForNotification(`Catalog Code: ${TIER} is restored.`);
      assert.equal((await readAspect(connection, 'structuredProperty', TIER, 'status'))?.removed, false);
      await workbench.waitForNoProblem('property.softDeleted');
    });
  },
);

// Rename Symbol (F2) in a real VS Code (code-server) driven by headless Chromium, against the local
// catalog the extension starts: a structured property that only the workspace defines is renamed
// from its definition, and the one WorkspaceEdit changes its id in the definitions file, its key
// in a dataset YAML and its URN in an MCP JSON file (saved by VS Code's refactoring autosave);
// Open in DataHub on the local catalog says why there is no page to open.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from './workbench';
import { e2eSuite, screenshot } from './suite';

const PROPERTY = 'io.catalogcode.quality.freshnessSla';
const RENAMED = 'io.catalogcode.quality.freshnessHours';
const FILES: Record<string, string> = {
  'freshness-properties.yaml': `- id: ${PROPERTY}\n  type: number\n  cardinality: SINGLE\n  display_name: Freshness SLA (hours)\n  entity_types:\n    - dataset\n`,
  'freshness-datasets.yaml': `- id: warehouse.orders_clean\n  platform: hive\n  env: PROD\n  structured_properties:\n    ${PROPERTY}: 24\n`,
  'freshness.mcp.json': `${JSON.stringify(
    [
      {
        entityType: 'dataset',
        entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,warehouse.customer_orders,PROD)',
        changeType: 'UPSERT',
        aspectName: 'structuredProperties',
        aspect: { json: { properties: [{ propertyUrn: `urn:li:structuredProperty:${PROPERTY}`, values: [{ double: 6 }] }] } },
      },
    ],
    null,
    2,
  )}\n`,
};

e2eSuite('Catalog Code: rename a structured property across files', () => ({ files: FILES }), async (session, scenario) => {
  const { workbench } = session;
  const page = workbench.page;
  const onDisk = (name: string) => readFileSync(join(session.workspace, name), 'utf8');

  await scenario('F2 on a property id renames it in the definitions, a dataset YAML and an MCP JSON file', async () => {
    await workbench.openFile('freshness-properties.yaml');
    await workbench.waitForEditorText(PROPERTY);
    await workbench.goTo(1, 30);
    await page.keyboard.press('F2');
    const box = page.locator('.rename-box input, .rename-box textarea').first();
    await box.waitFor({ state: 'visible' });
    assert.equal(await box.inputValue(), PROPERTY);
    await box.fill(RENAMED);
    await screenshot(session, 'rename.png');
    await page.keyboard.press('Enter');

    await workbench.waitForEditorText(`- id: ${RENAMED}`);
    await until('the dataset YAML renamed on disk', async () => (onDisk('freshness-datasets.yaml').includes(`${RENAMED}: 24`) ? true : undefined));
    await until('the MCP JSON renamed on disk', async () => (onDisk('freshness.mcp.json').includes(`"urn:li:structuredProperty:${RENAMED}"`) ? true : undefined));
    assert.ok(!onDisk('freshness-datasets.yaml').includes(PROPERTY));
    assert.deepEqual(JSON.parse(onDisk('freshness.mcp.json'))[0].aspect.json.properties[0].propertyUrn, `urn:li:structuredProperty:${RENAMED}`);
  });

  await scenario('F2 on a property the local catalog holds says the catalog keeps the old name', async () => {
    await workbench.openFile('quality-properties.yaml');
    await workbench.goTo(2, 20);
    await page.keyboard.press('F2');
    const message = page.locator('.monaco-editor-overlaymessage, .rename-box .rename-label', { hasText: 'catalog keeps' }).first();
    await message.waitFor({ state: 'visible' });
    assert.match(await message.innerText(), /holds the structured property 'io\.catalogcode\.quality\.tier'.*catalog keeps/s);
    await page.keyboard.press('Escape');
  });

  await scenario('Open in DataHub on the dataset under the cursor says why the local catalog has no page, and offers the setting', async () => {
    await workbench.clearNotifications();
    await workbench.openFile('team-datasets.yaml');
    await workbench.goTo(2, 12);
    await workbench.runCommand('Catalog Code: Open in DataHub');
    const told = await workbench.waitForNotification('The local catalog has no web UI');
    assert.match(told, /cannot open urn:li:dataset:\(urn:li:dataPlatform:hive,warehouse\.orders_clean,PROD\) in DataHub/);
    assert.match(told, /catalogCode\.service\.uiUrl/);
  });
});

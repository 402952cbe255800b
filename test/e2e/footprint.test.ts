// Issue 36, the footprint, in a real VS Code (code-server): a folder holding only a web project
// (package.json, tsconfig.json, a GitHub workflow, a compose file) gets no `.catalog/`, no local
// catalog and no Catalog Code menus; once a metadata file appears there, the local catalog starts
// with its data in the extension's storage (still nothing in the folder) and the menus show on
// that file only.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eSuite } from './suite';
import { until, type Workbench } from './workbench';

const WEB_PROJECT: Record<string, string> = {
  'package.json': '{\n  "name": "shop",\n  "version": "1.0.0",\n  "scripts": {"build": "tsc"}\n}\n',
  'tsconfig.json': '{\n  "compilerOptions": {"strict": true, "outDir": "out"}\n}\n',
  '.github/workflows/ci.yml': 'name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n',
  'docker-compose.yml': 'services:\n  web:\n    image: shop\n    ports: ["8080:80"]\n',
  'src/index.ts': 'export const shop = 1;\n',
};

const LINEAGE = 'version: 1\nlineage:\n  - entity: {name: shop.orders_clean, type: dataset, platform: hive, env: PROD}\n    upstream:\n      - entity: {name: shop.orders, type: dataset, platform: hive, env: PROD}\n';

/** The `--data` folder of every local catalog (`cli.js serve`) this session's extension runs. */
function localCatalogsOf(root: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    const serve = args.indexOf('serve');
    if (serve < 1 || !args[serve - 1].startsWith(root) || !args[serve - 1].endsWith('cli.js')) continue;
    const data = args.indexOf('--data');
    if (data > 0) found.push(args[data + 1]);
  }
  return found;
}

/** The titles of the action buttons in the active editor's title bar. */
async function editorTitleActions(workbench: Workbench): Promise<string[]> {
  const labels = workbench.page.locator('.editor-group-container.active .editor-actions .action-label');
  return (await labels.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''))).filter(Boolean);
}

/** The entries of the explorer's context menu on a file at the root of the workspace. */
async function explorerMenu(workbench: Workbench, name: string): Promise<string[]> {
  const { page } = workbench;
  const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
  await row.waitFor({ state: 'visible' });
  await row.click({ button: 'right' });
  const menu = page.locator('.context-view .monaco-menu');
  await menu.waitFor({ state: 'visible' });
  const entries = await menu.locator('.action-label').allInnerTexts();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return entries.map((entry) => entry.trim()).filter(Boolean);
}

const CATALOG_MENUS = /^(Push File|Push Lineage|Plan|Pull)/;

e2eSuite('A web project: no local catalog, no .catalog/, no menus; a metadata file brings them', () => ({ onlyFiles: WEB_PROJECT, seedLocalCatalog: false }), async (session, scenario) => {
  const { workbench } = session;

  await scenario('opening the web project starts no catalog and writes nothing into it', async () => {
    await workbench.runCommand('View: Show Explorer');
    await workbench.openFile('package.json');
    // The extension is active (a JSON file is open) and has the language server's answer once the log says why nothing started.
    await workbench.runCommand('Catalog Code: Open Log');
    await until('the log to say the local catalog was not started', async () => {
      const text = await workbench.panelText();
      return text.includes('no file in this workspace is a metadata file') ? true : undefined;
    });
    assert.deepEqual(localCatalogsOf(session.root), [], 'no local catalog runs');
    assert.equal(existsSync(join(session.workspace, '.catalog')), false, 'no .catalog/ in the folder');
  });

  await scenario('no Catalog Code menu on package.json, a workflow or a compose file', async () => {
    await workbench.openFile('package.json');
    assert.deepEqual((await editorTitleActions(workbench)).filter((label) => CATALOG_MENUS.test(label)), []);
    await workbench.openFile('docker-compose.yml');
    assert.deepEqual((await editorTitleActions(workbench)).filter((label) => CATALOG_MENUS.test(label)), []);
    for (const name of ['package.json', 'docker-compose.yml', 'tsconfig.json']) {
      const entries = await explorerMenu(workbench, name);
      assert.ok(entries.length > 3, `the context menu of ${name} opened: ${entries.join(', ')}`);
      assert.deepEqual(entries.filter((entry) => CATALOG_MENUS.test(entry)), [], name);
    }
    assert.deepEqual(localCatalogsOf(session.root), []);
  });

  await scenario('a lineage file appears: the local catalog starts outside the folder, the menus show on that file only', async () => {
    writeFileSync(join(session.workspace, 'orders-lineage.yml'), LINEAGE);
    const dataDirs = await until('the local catalog to start', async () => {
      const running = localCatalogsOf(session.root);
      return running.length > 0 ? running : undefined;
    });
    assert.equal(dataDirs.length, 1, dataDirs.join(', '));
    assert.ok(dataDirs[0].startsWith(session.userData), `its data is in the extension's storage, not the folder: ${dataDirs[0]}`);
    assert.equal(existsSync(join(session.workspace, '.catalog')), false, 'still no .catalog/ in the folder');
    await workbench.openFile('orders-lineage.yml');
    await until('Plan and Push File in the title of the lineage file', async () => {
      const actions = await editorTitleActions(workbench);
      return actions.some((label) => label.startsWith('Plan')) && actions.some((label) => label.startsWith('Push File')) ? true : undefined;
    });
    const entries = await explorerMenu(workbench, 'orders-lineage.yml');
    assert.ok(entries.some((entry) => entry.startsWith('Push File')), entries.join(', '));
    await workbench.openFile('package.json');
    assert.deepEqual((await editorTitleActions(workbench)).filter((label) => CATALOG_MENUS.test(label)), []);
    assert.deepEqual((await explorerMenu(workbench, 'package.json')).filter((entry) => CATALOG_MENUS.test(entry)), []);
  });
});

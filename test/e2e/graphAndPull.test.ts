// The lineage graph view and Pull from Catalog in a real VS Code (code-server) driven by headless
// Chromium, against the local catalog the extension starts (seeded with the sample catalog):
// the graph renders with degrees, re-roots when a node is clicked and exports Mermaid and SVG;
// the pull command writes a file that opens without problems.
import assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { until } from './workbench';
import { e2eSuite, screenshot } from './suite';

e2eSuite('Catalog Code: lineage graph and Pull from Catalog', () => ({}), async (session, scenario) => {
  const { workbench } = session;
  const page = workbench.page;
  /** code-server nests the webview's document two iframes deep */
  const graph = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  /** Answers an input box that is followed by another one at once (so the widget never hides in between). */
  const answerThenNext = async (value: string, title: string) => {
    const input = page.locator('.quick-input-widget input');
    await until(`the input box "${title}"`, async () => (((await input.getAttribute('aria-label')) ?? '').includes(title) ? true : undefined));
    await input.fill(value);
    await page.keyboard.press('Enter');
    await until(`the input box after "${title}"`, async () => (((await input.getAttribute('aria-label')) ?? '').includes(title) ? undefined : true));
  };
  const rootUrn = async () => (await graph().locator('.node.root').first().getAttribute('data-urn')) ?? '';

  await scenario('the graph renders the lineage with degrees, re-roots on a click and exports Mermaid and SVG', async () => {
    await workbench.openFile('team-datasets.yaml');
    await workbench.runCommand('Catalog Code: Show Lineage Graph', true);
    await workbench.answerInputBox('urn:li:dataset:(urn:li:dataPlatform:hive,warehouse.orders_clean,PROD)');

    await until('the graph to draw warehouse.orders_clean and its neighbours', async () => {
      const nodes = await graph().locator('.node').count();
      return nodes >= 3 && (await rootUrn()).includes('warehouse.orders_clean') ? nodes : undefined;
    });
    const degrees = await graph().locator('.node text.degree').allTextContents();
    assert.ok(degrees.includes('root') && degrees.includes('degree 1') && degrees.includes('degree 2'), `degrees shown: ${degrees.join(', ')}`);
    assert.match(await graph().locator('#status').innerText(), /\d+ entities, \d+ edges(?: \(\d+ not pushed yet\))? · layout and draw \d+ ms \(layout in a worker\)/);
    await screenshot(session, 'lineage-graph.png');

    await graph().locator('.node[data-urn*="staging.orders,"] rect').click();
    await until('the graph to re-root on staging.orders', async () => ((await rootUrn()).includes('staging.orders') ? true : undefined));
    await until('the panel title to follow the root', async () => ((await page.locator('.tabs-container .tab', { hasText: 'Lineage: staging.orders' }).count()) > 0 ? true : undefined));

    await graph().locator('#exportMermaid').click();
    const mermaid = await workbench.waitForEditorText('flowchart LR');
    assert.match(mermaid, /\["staging\.orders \(hive\) · root"\]/);
    assert.match(mermaid, /--> n\d/);

    await graph().locator('#exportSvg').click();
    const svg = await workbench.waitForEditorText('<svg xmlns="http://www.w3.org/2000/svg"');
    assert.match(svg, /staging\.orders \(hive\)/);
  });

  await scenario('Pull from Catalog writes the chosen definitions into a folder and the file opens without problems', async () => {
    await workbench.runCommand('Catalog Code: Pull from Catalog…', true);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Property definitions…' }).first().click();
    await answerThenNext('io.catalogcode.quality.', 'Pull property definitions');
    await workbench.answerInputBox('pulled');
    await workbench.waitForNotification(/pulled 1 file\(s\) into pulled/);
    const text = await workbench.waitForEditorText('qualified_name: io.catalogcode.quality.tier');
    assert.doesNotMatch(text, /io\.catalogcode\.governance/, 'only the chosen prefix');
    // The impact lens proves the file was read against the catalog; by then its diagnostics are in.
    await until('the usage code lens on the pulled definitions', async () => ((await page.locator('.editor-group-container.active .codelens-decoration', { hasText: 'used by' }).count()) > 0 ? true : undefined));
    const rows = await workbench.problems();
    assert.deepEqual(rows.filter((row) => row.includes('pulled')), [], `problems in the pulled file:\n${rows.join('\n')}`);
  });
});

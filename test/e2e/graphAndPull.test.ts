// The lineage graph view and Pull from Catalog in a real VS Code (code-server) driven by headless
// Chromium, against the local catalog the extension starts (seeded with the sample catalog):
// the graph renders with degrees and readable labels at half width, re-roots when a node is clicked,
// goes back and forward, offers Open in DataHub on an entity and exports Mermaid and SVG;
// the pull command writes a file that opens without problems.
import assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { budgetMs } from '../support/timeScale';
import { until } from './workbench';
import { e2eSuite, screenshot } from './suite';

// Word suggestions off: typing a snippet's placeholder (`Tier`) could open one offering the same
// word, and a Tab then accepts it — the text and the selection unchanged, the placeholder not left.
e2eSuite('Catalog Code: lineage graph and Pull from Catalog', () => ({ userSettings: { 'editor.wordBasedSuggestions': 'off' } }), async (session, scenario) => {
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

    // Readable in a half-width editor: Fit keeps entity labels at a readable size on screen (and
    // scrolls for the rest) instead of shrinking the whole graph into the panel.
    const canvasWidth = await graph().locator('#canvas').evaluate((canvas) => canvas.getBoundingClientRect().width);
    assert.ok(canvasWidth < 760, `the graph panel is about half the window (${canvasWidth} px of 1400)`);
    await graph().locator('#fit').click();
    // Runs in the webview (the test's own types have no DOM): the label's computed font size times the zoom it is drawn at.
    const labelPx = await graph().locator('.node text.label').first().evaluate((label) => {
      const browser = globalThis as unknown as { getComputedStyle(element: unknown): { fontSize: string } };
      const matrix = (label as unknown as { getScreenCTM(): { a: number; b: number } | null }).getScreenCTM();
      return parseFloat(browser.getComputedStyle(label).fontSize) * (matrix ? Math.hypot(matrix.a, matrix.b) : 1);
    });
    assert.ok(labelPx >= 11, `entity labels are drawn at ${labelPx.toFixed(1)} px on screen after Fit`);
    await screenshot(session, 'lineage-graph-half-width.png');

    // Pan and zoom as a user does. During a gesture the canvas moves as one layer; once it pauses the
    // drawing itself is moved there (the layer's own move cleared), and it is where the gesture left it.
    const entity = graph().locator('.node[data-urn*="staging.orders,"] rect');
    const canvasMove = () => graph().locator('#canvas').evaluate((canvas) => (canvas as unknown as { style: { transform: string } }).style.transform);
    const settledBox = async (what: string, expected: (box: { x: number; y: number; width: number; height: number }) => boolean) =>
      until(what, async () => {
        const box = await entity.boundingBox();
        return box && (await canvasMove()) === '' && expected(box) ? box : undefined;
      });
    const start = await settledBox('the entity on screen', () => true);
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.wheel(0, 60);
    const panned = await settledBox('the wheel to move the drawing up by 60 px', (box) => Math.abs(box.y - (start.y - 60)) < 2 && Math.abs(box.x - start.x) < 2);
    const pointer = { x: panned.x + panned.width / 2, y: panned.y + panned.height / 2 };
    await page.mouse.move(pointer.x, pointer.y);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -120);
    await page.keyboard.up('Control');
    await settledBox('Ctrl+wheel to zoom in around the pointer', (box) => box.width > panned.width * 1.05 && Math.abs(box.x + box.width / 2 - pointer.x) < 3 && Math.abs(box.y + box.height / 2 - pointer.y) < 3);
    await graph().locator('#fit').click();

    await graph().locator('.node[data-urn*="staging.orders,"] rect').click();
    await until('the graph to re-root on staging.orders', async () => ((await rootUrn()).includes('staging.orders') ? true : undefined));
    await until('the panel title to follow the root', async () => ((await page.locator('.tabs-container .tab', { hasText: 'Lineage: staging.orders' }).count()) > 0 ? true : undefined));

    // Back and forward through the re-roots: the toolbar's buttons and Alt+Left / Alt+Right.
    await graph().locator('#back').click();
    await until('Back to show warehouse.orders_clean again', async () => ((await rootUrn()).includes('warehouse.orders_clean') ? true : undefined));
    await graph().locator('#canvas').press('Alt+ArrowRight');
    await until('Alt+Right to show staging.orders again', async () => ((await rootUrn()).includes('staging.orders') ? true : undefined));
    assert.equal(await graph().locator('#forward').isDisabled(), true, 'nothing after the newest root');

    // An entity's context menu offers Open in DataHub (and closes on Escape).
    await graph().locator('.node[data-urn*="orders_clean"] rect').click({ button: 'right' });
    const menu = graph().locator('.graphMenu li');
    await until('the entity context menu', async () => ((await menu.count()) > 0 ? true : undefined));
    assert.deepEqual(await menu.allTextContents(), ['Show Lineage from Here', 'Open File', 'Open in DataHub']);
    await page.keyboard.press('Escape');
    await until('the menu to close', async () => ((await graph().locator('.graphMenu').count()) === 0 ? true : undefined));

    await graph().locator('#exportMermaid').click();
    const mermaid = await workbench.waitForEditorText('flowchart LR');
    assert.match(mermaid, /\["staging\.orders \(hive\) · root"\]/);
    assert.match(mermaid, /--> n\d/);

    // A click on a busy machine can land while the webview is still taking focus back: click again, as a user would.
    const svg = await until('Export SVG to open the drawing as text', async () => {
      await graph().locator('#exportSvg').click();
      return workbench.waitForEditorText('<svg xmlns="http://www.w3.org/2000/svg"', budgetMs(20_000)).catch(() => undefined);
    });
    assert.match(svg, /staging\.orders \(hive\)/);
  });

  await scenario('Pull from Catalog proposes the entity under the cursor, then the workspace\'s entities', async () => {
    await workbench.openFile('team-datasets.yaml');
    await workbench.goTo(2, 10); // on `warehouse.orders_clean`
    await workbench.runCommand('Catalog Code: Pull from Catalog…', true);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Structured properties of an entity…' }).first().click();
    const rows = page.locator('.quick-input-list .monaco-list-row');
    const offered = await until('the entity picker with the entity under the cursor first', async () => {
      const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
      return texts.length > 1 && texts[0].includes('under the cursor') ? texts : undefined;
    });
    assert.match(offered[0], /warehouse\.orders_clean \(hive\)/);
    assert.ok(offered.some((t) => t.includes('declared in')), `workspace entities offered:\n${offered.join('\n')}`);
    await page.keyboard.press('Escape');
  });

  /** Tab (or Escape, to close a choice or suggestion list) one key at a time, the next only once the selection has moved, until the selection matches. */
  async function tabToPlaceholder(what: string, selected: RegExp): Promise<void> {
    const selection = page.locator('.statusbar-item[id="status.editor.selection"]');
    await until(`Tab to reach ${what}`, async () => {
      const before = await selection.innerText();
      if (selected.test(before)) return true;
      const listOpen = (await page.locator('.suggest-widget.visible').count()) > 0;
      await page.keyboard.press(listOpen ? 'Escape' : 'Tab');
      // The selection moved, or a suggestion list opened after the key (closed with Escape on the next step).
      if (!listOpen) await until('the selection to move', async () => ((await selection.innerText()) !== before || (await page.locator('.suggest-widget.visible').count()) > 0 ? true : undefined));
      return undefined;
    });
  }

  await scenario('a template from an empty file: Tab moves on after a choice', async () => {
    // An empty file of the fixture workspace (a file created during the test is not in Quick Open's index yet).
    await workbench.openFile('new-properties.yaml');
    await workbench.suggestions('structured property definitions file');
    await page.locator('.suggest-widget.visible .monaco-list-row', { hasText: 'structured property definitions file' }).first().click();
    await workbench.waitForEditorText('id: io.example.property');
    await page.keyboard.type('io.acme.tier');
    await page.keyboard.press('Tab'); // to the value type: a choice
    await until('the value type choices', async () => ((await page.locator('.suggest-widget.visible .monaco-list-row', { hasText: 'number' }).count()) > 0 ? true : undefined));
    await page.locator('.suggest-widget.visible .monaco-list-row', { hasText: 'number' }).first().click();
    // From here on only Tab (and Escape to close a choice list, which keeps its first choice): it
    // must reach the display name (line 4, its 12-character default selected) through the
    // cardinality choice. One key per step, and the next only once the selection has moved.
    await tabToPlaceholder('the display name after the choices', /Ln 4, Col \d+ \(12 selected\)/);
    await page.keyboard.type('Tier');
    // Typing may open word suggestions, and a Tab then accepts one instead of moving on.
    await tabToPlaceholder('the description', /Ln 5, Col \d+ \(24 selected\)/);
    await page.keyboard.type('How much support the dataset gets');
    const text = await workbench.waitForEditorText('description: How much support the dataset gets');
    assert.match(text, /display_name: Tier/);
    assert.match(text, /id: io\.acme\.tier/);
    assert.match(text, /type: number/);
    assert.match(text, /cardinality: SINGLE/);
    await page.keyboard.press('Escape');
    await workbench.runCommand('File: Revert File');
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

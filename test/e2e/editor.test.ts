// Catalog Code in a real VS Code (code-server), clicked by headless Chromium, against the local
// catalog the extension starts itself (seeded with test/fixtures/sample-catalog): diagnostics,
// completion, quick fixes and the lineage view. The first run installs code-server and Node 24
// into the user's cache, ~/.cache/catalog-code/code-server/ (a few minutes, once). Screenshots go to test-results/; with
// UPDATE_SCREENSHOTS=1 the README's copies in media/screenshots/ are refreshed too.
import assert from 'node:assert/strict';
import { e2eSuite, screenshot } from './suite';

e2eSuite('Catalog Code in VS Code, on its own local catalog', () => ({}), async (session, scenario) => {
  const { workbench } = session;

  await scenario('a column edge outside its dataset edge is flagged in the editor and the Problems panel', async () => {
    await workbench.openFile('orders-lineage.yml');
    await workbench.waitForEditorText('fineGrainedLineages');

    // Judged for the local catalog the extension started (it refuses such edges; DataHub would store them).
    const row = await workbench.waitForProblem(['The upstream column country of staging.customers (hive, PROD) belongs to a dataset that is neither warehouse.orders_clean', 'The local catalog rejects it', 'lineage.columnOutsideEdge']);
    assert.match(row, /\[Ln 25, Col 13\]/);
    assert.match(row, /The local catalog rejects it .*Add staging\.customers \(hive, PROD\) as an upstream of warehouse\.orders_clean/);
    // The panel lists closed files too (workspace diagnostics): count this file's rows only.
    const rows = await workbench.problems();
    const ours = rowsOfFile(rows, 'orders-lineage.yml').filter((r) => r.includes('catalog-code'));
    assert.equal(ours.length, 1, `only the column-edge problem expected in orders-lineage.yml, got:\n${rows.join('\n')}`);

    await workbench.goTo(25, 13);
    const hover = await workbench.hoverSquiggle('error', 'belongs to a dataset that is neither warehouse.orders_clean');
    assert.match(hover, /did you mean country of staging\.orders \(hive, PROD\)\?/);
    await screenshot(session, 'diagnostic.png');
  });

  await scenario('completion offers the allowed values with their descriptions; accepting one clears the diagnostic', async () => {
    await workbench.openFile('team-datasets.yaml');
    await workbench.waitForProblem(["'marketing' is not an allowed value of io.catalogcode.governance.ownerTeam", 'property.notAllowedValue']);

    await workbench.goTo(6, 42);
    await workbench.page.keyboard.press('Shift+End');
    await workbench.page.keyboard.press('Delete');
    const offered = await workbench.suggestions('analytics');
    for (const value of ['data-platform', 'analytics', 'finance']) assert.ok(offered.some((row) => row.startsWith(value)), `"${value}" missing from the completion list:\n${offered.join('\n')}`);

    await workbench.page.keyboard.type('analy');
    // The details pane shows the focused value's property, type and description.
    const details = await workbench.suggestionDetails('Marts, reports and dashboards');
    assert.match(details, /io\.catalogcode\.governance\.ownerTeam · string/);
    await workbench.settleSuggestionDetails();
    await screenshot(session, 'completion.png');

    await workbench.page.keyboard.press('Enter');
    await workbench.waitForEditorText('io.catalogcode.governance.ownerTeam: analytics');
    await workbench.waitForNoProblem("'marketing' is not an allowed value");
  });

  await scenario('a quick fix replaces a value that is not allowed', async () => {
    await workbench.openFile('finance-datasets.yaml');
    await workbench.waitForProblem(["'Finance' is not an allowed value of io.catalogcode.governance.ownerTeam"]);

    await workbench.goTo(6, 43);
    await workbench.applyQuickFix("Use the allowed value 'finance'");
    await workbench.waitForEditorText('io.catalogcode.governance.ownerTeam: finance');
    await workbench.waitForNoProblem("'Finance' is not an allowed value");
  });

  await scenario('the lineage view shows the entity under the cursor with its upstreams and downstreams and their degrees, and expands a node', async () => {
    await workbench.openFile('team-datasets.yaml');
    await workbench.goTo(2, 12);
    await workbench.runCommand('Catalog Code: Focus on Lineage View');
    const rows = await workbench.waitForViewRows('Lineage', 'the neighbours of warehouse.orders_clean', (r) =>
      r.some((row) => row.includes('staging.orders')) && r.some((row) => row.includes('warehouse.customer_orders')),
    );
    const row = (name: string): string => rows.find((r) => r.startsWith(name)) ?? '';
    assert.match(rows.join('\n'), /Upstream/i);
    assert.match(rows.join('\n'), /Downstream/i);
    assert.match(row('staging.orders'), /degree 1/);
    assert.match(row('warehouse.customer_orders'), /degree 1/);
    assert.ok(rows.indexOf(row('staging.orders')) < rows.findIndex((r) => /Downstream/i.test(r)), `staging.orders should be listed upstream:\n${rows.join('\n')}`);

    await workbench.toggleViewRow('Lineage', 'staging.orders');
    const expanded = await workbench.waitForViewRows('Lineage', 'the upstream of staging.orders (the ingest_orders job)', (r) => r.some((x) => x.startsWith('ingest_orders')));
    assert.match(expanded.find((r) => r.startsWith('ingest_orders')) ?? '', /degree 2/);
  });

  await scenario("the README's third step: revenue-lineage.yml's upstreams the catalog lacks are marked added", async () => {
    await workbench.openFile('revenue-lineage.yml');
    await workbench.goTo(5, 15);
    await workbench.runCommand('Catalog Code: Focus on Lineage View');
    const added = (rows: string[]): string[] => rows.filter((row) => row.includes('+ added in revenue-lineage.yml'));
    const rows = await workbench.waitForViewRows('Lineage', 'two upstreams of marts.revenue_daily marked added', (r) => added(r).length === 2);
    assert.ok(added(rows).every((row) => rows.indexOf(row) < rows.findIndex((r) => /Downstream/i.test(r))), `the added entities should be upstreams:\n${rows.join('\n')}`);
    await workbench.resizeSideBar(620);
    await workbench.runCommand('View: Hide Panel');
    await screenshot(session, 'lineage.png');
  });

  await scenario('Catalog Code: Restart Language Server restarts it from the palette, and the diagnostics come back', async () => {
    await workbench.clearNotifications();
    await workbench.openFile('orders-lineage.yml');
    await workbench.waitForProblem(['lineage.columnOutsideEdge']);
    await workbench.runCommand('Catalog Code: Restart Language Server');
    await workbench.waitForNotification('the language server restarted');
    await workbench.waitForProblem(['The upstream column country of staging.customers (hive, PROD) belongs to a dataset that is neither warehouse.orders_clean', 'lineage.columnOutsideEdge']);
  });
});

/** The problem rows under one file's row of the Problems panel (a file row has no [Ln x, Col y]). */
function rowsOfFile(rows: readonly string[], name: string): string[] {
  const found: string[] = [];
  let inFile = false;
  for (const row of rows) {
    if (!/\[Ln \d+, Col \d+\]/.test(row)) inFile = row.startsWith(name);
    else if (inFile) found.push(row);
  }
  return found;
}

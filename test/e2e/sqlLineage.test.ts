// Issue 38's "done when", in a real VS Code (code-server) on the local catalog: a SQL view's code
// lens counts its column edges; clicking it picks a lineage file, previews the change and writes
// the edges; the file validates and the graph shows the new column edges as pending (and, before
// they are written, as proposed by the SQL).
import assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { e2eSuite, screenshot } from './suite';
import { until } from './workbench';

const SQL = `-- Refunds per day, as the warehouse computes them.
CREATE VIEW marts.refunds_by_day AS
SELECT r.refund_id, r.amount AS refunded
FROM staging.refund_events r;
`;

const DATASETS = `- id: staging.refund_events
  platform: hive
  schema:
    fields:
      - id: refund_id
      - id: amount
- id: marts.refunds_by_day
  platform: hive
`;

const LINEAGE = `# The refunds mart, written by hand.
version: 1
lineage:
  - entity: {name: marts.refunds_by_day, type: dataset, platform: hive}
    upstream:
      - entity: {name: staging.refund_events, type: dataset, platform: hive}
`;

const ROOT = 'urn:li:dataset:(urn:li:dataPlatform:hive,marts.refunds_by_day,PROD)';

e2eSuite(
  'Catalog Code: column lineage from SQL',
  () => ({ userSettings: { 'catalogCode.sql.dialect': 'hive' }, files: { 'refunds_by_day.sql': SQL, 'refunds-datasets.yaml': DATASETS, 'refunds.lineage.yml': LINEAGE } }),
  async (session, scenario) => {
    const { workbench } = session;
    const page = workbench.page;
    const graph = (): FrameLocator => page.frameLocator('iframe.webview.ready >> visible=true').frameLocator('iframe#active-frame');

    const columnLabels = async () => (await graph().locator('.columnLabel text').allTextContents()).join(' | ');
    // A click on the box can be lost while the view is still starting (seen on a loaded machine:
    // Playwright's check() found it unchanged), so it is clicked again until it is checked, and
    // again while the labels are awaited should the view redraw it unchecked.
    const columnsShown = async (): Promise<boolean> => {
      const box = graph().locator('#columns');
      if (await box.isChecked()) return true;
      await box.click({ timeout: 5_000 });
      return false;
    };
    const showColumns = () => until('the graph’s "columns" box to be checked', async () => ((await columnsShown()) ? true : undefined));

    await scenario('before anything is written, the graph shows the column edges the SQL implies as proposed', async () => {
      await workbench.runCommand('Catalog Code: Show Lineage Graph', true);
      await workbench.answerInputBox(ROOT);
      await showColumns();
      await until('the graph to draw the SQL view’s column edges as proposed', async () => {
        if (!(await columnsShown())) return undefined;
        const labels = await columnLabels();
        return labels.includes('? refund_id → refund_id') && labels.includes('? amount → refunded') ? true : undefined;
      });
      await screenshot(session, 'sql-lineage-proposed.png');
      await workbench.runCommand('View: Close All Editors');
    });

    await scenario("a SQL view's lens writes its column edges into a lineage file, which validates and shows them pending in the graph", async () => {
      await workbench.openFile('refunds_by_day.sql');
      await workbench.waitForEditorText('refunds_by_day');
      await workbench.clickCodeLens('2 column edges from this SQL (hive)');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'refunds.lineage.yml' }).first().click();
      const question = await workbench.answerDialog(/^Write$/);
      assert.match(question, /Write 2 column edge\(s\) and 0 upstream dataset\(s\) into refunds\.lineage\.yml/);
      await workbench.waitForNotification(/wrote 2 column edge\(s\)/);

      await workbench.openFile('refunds.lineage.yml');
      const text = await workbench.waitForEditorText('fineGrainedLineages');
      assert.match(text, /The refunds mart, written by hand/);
      await workbench.clearNotifications();
      await workbench.runCommand('Catalog Code: Validate Workspace');
      await workbench.waitForNotification(/metadata file\(s\) checked/);
      const problems = await workbench.problems();
      assert.ok(!problems.some((row) => row.includes('refunds.lineage.yml')), `the written lineage file has problems:\n${problems.join('\n')}`);

      await workbench.runCommand('Catalog Code: Show Lineage Graph', true);
      await workbench.answerInputBox(ROOT);
      await showColumns();
      // The column edges are drawn as one label block on their dataset edge, which the files add (not
      // pushed yet); written, they are no longer proposed.
      await until('the graph to draw the new column edges on the added edge', async () => {
        if (!(await columnsShown())) return undefined;
        const labels = await columnLabels();
        return labels.includes('refund_id → refund_id') && labels.includes('amount → refunded') && !labels.includes('? ') && (await graph().locator('path.edge.added').count()) > 0 ? true : undefined;
      });
      await screenshot(session, 'sql-lineage-pending.png');
      // As pushed, the catalog has none of them: they are the workspace's, pending.
      await graph().locator('#pending').uncheck();
      await until('the column edges to go as pushed', async () => (!(await columnLabels()).includes('amount → refunded') ? true : undefined));
    });
  },
);

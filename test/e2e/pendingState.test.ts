// The "done when", in a real VS Code (code-server) on the local catalog the extension
// starts (seeded with the sample catalog): a new dataset YAML and a lineage file that uses it get
// no lineage.unknownEntity; the new edges are marked in the Lineage view and the graph before
// anything is pushed; Plan shows the change; after the push the marks go.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { e2eSuite, screenshot } from './suite';
import { until } from './workbench';

const DATASETS = `# Datasets of the refunds mart (new: not in the catalog yet).
- id: staging.refunds
  platform: hive
  description: Refunds as the payment provider reports them.

- id: marts.refunds_daily
  platform: hive
  description: Refunds per day.
`;

const LINEAGE = `# Where the refunds mart reads from.
version: 1
lineage:
  - entity:
      name: marts.refunds_daily
      type: dataset
      env: PROD
      platform: hive
    upstream:
      - entity:
          name: staging.refunds
          type: dataset
          env: PROD
          platform: hive
`;

const ROOT = 'urn:li:dataset:(urn:li:dataPlatform:hive,marts.refunds_daily,PROD)';
const ADDED = '+ added in refunds-lineage.yml';

e2eSuite('Catalog Code: the catalog as the workspace will make it', () => ({}), async (session, scenario) => {
  const { workbench } = session;
  const page = workbench.page;
  /** the visible webview: the plan's preview may share the graph's editor group */
  const graph = (): FrameLocator => page.frameLocator('iframe.webview.ready >> visible=true').frameLocator('iframe#active-frame');
  const lineageRows = (what: string, accept: (rows: string[]) => boolean) => workbench.waitForViewRows('Lineage', what, accept);

  await scenario('a new dataset and a lineage file using it: no unknownEntity, the new edge marked in the tree and the graph before pushing', async () => {
    writeFileSync(join(session.workspace, 'refunds-datasets.yaml'), DATASETS);
    writeFileSync(join(session.workspace, 'refunds-lineage.yml'), LINEAGE);
    await workbench.openFile('refunds-datasets.yaml');
    await workbench.openFile('refunds-lineage.yml');
    await workbench.waitForEditorText('staging.refunds');

    // Validate Workspace answers once the server has judged every file: then the Problems panel is complete.
    await workbench.clearNotifications();
    await workbench.runCommand('Catalog Code: Validate Workspace');
    await workbench.waitForNotification(/metadata file\(s\) checked/);
    const problems = await workbench.problems();
    assert.ok(!problems.some((row) => row.includes('unknownEntity') && /refunds/.test(row)), `an entity the workspace defines is reported unknown:\n${problems.join('\n')}`);

    await workbench.goTo(5, 15);
    await workbench.runCommand('Catalog Code: Focus on Lineage View');
    await lineageRows(`staging.refunds marked "${ADDED}"`, (r) => r.some((row) => row.startsWith('staging.refunds') && row.includes(ADDED)));
    assert.match(await workbench.viewPane('Lineage').innerText(), /Lineage of marts\.refunds_daily.* — with my changes/, 'the view says which state it shows');

    // As pushed, the catalog knows nothing of the new edge.
    await workbench.runCommand('Catalog Code: Lineage: Show As Pushed (Without My Changes)');
    await lineageRows('no staging.refunds as pushed', (r) => r.some((row) => /Upstream/i.test(row)) && !r.some((row) => row.startsWith('staging.refunds')));
    await workbench.runCommand('Catalog Code: Lineage: Show With My Changes');
    await lineageRows('staging.refunds marked again', (r) => r.some((row) => row.startsWith('staging.refunds') && row.includes(ADDED)));

    await workbench.runCommand('Catalog Code: Show Lineage Graph', true);
    await workbench.answerInputBox(ROOT);
    await until('the graph to draw the added edge, marked', async () => {
      const marks = await graph().locator('text.mark.added').allTextContents();
      return (await graph().locator('path.edge.added').count()) > 0 && marks.some((m) => m.includes('added in refunds-lineage.yml')) ? true : undefined;
    });
    assert.match(await graph().locator('#basis').innerText(), /with my changes/);
    await screenshot(session, 'pending-lineage.png');
    // The mark is one click from the file that adds the edge.
    await graph().locator('text.mark.added').first().click();
    await until('refunds-lineage.yml to be the active editor', async () => ((await workbench.activeTab('refunds-lineage.yml').count()) > 0 ? true : undefined));
  });

  await scenario('Plan shows the change in a read-only preview', async () => {
    await workbench.openFile('refunds-lineage.yml');
    await workbench.goTo(5, 15); // the keyboard in the editor, not in the graph's webview clicked last
    await workbench.runCommand('Catalog Code: Plan', true);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'This file: refunds-lineage.yml' }).first().click();
    await workbench.waitForWebviewText('the plan of refunds-lineage.yml', ['Catalog Code plan', 'marts.refunds_daily', 'staging.refunds', /1 to add|[1-9]\d* to add/]);
  });

  await scenario('after the push the marks go', async () => {
    for (const file of ['refunds-datasets.yaml', 'refunds-lineage.yml']) {
      await workbench.openFile(file);
      await workbench.clearNotifications();
      await workbench.runCommand('Catalog Code: Push File');
      await workbench.answerDialog(/^Push: \d+ add/);
      await workbench.waitForNotification(new RegExp(`Catalog Code: pushed ${file.replace(/\./g, '\\.')}: \\d+ add`));
    }
    await workbench.runCommand('Catalog Code: Focus on Lineage View');
    await lineageRows('staging.refunds with no mark', (r) => r.some((row) => row.startsWith('staging.refunds')) && !r.some((row) => row.includes('added in')));
    // The push's plan opened beside the editor, over the graph: bring the graph back.
    await page.locator('.tabs-container .tab', { hasText: 'Lineage: marts.refunds_daily' }).first().click();
    await until('the graph to draw the edge unmarked', async () =>
      (await graph().locator('.node[data-urn*="staging.refunds"]').count()) > 0 && (await graph().locator('path.edge.added').count()) === 0 ? true : undefined,
    );
  });
});

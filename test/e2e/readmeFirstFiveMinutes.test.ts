// The README's "The first five minutes", step by step, in code-server driven by Chromium, on the
// demo's workspace and local catalog, with `catalog-code` on the terminal's PATH as `npm start`
// puts it. Every file, line, value, command, mark and button text is read from README.md
// (test/support/readmeSteps.ts), so the scenario fails when the README and the product disagree.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { cliOnTerminalPath } from '../../support/e2e/cliOnPath';
import { repoRoot } from '../../support/e2e/setup';
import { readmeFirstFiveMinutes } from '../support/readmeSteps';
import { fixtureWorkspace } from './harness';
import { e2eSuite } from './suite';
import { literally, until } from './workbench';

const readme = readmeFirstFiveMinutes(repoRoot);
const scratch = mkdtempSync(join(tmpdir(), 'catalog-code-e2e-readme-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const RENAMED_TO = 'io.catalogcode.quality.refreshEveryHours';
const exactly = (text: string): RegExp => new RegExp(`^${literally(text)}$`);

e2eSuite(
  "The README's first five minutes, word for word",
  () => ({ userSettings: cliOnTerminalPath(join(scratch, 'bin'), join(repoRoot, 'dist', 'cli.js')) }),
  async (session, scenario) => {
    const { workbench } = session;
    const page = workbench.page;
    const onDisk = (name: string) => readFileSync(join(session.workspace, name), 'utf8');
    /** 1-based line and column of the first occurrence of `text` in a workspace file, as on disk. */
    const positionOf = (name: string, text: string): { line: number; column: number } => {
      const lines = onDisk(name).split('\n');
      const line = lines.findIndex((l) => l.includes(text));
      assert.ok(line >= 0, `${name} holds ${text}`);
      return { line: line + 1, column: lines[line].indexOf(text) + 2 };
    };
    const save = () => page.keyboard.press('Control+S');
    const graph = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');

    await scenario(`1. ${readme.step1.file}: line ${readme.step1.line} is underlined, and Ctrl+. adds the missing upstream`, async () => {
      const { file, line } = readme.step1;
      await workbench.openFile(file);
      const row = await workbench.waitForProblem(['lineage.columnOutsideEdge', `[Ln ${line},`]);
      const column = Number(/Col (\d+)\]/.exec(row)?.[1] ?? 1);
      await workbench.goTo(line, column);
      await workbench.hoverSquiggle('error', 'is neither');
      await workbench.applyQuickFix('as an upstream of');
      await workbench.waitForNoProblem('lineage.columnOutsideEdge');
      await save();
    });

    await scenario(`2. ${readme.step2.file}: '${readme.step2.wrongValue}' replaced from Ctrl+Space with descriptions; the quick fix; F2; Ctrl+T`, async () => {
      const { file, wrongValue, quickFixFile, renamed, renamedIn } = readme.step2;
      await workbench.openFile(file);
      await workbench.waitForProblem([`'${wrongValue}' is not an allowed value`]);
      const at = positionOf(file, `: ${wrongValue}`);
      await workbench.goTo(at.line, at.column + 1);
      await page.keyboard.press('Shift+End');
      await page.keyboard.press('Delete');
      // "the allowed values with their descriptions" on the first Ctrl+Space: each row says it.
      const offered = await workbench.suggestions('analytics');
      assert.ok(offered.some((row) => row.includes('analytics') && row.includes('Marts, reports and dashboards')), `the list shows descriptions:\n${offered.join('\n')}`);
      await page.keyboard.type('analy');
      await page.keyboard.press('Enter');
      await workbench.waitForNoProblem(`'${wrongValue}' is not an allowed value`);
      await save();

      await workbench.openFile(quickFixFile);
      const wrong = await workbench.waitForProblem(['property.notAllowedValue']);
      const fixAt = /\[Ln (\d+), Col (\d+)\]/.exec(wrong);
      await workbench.goTo(Number(fixAt?.[1]), Number(fixAt?.[2]) + 1);
      await workbench.applyQuickFix('Use the allowed value');
      await workbench.waitForNoProblem('property.notAllowedValue');
      await save();

      await workbench.openFile(renamedIn);
      const id = positionOf(renamedIn, renamed);
      await workbench.goTo(id.line, id.column + 3);
      await page.keyboard.press('F2');
      const box = page.locator('.rename-box input, .rename-box textarea').first();
      await box.waitFor({ state: 'visible' });
      assert.equal(await box.inputValue(), renamed);
      await box.fill(RENAMED_TO);
      await page.keyboard.press('Enter');
      await until('every file that defines or uses the property to carry the new name', async () => {
        const names = ['quality-properties.yaml', 'finance-datasets.yaml', 'team-datasets.yaml'];
        return names.every((name) => onDisk(name).includes(RENAMED_TO) && !onDisk(name).includes(`${renamed}:`) && !onDisk(name).includes(`${renamed}\n`)) ? true : undefined;
      });

      await page.keyboard.press('Control+T');
      await page.locator('.quick-input-widget input').fill('#revenue_daily');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'marts.revenue_daily' }).first().waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
    });

    await scenario(`3. the cursor on ${readme.step3.entity}: ${readme.step3.marked} upstreams marked "${readme.step3.mark}", in the view and, after Fit, in the graph`, async () => {
      const { entity, file, marked, mark, graphCommand } = readme.step3;
      await workbench.openFile(file);
      const at = positionOf(file, entity);
      await workbench.goTo(at.line, at.column + 2);
      await page.locator('.activitybar .action-item a[aria-label^="Catalog Code"]').first().click();
      const rows = await workbench.waitForViewRows('Lineage', `${marked} rows marked ${mark}`, (r) => r.filter((row) => row.includes(mark)).length === marked);
      assert.ok(rows.some((row) => row.includes('Upstream')), rows.join('\n'));

      await workbench.runCommand(graphCommand, true);
      const input = page.locator('.quick-input-widget input');
      assert.match(await input.inputValue(), new RegExp(entity.replace(/\./g, '\\.')), 'the graph asks for the Lineage view’s root first');
      await page.keyboard.press('Enter');
      await until('the graph to draw its marks', async () => ((await graph().locator('.mark.added').count()) >= marked ? true : undefined));
      await graph().locator('#fit').click();
      const canvas = await graph().locator('#canvas').boundingBox();
      assert.ok(canvas);
      const marks = await graph().locator('.mark.added').all();
      for (const shown of marks) {
        const box = await shown.boundingBox();
        assert.ok(box && box.x >= canvas.x && box.x + box.width <= canvas.x + canvas.width && box.y >= canvas.y && box.y + box.height <= canvas.y + canvas.height, `a "+ added" mark is in view after Fit (${JSON.stringify(box)} in ${JSON.stringify(canvas)})`);
      }
      const labelPx = Number(await graph().locator('#canvas').getAttribute('data-label-px'));
      assert.ok(labelPx >= 11, `labels readable after Fit (${labelPx} px)`);
    });

    await scenario(`4. ${readme.step4.planCommand}, then ${readme.step4.pushCommand} on ${readme.step4.pushFile}: "${readme.step4.button}"`, async () => {
      const { planCommand, pushCommand, pushFile, button } = readme.step4;
      await workbench.openFile(pushFile);
      await workbench.runCommand(planCommand, true);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: `This file: ${pushFile}` }).first().click();
      await workbench.waitForWebviewText('the plan beside the file', ['Catalog Code plan', 'staging.customers']);

      await workbench.openFile(pushFile);
      await workbench.clearNotifications();
      await workbench.runCommand(pushCommand);
      await workbench.answerDialog(exactly(button));
      await workbench.waitForNotification(`pushed ${pushFile}: ${button.replace(/^Push: /, '')} (`);
      await workbench.waitForWebviewText('the plan to say it was pushed', ['This plan is done']);
    });

    await scenario(`5. in the integrated terminal, \`${readme.step5.command}\` plans the whole workspace against the same catalog`, async () => {
      await workbench.runCommand('Terminal: Create New Terminal');
      const terminal = page.locator('.terminal-wrapper.active .xterm');
      await terminal.waitFor({ state: 'visible' });
      await terminal.click();
      const out = join(scratch, 'plan.txt');
      const done = join(scratch, 'plan.exit');
      await page.keyboard.type(`${readme.step5.command} > ${out} 2>&1; echo $? > ${done}`);
      await page.keyboard.press('Enter');
      await until('the terminal command to finish', async () => (existsSync(done) && readFileSync(done, 'utf8').trim() !== '' ? true : undefined));
      const plan = readFileSync(out, 'utf8');
      assert.equal(readFileSync(done, 'utf8').trim(), '0', plan);
      assert.ok(plan.includes(`Target: the local catalog at `), plan);
      assert.match(plan, /Push plan: \d+ change\(s\)/);
      assert.match(plan, /Summary: \d+ to add, 0 to change, 0 to remove\./, 'the whole workspace removes nothing the user never touched');
      assert.ok(plan.includes(RENAMED_TO), 'the renamed property is in the plan');
    });

    await scenario('the walkthrough (Help → Welcome) has ticked what was done: connected, pushed, the lineage looked at', async () => {
      // The palette's command opens a second pick at once (the walkthroughs), so it is driven by hand.
      const input = page.locator('.quick-input-widget input');
      const walkthrough = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get started with Catalog Code' }).first();
      await until('the list of walkthroughs', async () => {
        if (!(await input.isVisible())) await page.keyboard.press('F1');
        if (!(await input.isVisible())) return undefined;
        if (await walkthrough.isVisible()) return true;
        const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Welcome: Open Walkthrough' }).first();
        if (!(await row.isVisible())) await input.fill('>Welcome: Open Walkthrough');
        else await row.click();
        return undefined;
      });
      await walkthrough.click();
      for (const step of ['connect', 'push', 'lineage']) {
        await until(`the walkthrough step "${step}" to be ticked`, async () => {
          const checked = await page.locator(`button.getting-started-step[data-step-id$="${step}"]`).first().getAttribute('aria-checked').catch(() => null);
          return checked === 'true' ? true : undefined;
        });
      }
    });

    await scenario('Catalog Code: Restore Sample Files undoes the experiments saved into the sample', async () => {
      assert.ok(onDisk('team-datasets.yaml').includes(RENAMED_TO), 'the steps above changed the sample');
      await workbench.runCommand('Catalog Code: Restore Sample Files');
      const question = await workbench.answerDialog(/^Restore Sample Files$/);
      assert.match(question, /replacing files of the same name/);
      await workbench.waitForNotification('sample files are back');
      for (const name of ['team-datasets.yaml', 'finance-datasets.yaml', 'quality-properties.yaml', 'orders-lineage.yml']) {
        assert.equal(onDisk(name), readFileSync(join(fixtureWorkspace, name), 'utf8'), `${name} is the sample again`);
      }
      await workbench.openFile('team-datasets.yaml');
      await workbench.waitForEditorText(`${readme.step2.wrongValue}`);
    });
  },
);

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { E2eTools } from '../../support/e2e/setup';

/**
 * Real activation of the packaged extension in code-server (the VS Code workbench in Chromium):
 * each run opens a fresh window, which starts a fresh extension host, and reads the time VS Code
 * itself reports in Developer: Show Running Extensions ("Activation: N ms" = loading the
 * extension's code + the synchronous part of activate()).
 */

export interface ActivationRun {
  ms: number;
  /** the row as VS Code shows it, e.g. "Activation: 497ms" */
  shown: string;
}

const EXTENSION_NAME = 'Catalog Code';

export async function measureActivation(tools: E2eTools, vsix: string, workDir: string, runs: number, log: (line: string) => void): Promise<ActivationRun[]> {
  const root = path.join(workDir, 'code-server');
  const extensionsDir = path.join(root, 'extensions');
  const userDataDir = path.join(root, 'user');
  const workspace = path.join(root, 'workspace');
  for (const dir of [extensionsDir, path.join(userDataDir, 'User'), workspace]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ 'workbench.startupEditor': 'none', 'telemetry.telemetryLevel': 'off', 'extensions.autoCheckUpdates': false, 'extensions.autoUpdate': false }));
  writeFileSync(path.join(workspace, 'orders.datasets.yaml'), '- id: orders\n  platform: hive\n');
  const common = ['--extensions-dir', extensionsDir, '--user-data-dir', userDataDir];
  const install = spawnSync(tools.node, [tools.codeServerEntry, ...common, '--install-extension', vsix, '--force'], { encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`code-server could not install ${vsix}:\n${install.stdout}\n${install.stderr}`);

  const server = spawn(tools.node, [tools.codeServerEntry, '--auth', 'none', '--bind-addr', '127.0.0.1:0', ...common, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--reconnection-grace-time', '5', workspace], { stdio: ['ignore', 'pipe', 'pipe'] });
  let browser: Browser | undefined;
  try {
    const url = await listeningUrl(server);
    browser = await chromium.launch({ executablePath: tools.chromium, args: ['--no-sandbox'] });
    const results: ActivationRun[] = [];
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage();
      try {
        await page.goto(`${url}?folder=${encodeURIComponent(workspace)}`);
        await page.waitForSelector('.monaco-workbench', { timeout: 120_000 });
        await openRunningExtensions(page);
        results.push(await activationShown(page));
        log(`extension: activation in code-server, window ${run + 1}/${runs}: ${results.at(-1)?.shown}`);
      } finally {
        await page.close();
      }
    }
    return results;
  } finally {
    await browser?.close();
    server.kill();
  }
}

function listeningUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`code-server did not start listening within 60 s. Its output:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /HTTP server listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, '/'));
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => reject(new Error(`code-server exited with code ${code} before listening. Its output:\n${output}`)));
  });
}

async function openRunningExtensions(page: Page): Promise<void> {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget .quick-input-box input', { timeout: 30_000 });
  await page.keyboard.type('Developer: Show Running Extensions');
  await page.waitForSelector('.quick-input-list .monaco-list-row:has-text("Show Running Extensions")', { timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.waitForSelector('.runtime-extensions-editor', { timeout: 30_000 });
}

/** Polls the Running Extensions editor (it updates itself) until our extension shows its activation time. */
async function activationShown(page: Page): Promise<ActivationRun> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const text = await page.locator('.runtime-extensions-editor').first().innerText();
    const lines = text.split('\n').map((line) => line.trim());
    const at = lines.indexOf(EXTENSION_NAME);
    const shown = at >= 0 ? lines.slice(at + 1, at + 6).find((line) => /Activation: \d+ ?ms/.test(line)) : undefined;
    if (shown) return { ms: Number(/(\d+) ?ms/.exec(shown)?.[1]), shown };
    if (Date.now() > deadline) throw new Error(`${EXTENSION_NAME} did not show an activation time in Running Extensions within 120 s; the editor showed:\n${text.slice(0, 1500)}`);
    await page.waitForTimeout(250);
  }
}

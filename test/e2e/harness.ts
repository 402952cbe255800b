// Starts a real VS Code (code-server) with the packaged extension and a copy of the fixture
// workspace, seeds that workspace's local catalog with the sample catalog, and drives the
// workbench with headless Chromium. stop() tears everything down, also after a failure.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';
import { packageExtension } from '../../support/e2e/extensionPackage';
import { repoRoot, type E2eTools } from '../../support/e2e/setup';
import { DEFAULT_TIMEOUT_MS, Workbench } from './workbench';
import { QUIET_WORKBENCH_SETTINGS } from './workbenchSettings';
import { budgetMs } from '../support/timeScale';

/** a hang guard for seeding the local catalog (a few seconds when the machine is idle) */
const SEED_BUDGET_MS = budgetMs(120_000);

export const fixtureWorkspace = join(repoRoot, 'test', 'e2e', 'fixtures', 'workspace');
export const sampleCatalog = join(repoRoot, 'test', 'fixtures', 'sample-catalog');

const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The quiet workbench, plus what makes screenshots and hovers steady for the tests. */
const USER_SETTINGS = {
  ...QUIET_WORKBENCH_SETTINGS,
  'workbench.colorTheme': 'Default Light Modern',
  'editor.minimap.enabled': false,
  'editor.hover.delay': 200,
};

export interface SessionOptions {
  /**
   * `catalogCode.service.url` for the workspace. Unset: the extension starts its own local catalog
   * in `<workspace>/.catalog`, which the harness seeds with the sample catalog first.
   */
  serviceUrl?: string;
  /** more user settings (User/settings.json), e.g. a `catalogCode.service.url` of the user's own */
  userSettings?: Record<string, unknown>;
  /** more files (name → text) written into the workspace copy before VS Code opens it, so the first scan reads them */
  files?: Record<string, string>;
  /** the workspace holds only these files (name → text, folders made as needed) instead of a copy of the fixture workspace */
  onlyFiles?: Record<string, string>;
  /** false: no `<workspace>/.catalog` is seeded (a folder that never used the local catalog) */
  seedLocalCatalog?: boolean;
  /** more extensions (.vsix paths) installed beside Catalog Code, e.g. a test-only probe */
  extensions?: string[];
}

export interface Session {
  workbench: Workbench;
  /** the copy of the fixture workspace code-server has open */
  workspace: string;
  /** code-server's user data folder (holds User/settings.json, and the extension's storage) */
  userData: string;
  /** the session's scratch folder: user data, extensions, the workspace */
  root: string;
  url: string;
  /** everything code-server printed, for failure messages */
  serverOutput(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePromise(address.port) : reject(new Error('no port'))));
    });
  });
}

function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`\`${args.join(' ')}\` exited with ${code}:\n${out.slice(-2000)}`))));
  });
}

/** Loads the sample catalog into `<workspace>/.catalog`, where the extension's local catalog will find it. */
function seedLocalCatalog(workspace: string): Promise<void> {
  const args = [join(repoRoot, 'dist', 'cli.js'), 'serve', '--port', '0', '--data', join(workspace, '.catalog'), '--seed', sampleCatalog];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CATALOG_TOKEN: 'e2e-seed-only' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Seeding the local catalog did not finish within ${SEED_BUDGET_MS / 1000} s:\n${out}`));
    }, SEED_BUDGET_MS);
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      out += `${line}\n`;
      if (line.includes('listening on')) child.kill('SIGTERM');
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGTERM' || code === 0) resolvePromise();
      else reject(new Error(`Seeding the local catalog failed (exit ${code}):\n${out}`));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string, timeoutMs = budgetMs(240_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`code-server exited with ${server.exitCode} before serving:\n${output().slice(-3000)}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs / 1000} s:\n${output().slice(-3000)}`);
}

/** Kills code-server's whole process group: the extension host, language server and local catalog with it. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  // Even when code-server itself has exited, the rest of its group may still run.
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export async function startSession(tools: E2eTools, options: SessionOptions = {}): Promise<Session> {
  const root = mkdtempSync(join(tmpdir(), 'catalog-code-e2e-'));
  const dirs = { userData: join(root, 'user-data'), extensions: join(root, 'extensions'), workspace: join(root, 'workspace'), xdg: join(root, 'xdg') };
  // XDG folders keep code-server's config and logs out of the user's home.
  const env = { ...process.env, XDG_CONFIG_HOME: join(dirs.xdg, 'config'), XDG_DATA_HOME: join(dirs.xdg, 'data') };
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let output = '';
  const onExit = (): void => {
    if (server) killGroup(server, 'SIGKILL');
  };

  const stop = async (): Promise<void> => {
    await browser?.close().catch(() => undefined);
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      killGroup(server, 'SIGTERM');
      const forced = setTimeout(() => server && killGroup(server, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(forced);
    }
    if (server) killGroup(server, 'SIGKILL');
    process.off('exit', onExit);
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    mkdirSync(join(dirs.userData, 'User'), { recursive: true });
    writeFileSync(join(dirs.userData, 'User', 'settings.json'), JSON.stringify({ ...USER_SETTINGS, ...options.userSettings }, null, 2));
    if (options.onlyFiles) mkdirSync(dirs.workspace);
    else cpSync(fixtureWorkspace, dirs.workspace, { recursive: true });
    for (const [name, text] of Object.entries({ ...options.onlyFiles, ...options.files })) {
      mkdirSync(dirname(join(dirs.workspace, name)), { recursive: true });
      writeFileSync(join(dirs.workspace, name), text);
    }
    const vsix = await packageExtension(root);
    const codeServer = [tools.codeServerEntry, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];
    await runToEnd(tools.node, [...codeServer, '--install-extension', vsix], env);
    for (const extra of options.extensions ?? []) await runToEnd(tools.node, [...codeServer, '--install-extension', extra], env);
    if (options.serviceUrl) {
      mkdirSync(join(dirs.workspace, '.vscode'), { recursive: true });
      writeFileSync(join(dirs.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'catalogCode.service.url': options.serviceUrl }, null, 2));
    } else if (options.userSettings?.['catalogCode.service.url'] === undefined && options.seedLocalCatalog !== false) {
      await seedLocalCatalog(dirs.workspace);
    }

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const args = [...codeServer, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', dirs.workspace];
    // Its own process group, so stop() reaches every process it starts.
    server = spawn(tools.node, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    process.on('exit', onExit);
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForHealth(url, server, () => output);

    browser = await chromium.launch({ executablePath: tools.chromium, args: CHROMIUM_FLAGS });
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    // Playwright's own waits (clicks, fills) get the same generous budget as ours (./workbench.ts).
    page.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
    await page.goto(`${url}/?folder=${encodeURIComponent(dirs.workspace)}`, { timeout: DEFAULT_TIMEOUT_MS });
    const workbench = new Workbench(page);
    await workbench.ready();
    return { workbench, workspace: dirs.workspace, userData: dirs.userData, root, url, serverOutput: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

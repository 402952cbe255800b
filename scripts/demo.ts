// `npm start`: the one-command demo. Builds the extension, makes sure code-server is installed
// (into the user's cache, once per user: support/e2e/setup.ts), installs the packaged extension into a demo profile, copies a
// sample workspace whose local catalog holds the sample catalog, starts code-server and prints
// the URL. `--desktop` opens a desktop VS Code (`code` on PATH) on the same workspace instead.
// `--catalog-only` starts only the local catalog. Ctrl-C stops everything. Logs go to .vscode-test/demo/*.log.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { packageExtension } from '../support/e2e/extensionPackage';
import { QUIET_WORKBENCH_SETTINGS } from '../test/e2e/workbenchSettings';
import { CODE_SERVER_VERSION, cacheDir, ensureCodeServer, setupLog } from '../support/e2e/setup';
import { choosePort, logLine, onPath, runLogged, stopGroup, waitForUrl } from './demo/processes';
import { elapsed } from '../support/e2e/setupProgress';
import { prepareWorkspace, repoRoot, sampleCatalog } from './demo/workspace';
import { catalogOnlyHeadline, type CatalogOnlyReason } from './demo/catalogOnly';
import { announceLocalCatalog } from './demo/catalogAnnouncement';
import { cliOnTerminalPath } from '../support/e2e/cliOnPath';

// Always in this checkout, even when CATALOG_E2E_CACHE shares the code-server install between
// checkouts: two demos (or a demo and the e2e suite) must not wipe each other's workspace and profile.
const demoDir = join(repoRoot, '.vscode-test', 'demo');
const dirs = { bin: join(demoDir, 'bin'), workspace: join(demoDir, 'workspace'), userData: join(demoDir, 'user-data'), extensions: join(demoDir, 'extensions'), xdg: join(demoDir, 'xdg'), catalog: join(demoDir, 'catalog') };
const logs = { build: join(demoDir, 'build.log'), codeServer: join(demoDir, 'code-server.log'), catalog: join(demoDir, 'catalog.log') };
const CODE_SERVER_PORT = 8081;
const CATALOG_PORT = 8080;


const started = Date.now();
let stepStarted = started;
/** A path as a user reads it: relative inside the current folder, else from the home folder (`~/…`) or whole. */
const shown = (path: string): string => {
  const inside = relative(process.cwd(), path);
  if (!inside.startsWith('..') && !isAbsolute(inside)) return inside || '.';
  const fromHome = relative(homedir(), path);
  return fromHome.startsWith('..') || isAbsolute(fromHome) ? path : join('~', fromHome);
};
/** A step done, with how long it took. */
const step = (text: string): void => {
  console.log(`  ✓ ${text} (${elapsed(Date.now() - stepStarted)})`);
  stepStarted = Date.now();
};
const seconds = (): string => elapsed(Date.now() - started);

// The README's steps, not a second version of them (issue 37: the two told different stories).
const TRY_THIS = [
  'Then follow "The first five minutes" in README.md: orders-lineage.yml line 25, team-datasets.yaml,',
  'F2 on io.catalogcode.quality.refreshHours, the Lineage view on revenue-lineage.yml, Catalog Code: Plan, and',
  '`catalog-code plan .` in VS Code\'s terminal. The walkthrough is under Help → Welcome.',
];

async function build(): Promise<void> {
  rmSync(logs.build, { force: true });
  await runLogged(process.execPath, ['esbuild.mjs'], logs.build, { cwd: repoRoot });
  step('built the extension');
}

/** Why code-server cannot be used here, or undefined when it can. */
function codeServerBlocker(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return `the bundled code-server setup needs Linux on x64, and this is ${process.platform}/${process.arch}`;
  return undefined;
}

/** Runs until Ctrl-C: stops `child`, started with `detached: true`, with its process group, and exits. */
let stopping = false;

function stopOnSignal(child: ChildProcess): void {
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the demo…');
    void stopGroup(child).then(() => {
      console.log('Stopped. Run `npm start` again for a fresh demo.');
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  // When only npm is stopped (kill <npm pid>), its shell dies without passing the signal on and
  // this process is handed to another parent: stop then too, so nothing is left running.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop(), 1000).unref();
}

/** Without code-server: the local catalog alone, in the foreground, with the sample catalog. */
async function catalogOnly(why: CatalogOnlyReason): Promise<void> {
  console.log(`\n  ${catalogOnlyHeadline(why)}`);
  const port = await choosePort(CATALOG_PORT);
  console.log(`  Starting only the local catalog with the sample catalog on port ${port} (Ctrl-C stops it). In your own VS Code with`);
  console.log(`  Catalog Code, set catalogCode.service.url to the address below and run "Catalog Code: Sign In" with the token in the token file.\n`);
  rmSync(dirs.catalog, { recursive: true, force: true, maxRetries: 3 });
  const args = [join(repoRoot, 'dist', 'cli.js'), 'serve', '--port', String(port), '--data', dirs.catalog, '--seed', sampleCatalog, '--exit-with-parent'];
  // Its own process group, stopped by us (SIGTERM, then SIGKILL after 5 s) on Ctrl-C and also when
  // only npm is killed: then no terminal signal reaches the catalog, and waiting for it would hang.
  // --exit-with-parent covers this script being killed outright.
  const child = spawn(process.execPath, args, { stdio: 'inherit', detached: true });
  stopOnSignal(child);
  await new Promise((r) => child.once('exit', r));
}

async function openDesktop(): Promise<void> {
  await prepareWorkspace(dirs.workspace, logs.build);
  step(`sample workspace ready in ${shown(dirs.workspace)}`);
  const child = spawn('code', [`--extensionDevelopmentPath=${repoRoot}`, dirs.workspace], { stdio: 'ignore', detached: true });
  child.once('error', (error) => console.error(`The \`code\` command could not be started (${error.message}); run \`npm start\` without --desktop for VS Code in the browser.`));
  child.unref();
  console.log(`\nOpened VS Code with Catalog Code (from this checkout) on ${shown(dirs.workspace)}.\n`);
  console.log(TRY_THIS.join('\n'));
  console.log('\nClose that VS Code window to stop; its local catalog stops with it.');
}

async function startCodeServer(): Promise<void> {
  if (!existsSync(join(cacheDir, `code-server-${CODE_SERVER_VERSION}.ready`))) {
    console.log(`  … installing Node 24 and code-server ${CODE_SERVER_VERSION} from npm into ${shown(cacheDir)}: first run only, about 770 MB,`);
    console.log(`    1.5–4.5 minutes on 2 busy cores (most of it compiling two native modules; docs/first-start.md); details in ${shown(setupLog)}`);
  }
  const tools = await ensureCodeServer((line) => console.log(line));
  step(`code-server ${CODE_SERVER_VERSION} ready`);

  for (const dir of [dirs.userData, dirs.extensions]) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  // `catalog-code` in the demo's integrated terminals, as README step 5 types it.
  const terminalPath = cliOnTerminalPath(dirs.bin, join(repoRoot, 'dist', 'cli.js'));
  writeFileSync(join(dirs.userData, 'User', 'settings.json'), JSON.stringify({ ...QUIET_WORKBENCH_SETTINGS, ...terminalPath }, null, 2));
  // Packaging copies the repository, so it works outside it (a copy cannot go inside its source).
  const packaging = mkdtempSync(join(tmpdir(), 'catalog-code-demo-'));
  // XDG folders keep code-server's own config and logs out of the user's home.
  const env = { ...process.env, XDG_CONFIG_HOME: join(dirs.xdg, 'config'), XDG_DATA_HOME: join(dirs.xdg, 'data') };
  const profile = [tools.codeServerEntry, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];
  try {
    const vsix = await packageExtension(packaging);
    await runLogged(tools.node, [...profile, '--install-extension', vsix], logs.build, { env });
  } finally {
    rmSync(packaging, { recursive: true, force: true, maxRetries: 3 });
  }
  step('packaged the extension and installed it into the demo profile');

  await prepareWorkspace(dirs.workspace, logs.build);
  step(`sample workspace ready in ${shown(dirs.workspace)}, its local catalog loaded with the sample catalog`);

  const port = await choosePort(CODE_SERVER_PORT);
  const base = `http://127.0.0.1:${port}`;
  rmSync(logs.codeServer, { force: true });
  logLine(logs.codeServer, `starting code-server on ${base}`);
  const args = [...profile, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', dirs.workspace];
  const out = openSync(logs.codeServer, 'a');
  // Its own process group, so Ctrl-C reaches the extension host, language server and local catalog too.
  const server = spawn(tools.node, args, { env, detached: true, stdio: ['ignore', out, out] });
  stopOnSignal(server);
  process.on('exit', () => {
    if (server.pid !== undefined) tryKill(-server.pid);
  });
  await waitForUrl(`${base}/healthz`, server, 'code-server', logs.codeServer);
  step('VS Code (code-server) is running');
  console.log(`  Ready after ${seconds()} in all.`);

  // code-server opens the workspace it was started with, so the plain address is enough.
  console.log(`\nOpen ${base}/ in your browser.\n`);
  console.log(TRY_THIS.join('\n'));
  console.log(`\nLogs: ${shown(demoDir)}/*.log. Press Ctrl-C to stop everything.`);
  const dataDir = join(dirs.workspace, '.catalog');
  console.log(`\nThe editor starts its local catalog when the workspace opens; its URL and token file (${shown(join(dataDir, 'connection.json'))}) are printed here then.`);
  announceLocalCatalog(dataDir, join(repoRoot, 'dist', 'cli.js'), (text) => console.log(text));
  server.once('exit', (code) => {
    if (stopping) return;
    console.error(`\ncode-server stopped unexpectedly (exit ${code}); see ${shown(logs.codeServer)}.`);
    process.exit(1);
  });
}

function tryKill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function main(): Promise<void> {
  const desktop = process.argv.includes('--desktop');
  mkdirSync(demoDir, { recursive: true });
  console.log('Catalog Code demo');
  await build();
  if (desktop) {
    if (await onPath('code')) return openDesktop();
    console.log('  ! --desktop: no `code` command on PATH (in VS Code: "Shell Command: Install \'code\' command in PATH"); using VS Code in the browser instead.');
  }
  if (process.argv.includes('--catalog-only')) return catalogOnly({ asked: true });
  const blocker = codeServerBlocker();
  if (blocker) return catalogOnly({ asked: false, blocker });
  await startCodeServer();
}

main().catch((error: unknown) => {
  console.error(`\nThe demo could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

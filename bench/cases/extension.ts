import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { mib, REPO_ROOT, type BenchContext } from '../support/context';
import { BenchLspClient } from '../support/lspClient';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { cacheDir, CODE_SERVER_VERSION, ensureE2eTools } from '../../support/e2e/setup';
import { vsixManifest } from '../../support/e2e/extensionPackage';
import { measureActivation } from '../support/codeServerActivation';
import { nowMs, repeat, summarise, type Timing } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';

const ACTIVATION = { name: 'activation (code-server, as VS Code reports it)', target: 100, unit: 'ms' };

/**
 * Case 5: sizes of the production bundles and what can honestly be timed of the client's start
 * without VS Code: evaluating dist/extension.js (with a stand-in `vscode` module) and the language
 * server's time to answer `initialize`. Neither is activation; real activation needs the end-to-end
 * harness of test/e2e, which the report says when it is missing.
 */

const GROUP = 'extension';
const BUNDLE_LIMIT = 2 * 1024 * 1024;
/** The VSIX is only installed into a scratch code-server, where its README is never shown; vsce wants absolute links all the same. */
const LOCAL_BASE_URL = 'https://catalog-code.invalid/';

/**
 * `node esbuild.mjs --production` in a scratch folder that links to the sources, so the shared dist/
 * is left alone; then `vsce package` there (the files it ships are copied, vsce skips links).
 */
function productionBuild(ctx: BenchContext): { dist: string; vsix: string | undefined; vsixProblem?: string; npmPackage?: NpmPackageSize; npmProblem?: string } {
  const buildRoot = path.join(ctx.workDir, 'production-build');
  mkdirSync(buildRoot, { recursive: true });
  for (const entry of ['client', 'server', 'cli', 'core', 'service', 'node_modules', 'tsconfig.json', 'esbuild.mjs']) {
    if (existsSync(path.join(REPO_ROOT, entry))) symlinkSync(path.join(REPO_ROOT, entry), path.join(buildRoot, entry));
  }
  for (const entry of ['package.json', 'syntaxes', 'media', 'README.md', 'LICENSE', 'CHANGELOG.md', '.vscodeignore', path.join('test', 'fixtures', 'sample-catalog')]) {
    if (existsSync(path.join(REPO_ROOT, entry))) cpSync(path.join(REPO_ROOT, entry), path.join(buildRoot, entry), { recursive: true });
  }
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: buildRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`node esbuild.mjs --production failed:\n${build.stdout}\n${build.stderr}`);
  const dist = path.join(buildRoot, 'dist');
  const { npmPackage, npmProblem } = npmPack(buildRoot, ctx.workDir);
  // vsce refuses package.json's npm `files` list next to .vscodeignore (see vsixManifest).
  const manifestPath = path.join(buildRoot, 'package.json');
  writeFileSync(manifestPath, JSON.stringify(vsixManifest(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>), null, 2));
  const vsix = path.join(ctx.workDir, 'catalog-code.vsix');
  const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const pack = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--baseContentUrl', LOCAL_BASE_URL, '--baseImagesUrl', LOCAL_BASE_URL, '-o', vsix], { cwd: buildRoot, encoding: 'utf8' });
  if (pack.status !== 0) {
    const errors = `${pack.stdout}\n${pack.stderr}`.split('\n').filter((line) => line.includes('ERROR'));
    return { dist, vsix: undefined, vsixProblem: `vsce package failed: ${errors.join(' ').trim() || `exit code ${pack.status}`}`, npmPackage, npmProblem };
  }
  return { dist, vsix, npmPackage, npmProblem };
}

interface NpmPackageSize {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
}

/** `npm pack` of the production build: what `npm install catalog-code` downloads and unpacks. */
function npmPack(buildRoot: string, into: string): { npmPackage?: NpmPackageSize; npmProblem?: string } {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const pack = spawnSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', into], { cwd: buildRoot, encoding: 'utf8' });
  if (pack.status !== 0) return { npmProblem: `npm pack failed: ${pack.stderr.split('\n').filter((line) => line.includes('ERR')).join(' ') || `exit code ${pack.status}`}` };
  const [packed] = JSON.parse(pack.stdout) as NpmPackageSize[];
  return { npmPackage: packed };
}

/**
 * A `vscode` module where every member is a callable, constructible stand-in, enough to evaluate the
 * bundle's top level. The top-level names of the API (from @types/vscode) are real own properties,
 * because bundled `__importStar(require("vscode"))` copies only own keys.
 */
function vscodeStub(): string {
  const declarations = readFileSync(path.join(REPO_ROOT, 'node_modules', '@types', 'vscode', 'index.d.ts'), 'utf8');
  const names = [...new Set([...declarations.matchAll(/^\s*export (?:class|namespace|enum|const|let|function) (\w+)/gm)].map((m) => m[1]))];
  return `'use strict';
const handler = {
  get(target, key) {
    if (key === '__esModule') return false;
    if (key === Symbol.toPrimitive) return () => '';
    if (!(key in target)) target[key] = stub();
    return target[key];
  },
  apply: () => stub(),
  construct: () => stub(),
};
function stub() { return new Proxy(function () {}, handler); }
const api = function () {};
for (const name of ${JSON.stringify(names)}) Object.defineProperty(api, name, { value: stub(), writable: true, configurable: true, enumerable: true });
module.exports = new Proxy(api, handler);
`;
}

const REQUIRE_TIMER = `'use strict';
const Module = require('node:module');
const [stubPath, bundle] = process.argv.slice(2);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? stubPath : resolve.call(this, request, ...rest);
};
const start = process.hrtime.bigint();
const exported = require(bundle);
const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
process.stdout.write(JSON.stringify({ elapsed, activate: typeof exported.activate }));
`;

export async function extensionCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  ctx.log('extension: production build');
  const { dist, vsix, vsixProblem, npmPackage, npmProblem } = productionBuild(ctx);
  for (const name of readdirSync(dist).sort()) {
    if (!name.endsWith('.js') && !name.endsWith('.wasm')) continue;
    const size = statSync(path.join(dist, name)).size;
    result.rows.push({ group: GROUP, case: `bundle size: dist/${name}`, subject: 'esbuild --production', value: `${mib(size)} (${size.toLocaleString('en-US')} B)` });
  }
  if (npmPackage) {
    const packed = `${mib(npmPackage.size)} (${npmPackage.size.toLocaleString('en-US')} B)`;
    const unpacked = `${mib(npmPackage.unpackedSize)} (${npmPackage.unpackedSize.toLocaleString('en-US')} B)`;
    result.rows.push({ group: GROUP, case: 'package size: npm tarball', subject: `npm pack (${npmPackage.entryCount} files)`, value: packed });
    result.rows.push({ group: GROUP, case: 'package size: npm, installed', subject: 'npm pack (unpacked)', value: unpacked });
  } else {
    result.notes.push(`npm package size not measured: ${npmProblem ?? 'no package'}`);
  }
  if (vsix) {
    const size = statSync(vsix).size;
    result.rows.push({ group: GROUP, case: 'package size: VSIX', subject: 'vsce package', value: `${mib(size)} (${size.toLocaleString('en-US')} B)` });
  }
  // The extension is a small activation entry plus the main bundle it loads after activate():
  // together they are what VS Code loads for the extension host.
  const extensionSize = ['extension.js', 'extensionMain.js'].reduce((sum, name) => sum + (existsSync(path.join(dist, name)) ? statSync(path.join(dist, name)).size : 0), 0);
  result.targets.push(reportTarget({ name: 'extension bundle (extension.js + extensionMain.js)', target: BUNDLE_LIMIT / 1024 / 1024, unit: 'MiB', measured: extensionSize / 1024 / 1024 }));

  const stubPath = path.join(ctx.workDir, 'vscode-stub.js');
  const timerPath = path.join(ctx.workDir, 'require-timer.js');
  writeFileSync(stubPath, vscodeStub());
  writeFileSync(timerPath, REQUIRE_TIMER);
  const runs = { warmup: 1, runs: ctx.quick ? 5 : 10 };
  const requireTiming = await repeat(runs, () => {
    const child = spawnSync(process.execPath, [timerPath, stubPath, path.join(dist, 'extension.js')], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`Evaluating dist/extension.js with a stand-in vscode module failed:\n${child.stderr.slice(-1500)}`);
    const answer = JSON.parse(child.stdout) as { elapsed: number; activate: string };
    if (answer.activate !== 'function') throw new Error('dist/extension.js does not export an activate function.');
    return answer.elapsed;
  });
  result.rows.push(timingRow(GROUP, 'load of dist/extension.js (production)', 'require() in a fresh node', requireTiming, { note: 'module evaluation only, with a stand-in vscode module: NOT activation' }));

  const root = path.join(ctx.workDir, 'extension-workspace');
  mkdirSync(root, { recursive: true });
  const serverTiming = await repeat(runs, async () => {
    const start = nowMs();
    const client = await BenchLspClient.start({ name: 'Catalog Code language server (production)', args: [path.join(dist, 'server.js'), '--stdio'], cwd: root, pull: true, env: { CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined } }, root);
    const elapsed = nowMs() - start;
    await client.stop();
    return elapsed;
  });
  result.rows.push(timingRow(GROUP, 'language server: spawn to initialize answered', 'dist/server.js (production)', serverTiming, { note: 'what the client waits for after activate() starts it; offline, empty folder' }));

  const activation = await realActivation(ctx, vsix, vsixProblem);
  if (activation.timing) {
    result.rows.push(timingRow(GROUP, 'activation in code-server (fresh window each run)', 'VS Code Running Extensions', activation.timing, { note: 'VS Code\'s own number: code loading + activate() until its first await; all built-in extensions start alongside on 2 cores' }));
    result.targets.push(
      reportTarget({
        ...ACTIVATION,
        measured: activation.timing.medianMs,
        detail: `median; p95 ${activation.timing.p95Ms.toFixed(0)} ms as VS Code reports it in code-server`,
        peer: `module evaluation alone ${requireTiming.medianMs.toFixed(0)} ms in plain node`,
        next: 'the bundle evaluates vscode-languageclient, yaml, graphql and all of core at load: keep activate() to registering commands/views and start the language client and the rest behind dynamic import() after activate returns (client/extension.ts), so loading the code is not on the activation path',
      }),
    );
  } else {
    result.targets.push(
      reportTarget({
        ...ACTIVATION,
        measured: undefined,
        detail: `not measured (${activation.reason}); what was measured instead: bundle evaluation ${requireTiming.medianMs.toFixed(1)} ms in plain node, server initialize ${serverTiming.medianMs.toFixed(0)} ms`,
        next: 'install the e2e tools with `node --import tsx support/e2e/setup.ts`, then run the bench again',
      }),
    );
  }
  result.notes.push('Bundles built by `node esbuild.mjs --production` in a scratch folder linked to the sources, so dist/ stays the development build; the VSIX for code-server is `vsce package` of that build.');
  return result;
}

async function realActivation(ctx: BenchContext, vsix: string | undefined, vsixProblem: string | undefined): Promise<{ timing?: Timing; reason: string }> {
  if (!vsix) return { reason: vsixProblem ?? 'no VSIX' };
  const ready = path.join(cacheDir, `code-server-${CODE_SERVER_VERSION}.ready`);
  // a quick run never waits minutes for code-server to install
  if (ctx.quick && !existsSync(ready)) return { reason: 'code-server is not installed yet and a quick run does not install it' };
  const tools = await ensureE2eTools();
  if (!tools.ok) return { reason: tools.reason };
  const runs = ctx.quick ? { warmup: 1, runs: 2 } : { warmup: 1, runs: 5 };
  try {
    const shown = await measureActivation(tools.tools, vsix, ctx.workDir, runs.warmup + runs.runs, ctx.log);
    return { timing: summarise(shown.slice(runs.warmup).map((r) => r.ms)), reason: '' };
  } catch (error) {
    return { reason: `code-server run failed: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}` };
  }
}

// Builds the extension when its bundles are older than its sources, and packages it as a .vsix
// with @vscode/vsce, the same file a user installs.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { repoRoot } from './setup';

const SOURCE_FOLDERS = ['client', 'server', 'core', 'cli', 'service'];
const BUNDLES = ['dist/extension.js', 'dist/extensionMain.js', 'dist/server.js', 'dist/cli.js', 'dist/cli-main.js', 'dist/cli-mcp.js', 'dist/sqlLineageWorker.js', 'dist/lineageGraph.js', 'dist/lineageGraphLayout.js'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** `npm test` has just built dist/; rebuilding under tests that are running would race with them. */
function bundlesAreFresh(): boolean {
  if (!BUNDLES.every((bundle) => existsSync(join(repoRoot, bundle)))) return false;
  const oldestBundle = Math.min(...BUNDLES.map((bundle) => statSync(join(repoRoot, bundle)).mtimeMs));
  const sources = Math.max(...SOURCE_FOLDERS.filter((f) => existsSync(join(repoRoot, f))).map((f) => newestSource(join(repoRoot, f))));
  return oldestBundle >= sources;
}

function run(command: string, args: string[], cwd = repoRoot): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolvePromise(out);
      else reject(new Error(`\`${command} ${args.join(' ')}\` failed with exit code ${code}:\n${out.slice(-3000)}`));
    });
  });
}

const NOT_STAGED = new Set(['node_modules', '.git', '.vscode-test', '.catalog']);

/**
 * A copy of the repository (without node_modules and caches) for vsce, without `vscode:prepublish`:
 * the tests package the dist/ they built (a production build there would rewrite the bundles under
 * other running tests, and needs node_modules). `vsce package` in the repository itself runs as it
 * is (test/package/vsceCleanClone.test.ts); .vscodeignore decides what is packaged either way.
 */
export function stageExtensionSource(into: string): string {
  cpSync(repoRoot, into, { recursive: true, filter: (source) => !NOT_STAGED.has(basename(source)) && !source.endsWith('.vsix') });
  const manifestPath = join(into, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { scripts?: Record<string, string> };
  if (manifest.scripts) delete manifest.scripts['vscode:prepublish'];
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return into;
}

/** Runs `vsce package` in a staged folder; the README's relative links become links into the repository (package.json `repository`). */
export async function runVscePackage(staged: string, vsix: string): Promise<void> {
  const vsce = join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
  await run(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], staged);
}

/** Builds (when stale) and packages the extension into `outDir`; returns the .vsix path. */
export async function packageExtension(outDir: string): Promise<string> {
  if (!bundlesAreFresh()) await run(process.execPath, ['esbuild.mjs']);
  const staged = stageExtensionSource(join(outDir, 'extension-source'));
  const vsix = join(outDir, 'catalog-code.vsix');
  await runVscePackage(staged, vsix);
  return vsix;
}

import { isDeepStrictEqual } from 'node:util';
import { buildSync } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateWorkspace } from '../cases/workspaceScale';
import type { ReadOptions } from '../../core/formats/index';
import type { DocumentModel } from '../../core/model/facts';

/**
 * Whether a change to the readers keeps every model the same (issue 41, "Reading a file,
 * cheaper" in docs/performance.md): `node --import tsx bench/adhoc/readSame.ts OLD_CHECKOUT
 * [FOLDERS] [DIR…]` bundles readDocument from this checkout and from OLD_CHECKOUT (e.g. a worktree of
 * main: `git worktree add --detach /tmp/old-main main`), reads the generated workspace of bench
 * case workspaceScale (FOLDERS × 100 files, default 200), every file under test/fixtures and
 * under each DIR with both, and prints each file whose models differ (facts, ranges, values, problems), then
 * JSON counts. Exits 1 when any differs.
 */
function main(): void {
  const old = process.argv[2];
  if (!old) throw new Error('Name the old checkout: node --import tsx bench/adhoc/readSame.ts /tmp/old-main [FOLDERS]');
  const folders = Number(process.argv[3] ?? 200);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-read-same-'));
  try {
    const here = path.resolve(__dirname, '..', '..');
    const readNew = readerOf(here, path.join(workDir, 'new'));
    const readOld = readerOf(path.resolve(old), path.join(workDir, 'old'));
    generateWorkspace(path.join(workDir, 'workspace'), 20261122, folders);
    const dirs = [path.join(workDir, 'workspace'), path.join(here, 'test', 'fixtures'), ...process.argv.slice(4)];
    const files = dirs.flatMap(listFiles);
    const options: ReadOptions = { associations: {} };
    let differ = 0;
    let facts = 0;
    for (const file of files) {
      const uri = pathToFileURL(file).href;
      const text = readFileSync(file, 'utf8');
      const now = readNew(uri, text, options);
      facts += now.facts.length;
      if (isDeepStrictEqual(now, readOld(uri, text, options))) continue;
      differ++;
      process.stdout.write(`differs: ${file}\n`);
    }
    process.stdout.write(`${JSON.stringify({ files: files.length, facts, differ })}\n`);
    if (differ > 0) process.exitCode = 1;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

type Read = (uri: string, text: string, options: ReadOptions) => DocumentModel;

/** readDocument of the checkout at `root`, bundled into `dir`. */
function readerOf(root: string, dir: string): Read {
  const contents = "export { readDocument } from './core/formats/index';";
  const built = buildSync({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, platform: 'node', target: 'node20', format: 'cjs', mainFields: ['module', 'main'], write: false, logLevel: 'silent' });
  mkdirSync(dir);
  const file = path.join(dir, 'readers.cjs');
  writeFileSync(file, built.outputFiles[0].text);
  return (createRequire(file)(file) as { readDocument: Read }).readDocument;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (/\.(ya?ml|jsonc?)$/i.test(entry.name)) out.push(full);
  }
  return out.sort();
}

main();

import { buildSync } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateWorkspace } from '../cases/workspaceScale';
import type { ReadOptions } from '../../core/formats/index';
import type { YamlParse } from '../../core/formats/tree';
import type { DocumentModel } from '../../core/model/facts';

/**
 * What reading the closed files of a workspace costs in CPU, in process (issue 41, "Reading a file,
 * cheaper" in docs/performance.md):
 *
 *   node --expose-gc --import tsx bench/adhoc/readCost.ts [FOLDERS] [ROUNDS] [--against CHECKOUT] [--tsx]
 *
 * generates FOLDERS × 100 files (default 200: the 20,002 of bench case workspaceScale), reads
 * every text into memory, then times `readDocument` over all of them ROUNDS times (default 5; the
 * models of a round kept until its end, as the server keeps them), and the YAML trees alone
 * (`parseYaml`, the first phase of a YAML file's read). Prints JSON: the median CPU ms per round
 * of the whole read, of the YAML trees, and their difference (detection, adapters, the URN sweep),
 * with the load average. With --expose-gc each round starts after a full collection, so what a
 * round collects is its own garbage. `--against CHECKOUT` (e.g. a worktree of main: `git worktree
 * add --detach /tmp/old-main main`) times that checkout's readers too, round by round in turn with
 * this one's, so both see the same load. The readers are bundled with esbuild first, as
 * dist/server.js carries them (tsx keeps every function's name, which costs a call per closure
 * made); `--tsx` runs this checkout's sources as tsx compiles them. For a profile:
 * `node --expose-gc --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/adhoc/readCost.ts 200 3`,
 * then `node bench/adhoc/profileTop.mjs /tmp/prof/<file>.cpuprofile 40`.
 */
function main(): void {
  const against = valueOf('--against');
  const args = process.argv.slice(2).filter((arg, index, all) => !arg.startsWith('--') && all[index - 1] !== '--against');
  const folders = Number(args[0] ?? 200);
  const rounds = Number(args[1] ?? 5);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-read-cost-'));
  try {
    const here = path.resolve(__dirname, '..', '..');
    const variants = [{ name: 'this', readers: readers(here, path.join(workDir, 'this'), process.argv.includes('--tsx')), read: [] as number[], trees: [] as number[] }];
    if (against) variants.push({ name: 'against', readers: readers(path.resolve(against), path.join(workDir, 'against'), false), read: [], trees: [] });
    generateWorkspace(path.join(workDir, 'workspace'), 20261122, folders);
    const files = listFiles(path.join(workDir, 'workspace')).map((file) => ({ uri: pathToFileURL(file).href, text: readFileSync(file, 'utf8') }));
    const yamlTexts = files.filter((file) => /\.ya?ml$/.test(file.uri)).map((file) => file.text);
    const options: ReadOptions = { associations: {} };
    let facts = 0;
    for (let round = 0; round < rounds; round++) {
      for (const { readers: { readDocument, parseYaml }, read, trees } of variants) {
        read.push(cpuMs(() => {
          // The models are kept until the round ends, as the language server keeps the closed files' facts.
          const models = files.map((file) => readDocument(file.uri, file.text, options));
          facts = models.reduce((sum, model) => sum + model.facts.length, 0);
        }));
        trees.push(cpuMs(() => {
          for (const text of yamlTexts) parseYaml(text);
        }));
      }
    }
    const out: Record<string, unknown> = { files: files.length, yamlFiles: yamlTexts.length, facts, rounds };
    for (const { name, read, trees } of variants) {
      const prefix = name === 'this' ? '' : `${name}.`;
      Object.assign(out, { [`${prefix}readMs`]: median(read), [`${prefix}yamlTreesMs`]: median(trees), [`${prefix}restMs`]: median(read) - median(trees), [`${prefix}readRoundsMs`]: read });
    }
    process.stdout.write(`${JSON.stringify({ ...out, load: os.loadavg()[0] })}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

function valueOf(option: string): string | undefined {
  const at = process.argv.indexOf(option);
  return at < 0 ? undefined : process.argv[at + 1];
}

interface Readers {
  readDocument: (uri: string, text: string, options: ReadOptions) => DocumentModel;
  parseYaml: (text: string) => YamlParse;
}

/** readDocument and parseYaml of the checkout at `root`, bundled into `dir` as dist/ bundles them (or its sources through tsx). */
function readers(root: string, dir: string, tsx: boolean): Readers {
  const require = createRequire(path.join(root, 'package.json'));
  if (tsx) return { ...(require('./core/formats/index') as Readers), ...(require('./core/formats/yamlTree') as Readers) };
  const contents = "export { readDocument } from './core/formats/index'; export { parseYaml } from './core/formats/yamlTree';";
  const built = buildSync({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, platform: 'node', target: 'node20', format: 'cjs', mainFields: ['module', 'main'], write: false, logLevel: 'silent' });
  const file = path.join(dir, 'readers.cjs');
  mkdirSync(dir);
  writeFileSync(file, built.outputFiles[0].text);
  return require(file) as Readers;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out.sort();
}

/** CPU time (user + system) of `run`, in ms; after a full collection when node runs with --expose-gc. */
function cpuMs(run: () => void): number {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return Math.round((used.user + used.system) / 1000);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

main();

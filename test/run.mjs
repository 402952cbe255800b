// Runs every *.test.ts under test/ (or under the folders named on the command line) on node:test.
// The unit and property suites run from one up-front compile of the sources to JavaScript
// (test/compileTests.mjs): no bundle build, no TypeScript loader, and one process for each of the two.
// The property suite (test/property/: generated inputs against an oracle, fixed seeds) is apart so the
// unit loop stays short. The other suites run through tsx; those that need the built bundles (dist/)
// get them built first.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledPath, compileTests } from './compileTests.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const folders = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const searchRoots = (folders.length ? folders : ['.']).map((f) => join(root, 'test', f));

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'fixtures' || name === 'node_modules' || name === 'e2e-cache') continue;
    if (statSync(path).isDirectory()) collect(path, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, path));
  }
  return out;
}

const files = [...new Set(searchRoots.flatMap((dir) => collect(dir, [])))].sort();
if (files.length === 0) {
  console.error('No test files found under', searchRoots.join(', '));
  process.exit(1);
}

/** The suites compiled once and run in one process each: no spawned processes, no bundle needed. */
const COMPILED_SUITES = ['unit', 'property'];
const suiteOf = (file) => COMPILED_SUITES.find((suite) => file.startsWith(`test${sep}${suite}${sep}`));
const compiledFiles = files.filter(suiteOf);
const otherFiles = files.filter((file) => !suiteOf(file));
const concurrency = process.env.CI ? '2' : String(Math.max(2, Math.min(4, cpus().length)));
// fast-check's property tests run with a fixed seed unless CATALOG_PROPERTY_SEED asks otherwise.
const seeded = ['--import', new URL('./support/seededProperties.mjs', import.meta.url).href];
let status = 0;
// The editor's integrated terminals set CATALOG_SERVICE_URL, which every verb reads (validate too):
// the tests choose their catalog themselves, so a run from such a terminal is the same as any other.
const env = { ...process.env };
delete env.CATALOG_SERVICE_URL;

if (compiledFiles.length) {
  const outDir = await compileTests(root);
  // One process per compiled suite: a process per test file spent most of the suite's time
  // starting Node (86 files: 9.8 s against 3.8 s in one process).
  for (const suite of COMPILED_SUITES) {
    const suiteFiles = compiledFiles.filter((file) => suiteOf(file) === suite);
    if (suiteFiles.length === 0) continue;
    const entry = join(outDir, `${suite}-suite.js`);
    writeFileSync(entry, suiteFiles.map((file) => `require(${JSON.stringify(compiledPath(root, outDir, file))});`).join('\n'));
    const result = spawnSync(process.execPath, [...seeded, '--enable-source-maps', '--test-reporter=spec', entry], { cwd: root, stdio: 'inherit', env });
    status ||= result.status ?? 1;
  }
  rmSync(outDir, { recursive: true, force: true });
}

if (otherFiles.length) {
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const result = spawnSync(
    process.execPath,
    [...seeded, '--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...otherFiles],
    { cwd: root, stdio: 'inherit', env },
  );
  status ||= result.status ?? 1;
}
process.exit(status);

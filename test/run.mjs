// Runs every *.test.ts under test/ (or under the folders named on the command line) on node:test.
// Suites that need the built bundles (dist/) build them first.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const files = searchRoots.flatMap((dir) => collect(dir, [])).sort();
if (files.length === 0) {
  console.error('No test files found under', searchRoots.join(', '));
  process.exit(1);
}

const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const concurrency = process.env.CI ? '2' : String(Math.max(2, Math.min(4, (await import('node:os')).cpus().length)));
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);

// `npm run fuzz`: the long versions of the fuzz and reliability suites. Every knob can be set
// from the environment; the defaults here are what a nightly run can afford.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const defaults = {
  CATALOG_FUZZ_RUNS: '5000',
  CATALOG_CRASH_ROUNDS: '300',
  CATALOG_LOAD_SECONDS: '60',
  // the differential test (test/reliability/differential.test.ts) in its long mode
  CATALOG_DIFFERENTIAL_MINUTES: '30',
};
const env = { ...process.env };
for (const [key, value] of Object.entries(defaults)) env[key] ??= value;
console.log(Object.keys(defaults).map((key) => `${key}=${env[key]}`).join(' '), env.CATALOG_FUZZ_SEED ? `CATALOG_FUZZ_SEED=${env.CATALOG_FUZZ_SEED}` : '');

const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const only = process.argv.slice(2);
const files = ['fuzz', 'reliability']
  .flatMap((folder) => readdirSync(join(root, 'test', folder)).filter((name) => name.endsWith('.test.ts')).map((name) => join('test', folder, name)))
  .filter((file) => only.length === 0 || only.some((part) => file.includes(part)));
const result = spawnSync(process.execPath, ['--import', new URL('../support/seededProperties.mjs', import.meta.url).href, '--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=3600000', '--test-reporter=spec', ...files], { cwd: root, env, stdio: 'inherit' });
process.exit(result.status ?? 1);

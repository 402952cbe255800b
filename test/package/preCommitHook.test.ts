// The pre-commit hook as a metadata repository uses it: Debian's `pre-commit` installs this
// repository as an npm package (its prepack builds the bundles) and runs `catalog-code validate`
// on the files being committed, and only on those.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(__dirname, '..', '..');
const fixtures = join(repo, 'test', 'fixtures', 'package');

function missingTools(): string | undefined {
  if (spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status !== 0) {
    return 'pre-commit is not installed: `sudo apt-get install -y pre-commit` (Debian) or `pipx install pre-commit` to run the hook test';
  }
  if (spawnSync('git', ['rev-parse', '--git-dir'], { cwd: repo, encoding: 'utf8' }).status !== 0) {
    return `${repo} is not a git checkout, and pre-commit installs hooks from git repositories`;
  }
  return undefined;
}

// Without the tool the test says so in one line; CI installs it (.ci/run), where a skip would hide a gap.
const missing = missingTools();
if (missing && process.env.CI === 'true') throw new Error(`CI=true but ${missing}`);

let scratch: string;
let metadata: string;
let env: NodeJS.ProcessEnv;

function run(command: string, args: string[]): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd: metadata, env, encoding: 'utf8', timeout: 10 * 60_000 });
}

const described = (result: SpawnSyncReturns<string>) => `exit ${result.status}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr.slice(-3000)}`;

/** `pre-commit try-repo` runs this repository's hook (its working tree, uncommitted changes included) on the staged files. */
const runHook = () => run('pre-commit', ['try-repo', '--verbose', repo, 'catalog-code-validate']);

before(() => {
  if (missing) return;
  scratch = mkdtempSync(join(tmpdir(), 'catalog-code-pre-commit-'));
  metadata = join(scratch, 'metadata');
  mkdirSync(metadata);
  // A fresh pre-commit cache: the hook is installed from scratch, as on a new machine.
  env = { ...process.env, PRE_COMMIT_HOME: join(scratch, 'pre-commit-home'), GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.invalid', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.invalid' };
  for (const args of [['init', '-q'], ['config', 'commit.gpgsign', 'false']]) assert.equal(run('git', args).status, 0);
  // Already in the repository, broken, and not part of the next commit: the hook must leave it alone.
  copyFileSync(join(fixtures, 'broken-lineage.yml'), join(metadata, 'legacy-lineage.yml'));
  assert.equal(run('git', ['add', '-A']).status, 0);
  assert.equal(run('git', ['commit', '-q', '--no-verify', '-m', 'legacy']).status, 0);
});

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('catalog-code-validate passes a commit of clean metadata and foreign YAML, leaving unchanged files alone', { skip: missing, timeout: 15 * 60_000 }, () => {
  copyFileSync(join(fixtures, 'clean-edges.yaml'), join(metadata, 'edges.yaml'));
  writeFileSync(join(metadata, 'deployment.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n');
  writeFileSync(join(metadata, 'notes.txt'), 'not metadata\n');
  assert.equal(run('git', ['add', 'edges.yaml', 'deployment.yaml', 'notes.txt']).status, 0);
  const result = runHook();
  assert.equal(result.status, 0, described(result));
  assert.match(result.stdout, /Catalog Code validate\.+Passed/);
  // Only the staged YAML reached the command (two files, one of them metadata), not the broken file already committed.
  assert.match(result.stdout, /1 metadata file\(s\) checked: 0 error\(s\)/);
  assert.doesNotMatch(result.stdout, /legacy-lineage/);
  assert.equal(run('git', ['commit', '-q', '--no-verify', '-m', 'clean']).status, 0);
});

test('catalog-code-validate fails a commit that adds a broken metadata file, naming the file, line and code', { skip: missing, timeout: 15 * 60_000 }, () => {
  copyFileSync(join(fixtures, 'broken-lineage.yml'), join(metadata, 'orders-lineage.yml'));
  assert.equal(run('git', ['add', 'orders-lineage.yml']).status, 0);
  const result = runHook();
  assert.equal(result.status, 1, described(result));
  assert.match(result.stdout, /Catalog Code validate\.+Failed/);
  assert.match(result.stdout, /orders-lineage\.yml:20:\d+: error urn\.environment/);
  assert.doesNotMatch(result.stdout, /legacy-lineage/);
});

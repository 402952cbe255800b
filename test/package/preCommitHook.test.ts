// The pre-commit hook as a metadata repository uses it: Debian's `pre-commit` installs this
// repository as an npm package (its prepack builds the bundles) and runs `catalog-code validate
// --staged`: the files being committed, checked in the context of the whole repository.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

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

function run(command: string, args: string[], cwd = metadata): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 10 * 60_000 });
}

function git(args: string[], cwd = metadata): string {
  const result = run('git', args, cwd);
  assert.equal(result.status, 0, `git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * A one-commit repository holding this working tree as it is (tracked and new files, not ignored
 * ones), as `pre-commit try-repo` makes one, so pre-commit installs the hook being tested even
 * before it is committed. Unlike try-repo, the hook environment is then installed once for all
 * the commits below.
 */
function hookRepository(into: string): { path: string; rev: string } {
  mkdirSync(into);
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], repo).stdout.split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(repo, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(into, file)), { recursive: true });
    copyFileSync(join(repo, file), join(into, file));
  }
  git(['init', '-q'], into);
  git(['add', '-A'], into);
  git(['commit', '-q', '--no-verify', '-m', 'the working tree of Catalog Code'], into);
  return { path: into, rev: git(['rev-parse', 'HEAD'], into) };
}

const described = (result: SpawnSyncReturns<string>) => `exit ${result.status}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr.slice(-3000)}`;

/** `git commit`, which runs the installed pre-commit hook on the staged files; its output is in stdout and stderr. */
function commit(message: string): SpawnSyncReturns<string> & { printed: string } {
  const result = run('git', ['commit', '-q', '-m', message]);
  return { ...result, printed: `${result.stdout}\n${result.stderr}` };
}

before(() => {
  if (missing) return;
  scratch = mkdtempSync(join(tmpdir(), 'catalog-code-pre-commit-'));
  metadata = join(scratch, 'metadata');
  mkdirSync(metadata);
  // A fresh pre-commit cache: the hook is installed from scratch, as on a new machine.
  env = { ...process.env, PRE_COMMIT_HOME: join(scratch, 'pre-commit-home'), GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.invalid', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.invalid' };
  const hooks = hookRepository(join(scratch, 'catalog-code'));
  git(['init', '-q']);
  git(['config', 'commit.gpgsign', 'false']);
  // The configuration a metadata repository writes; `verbose` shows the command's summary line.
  writeFileSync(
    join(metadata, '.pre-commit-config.yaml'),
    ['repos:', `  - repo: ${JSON.stringify(hooks.path)}`, `    rev: ${hooks.rev}`, '    hooks:', '      - id: catalog-code-validate', '        verbose: true', ''].join('\n'),
  );
  // Already in the repository, broken, and not part of the next commit: the hook must leave it alone.
  copyFileSync(join(fixtures, 'broken-lineage.yml'), join(metadata, 'legacy-lineage.yml'));
  git(['add', '-A']);
  git(['commit', '-q', '--no-verify', '-m', 'legacy']);
  const install = run('pre-commit', ['install']);
  assert.equal(install.status, 0, described(install));
});

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('catalog-code-validate passes a commit of clean metadata and foreign YAML, leaving unchanged files alone', { skip: missing, timeout: 15 * 60_000 }, () => {
  copyFileSync(join(fixtures, 'clean-edges.yaml'), join(metadata, 'edges.yaml'));
  writeFileSync(join(metadata, 'deployment.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n');
  writeFileSync(join(metadata, 'notes.txt'), 'not metadata\n');
  git(['add', 'edges.yaml', 'deployment.yaml', 'notes.txt']);
  const result = commit('clean metadata');
  assert.equal(result.status, 0, described(result));
  assert.match(result.printed, /Catalog Code validate\.+Passed/);
  // The whole repository is read (the broken file already committed too), but its problems are not the commit's doing.
  assert.match(result.printed, /2 metadata file\(s\) checked: 0 error\(s\)/);
  assert.match(result.printed, /Checked the commit's 2 added or changed and 0 deleted file\(s\) with the rest of the repository/);
  assert.doesNotMatch(result.printed, /legacy-lineage/);
});

test('catalog-code-validate fails a commit that adds a broken metadata file, naming the file, line and code', { skip: missing, timeout: 15 * 60_000 }, () => {
  copyFileSync(join(fixtures, 'broken-lineage.yml'), join(metadata, 'orders-lineage.yml'));
  git(['add', 'orders-lineage.yml']);
  const result = commit('broken lineage');
  assert.equal(result.status, 1, described(result));
  assert.match(result.printed, /Catalog Code validate\.+Failed/);
  assert.match(result.printed, /orders-lineage\.yml:20:\d+: error urn\.environment/);
  assert.doesNotMatch(result.printed, /legacy-lineage/);
  assert.equal(git(['log', '--format=%s', '-1']), 'clean metadata', 'the commit was stopped');
  git(['reset', '-q', '--hard']); // the stopped commit's file goes with it: it was only staged
});

// A definition with 366 among its allowed values, and a dataset file (another file) that uses it.
const DEFINITIONS = ['- id: io.example.retentionDays', '  type: number', '  cardinality: SINGLE', '  entity_types:', '    - dataset', '  allowed_values:', '    - value: 30', '    - value: 366', ''];
const datasetUsing = (name: string, days: number) => [`- id: shop.${name}`, '  platform: hive', '  env: PROD', '  structured_properties:', `    io.example.retentionDays: ${days}`, ''].join('\n');

test('catalog-code-validate fails a commit that removes an allowed value a file outside the commit uses, naming that file', { skip: missing, timeout: 15 * 60_000 }, () => {
  writeFileSync(join(metadata, 'properties.yaml'), DEFINITIONS.join('\n'));
  writeFileSync(join(metadata, 'datasets.yaml'), datasetUsing('orders', 366));
  git(['add', 'properties.yaml', 'datasets.yaml']);
  const added = commit('definitions and a dataset using them');
  assert.equal(added.status, 0, described(added));

  writeFileSync(join(metadata, 'properties.yaml'), DEFINITIONS.filter((line) => !line.includes('366')).join('\n'));
  git(['add', 'properties.yaml']);
  const result = commit('drop 366 from the allowed values');
  assert.equal(result.status, 1, described(result));
  assert.match(result.printed, /Catalog Code validate\.+Failed/);
  assert.match(result.printed, /datasets\.yaml:5:\d+: error property\.notAllowedValue/);
  assert.match(result.printed, /This commit breaks 1 file\(s\) it does not change: datasets\.yaml/);
  assert.doesNotMatch(result.printed, /legacy-lineage/, 'a file broken before the commit is not the commit\'s doing');
  assert.equal(git(['log', '--format=%s', '-1']), 'definitions and a dataset using them', 'the commit was stopped');
  git(['reset', '-q', '--hard']);
});

test('catalog-code-validate fails a commit of a dataset file alone whose value a definition in another file does not allow', { skip: missing, timeout: 15 * 60_000 }, () => {
  writeFileSync(join(metadata, 'returns.yaml'), datasetUsing('returns', 7));
  git(['add', 'returns.yaml']);
  const result = commit('a dataset with a value not allowed');
  assert.equal(result.status, 1, described(result));
  assert.match(result.printed, /returns\.yaml:5:\d+: error property\.notAllowedValue: 7 is not an allowed value of io\.example\.retentionDays/);
  assert.equal(git(['log', '--format=%s', '-1']), 'definitions and a dataset using them', 'the commit was stopped');

  writeFileSync(join(metadata, 'returns.yaml'), datasetUsing('returns', 30));
  git(['add', 'returns.yaml']);
  const fixed = commit('a dataset with an allowed value');
  assert.equal(fixed.status, 0, described(fixed));
});

// `catalog-code validate --staged` (the pre-commit hook) offline, against what a hunt found: a file
// of the commit that cannot be read from git's index (a line break in its name) passed unchecked; its
// name reached the log with raw line breaks; and a file already broken before the commit was
// reported as broken by it when the commit changed the allowed values its message lists.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
import { budgetMs } from '../support/timeScale';

const root = join(__dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const PROPERTIES = (values: readonly string[]) => ['- id: io.acme.team', '  type: string', '  entity_types: [dataset]', '  allowed_values:', ...values.map((v) => `    - value: ${v}`), ''].join('\n');
const DATASET = (team: string) => ['- id: orders', '  platform: hive', '  structured_properties:', `    io.acme.team: ${team}`, ''].join('\n');

describe('validate --staged offline: what the hook never passes, and what it leaves alone', { timeout: budgetMs(300_000) }, () => {
  const repos: string[] = [];
  let repo = '';
  const git = (...args: string[]) => {
    const result = spawnSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.invalid' } });
    assert.equal(result.status, 0, result.stderr);
  };
  const staged = () => spawnSync(process.execPath, [cli, 'validate', '--staged', '--settings', 'none'], { cwd: repo, encoding: 'utf8', env: { ...process.env, CATALOG_SERVICE_URL: '', CATALOG_TOKEN: '', NO_COLOR: '1' }, timeout: budgetMs(120_000) });

  beforeEach(() => {
    if (!existsSync(cli)) spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'ignore' });
    repo = mkdtempSync(join(tmpdir(), 'catalog-code-staged-offline-'));
    repos.push(repo);
    git('init', '-q');
    writeFileSync(join(repo, 'properties.yaml'), PROPERTIES(['platform', 'analytics']));
    git('add', '-A');
    git('commit', '-q', '-m', 'definitions');
  });
  after(() => repos.forEach((path) => rmSync(path, { recursive: true, force: true })));

  it('fails a commit with a metadata file it cannot read from the index, and shows its name escaped', () => {
    writeFileSync(join(repo, 'evil\nForged: 0 error(s), commit OK.yaml'), DATASET('bogus'));
    git('add', '-A');
    const result = staged();
    assert.equal(result.status, 1, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, /1 file\(s\) of this commit could not be read from git's index, so they were not checked: evil\\nForged/);
    assert.doesNotMatch(`${result.stdout}\n${result.stderr}`, /^Forged/m, 'no forged line');
  });

  it('leaves alone a file already broken before the commit when the commit changes the allowed values its message lists', () => {
    writeFileSync(join(repo, 'datasets.yaml'), DATASET('bogus'));
    git('add', '-A');
    git('commit', '-q', '--no-verify', '-m', 'already broken');
    writeFileSync(join(repo, 'properties.yaml'), PROPERTIES(['platform', 'analytics', 'finance']));
    git('add', 'properties.yaml');
    const result = staged();
    assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
    assert.doesNotMatch(result.stdout, /This commit breaks/);
  });

  it('fails a commit that deletes the definitions a file it does not change still assigns (the whole file, or one definition of several)', () => {
    writeFileSync(join(repo, 'datasets.yaml'), DATASET('analytics'));
    git('add', '-A');
    git('commit', '-q', '-m', 'valid');
    git('rm', '-q', 'properties.yaml');
    const whole = staged();
    assert.equal(whole.status, 1, `${whole.stdout}\n${whole.stderr}`);
    assert.match(whole.stdout, /^datasets\.yaml:4:5: error property\.unknown: The structured property 'io\.acme\.team' is no longer defined: this commit removes its definition/m);
    assert.match(whole.stdout, /This commit breaks 1 file\(s\) it does not change: datasets\.yaml/);
    git('reset', '-q', '--hard');
    writeFileSync(join(repo, 'properties.yaml'), ['- id: io.acme.other', '  type: string', '  entity_types: [dataset]', ''].join('\n'));
    git('add', 'properties.yaml');
    const one = staged();
    assert.equal(one.status, 1, `${one.stdout}\n${one.stderr}`);
    assert.equal(one.stdout.split('\n').filter((line) => line.startsWith('datasets.yaml:4:5:')).length, 1, `said once, as the error:\n${one.stdout}`);
  });

  it('still fails the commit that breaks a file it does not change', () => {
    writeFileSync(join(repo, 'datasets.yaml'), DATASET('analytics'));
    git('add', '-A');
    git('commit', '-q', '-m', 'valid');
    writeFileSync(join(repo, 'properties.yaml'), PROPERTIES(['platform']));
    git('add', 'properties.yaml');
    const result = staged();
    assert.equal(result.status, 1, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, /This commit breaks 1 file\(s\) it does not change: datasets\.yaml/);
  });
});

// `catalog-code validate --staged` (what the pre-commit hook runs) with a catalog: a commit that
// deletes the file declaring a dataset re-checks the lineage that names it, in the pending state
// (the catalog with the commit applied), and names the lineage file although the commit does not
// touch it. The hook itself, offline, through Debian's pre-commit: test/package/preCommitHook.test.ts.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { budgetMs } from '../support/timeScale';
import { startTestCatalog, type TestCatalog } from './catalog';

const root = join(__dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');

describe('validate --staged against a catalog', { timeout: budgetMs(300_000) }, () => {
  let catalog: TestCatalog;
  let repo = '';
  const git = (...args: string[]) => {
    const result = spawnSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.invalid' } });
    assert.equal(result.status, 0, result.stderr);
  };
  // Asynchronous: the catalog answers from this process, whose event loop a synchronous spawn would hold.
  const staged = () =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [cli, 'validate', '--staged', '--service', catalog.url, '--settings', 'none'], { cwd: repo, env: { ...process.env, CATALOG_TOKEN: catalog.token, NO_COLOR: '1' }, timeout: budgetMs(120_000) }, (error, stdout, stderr) => {
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      });
    });

  before(async () => {
    if (!existsSync(cli)) spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'ignore' });
    catalog = await startTestCatalog();
    repo = mkdtempSync(join(tmpdir(), 'catalog-code-staged-'));
    git('init', '-q');
    writeFileSync(join(repo, 'datasets.yaml'), '- id: raw_orders\n  platform: hive\n- id: orders\n  platform: hive\n');
    writeFileSync(join(repo, 'lineage.yml'), 'version: 1\nlineage:\n  - entity: {name: orders, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: raw_orders, type: dataset, platform: hive}\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'datasets and their lineage');
  });
  after(async () => {
    await catalog.close();
    rmSync(repo, { recursive: true, force: true });
  });

  it('passes a commit that changes no metadata file', async () => {
    writeFileSync(join(repo, 'notes.txt'), 'hello\n');
    git('add', 'notes.txt');
    const result = await staged();
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /No metadata file \(YAML or JSON\) is added, changed or deleted by this commit/);
    git('reset', '-q', '--hard');
  });

  it('fails a commit that deletes the declaration of a dataset the lineage in another file names, naming that file', async () => {
    git('rm', '-q', 'datasets.yaml');
    const result = await staged();
    assert.equal(result.status, 1, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, /^lineage\.yml:\d+:\d+: error lineage\.unknownEntity/m);
    assert.match(result.stdout, /Checked the commit's 0 added or changed and 1 deleted file\(s\)/);
    assert.match(result.stdout, /This commit breaks 1 file\(s\) it does not change: lineage\.yml\./);
    git('reset', '-q', '--hard');
    const kept = await staged();
    assert.equal(kept.status, 0, 'with the declarations kept, nothing to report');
  });
});

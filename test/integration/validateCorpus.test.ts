import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CORPUS } from '../unit/corpus/datahubCorpus';
import { startTestCatalog, type TestCatalog } from './catalog';

const cliPath = process.env.CATALOG_CODE_CLI ?? join(process.cwd(), 'dist', 'cli.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliPath, ...args],
      { cwd: options.cwd ?? process.cwd(), env: { ...process.env, CATALOG_TOKEN: '', CATALOG_SERVICE_URL: '', ...options.env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

const field = (name: string, env: string) => `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,${name},${env}),user_id)`;
const OUTSIDE = `version: 1
lineage:
  - entity: {name: topic3, type: dataset, env: DEV, platform: kafka}
    upstream:
      - entity: {name: topic3, type: dataset, env: DEV, platform: kafka}
    fineGrainedLineages:
      - upstreamType: FIELD_SET
        upstreams:
          - ${field('topic1', 'PROD')}
        downstreamType: FIELD
        downstreams:
          - ${field('topic3', 'DEV')}
`;

describe('catalog-code validate on DataHub\'s shapes', () => {
  let folder: string;
  let catalog: TestCatalog;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'catalog-code-validate-'));
    writeFileSync(join(folder, 'file_lineage.yml'), OUTSIDE);
    catalog = await startTestCatalog();
  });
  after(async () => {
    await catalog?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('exits 0 on every file of the corpus that DataHub accepts', async () => {
    const run = await runCli(['validate', join(CORPUS, 'accepted')]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /0 error\(s\)/);
  });

  it('exits 1 on the files DataHub rejects', async () => {
    const run = await runCli(['validate', join(CORPUS, 'rejected')]);
    assert.equal(run.code, 1);
  });

  it('judges a rule of the local catalog as an error only for the local catalog (--service or --target)', async () => {
    const offline = await runCli(['validate', folder]);
    assert.equal(offline.code, 0, offline.stdout);
    assert.match(offline.stdout, /warning lineage\.columnOutsideEdge: .*DataHub stores it as written/);
    const local = await runCli(['validate', folder, '--service', catalog.url], { env: { CATALOG_TOKEN: catalog.token } });
    assert.equal(local.code, 1, local.stdout + local.stderr);
    assert.match(local.stdout, /error lineage\.columnOutsideEdge: .*The local catalog rejects it/);
    const forced = await runCli(['validate', folder, '--target', 'local']);
    assert.equal(forced.code, 1);
    const wrong = await runCli(['validate', folder, '--target', 'somewhere']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /Unknown --target 'somewhere'/);
  });

  it('--datahub-version and catalogCode.datahub.version choose the DataHub whose rules apply; auto reads the service\'s /config', async () => {
    const versioned = mkdtempSync(join(tmpdir(), 'catalog-code-version-'));
    try {
      // datahub-project/datahub#13489: CLI 1.0 refuses `domains`; PR #14152 restores it.
      writeFileSync(join(versioned, 'dataset.yaml'), 'id: orders\nplatform: hive\ndomains:\n  - urn:li:domain:sales\n');
      assert.equal((await runCli(['validate', versioned])).code, 0);
      const old = await runCli(['validate', versioned, '--datahub-version', '1.0.0']);
      assert.equal(old.code, 1, old.stdout);
      assert.match(old.stdout, /error format\.unknownKey: DataHub's CLI from 1\.0\.0 until 1\.2\.0 refuses 'domains'/);
      assert.match(old.stderr, /Judging by DataHub 1\.0\.0 \(as set\)/);
      const wrong = await runCli(['validate', versioned, '--datahub-version', 'newest']);
      assert.equal(wrong.code, 2);
      assert.match(wrong.stderr, /--datahub-version 'newest' is not a DataHub version/);
      mkdirSync(join(versioned, '.vscode'));
      writeFileSync(join(versioned, '.vscode', 'settings.json'), '{"catalogCode.datahub.version": "1.1.0"}');
      assert.equal((await runCli(['validate', '.'], { cwd: versioned })).code, 1);
      assert.equal((await runCli(['validate', '.', '--datahub-version', 'auto'], { cwd: versioned })).code, 0);
      const auto = await runCli(['validate', '.', '--datahub-version', 'auto', '--service', catalog.url], { cwd: versioned, env: { CATALOG_TOKEN: catalog.token } });
      assert.match(auto.stderr, /Judging by DataHub \d+\.\d+\.\d+ \(as the connected DataHub reports\)/);
    } finally {
      rmSync(versioned, { recursive: true, force: true });
    }
  });

  it('--severity and .vscode/settings.json change a code\'s level; the flag wins', async () => {
    const strict = await runCli(['validate', folder, '--severity', 'lineage.selfLoop=error']);
    assert.equal(strict.code, 1);
    assert.match(strict.stdout, /error lineage\.selfLoop/);
    mkdirSync(join(folder, '.vscode'), { recursive: true });
    writeFileSync(join(folder, '.vscode', 'settings.json'), '{\n  // the team\'s choice\n  "catalogCode.diagnostics.severity": {"lineage.*": "error", "lineage.columnOutsideEdge": "off"},\n}\n');
    const fromSettings = await runCli(['validate', '.'], { cwd: folder });
    assert.equal(fromSettings.code, 1);
    assert.doesNotMatch(fromSettings.stdout, /columnOutsideEdge/);
    assert.match(fromSettings.stdout, /error lineage\.selfLoop/);
    const flagWins = await runCli(['validate', '.', '--severity', 'lineage.selfLoop=off'], { cwd: folder });
    assert.equal(flagWins.code, 0, flagWins.stdout);
    const bad = await runCli(['validate', '.', '--severity', 'lineage.selfLoop'], { cwd: folder });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--severity takes code=level/);
    rmSync(join(folder, '.vscode'), { recursive: true, force: true });
  });
});

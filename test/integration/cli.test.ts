import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CliIo } from '../../cli/io';
import { runLineage } from '../../cli/lineage';
import { runPush } from '../../cli/push';
import { ds, startCatalogWithFiles, TOKEN, type TestCatalog } from './catalog';

const root = process.cwd();
// CATALOG_CODE_CLI runs the same checks against another build of the CLI (e.g. a packaged one).
const cliPath = process.env.CATALOG_CODE_CLI ?? join(root, 'dist', 'cli.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a verb in this process with captured output; stdin is not a terminal here, as in CI. */
async function runVerb(verb: typeof runPush, args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), version: 'test' };
  const saved = { CATALOG_TOKEN: process.env.CATALOG_TOKEN, CATALOG_SERVICE_URL: process.env.CATALOG_SERVICE_URL };
  Object.assign(process.env, env);
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  try {
    const code = await verb(args, io);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Runs `node dist/cli.js …` as a child process (asynchronously: the service answers from this process). */
function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath, ...args], { env: { ...process.env, CATALOG_TOKEN: '', CATALOG_SERVICE_URL: '', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('push and lineage verbs against the local catalog', () => {
  let catalog: TestCatalog;
  before(async () => {
    catalog = await startCatalogWithFiles();
  });
  after(() => catalog.close());

  it('--dry-run prints the plan and sends nothing', async () => {
    const run = await runVerb(runPush, [catalog.files, '--service', catalog.url, '--dry-run'], { CATALOG_TOKEN: TOKEN });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Push plan: \d+ change\(s\)/);
    assert.match(run.stdout, /\+ upstream urn:li:dataset:\(urn:li:dataPlatform:hive,customers,PROD\)/);
    assert.match(run.stdout, /Dry run: nothing was sent\./);
    assert.equal(await catalog.aspect(ds('orders'), 'datasetProperties'), undefined);
    assert.equal(await catalog.aspect(ds('orders'), 'upstreamLineage'), undefined);
  });

  it('refuses to push without --yes when no one can confirm', async () => {
    const run = await runVerb(runPush, [catalog.files, '--service', catalog.url], { CATALOG_TOKEN: TOKEN });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /not an interactive terminal\. Run again with --yes/);
    assert.equal(await catalog.aspect(ds('orders'), 'datasetProperties'), undefined);
  });

  it('stops before sending when the files have errors, unless --force', async () => {
    catalog.write('broken/edges.json', JSON.stringify({ edgesToAdd: [{ downstreamUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders)', upstreamUrn: ds('raw_orders') }], edgesToRemove: [] }));
    const folder = join(catalog.files, 'broken');
    try {
      const run = await runVerb(runPush, [folder, '--service', catalog.url, '--yes'], { CATALOG_TOKEN: TOKEN });
      assert.equal(run.code, 1);
      assert.match(run.stderr, /edges\.json:1:\d+: error /);
      assert.match(run.stderr, /Nothing was pushed because the files have errors\. Fix them, or run again with --force/);
      const forced = await runVerb(runPush, [folder, '--service', catalog.url, '--yes', '--force'], { CATALOG_TOKEN: TOKEN });
      assert.match(forced.stderr, /Pushing anyway \(--force\)/);
      assert.equal(forced.code, 1, 'the service refuses the malformed URN, and the push says so');
      assert.match(forced.stderr, /1 item\(s\) failed:\n.*hive,orders\) — Lineage \(updateLineage\): /);
    } finally {
      rmSync(folder, { recursive: true });
    }
  });

  it('says what to do about a wrong token or an unreachable service, and never prints the token', async () => {
    const wrong = await runVerb(runPush, [catalog.files, '--service', catalog.url, '--yes'], { CATALOG_TOKEN: 'not-the-token-xyz' });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /HTTP 401.*CATALOG_TOKEN/s);
    assert.ok(!`${wrong.stdout}${wrong.stderr}`.includes('not-the-token-xyz'));
    const missing = await runVerb(runLineage, [ds('orders'), '--service', catalog.url], { CATALOG_TOKEN: undefined });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /HTTP 401/);
    const unreachable = await runVerb(runLineage, [ds('orders'), '--service', 'http://127.0.0.1:1'], { CATALOG_TOKEN: TOKEN });
    assert.equal(unreachable.code, 1);
    assert.match(unreachable.stderr, /could not be reached/);
    assert.ok(!unreachable.stderr.includes(TOKEN));
    const noUrl = await runVerb(runPush, [catalog.files], { CATALOG_TOKEN: TOKEN, CATALOG_SERVICE_URL: undefined });
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /--service URL .*CATALOG_SERVICE_URL/);
  });

  it('pushes with --yes, printing progress, then prints the lineage tree; a failing item exits 1 and is named', async () => {
    const run = await runVerb(runPush, [catalog.files, '--service', catalog.url, '--yes'], { CATALOG_TOKEN: TOKEN });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\[1\/\d+\] ✓ urn:li:structuredProperty:io\.acme\.team — Property definition \(create\)/);
    assert.match(run.stdout, /Pushed (\d+) of \1 item\(s\)\./);

    const tree = await runVerb(runLineage, [ds('orders'), '--service', catalog.url, '--direction', 'upstream'], { CATALOG_TOKEN: TOKEN });
    assert.equal(tree.code, 0, tree.stderr);
    assert.equal(
      tree.stdout,
      [
        ds('orders'),
        '└─ Upstream',
        '   ├─ column: orders.order_id ← raw_orders.id',
        `   ├─ [1] customers (hive)  ${ds('customers')}`,
        `   └─ [1] raw_orders (hive)  ${ds('raw_orders')}`,
      ].join('\n'),
    );

    catalog.write('bad-edges.json', JSON.stringify({ edgesToAdd: [{ downstreamUrn: ds('report'), upstreamUrn: ds('nowhere') }], edgesToRemove: [] }));
    const failing = await runVerb(runPush, [join(catalog.files, 'bad-edges.json'), '--service', catalog.url, '--yes'], { CATALOG_TOKEN: TOKEN });
    assert.equal(failing.code, 1);
    assert.match(failing.stderr, /1 item\(s\) failed:\n {2}✗ urn:li:dataset:\(urn:li:dataPlatform:hive,report,PROD\) — Lineage \(updateLineage\): .*nowhere.*doesn't exist/);
  });

  it('runs through node dist/cli.js', async () => {
    if (!existsSync(cliPath)) spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'ignore' });
    const help = await runCli(['push', '--help'], {});
    assert.equal(help.code, 0, help.stderr);
    catalog.write('cli/more.yaml', '- id: cli_made\n  platform: hive\n- id: cli_source\n  platform: hive\n');
    catalog.write('cli/edges.json', JSON.stringify({ edgesToAdd: [{ downstreamUrn: ds('cli_made'), upstreamUrn: ds('cli_source') }], edgesToRemove: [] }));
    const folder = join(catalog.files, 'cli');
    const env = { CATALOG_TOKEN: TOKEN, CATALOG_SERVICE_URL: catalog.url };
    const dry = await runCli(['push', folder, '--dry-run'], env);
    assert.equal(dry.code, 0, dry.stderr);
    assert.equal(await catalog.aspect(ds('cli_made'), 'datasetProperties'), undefined);
    const refused = await runCli(['push', folder], env);
    assert.equal(refused.code, 2);
    const pushed = await runCli(['push', folder, '--yes'], env);
    assert.equal(pushed.code, 0, pushed.stderr);
    assert.notEqual(await catalog.aspect(ds('cli_made'), 'datasetProperties'), undefined);
    const json = await runCli(['lineage', ds('cli_made'), '--format', 'json', '--direction', 'upstream'], env);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as { root: string; upstream: { urn: string; degree: number }[] };
    assert.equal(parsed.root, ds('cli_made'));
    assert.deepEqual(parsed.upstream.map((n) => [n.urn, n.degree]), [[ds('cli_source'), 1]]);
    const text = await runCli(['lineage', ds('cli_source'), '--direction', 'downstream'], env);
    assert.equal(text.stdout.trim(), [ds('cli_source'), '└─ Downstream', `   └─ [1] cli_made (hive)  ${ds('cli_made')}`].join('\n'));
    const wrongToken = await runCli(['lineage', ds('cli_made')], { ...env, CATALOG_TOKEN: 'wrong-secret-123' });
    assert.equal(wrongToken.code, 1);
    assert.ok(!`${wrongToken.stdout}${wrongToken.stderr}`.includes('wrong-secret-123'));
  });
});

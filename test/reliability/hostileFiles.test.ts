import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { TestClient } from '../protocol/lspClient';
import { runCli } from './cli';
import { budgetMs } from '../support/timeScale';
import { TIER_PROPERTIES } from './tierWorkspace';

/**
 * The attack: a workspace whose walk never ends or whose files never end. `meta/a -> .` and
 * `meta/b -> .` made the folder walk follow links without end (`validate` never returned, the
 * language server never answered), `zero.yaml -> /dev/zero` was read until memory ran out
 * (8.4 GB), and a FIFO named `pipe.yaml` blocked both for ever. Each must be skipped with a
 * message naming it, and the ordinary files beside them still checked. The bounds below are
 * liveness guards (a process that hangs is killed and the test fails), not timings.
 */

const ORDERS = ['id: orders', 'platform: hive', 'env: PROD', 'structured_properties:', '  io.team.tier: bronze', ''].join('\n');
const HANG_GUARD_MS = budgetMs(120_000);

function hostileWorkspace(): { root: string; outside: string } {
  const base = mkdtempSync(join(tmpdir(), 'catalog-code-hostile-files-'));
  const root = join(base, 'workspace');
  const outside = join(base, 'outside');
  mkdirSync(join(root, 'meta'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.yaml'), ORDERS.replace('orders', 'secret'));
  writeFileSync(join(root, 'props.yaml'), TIER_PROPERTIES);
  writeFileSync(join(root, 'meta', 'orders.yaml'), ORDERS);
  symlinkSync('.', join(root, 'meta', 'a'));
  symlinkSync('.', join(root, 'meta', 'b'));
  symlinkSync('/dev/zero', join(root, 'zero.yaml'));
  symlinkSync(join(outside, 'secret.yaml'), join(root, 'outside.yaml'));
  const fifo = spawnSync('mkfifo', [join(root, 'pipe.yaml')], { encoding: 'utf8' });
  assert.equal(fifo.status, 0, `mkfifo failed: ${fifo.stderr}`);
  return { root, outside };
}

function within<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${HANG_GUARD_MS} ms: the server hangs`)), HANG_GUARD_MS);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

describe('hostile files: link loops, /dev/zero and a FIFO named as metadata', { timeout: budgetMs(480_000) }, () => {
  let root: string;

  before(() => {
    ({ root } = hostileWorkspace());
  });

  after(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  it('validate finishes, names each file it skipped, and still checks the file beside them', async () => {
    const run = await runCli(['validate', root, '--format', 'json'], {}, HANG_GUARD_MS);
    assert.equal(run.code, 1, run.stderr);
    for (const skipped of ['meta/a', 'meta/b']) assert.match(run.stderr, new RegExp(`Skipped '[^']*${skipped}': it is a link to a folder, which a walk does not follow`));
    assert.match(run.stderr, /Skipped '[^']*zero\.yaml': it is a link to a character device, not a regular file; .*Replace it with a regular file/);
    assert.match(run.stderr, /Skipped '[^']*pipe\.yaml': it is a FIFO \(named pipe\), not a regular file/);
    assert.match(run.stderr, /Skipped '[^']*outside\.yaml': it is a link to '[^']*secret\.yaml', outside the folder walked/);
    const diagnostics = JSON.parse(run.stdout) as { file: string; code: string }[];
    assert.deepEqual(
      diagnostics.map((d) => [d.file.slice(root.length + 1), d.code]),
      [['meta/orders.yaml', 'property.notAllowedValue']],
    );
  });

  it('validate of the FIFO and the /dev/zero link named as paths says why it cannot read them and checks the rest', async () => {
    const run = await runCli(['validate', join(root, 'pipe.yaml'), join(root, 'zero.yaml'), join(root, 'props.yaml'), join(root, 'meta', 'orders.yaml')], {}, HANG_GUARD_MS);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /Cannot read '[^']*pipe\.yaml': it is a FIFO \(named pipe\), not a regular file/);
    assert.match(run.stderr, /Cannot read '[^']*zero\.yaml': it is a character device, not a regular file/);
    assert.match(run.stdout, /orders\.yaml:5:17: error property\.notAllowedValue/);
  });

  it('the language server reads the workspace, logs what it skipped and answers a completion', async () => {
    const { client } = await TestClient.start({ rootPath: root, pull: false });
    try {
      const orders = pathToFileURL(join(root, 'meta', 'orders.yaml')).toString();
      await client.open(orders, ORDERS.replace('bronze', ''));
      const position = { line: 4, character: '  io.team.tier: '.length };
      const ask = () => within('a completion', client.connection.sendRequest('textDocument/completion', { textDocument: { uri: orders }, position }) as Promise<CompletionList>);
      // The values come from props.yaml, which only the workspace scan reads.
      const list = await within('the workspace scan', client.poll('the allowed values from props.yaml', ask, (answer) => answer.items.length > 0, HANG_GUARD_MS));
      assert.deepEqual(list.items.map((item) => item.label).sort(), ['gold', 'silver']);
      await client.waitFor('the log of the scan', () => client.logs.some((line) => /^Read \d+ YAML\/JSON file/.test(line)), HANG_GUARD_MS);
      const logged = client.logs.join('\n');
      assert.match(logged, /Skipped '[^']*meta\/a': it is a link to a folder/);
      assert.match(logged, /Skipped '[^']*pipe\.yaml': it is a FIFO/);
      assert.match(logged, /Skipped '[^']*zero\.yaml': it is a link to a character device/);
    } finally {
      await client.stop();
    }
  });
});

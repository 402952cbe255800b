import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../service/main';
import { runCli } from './cli';
import { budgetMs } from '../support/timeScale';

/**
 * The attack: `pull --out out` where `out/properties.yaml -> ../victim/important.conf` was
 * planted (a cloned repository can hold such a link). Pull used to write the pulled YAML — text a
 * catalog user controls — through the link into the victim; a FIFO at `out/datasets.yaml` made it
 * block for ever while comparing. Now the victim is untouched, each link or FIFO is replaced by a
 * regular file holding what was pulled, the output says so, and a second pull changes nothing.
 */

const TOKEN = 'pull-through-links-token-8c1d';
const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'sample-catalog');
const VICTIM_TEXT = 'secret = keep me\n';
/** A liveness guard: a pull that blocks on the FIFO is killed and the test fails. */
const HANG_GUARD_MS = budgetMs(120_000);

describe('pull into a folder with planted links and a FIFO', { timeout: budgetMs(360_000) }, () => {
  let service: RunningService;
  let root: string;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'catalog-code-pull-links-'));
    mkdirSync(join(root, 'data'));
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), token: TOKEN, seeds: [SAMPLE] });
  });

  after(async () => {
    await service?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('leaves the victim untouched, writes real files, says what it replaced, and pulls again unchanged', async () => {
    const victim = join(root, 'victim', 'important.conf');
    const out = join(root, 'out');
    mkdirSync(join(root, 'victim'));
    mkdirSync(out);
    writeFileSync(victim, VICTIM_TEXT);
    symlinkSync('../victim/important.conf', join(out, 'properties.yaml'));
    const fifo = spawnSync('mkfifo', [join(out, 'datasets.yaml')], { encoding: 'utf8' });
    assert.equal(fifo.status, 0, `mkfifo failed: ${fifo.stderr}`);

    const pull = () => runCli(['pull', '--service', service.url, '--out', out], { CATALOG_TOKEN: TOKEN }, HANG_GUARD_MS);
    const first = await pull();
    assert.equal(first.code, 0, first.stderr);
    assert.equal(readFileSync(victim, 'utf8'), VICTIM_TEXT, 'the file the link pointed to is untouched');
    assert.match(first.stdout, /wrote \S*properties\.yaml \(\d+ property definition\(s\)\); it was a link to '\.\.\/victim\/important\.conf', which is now replaced by this file and was not written/);
    for (const name of ['properties.yaml', 'datasets.yaml']) assert.ok(lstatSync(join(out, name)).isFile(), `${name} is now a regular file`);
    assert.match(readFileSync(join(out, 'properties.yaml'), 'utf8'), /^- urn: urn:li:structuredProperty:/);
    assert.match(readFileSync(join(out, 'datasets.yaml'), 'utf8'), /^- id: /);
    assert.deepEqual(readdirSync(out).sort(), ['datasets.yaml', 'properties.yaml', 'structured-properties.mcp.json'], 'no temporary file is left behind');
    assert.equal(lstatSync(join(out, 'properties.yaml')).mode & 0o022, 0, 'not writable by others');

    const second = await pull();
    assert.equal(second.code, 0, second.stderr);
    assert.equal((second.stdout.match(/^unchanged /gm) ?? []).length, 3, second.stdout);
    assert.equal(readFileSync(victim, 'utf8'), VICTIM_TEXT);
  });
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runPull } from '../../cli/pull';
import { startService, type RunningService } from '../../service/main';
import { TOKEN } from './catalog';
import { runVerb } from './runVerb';

/**
 * `pull --out DIR` where DIR cannot take the files: a folder at `DIR/datasets.yaml` made pull
 * replace properties.yaml, then fail "Could not pull from http://…: EISDIR … rename" (blaming the
 * service, not saying properties.yaml was already replaced); --out naming a file read everything
 * from the service, then failed "Could not pull from http://…: EEXIST … mkdir". Now both are found
 * before anything is read or written, and the message names the local path and what to do.
 */

const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'sample-catalog');
const HANDWRITTEN = '- id: my.handwritten.prop\n  type: string\n';

describe('pull into an --out that cannot take the files', () => {
  let service: RunningService;
  let root: string;
  const pull = (out: string, ...args: string[]) => runVerb(runPull, ['--service', service.url, '--out', out, ...args], TOKEN);

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'catalog-code-pull-out-'));
    mkdirSync(join(root, 'data'));
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), token: TOKEN, seeds: [SAMPLE] });
  });
  after(async () => {
    await service.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a folder where datasets.yaml goes: nothing is replaced, the folder is named, the service is not blamed (exit 1)', async () => {
    const out = join(root, 'blocked');
    mkdirSync(join(out, 'datasets.yaml'), { recursive: true });
    writeFileSync(join(out, 'properties.yaml'), HANDWRITTEN);
    const run = await pull(out);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.equal(readFileSync(join(out, 'properties.yaml'), 'utf8'), HANDWRITTEN, 'properties.yaml is not replaced');
    assert.deepEqual(readdirSync(out).sort(), ['datasets.yaml', 'properties.yaml'], 'nothing else written, no temporary file left');
    assert.match(run.stderr, /^Nothing written: '\S*blocked\/datasets\.yaml' is a folder where pull writes a file\. Move it away \(or choose another --out\), then pull again\. Nothing was read from the catalog\.$/);
    assert.doesNotMatch(run.stderr, /Could not pull from|EISDIR|Target:/);
    assert.equal(run.stdout, '');

    rmSync(join(out, 'datasets.yaml'), { recursive: true });
    const fixed = await pull(out);
    assert.equal(fixed.code, 0, fixed.stderr);
    assert.match(readFileSync(join(out, 'properties.yaml'), 'utf8'), /^- urn: urn:li:structuredProperty:/);
  });

  it('--out naming a file, or a path below a file: a usage problem said before any read (exit 2), the file untouched', async () => {
    const file = join(root, 'afile');
    writeFileSync(file, 'data\n');
    const named = await pull(file);
    assert.equal(named.code, 2, named.stdout + named.stderr);
    assert.match(named.stderr, /^--out '\S*afile' is a file, not a folder: pull writes its files into a folder\. Name a folder, or a path that does not exist yet \(it is created\)\.$/);
    const below = await pull(join(file, 'sub'));
    assert.equal(below.code, 2, below.stdout + below.stderr);
    assert.match(below.stderr, /^--out '\S*afile\/sub' cannot be created: '\S*afile' is a file, not a folder\./);
    for (const run of [named, below]) assert.doesNotMatch(run.stderr, /Could not pull from|EEXIST|ENOTDIR|Target:/);
    assert.equal(readFileSync(file, 'utf8'), 'data\n');
  });

  it('a FIFO where datasets.yaml goes is replaced by the file, and the output says what it was', async () => {
    const out = join(root, 'fifo');
    mkdirSync(out);
    const made = spawnSync('mkfifo', [join(out, 'datasets.yaml')], { encoding: 'utf8' });
    assert.equal(made.status, 0, `mkfifo failed: ${made.stderr}`);
    const run = await pull(out);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(lstatSync(join(out, 'datasets.yaml')).isFile());
    assert.match(run.stdout, /^wrote \S*fifo\/datasets\.yaml \(.*\); it was a FIFO \(named pipe\), now replaced by this file$/m);
  });
});

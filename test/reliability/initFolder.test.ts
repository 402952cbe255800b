import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './cli';

/**
 * `catalog-code init FOLDER` where FOLDER holds something planted at a name init writes: a
 * .gitignore that is a link out of the folder (init appended to the file it named), a FIFO (init
 * blocked for ever), a folder (init wrote the three starter files, then failed, and a second init
 * refused because they existed), a dangling link at a starter file's name (existsSync did not see
 * it: init wrote one file, then failed). Now each stops init before it writes anything, naming the
 * path and what to do, and the folder is left as it was.
 */

const STARTERS = ['structured_properties.yaml', 'datasets.yaml', 'orders.lineage.yml'];

describe('init into a folder with something planted at its names', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'catalog-code-init-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** A fresh folder under the scratch root, prepared by `plant`. */
  function folderWith(name: string, plant: (folder: string) => void): string {
    const folder = join(root, name);
    mkdirSync(folder);
    plant(folder);
    return folder;
  }

  function assertNothingWritten(folder: string, left: string[]): void {
    assert.deepEqual(readdirSync(folder).sort(), [...left].sort(), 'no starter file (nor a temporary file) is left behind');
  }

  it('a .gitignore linking out of the folder: the file it names is untouched, nothing is written, exit 1', async () => {
    const victim = join(root, 'victim.txt');
    writeFileSync(victim, 'victim content\n');
    const folder = folderWith('linked', (f) => symlinkSync('../victim.txt', join(f, '.gitignore')));
    const init = await runCli(['init', folder], {});
    assert.equal(init.code, 1, init.stdout + init.stderr);
    assert.equal(readFileSync(victim, 'utf8'), 'victim content\n', 'nothing was written through the link');
    assert.ok(lstatSync(join(folder, '.gitignore')).isSymbolicLink(), 'the link is left as it was');
    assertNothingWritten(folder, ['.gitignore']);
    assert.match(init.stderr, /^Nothing written: \S*linked\/\.gitignore is a symbolic link \(to '\.\.\/victim\.txt'\): init never writes through a link.*Replace it with a regular file \(or remove it\), then run catalog-code init again\./);
    assert.equal(init.stdout, '');
  });

  it('a FIFO named .gitignore: init does not block, writes nothing and says what it is (exit 1)', async () => {
    const folder = folderWith('fifo', (f) => {
      const made = spawnSync('mkfifo', [join(f, '.gitignore')], { encoding: 'utf8' });
      assert.equal(made.status, 0, `mkfifo failed: ${made.stderr}`);
    });
    const init = await runCli(['init', folder], {});
    assert.equal(init.code, 1, init.stdout + init.stderr);
    assertNothingWritten(folder, ['.gitignore']);
    assert.match(init.stderr, /^Nothing written: \S*fifo\/\.gitignore is a FIFO \(named pipe\), not a regular file: init adds '\.catalog\/' to a regular \.gitignore only\. Move it away/);
  });

  it('a folder named .gitignore: nothing is written, and a second init says the same (not "already exist")', async () => {
    const folder = folderWith('dir', (f) => mkdirSync(join(f, '.gitignore')));
    for (const attempt of ['first', 'second']) {
      const init = await runCli(['init', folder], {});
      assert.equal(init.code, 1, `${attempt}: ${init.stdout}${init.stderr}`);
      assertNothingWritten(folder, ['.gitignore']);
      assert.match(init.stderr, /^Nothing written: \S*dir\/\.gitignore is a folder, not a regular file/, attempt);
      assert.doesNotMatch(init.stderr, /already exist/, attempt);
    }
    rmSync(join(folder, '.gitignore'), { recursive: true });
    const fixed = await runCli(['init', folder], {});
    assert.equal(fixed.code, 0, fixed.stderr);
    assert.match(readFileSync(join(folder, '.gitignore'), 'utf8'), /^\.catalog\/$/m);
  });

  it('a dangling link at a starter file\'s name counts as taken: nothing is written (exit 1), the link named', async () => {
    const folder = folderWith('dangling', (f) => symlinkSync('nowhere.yaml', join(f, 'datasets.yaml')));
    const init = await runCli(['init', folder], {});
    assert.equal(init.code, 1, init.stdout + init.stderr);
    assertNothingWritten(folder, ['datasets.yaml']);
    assert.match(init.stderr, /^Nothing written: \S*dangling\/datasets\.yaml \(a symbolic link to 'nowhere\.yaml'\) already exists, and init never overwrites a file\./);
    for (const name of STARTERS.filter((n) => n !== 'datasets.yaml')) assert.ok(!readdirSync(folder).includes(name), name);
  });

  it('a regular .gitignore gets the entry through a rename, keeping its mode and its own lines', async () => {
    const folder = folderWith('regular', (f) => writeFileSync(join(f, '.gitignore'), 'node_modules\n', { mode: 0o600 }));
    const init = await runCli(['init', folder], {});
    assert.equal(init.code, 0, init.stderr);
    assert.equal(readFileSync(join(folder, '.gitignore'), 'utf8'), "node_modules\n\n# Catalog Code's local catalog (its data and token), when it is kept in the repository\n.catalog/\n");
    assert.equal(lstatSync(join(folder, '.gitignore')).mode & 0o777, 0o600);
    assertNothingWritten(folder, ['.gitignore', ...STARTERS]);
  });
});

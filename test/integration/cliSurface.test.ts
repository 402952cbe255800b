// What a stranger meets first at the command line, run as installed (dist/cli.js,
// dist/language-server.js): `init` then `validate`, colour on a terminal only (a real pseudo-terminal
// from util-linux `script`) and never with NO_COLOR or --no-color, one-line usage errors, and the
// language server's --help and --version.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { budgetMs } from '../support/timeScale';

const root = join(__dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const languageServer = join(root, 'dist', 'language-server.js');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const ESC = '\u001b[';

const noPty = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0 ? undefined : "util-linux's `script` is not installed, so no pseudo-terminal for the colour test (apt-get install bsdutils)";

function run(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: options.cwd, env: { ...process.env, NO_COLOR: '', ...options.env }, timeout: budgetMs(60_000) });
}

const quote = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;

/** The command on a pseudo-terminal: its stdout is a TTY, as in a person's shell. */
function onTerminal(args: string[], env: NodeJS.ProcessEnv = {}): string {
  const command = [process.execPath, cli, ...args].map(quote).join(' ');
  const result = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '', ...env }, timeout: budgetMs(60_000) });
  return result.stdout;
}

describe('the command line a stranger meets', { timeout: budgetMs(300_000) }, () => {
  let scratch = '';
  before(() => {
    if (!existsSync(cli) || !existsSync(languageServer)) spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'ignore' });
    scratch = mkdtempSync(join(tmpdir(), 'catalog-code-cli-'));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('init writes starter files that validate accepts (exit 0), adds the .gitignore entry once, and never overwrites', () => {
    const folder = join(scratch, 'metadata');
    const init = run(['init', folder]);
    assert.equal(init.status, 0, init.stderr);
    for (const name of ['structured_properties.yaml', 'datasets.yaml', 'orders.lineage.yml']) assert.ok(existsSync(join(folder, name)), name);
    const validate = run(['validate', folder]);
    assert.equal(validate.status, 0, validate.stdout + validate.stderr);
    assert.match(validate.stdout, /^3 metadata file\(s\) checked: 0 error\(s\), 0 warning\(s\)\.$/m);
    assert.match(readFileSync(join(folder, '.gitignore'), 'utf8'), /^\.catalog\/$/m);

    // Again: refused, nothing changed, the files named.
    writeFileSync(join(folder, 'datasets.yaml'), '# mine\n');
    const again = run(['init', folder]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /^Nothing written: .*structured_properties\.yaml, .*datasets\.yaml, .*orders\.lineage\.yml already exist, and init never overwrites a file\./);
    assert.equal(readFileSync(join(folder, 'datasets.yaml'), 'utf8'), '# mine\n');

    // An existing .gitignore gets the entry appended once, its own lines kept.
    const other = join(scratch, 'other');
    mkdirSync(other);
    writeFileSync(join(other, '.gitignore'), 'node_modules');
    assert.equal(run(['init', other]).status, 0);
    assert.equal(readFileSync(join(other, '.gitignore'), 'utf8').match(/^\.catalog\/$/gm)?.length, 1);
    assert.match(readFileSync(join(other, '.gitignore'), 'utf8'), /^node_modules\n\n#/);
  });

  it('colours severities on a terminal only, and never with NO_COLOR or --no-color', { skip: noPty }, () => {
    const broken = join(scratch, 'broken.lineage.yml');
    writeFileSync(broken, 'version: 1\nlineage:\n  - entity: {name: a.b, type: dataset, platform: hive, env: PRDO}\n');
    const coloured = onTerminal(['validate', broken]);
    // red, bold, the word, reset: the severity alone is coloured
    assert.ok(coloured.includes(`: ${ESC}31m${ESC}1merror${ESC}0m format.enumValue`), JSON.stringify(coloured));
    assert.ok(!onTerminal(['validate', broken], { NO_COLOR: '1' }).includes(ESC), 'NO_COLOR=1 turns colour off');
    const flagged = onTerminal(['validate', broken, '--no-color']);
    assert.match(flagged, /error format\.enumValue/);
    assert.ok(!flagged.includes(ESC), '--no-color turns colour off');
    const piped = run(['validate', broken]);
    assert.equal(piped.status, 1);
    assert.match(piped.stdout, /: error format\.enumValue/);
    assert.ok(!piped.stdout.includes(ESC), 'no colour when stdout is not a terminal');
  });

  it('a mistyped option or command is one line naming it, the nearest one and --help, exit 2', () => {
    const option = run(['validate', '--formt', 'json', scratch]);
    assert.equal(option.status, 2);
    assert.equal(option.stderr, "Unknown option '--formt' for catalog-code validate (did you mean --format?); see 'catalog-code validate --help' (a path that starts with '-' goes after '--').\n");
    const command = run(['valdate']);
    assert.equal(command.status, 2);
    assert.equal(command.stderr, "Unknown command 'valdate' (did you mean 'validate'?); see 'catalog-code --help' for the commands.\n");
    const plan = run(['plan', '--servce', 'http://127.0.0.1:1']);
    assert.equal(plan.status, 2);
    assert.equal(plan.stderr.trim().split('\n').length, 1, plan.stderr);
    assert.match(plan.stderr, /did you mean --service\?/);
  });

  it('catalog-code-language-server answers --help and --version with exit 0 instead of waiting for a client', () => {
    const help = spawnSync(process.execPath, [languageServer, '--help'], { encoding: 'utf8', input: '', timeout: budgetMs(30_000) });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^catalog-code-language-server \S+: the Catalog Code language server/);
    assert.match(help.stdout, /Usage: catalog-code-language-server \[--stdio/);
    const versionRun = spawnSync(process.execPath, [languageServer, '--version'], { encoding: 'utf8', input: '', timeout: budgetMs(30_000) });
    assert.equal(versionRun.status, 0);
    assert.equal(versionRun.stdout, `${version}\n`);
  });
});

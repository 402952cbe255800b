import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCommandLine } from '../../../cli/args';
import type { CliIo } from '../../../cli/io';

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), version: 'test' };
  const result = parseCommandLine(argv, { format: { type: 'string' } }, 'Usage: catalog-code verb [--format F]\n\nThirty lines of help.', io);
  return { result, stdout: out.join('\n'), stderr: err.join('\n') };
}

test('an unknown option is one line naming it, the nearest option and where the help is, exit 2, without Node advice on positionals', () => {
  const { result, stderr } = run(['--formt', 'json']);
  assert.deepEqual(result, { ok: false, exit: 2 });
  assert.equal(stderr, "Unknown option '--formt' for catalog-code verb (did you mean --format?); see 'catalog-code verb --help' (a path that starts with '-' goes after '--').");
  assert.doesNotMatch(stderr, /positional argument|Thirty lines/);
  assert.equal(run(['--bogus']).stderr, "Unknown option '--bogus' for catalog-code verb; see 'catalog-code verb --help' (a path that starts with '-' goes after '--').");
});

test('other parse errors keep their reason; --help prints the usage with exit 0; a good line is parsed', () => {
  const missing = run(['--format']).stderr;
  assert.match(missing, /^Option '--format <value>' argument missing; see 'catalog-code verb --help'\.$/);
  const help = run(['--help']);
  assert.deepEqual(help.result, { ok: false, exit: 0 });
  assert.equal(help.stdout, 'Usage: catalog-code verb [--format F]\n\nThirty lines of help.');
  const good = run(['a', '--format', 'json']);
  assert.ok(good.result.ok);
  assert.deepEqual(good.result.value.positionals, ['a']);
  assert.equal(good.result.value.values.format, 'json');
});

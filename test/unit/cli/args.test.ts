import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCommandLine } from '../../../cli/args';
import type { CliIo } from '../../../cli/io';

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), version: 'test' };
  const result = parseCommandLine(argv, { format: { type: 'string' } }, 'Usage: verb [--format F]', io);
  return { result, stdout: out.join('\n'), stderr: err.join('\n') };
}

test('an unknown option is named, exit 2, followed by the usage, without Node advice on positionals', () => {
  const { result, stderr } = run(['--bogus']);
  assert.deepEqual(result, { ok: false, exit: 2 });
  assert.match(stderr, /^Unknown option '--bogus': this command takes only the options below\./);
  assert.match(stderr, /Usage: verb \[--format F\]$/);
  assert.doesNotMatch(stderr, /positional argument/);
});

test('other parse errors keep their reason; --help prints the usage with exit 0; a good line is parsed', () => {
  assert.match(run(['--format']).stderr, /^Option '--format <value>' argument missing/);
  const help = run(['--help']);
  assert.deepEqual(help.result, { ok: false, exit: 0 });
  assert.equal(help.stdout, 'Usage: verb [--format F]');
  const good = run(['a', '--format', 'json']);
  assert.ok(good.result.ok);
  assert.deepEqual(good.result.value.positionals, ['a']);
  assert.equal(good.result.value.values.format, 'json');
});

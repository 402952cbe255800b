import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCommandLine } from '../../../cli/args';
import type { CliIo } from '../../../cli/io';
import { VALIDATE_USAGE } from '../../../cli/validate/validate';
import { asksForService, VALIDATE_OPTIONS, validateServiceUrl } from '../../../cli/validate/validateOptions';

// validate's own bundle (dist/cli-validate.js) leaves the service client out and hands every run
// with --service to the whole CLI's bundle (cli/validate/validateMain.ts). The hand-off must read the command
// line exactly as runValidate does: a run it keeps must never ask for a service.

function serviceAsRunValidateReadsIt(argv: string[], env: NodeJS.ProcessEnv): string | undefined {
  const io: CliIo = { stdout: () => {}, stderr: () => {}, version: 'test' };
  const parsed = parseCommandLine(argv, VALIDATE_OPTIONS, VALIDATE_USAGE, io);
  return parsed.ok ? validateServiceUrl(parsed.value.values, env) : undefined;
}

const LINES: string[][] = [
  [],
  ['.'],
  ['files', '--format', 'json'],
  ['--service', 'http://127.0.0.1:8080'],
  ['--service=http://127.0.0.1:8080', 'files'],
  ['--service='],
  ['files', '--service', 'http://x', '--format', 'sarif'],
  // After `--` every word is a path, also one that looks like the flag.
  ['--', '--service', 'http://x'],
  // The flag's value is the next word, whatever it looks like.
  ['--format', '--service'],
  ['--settings', '--service', 'x'],
  // Lines that do not parse, or ask for help, are runValidate's to answer offline.
  ['--service'],
  ['--service', 'http://x', '--bogus'],
  ['--service', 'http://x', '--help'],
  ['-h', '--service', 'http://x'],
  ['--severity', 'urn.syntax=off', '--service', 'http://x', '--severity', 'lineage.*=error'],
  ['--target', 'offline'],
  ['--target=OFFLINE', 'files'],
  ['--target', 'local', 'files'],
];

const ENVIRONMENTS: NodeJS.ProcessEnv[] = [{}, { CATALOG_SERVICE_URL: 'http://127.0.0.1:8080' }, { CATALOG_SERVICE_URL: '  ' }];

test('the hand-off to the whole CLI reads --service and CATALOG_SERVICE_URL exactly as runValidate reads them', () => {
  for (const env of ENVIRONMENTS) {
    for (const argv of LINES) {
      const service = serviceAsRunValidateReadsIt(argv, env);
      assert.equal(asksForService(argv, env), service !== undefined, `CATALOG_SERVICE_URL=${env.CATALOG_SERVICE_URL ?? ''} validate ${argv.join(' ')}`);
    }
  }
});

test('CATALOG_SERVICE_URL is the catalog when --service is absent, as for every verb; --target offline leaves it out', () => {
  const env = { CATALOG_SERVICE_URL: 'http://127.0.0.1:8080' };
  assert.equal(validateServiceUrl({}, env), 'http://127.0.0.1:8080');
  assert.equal(validateServiceUrl({ service: 'http://other' }, env), 'http://other');
  assert.equal(validateServiceUrl({ target: 'offline' }, env), undefined);
  assert.equal(validateServiceUrl({ target: 'local' }, env), 'http://127.0.0.1:8080');
  assert.equal(validateServiceUrl({}, {}), undefined);
});

test('a line with --service is handed over; lines without it, with it after --, or with it as a value are not', () => {
  assert.equal(asksForService(['--service', 'http://127.0.0.1:8080'], {}), true);
  assert.equal(asksForService(['--service='], {}), true);
  assert.equal(asksForService(['--', '--service', 'http://x'], {}), false);
  assert.equal(asksForService(['--format', '--service'], {}), false);
  assert.equal(asksForService(['--service'], {}), false);
  assert.equal(asksForService(['--service', 'http://x', '--help'], {}), false);
});

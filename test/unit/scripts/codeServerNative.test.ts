import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUILT_MODULES, SKIPPED_MODULES, nativeBuildDescription, nativeBuildEnv, systemSqlitePresent } from '../../../support/e2e/codeServerNative';

// The first start builds only the native modules code-server uses on Linux, on every core, with
// Debian's SQLite when its headers are installed (issue 37); the step says which and why.

test('the modules built and the modules left out are disjoint, each with a reason', () => {
  const built = new Set(BUILT_MODULES.map((m) => m.name));
  for (const skipped of SKIPPED_MODULES) assert.ok(!built.has(skipped.name), `${skipped.name} is both built and skipped`);
  for (const m of [...BUILT_MODULES, ...SKIPPED_MODULES]) assert.ok(m.why.length > 10, `${m.name} says why`);
  assert.ok(built.has('@vscode/spdlog') && built.has('node-pty'), 'the log files and terminals are built');
  assert.ok(SKIPPED_MODULES.some((m) => m.name === 'kerberos'), 'kerberos (and with it libkrb5-dev) is not needed');
  for (const m of BUILT_MODULES) assert.equal(typeof m.compiles, 'boolean', `${m.name} says whether it is compiled (and so cached)`);
});

test('the build uses every core and links SQLite to Debian\'s library exactly when its headers are there', () => {
  const env = nativeBuildEnv({ PATH: '/bin' });
  assert.equal(env.JOBS, 'max');
  assert.equal(env.PATH, '/bin');
  assert.equal(env.npm_config_sqlite, systemSqlitePresent() ? '/usr' : undefined);
});

test('the build step names the modules it leaves out and, without libsqlite3-dev, the package that shortens it', () => {
  const line = nativeBuildDescription();
  for (const m of SKIPPED_MODULES) assert.ok(line.includes(m.name), line);
  assert.equal(line.includes('apt-get install -y libsqlite3-dev'), !systemSqlitePresent(), line);
});

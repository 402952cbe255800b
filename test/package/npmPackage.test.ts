// The npm package as a user gets it: `npm pack`, installed from the tarball into an empty folder
// (offline: the bundles carry every dependency), then its two commands through their bins.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import { ensureServerBuilt } from '../protocol/lspClient';

const repo = resolve(__dirname, '..', '..');
const fixtures = join(repo, 'test', 'fixtures', 'package');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** What the package may hold, and all of it: the bundles, the WebAssembly SQLite and SQL parser, and the documents. */
const EXPECTED_FILES = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'THIRD-PARTY-NOTICES.md',
  'dist/cli-main.js',
  'dist/cli-mcp.js',
  'dist/cli-validate.js',
  'dist/cli.js',
  'dist/language-server.js',
  'dist/node-sqlite3-wasm.wasm',
  'dist/polyglot_sql.wasm',
  'dist/server.js',
  'dist/sqlLineageWorker.js',
  'package.json',
  // The JSON Schemas of the YAML formats, for yaml-language-server users (docs/formats.md).
  'schemas/dataset.schema.json',
  'schemas/lineage-file.schema.json',
  'schemas/property-definitions.schema.json',
];

let scratch: string;
let project: string;
let tarball: string;

/** npm without the machine's user configuration quirks leaking into the output we parse. */
function runNpm(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' } });
}

const described = (result: SpawnSyncReturns<string>) => `exit ${result.status}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr.slice(-3000)}`;

before(async () => {
  await ensureServerBuilt();
  scratch = mkdtempSync(join(tmpdir(), 'catalog-code-pack-'));
  // --ignore-scripts: the bundles in dist/ are already built; prepack's production build would
  // rewrite them under the feet of other test files.
  const pack = runNpm(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], repo);
  assert.equal(pack.status, 0, described(pack));
  const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  assert.deepEqual(packed.files.map((f) => f.path).sort(), EXPECTED_FILES, '.npmignore decides what is packed');
  tarball = join(scratch, packed.filename);
  project = join(scratch, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'metadata-repository', version: '1.0.0', private: true }));
  const install = runNpm(npm, ['install', '--offline', '--no-save', tarball], project);
  assert.equal(install.status, 0, `installing the tarball offline must need nothing from the registry:\n${described(install)}`);
});

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the installed package has no dependencies to fetch and states its Node range', () => {
  const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'catalog-code', 'package.json'), 'utf8')) as Record<string, unknown>;
  assert.equal(manifest.dependencies, undefined, 'everything is bundled into dist/');
  assert.match(String((manifest.engines as Record<string, string>).node), /^>=\d+\.\d+/);
  assert.deepEqual(Object.keys(manifest.bin as object).sort(), ['catalog-code', 'catalog-code-language-server']);
});

test('npx catalog-code --version prints the package version', () => {
  const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string };
  const result = runNpm(npx, ['--offline', 'catalog-code', '--version'], project);
  assert.equal(result.status, 0, described(result));
  assert.equal(result.stdout.trim(), version);
});

test('npx catalog-code validate reports a fixture’s errors with exit 1, and a clean file with exit 0', () => {
  const broken = runNpm(npx, ['--offline', 'catalog-code', 'validate', join(fixtures, 'broken-lineage.yml'), '--format', 'json'], project);
  assert.equal(broken.status, 1, described(broken));
  const codes = (JSON.parse(broken.stdout) as { code: string }[]).map((d) => d.code);
  assert.ok(codes.includes('urn.environment'), codes.join(', '));
  const clean = runNpm(npx, ['--offline', 'catalog-code', 'validate', join(fixtures, 'clean-edges.yaml')], project);
  assert.equal(clean.status, 0, described(clean));
  assert.match(clean.stdout, /1 metadata file\(s\) checked: 0 error\(s\)/);
});

test('npx catalog-code lineage from-sql reads SQL with the parser the package ships', () => {
  const sql = join(scratch, 'view.sql');
  writeFileSync(sql, 'CREATE VIEW mart.v AS SELECT o.id, o.amount * 2 AS doubled FROM raw.orders o');
  const result = runNpm(npx, ['--offline', 'catalog-code', 'lineage', 'from-sql', sql, '--dialect', 'postgres'], project);
  assert.equal(result.status, 0, described(result));
  const json = JSON.parse(result.stdout) as { outTables: string[]; columns: { downstream: { column: string }; upstreams: { column: string }[] }[] };
  assert.deepEqual(json.outTables, ['mart.v']);
  assert.deepEqual(json.columns.map((column) => `${column.downstream.column} <- ${column.upstreams.map((upstream) => upstream.column).join(',')}`), ['id <- id', 'doubled <- amount']);
});

test('npx catalog-code serve runs the local catalog until it answers', async () => {
  const data = join(scratch, 'catalog-data');
  const server = spawn(npx, ['--offline', 'catalog-code', 'serve', '--port', '0', '--data', data], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const lines = createInterface({ input: server.stdout });
    let base: string | undefined;
    for await (const line of lines) {
      base = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (base) break;
    }
    assert.ok(base, `serve printed no address; stderr:\n${stderr}`);
    const health = await fetch(`${base}/health`);
    assert.equal(health.status, 200);
  } finally {
    // npx runs the bin in a child process: stop the whole group it leads.
    if (server.pid !== undefined && server.exitCode === null) {
      process.kill(-server.pid, 'SIGTERM');
      await once(server, 'exit');
    }
  }
});

test('catalog-code-language-server answers LSP initialize over stdio', async () => {
  const bin = join(project, 'node_modules', '.bin', 'catalog-code-language-server');
  const server = spawn(bin, [], { cwd: project, stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.listen();
  try {
    const result = (await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} })) as {
      capabilities: { completionProvider?: unknown; hoverProvider?: unknown };
      serverInfo?: { name: string };
    };
    assert.ok(result.capabilities.completionProvider, JSON.stringify(result));
    assert.ok(result.capabilities.hoverProvider);
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    const [code] = (await once(server, 'exit')) as [number | null];
    assert.equal(code, 0);
  } finally {
    connection.dispose();
    if (server.exitCode === null) server.kill();
  }
});

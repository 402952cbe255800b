import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ErrorCodes, type CompletionList } from 'vscode-languageserver-protocol';
import { InProcessServer } from './inProcess';

const lineage = (upstream: string) => `version: 1\nlineage:\n  - entity: {name: a.orders, platform: hive}\n    upstream:\n      - entity: {name: ${upstream}, platform: hive}\n`;
const LINEAGE = lineage('a.orders');
const PROPERTIES = '- id: io.acme.team\n  type: string\n  allowed_values:\n    - value: finance\n  entity_types: [dataset]\n';
const DATASET = (team: string) => `- id: orders\n  platform: hive\n  structured_properties:\n    io.acme.team: ${team}\n`;
const codes = (diagnostics: { code?: unknown }[]) => diagnostics.map((d) => String(d.code)).sort();

test('requests after shutdown are answered with InvalidRequest', async () => {
  const { server } = await InProcessServer.start();
  await server.open('file:///w/x.yml', LINEAGE);
  assert.ok(await server.client.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///w/x.yml' }, position: { line: 2, character: 20 } }) !== undefined);
  await server.client.sendRequest('shutdown');
  await assert.rejects(
    server.client.sendRequest('textDocument/completion', { textDocument: { uri: 'file:///w/x.yml' }, position: { line: 0, character: 0 } }),
    (error: { code: number; message: string }) => error.code === ErrorCodes.InvalidRequest && /shutting down/.test(error.message),
  );
  server.client.dispose();
});

test('published diagnostics: a burst of edits gives one publication, for the latest version only', async () => {
  const { server } = await InProcessServer.start();
  const uri = 'file:///w/burst.yml';
  await server.open(uri, LINEAGE);
  await server.diagnostics(uri);
  const before = server.published.length;
  // Twenty edits written in one go, as a fast typist's editor sends them.
  for (let version = 2; version <= 21; version++) {
    const name = version === 21 ? 'b.orders' : `a.orders${'x'.repeat(version)}`;
    void server.client.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ text: lineage(name) }],
    });
  }
  const last = await server.waitFor('the publication of version 21', () => server.published.find((p) => p.uri === uri && p.version === 21));
  assert.deepEqual(codes(last.diagnostics).filter((c) => c === 'lineage.selfLoop'), []);
  const during = server.published.slice(before).filter((p) => p.uri === uri);
  assert.ok(during.length < 20, `expected the burst to be coalesced, got ${during.length} publications`);
  assert.ok(during.every((p, i) => i === 0 || (p.version ?? 0) > (during[i - 1].version ?? 0)), 'publications never go back to an older version');
  await server.stop();
});

test('settings apply live: pushed associations, pulled associations, and a mistyped format is told', async () => {
  let pulled: unknown = { formats: { associations: {} } };
  const { server } = await InProcessServer.start({ capabilities: { workspace: { configuration: true } }, settings: () => pulled });
  const uri = 'file:///w/loop.yml';
  await server.open(uri, LINEAGE);
  assert.ok(codes(await server.diagnostics(uri)).includes('lineage.selfLoop'));

  // Pushed in the notification (editors that send settings).
  await server.client.sendNotification('workspace/didChangeConfiguration', { settings: { catalogCode: { formats: { associations: { 'loop.yml': 'none' } } } } });
  await server.diagnostics(uri, (d) => d.length === 0);

  // Pulled (VS Code sends `settings: null` and answers workspace/configuration).
  pulled = { formats: { associations: { 'loop.yml': 'lineagefile' } } };
  await server.client.sendNotification('workspace/didChangeConfiguration', { settings: null });
  const told = await server.waitFor('a message about the mistyped format', () => server.messages.find((m) => /lineagefile/.test(m.message)));
  assert.match(told.message, /Did you mean "lineageFile"\?.*catalogCode\.formats\.associations/);
  // The mistyped entry is ignored, so the file is read by its content again.
  assert.ok(codes(await server.diagnostics(uri, (d) => d.length > 0)).includes('lineage.selfLoop'));
  await server.stop();
});

test('without a client file watcher the server sees a definitions file change on disk', async () => {
  const root = mkdtempSync(join(tmpdir(), 'catalog-watch-'));
  try {
    writeFileSync(join(root, 'props.yaml'), PROPERTIES);
    const { server } = await InProcessServer.start({ rootPath: root, capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: false } } } });
    const uri = pathToFileURL(join(root, 'data.yaml')).toString();
    await server.open(uri, DATASET('marketing'));
    await server.diagnostics(uri, (d) => codes(d).includes('property.notAllowedValue'));
    writeFileSync(join(root, 'props.yaml'), PROPERTIES.replace('finance', 'marketing'));
    await server.diagnostics(uri, (d) => !codes(d).includes('property.notAllowedValue'));
    // Deleted, then written again (allowing only finance) in a folder created after the start.
    rmSync(join(root, 'props.yaml'));
    mkdirSync(join(root, 'definitions'));
    writeFileSync(join(root, 'definitions', 'props.yaml'), PROPERTIES);
    await server.diagnostics(uri, (d) => codes(d).includes('property.notAllowedValue'));
    await server.stop();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('completion inside a YAML flow mapping of a lineage file offers the keys of an entity', async () => {
  const { server } = await InProcessServer.start();
  const uri = 'file:///w/flow.yml';
  const text = 'version: 1\nlineage:\n  - entity: {name: a.orders, plat}\n';
  await server.open(uri, text);
  const list = (await server.client.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: 33 } })) as CompletionList | null;
  const labels = (list?.items ?? []).map((item) => item.label);
  assert.ok(labels.includes('platform'), `expected "platform" among ${labels.join(', ')}`);
  await server.stop();
});

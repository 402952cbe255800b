// The real server over stdio, spoken to as the editors of issue 26 speak: their capabilities, their
// way of counting columns and of sending code-action contexts (LSP 3.17 position encodings,
// Neovim 0.7's byte columns, ALE's bare contexts, YouCompleteMe's flat symbols and brace-less globs,
// lsp-mode's unknown notifications, eglot's missing initializationOptions).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic, DocumentSymbol, Position, Range, SymbolInformation, TextEdit } from 'vscode-languageserver-protocol';
import { startService } from '../../service/main';
import { TestClient, type StartOptions } from './lspClient';

const PROPERTIES = '- id: io.acme.team\n  type: string\n  allowed_values:\n    - value: finance\n    - value: marketing\n  entity_types: [dataset]\n';
/** The value to fix sits after an `é` (2 UTF-8 bytes, 1 UTF-16 unit) and an emoji (4 bytes, 2 units, 1 code point). */
const LINE = '- {id: orders_é🚀, platform: hive, structured_properties: {io.acme.team: Finance}}';
const DATASET = `${LINE}\n- id: payments\n  platform: hive\n`;
const VALUE = LINE.indexOf('Finance');
type Encoding = 'utf-8' | 'utf-16' | 'utf-32';

/** The column of UTF-16 column `utf16` of LINE, counted in `encoding`. */
function column(utf16: number, encoding: Encoding): number {
  const before = LINE.slice(0, utf16);
  if (encoding === 'utf-8') return Buffer.byteLength(before, 'utf8');
  if (encoding === 'utf-32') return [...before].length;
  return utf16;
}
const valueRange = (encoding: Encoding): Range => ({ start: { line: 0, character: column(VALUE, encoding) }, end: { line: 0, character: column(VALUE + 'Finance'.length, encoding) } });

/** `text` after `edits`, each range read in `encoding` (as the client that asked applies them). */
function applyEdits(text: string, edits: readonly TextEdit[], encoding: Encoding): string {
  const lines = text.split('\n');
  const offset = (position: Position) => {
    let at = 0;
    for (let line = 0; line < position.line; line++) at += lines[line].length + 1;
    const chars = lines[position.line] ?? '';
    let units = 0;
    let i = 0;
    while (i < chars.length && units < position.character) {
      const point = chars.codePointAt(i) ?? 0;
      const width = point > 0xffff ? 2 : 1;
      units += encoding === 'utf-8' ? Buffer.byteLength(String.fromCodePoint(point)) : encoding === 'utf-32' ? 1 : width;
      i += width;
    }
    return at + i;
  };
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  return sorted.reduce((result, edit) => result.slice(0, offset(edit.range.start)) + edit.newText + result.slice(offset(edit.range.end)), text);
}

describe('every LSP client (issue 26)', () => {
  let workspace: string;
  let dataUri: string;
  const clients: TestClient[] = [];

  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-clients-'));
    writeFileSync(join(workspace, 'props.yaml'), PROPERTIES);
    writeFileSync(join(workspace, 'data.yaml'), DATASET);
    dataUri = pathToFileURL(join(workspace, 'data.yaml')).toString();
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.stop()));
    rmSync(workspace, { recursive: true, force: true });
  });

  async function start(options: Omit<StartOptions, 'rootPath' | 'pull'> & { pull?: boolean; rootPath?: string }) {
    const started = await TestClient.start({ rootPath: workspace, pull: false, ...options });
    clients.push(started.client);
    return started;
  }

  const notAllowed = (client: TestClient, uri = dataUri) => client.waitFor('the property.notAllowedValue diagnostic', () => client.published.get(uri)?.find((d) => d.code === 'property.notAllowedValue'));

  async function fixesAt(client: TestClient, range: Range, diagnostics: unknown[]): Promise<CodeAction[]> {
    return (await client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: dataUri }, range, context: { diagnostics } })) as CodeAction[];
  }

  for (const encoding of ['utf-8', 'utf-16', 'utf-32'] as const) {
    it(`1. a client offering ${encoding} (general.positionEncodings) gets it, with diagnostics, fixes and edits in it`, async () => {
      const { client, initialize } = await start({ capabilities: { general: { positionEncodings: [encoding] } } });
      assert.equal(initialize.capabilities.positionEncoding, encoding);
      await client.open(dataUri, DATASET);
      const diagnostic = await notAllowed(client);
      assert.deepEqual(diagnostic.range, valueRange(encoding));
      const fix = (await fixesAt(client, diagnostic.range, [diagnostic])).find((action) => action.title.includes("'finance'"));
      const edits = fix?.edit?.changes?.[dataUri] ?? [];
      assert.equal(applyEdits(DATASET, edits, encoding), DATASET.replace('Finance', 'finance'));
      // An incremental change in the client's columns lands on the value.
      await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: dataUri, version: 2 }, contentChanges: [{ range: valueRange(encoding), text: 'marketing' }] });
      const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: dataUri }, position: { line: 0, character: column(VALUE + 2, encoding) } })) as { range?: Range } | null;
      assert.deepEqual(hover?.range?.start.character, column(VALUE, encoding), JSON.stringify(hover));
      await client.waitFor('no diagnostic once the value is allowed', () => client.published.get(dataUri)?.length === 0);
    });
  }

  it('1. a client that offers nothing gets UTF-16; one that declares its count (positionEncoding option: lsp-mode, ALE) gets that', async () => {
    const plain = await start({});
    assert.equal(plain.initialize.capabilities.positionEncoding, 'utf-16');
    const lspMode = await start({ initializationOptions: { positionEncoding: 'utf-32' } });
    assert.equal(lspMode.initialize.capabilities.positionEncoding, 'utf-32');
    await lspMode.client.open(dataUri, DATASET);
    assert.deepEqual((await notAllowed(lspMode.client)).range, valueRange('utf-32'));
    // Offered encodings win over the option.
    const both = await start({ initializationOptions: { positionEncoding: 'utf-32' }, capabilities: { general: { positionEncodings: ['utf-8'] } } });
    assert.equal(both.initialize.capabilities.positionEncoding, 'utf-8');
  });

  it("1. Neovim 0.7: UTF-16 diagnostics, a code action sent in byte columns — the fix writes only the diagnostic's range", async () => {
    const { client } = await start({});
    await client.open(dataUri, DATASET);
    const diagnostic = await notAllowed(client);
    assert.deepEqual(diagnostic.range, valueRange('utf-16'));
    // Neovim 0.7 turns its diagnostics back into LSP ones with byte columns: 3 further right here.
    const bytes = valueRange('utf-8');
    const echoed = { ...diagnostic, range: bytes, data: undefined };
    const actions = await fixesAt(client, bytes, [echoed]);
    const fix = actions.find((action) => action.title.includes("'finance'"));
    assert.ok(fix, `no fix among ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.deepEqual(fix.edit?.changes?.[dataUri]?.map((edit) => edit.range), [valueRange('utf-16')]);
    assert.equal(applyEdits(DATASET, fix.edit?.changes?.[dataUri] ?? [], 'utf-16'), DATASET.replace('Finance', 'finance'));
    // A position past the line's end stays on the line: never the line break, never the next line.
    const past = await fixesAt(client, { start: { line: 0, character: 500 }, end: { line: 0, character: 500 } }, [{ ...echoed, range: { start: { line: 0, character: 400 }, end: { line: 0, character: 500 } } }]);
    for (const action of past) for (const edit of action.edit?.changes?.[dataUri] ?? []) assert.ok(edit.range.end.line === 0 && edit.range.end.character <= LINE.length, JSON.stringify(edit));
  });

  it('2. ALE: a code action request without source or data (or with no diagnostics at all) still gets the fixes', async () => {
    const { client } = await start({ initializationOptions: { positionEncoding: 'utf-8' } });
    await client.open(dataUri, DATASET);
    const diagnostic = await notAllowed(client);
    const bare: Diagnostic = { range: diagnostic.range, message: diagnostic.message, severity: diagnostic.severity };
    const cursor = { start: { line: 0, character: column(VALUE + 3, 'utf-8') }, end: { line: 0, character: column(VALUE + 3, 'utf-8') } };
    for (const context of [[bare], []]) {
      const fix = (await fixesAt(client, cursor, context)).find((action) => action.title.includes("'finance'"));
      assert.ok(fix, `no fix with context ${JSON.stringify(context)}`);
      assert.equal(applyEdits(DATASET, fix.edit?.changes?.[dataUri] ?? [], 'utf-8'), DATASET.replace('Finance', 'finance'));
    }
  });

  it('3. a removed setting returns to its default: pulled (workspace/configuration) and pushed (didChangeConfiguration)', async () => {
    const off = { diagnostics: { severity: { 'property.notAllowedValue': 'off' } } };
    const pulled = await start({ settings: off });
    await pulled.client.open(dataUri, DATASET);
    await pulled.client.waitFor('diagnostics published', () => pulled.client.published.get(dataUri));
    assert.deepEqual(pulled.client.published.get(dataUri), []);
    pulled.client.settings = {};
    await pulled.client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await notAllowed(pulled.client);

    const pushed = await start({ initializationOptions: { severity: { 'property.notAllowedValue': 'warning' } } });
    await pushed.client.open(dataUri, DATASET);
    await pushed.client.waitFor('a warning from the initialization option', () => pushed.client.published.get(dataUri)?.find((d) => d.severity === 2));
    await pushed.client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { catalogCode: off } });
    await pushed.client.waitFor('the diagnostic turned off', () => pushed.client.published.get(dataUri)?.length === 0);
    // Removed again: back to what the session started with (the initialization option), not to "off".
    await pushed.client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { catalogCode: {} } });
    await pushed.client.waitFor('the warning again', () => pushed.client.published.get(dataUri)?.find((d) => d.severity === 2));
  });

  it('4. YouCompleteMe (no hierarchicalDocumentSymbolSupport) gets SymbolInformation[]; a client with it gets DocumentSymbol[]', async () => {
    const flat = await start({ capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: false } } } });
    await flat.client.open(dataUri, DATASET);
    const symbols = (await flat.client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: dataUri } })) as SymbolInformation[];
    assert.ok(symbols.length >= 3, JSON.stringify(symbols));
    for (const symbol of symbols) assert.equal(symbol.location.uri, dataUri);
    const value = symbols.find((symbol) => symbol.name === 'io.acme.team');
    assert.ok(value?.containerName?.includes('orders_é🚀'), JSON.stringify(symbols));

    const tree = await start({ capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } } });
    await tree.client.open(dataUri, DATASET);
    const nested = (await tree.client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: dataUri } })) as DocumentSymbol[];
    assert.ok(nested.every((symbol) => 'selectionRange' in symbol) && nested.some((symbol) => (symbol.children ?? []).length > 0), JSON.stringify(nested));
  });

  it('5. YouCompleteMe: one glob per extension, and a file changed on disk is seen though the client never reports it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'catalog-watch-'));
    try {
      writeFileSync(join(root, 'props.yaml'), PROPERTIES);
      writeFileSync(join(root, 'data.yaml'), DATASET);
      const uri = pathToFileURL(join(root, 'data.yaml')).toString();
      const { client } = await start({ rootPath: root, capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } } });
      await client.open(uri, DATASET);
      await notAllowed(client, uri);
      const registered = await client.waitFor('the watch registration', () => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'));
      const globs = (registered.registerOptions as { watchers: { globPattern: string }[] }).watchers.map((watcher) => watcher.globPattern);
      assert.deepEqual(globs, ['**/*.yaml', '**/*.yml', '**/*.json', '**/*.jsonc', '**/*.sql']);
      // The definitions file now allows 'Finance': the server's own watcher sees it.
      writeFileSync(join(root, 'props.yaml'), PROPERTIES.replace('- value: marketing', '- value: Finance'));
      await client.waitFor('the diagnostic gone after props.yaml changed on disk', () => client.published.get(uri)?.length === 0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('5. eglot 1.9 (batch): a refused watch registration leaves the server running and watching the disk itself', async () => {
    const root = mkdtempSync(join(tmpdir(), 'catalog-refused-'));
    try {
      writeFileSync(join(root, 'props.yaml'), PROPERTIES);
      writeFileSync(join(root, 'data.yaml'), DATASET);
      const uri = pathToFileURL(join(root, 'data.yaml')).toString();
      const { client } = await start({ rootPath: root, refuseRegistrations: true, capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } } });
      await client.waitFor('the refusal logged', () => client.logs.some((line) => line.includes('refused to watch files')));
      await client.open(uri, DATASET);
      await notAllowed(client, uri);
      writeFileSync(join(root, 'props.yaml'), PROPERTIES.replace('- value: marketing', '- value: Finance'));
      await client.waitFor('the diagnostic gone after props.yaml changed on disk', () => client.published.get(uri)?.length === 0);
      assert.equal(client.child.exitCode, null, 'the server is still running');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("YouCompleteMe: a setting it hands over as a string is refused with window/showMessage; a client without showMessageRequest (MethodNotFound) keeps its server", async () => {
    const { client } = await start({});
    // YouCompleteMe turns Vim numbers into strings, and sends settings in the notification only.
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { catalogCode: { definitions: { refreshIntervalSeconds: '300' } } } });
    const told = await client.waitFor('the warning shown', () => client.shownMessages.find(({ message }) => message.includes('refreshIntervalSeconds'))?.message);
    assert.match(told, /must be a number of seconds[\s\S]*Fix it in your editor's settings/);
    await client.open(dataUri, DATASET);
    await notAllowed(client);
    assert.equal(client.child.exitCode, null, 'the server is still running');
  });

  it('6. catalogCode/status only to a client that asks; the status line still reaches the log', async () => {
    const silent = await start({ statusNotifications: false });
    const asking = await start({ statusNotifications: false, initializationOptions: { catalogCodeStatus: true } });
    await asking.client.waitFor('a status for the client that asked', () => asking.client.statuses.length > 0);
    await silent.client.waitFor('the status line in the log', () => silent.client.logs.some((line) => line.startsWith('Offline:')));
    await silent.client.open(dataUri, DATASET);
    await notAllowed(silent.client);
    assert.deepEqual(silent.client.statuses, []);
  });

  it('7. with no storagePath (eglot), the definitions cache goes to $XDG_CACHE_HOME/catalog-code', async () => {
    const token = 'every-client-token';
    const cache = mkdtempSync(join(tmpdir(), 'catalog-xdg-cache-'));
    const service = await startService({ host: '127.0.0.1', port: 0, dataDir: mkdtempSync(join(tmpdir(), 'catalog-clients-svc-')), token, seeds: [join(process.cwd(), 'test', 'protocol', 'fixtures', 'catalog')] });
    try {
      const { client } = await start({ initializationOptions: {}, env: { XDG_CACHE_HOME: cache, CATALOG_SERVICE_URL: service.url, CATALOG_TOKEN: token } });
      await client.waitFor('live definitions', () => client.latestStatus()?.definitions.source === 'live');
      const file = join(cache, 'catalog-code', 'definitions-cache.json');
      await client.poll('the definitions cache written', async () => existsSync(file), (written) => written);
      assert.ok(client.logs.some((line) => line.includes(join(cache, 'catalog-code'))), 'the log names the cache folder');
    } finally {
      await service.close();
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

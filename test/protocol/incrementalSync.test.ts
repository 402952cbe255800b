import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentSymbol, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { TestClient } from './lspClient';

/**
 * Incremental sync through the real server: a burst of range edits (typing, a broken and mended
 * URN, a pasted element) on a proposal file gives the diagnostics and symbols of the same text
 * opened fresh.
 */
describe('incremental sync', () => {
  let client: TestClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-incremental-'));
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true }));
  });
  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('answers after a burst of edits exactly as for the final text opened fresh', async () => {
    const uri = pathToFileURL(join(workspace, 'golden.json')).toString();
    let document = TextDocument.create(uri, 'json', 1, goldenMcpJson(1_500));
    await client.open(uri, document.getText(), 'json');
    assert.deepEqual(await client.pullDiagnostics(uri), []);

    const at = document.getText().indexOf('urn:li:dataPlatform:bigquery') + 'urn:li:'.length;
    // Each edit is placed on the text the previous ones left.
    const edits: ((text: string) => { offset: number; length?: number; text: string })[] = [
      () => ({ offset: at, text: 'X' }), // typing inside one element breaks a URN...
      () => ({ offset: at + 1, text: 'Y' }),
      () => ({ offset: at, length: 2, text: '' }), // ...and mends it
      () => ({ offset: 3, text: ' ' }), // whitespace between elements: read whole
      (text) => ({ offset: text.lastIndexOf('}'), length: 1, text: '' }), // breaks the JSON near the end
    ];
    for (const place of edits) {
      const edit = place(document.getText());
      const version = document.version + 1;
      const start = document.positionAt(edit.offset);
      const end = document.positionAt(edit.offset + (edit.length ?? 0));
      const change: TextDocumentContentChangeEvent = { range: { start, end }, text: edit.text };
      document = TextDocument.update(document, [change], version);
      await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
      // Ask in between, as an editor does, so the next edits apply to an analysed version.
      if (version % 2 === 0) await client.pullDiagnostics(uri);
    }
    const afterEdits = await client.pullDiagnostics(uri);
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as DocumentSymbol[];

    const fresh = pathToFileURL(join(workspace, 'fresh.json')).toString();
    await client.open(fresh, document.getText(), 'json');
    assert.deepEqual(afterEdits, await client.pullDiagnostics(fresh));
    assert.ok(afterEdits.length > 0, 'the broken end of the file is reported');
    assert.deepEqual(symbols, await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: fresh } }));
  });
});

// Issue #25 item 13: an open business glossary / data product file gets one information note,
// format.notChecked, from the real language server over stdio — also after edits (the incremental
// path) — and the workspace pull names a closed one too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const GLOSSARY = 'version: 1\nsource: DataHub\nowners:\n  users:\n    - mjames\nnodes:\n  - name: Classification\n    terms:\n      - name: Sensitive\n';
// Issue #40: one user's glossary indented with a tab; DataHub's loader fails on it.
const BROKEN_GLOSSARY = 'version: 1\nsource: DataHub\nnodes:\n  - name: Classification\n\tterms:\n      - name: PII\n';
const PRODUCT = 'id: pet_of_the_week\ndomain: Marketing\nassets:\n  - urn:li:container:abc\nstructured_properties:\n  io.acryl.x: 1\n';

describe('DataHub formats Catalog Code does not check, in the editor', () => {
  let client: TestClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-unchecked-'));
    writeFileSync(join(workspace, 'product.yaml'), PRODUCT);
    writeFileSync(join(workspace, 'business_glossary.yml'), BROKEN_GLOSSARY);
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true }));
  });
  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('an open glossary gets the note, and keeps it after an edit', async () => {
    const uri = pathToFileURL(join(workspace, 'glossary.yaml')).toString();
    await client.open(uri, GLOSSARY);
    const first = await client.pullDiagnostics(uri);
    assert.deepEqual(first.map((d) => [d.code, d.severity, d.range.start.line]), [['format.notChecked', DiagnosticSeverity.Information, 0]]);
    assert.match(String(first[0].message), /DataHub business glossary file .*does not check it/);
    const change: TextDocumentContentChangeEvent = { range: { start: { line: 8, character: 14 }, end: { line: 8, character: 23 } }, text: 'Confidential' };
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [change] });
    const edited = await client.pullDiagnostics(uri);
    assert.deepEqual(edited.map((d) => d.code), ['format.notChecked']);
  });

  it('the workspace pull names a closed data product file, saying its structured properties are not checked', async () => {
    const uri = pathToFileURL(join(workspace, 'product.yaml')).toString();
    const items = await client.poll(
      'the workspace diagnostics to name product.yaml',
      async () => {
        const report = (await client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as { items: { uri: string; items?: { code?: string; message: string }[] }[] };
        return report.items.find((item) => item.uri === uri)?.items ?? [];
      },
      (found) => found.length > 0,
    );
    assert.deepEqual(items.map((d) => d.code), ['format.notChecked']);
    assert.match(items[0].message, /structured_properties are not checked/);
  });

  it('a glossary that does not parse gets parse.syntax, open (a tab named as a tab) and closed (the workspace pull) — issue #40', async () => {
    const open = pathToFileURL(join(workspace, 'glossary', 'terms.yml')).toString();
    await client.open(open, BROKEN_GLOSSARY);
    const found = await client.pullDiagnostics(open);
    assert.deepEqual(found.map((d) => [d.code, d.severity, d.range.start.line]), [['parse.syntax', DiagnosticSeverity.Error, 4]]);
    assert.match(String(found[0].message), /A tab is used for indentation here/);
    const closed = pathToFileURL(join(workspace, 'business_glossary.yml')).toString();
    const items = await client.poll(
      'the workspace diagnostics to name business_glossary.yml',
      async () => {
        const report = (await client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as { items: { uri: string; items?: { code?: string; message: string }[] }[] };
        return report.items.find((item) => item.uri === closed)?.items ?? [];
      },
      (list) => list.length > 0,
    );
    assert.deepEqual(items.map((d) => d.code), ['parse.syntax']);
  });
});

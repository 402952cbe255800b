import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { datasetYaml, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { SLICED_READ_FROM_CHARS } from '../../core/workspace/openDocumentLimit';
import { WorkspaceSession } from '../../core/workspace/session';
import { TestClient } from './lspClient';

/**
 * No flicker (issue 34): a document large enough to be read in slices is opened, its whole answer
 * awaited, then one character typed in a description. The answer to that first keystroke keeps
 * every diagnostic the read found (none is on the edited line), for an editor that pulls and one
 * only published to.
 */
const TEXT = datasetYaml(12_000, seededRandom(21)).text;

describe('the first edit after a read in slices keeps what the read found', () => {
  let workspace: string;
  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-first-edit-'));
    writeFileSync(join(workspace, 'properties.yaml'), PROPERTIES_YAML);
  });
  after(() => rmSync(workspace, { recursive: true, force: true }));

  for (const pull of [true, false]) {
    it(`${pull ? 'pulling editor with refresh' : 'push-only editor'}: every diagnostic stays after the first keystroke`, async () => {
      assert.ok(TEXT.length >= SLICED_READ_FROM_CHARS, 'the document is read in slices');
      const { client } = await TestClient.start({ rootPath: workspace, pull, env: { CATALOG_INCREMENTAL_CHECK: 'strict' } });
      try {
        const uri = pathToFileURL(join(workspace, `${pull ? 'pull' : 'push'}.datasets.yaml`)).toString();
        let document = TextDocument.create(uri, 'yaml', 1, TEXT);
        await client.open(uri, TEXT);
        let whole: Diagnostic[];
        if (pull) {
          await client.pullDiagnostics(uri);
          await client.waitFor('a refresh once the read in slices ends', () => client.refreshRequests > 0);
          whole = await client.pullDiagnostics(uri);
        } else {
          // The first items' diagnostics are published at once, the whole answer when the read ends: as many as the session of the CLI finds.
          const session = new WorkspaceSession();
          session.setFile(pathToFileURL(join(workspace, 'properties.yaml')).toString(), PROPERTIES_YAML);
          session.setFile(uri, TEXT);
          const expected = session.diagnosticsOf(uri).length;
          whole = await client.waitFor(`the whole answer published (${expected} diagnostics)`, () => client.published.get(uri)?.length === expected && client.published.get(uri));
        }
        assert.ok(whole.length > 20, `${whole.length} diagnostics in the whole answer`);
        const at = TEXT.indexOf('description: ', TEXT.length >> 1) + 'description: '.length;
        const position = document.positionAt(at);
        document = TextDocument.update(document, [{ range: { start: position, end: position }, text: 'x' }], 2);
        await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: position, end: position }, text: 'x' }] });
        const first = pull ? await client.pullDiagnostics(uri) : await client.waitFor('the answer to the keystroke', () => client.publications.get(uri)?.version === 2 && client.published.get(uri));
        assert.deepEqual(first, whole, 'the answer to the first keystroke is the whole answer (nothing on the edited line moved)');
        assert.deepEqual(client.logs.filter((line) => line.includes('differed from a fresh read')), []);
      } finally {
        await client.stop();
      }
    });
  }
});

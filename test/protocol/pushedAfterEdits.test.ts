import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import type { Diagnostic, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { editSpec, toEdit, type EditSpec } from '../support/incrementalEquality';
import { TestClient } from './lspClient';

/**
 * Pushed diagnostics (and document symbols) after random edit sequences equal those of the final
 * text opened fresh, through the real server over stdio: the editor's buffer kept in chunks
 * (server/editorDocument.ts), each edited item's text kept by the analysis instead of sliced from
 * the document's text (core/incremental/documentAnalysis.ts), and the frames written by
 * server/messageWriter.ts. The files are longer than a chunk, so edits land in, across and
 * between chunks. Some versions are waited for (the next edit then applies to an analysed
 * version), others come in a burst.
 */
const FILES = [
  { name: 'typed.datasets.yaml', languageId: 'yaml', text: datasetYaml(1_500, seededRandom(7)).text },
  { name: 'typed.lineage.yml', languageId: 'yaml', text: lineageFile(1_500, seededRandom(8)).text },
  { name: 'typed.golden.json', languageId: 'json', text: goldenMcpJson(400) },
];

// Spread over the file (fast-check's doubles favour 0: typing before the first item makes a file of no format, with nothing to compare).
const at = fc.integer({ min: 10, max: 999 }).map((permille) => permille / 1000);
/** Mostly typing inside values (what keeps the analysis item by item, whose kept texts are under test), some edits of every kind. */
const spec: fc.Arbitrary<EditSpec> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('typeInValue' as const), at, text: fc.stringMatching(/^[a-z0-9_.]{1,3}$/) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('typeInPlainValue' as const), at, text: fc.stringMatching(/^[a-z0-9_.]{0,3}$/), erase: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 1, arbitrary: editSpec },
);

describe('pushed diagnostics after edits', () => {
  let client: TestClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-pushed-edits-'));
    writeFileSync(join(workspace, 'properties.yaml'), PROPERTIES_YAML);
    ({ client } = await TestClient.start({ rootPath: workspace, pull: false }));
  });
  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  /** The diagnostics published for `uri` at `version`, after `after` publications of it. */
  const publishedAt = (uri: string, version: number, after: number): Promise<Diagnostic[]> =>
    client.waitFor(`diagnostics of ${uri} at version ${version}`, () => {
      const publication = client.publications.get(uri);
      return publication && publication.count > after && publication.version === version && client.published.get(uri);
    });

  /** The document's symbols: they name every item, so a wrong item text shows in them even where no diagnostic changes. */
  const symbolsOf = (uri: string): Promise<unknown> => client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });

  /** Types `specs` into `file` opened as `uri`; answers the final text, its pushed diagnostics and its symbols. */
  async function typeInto(uri: string, file: (typeof FILES)[number], specs: readonly { spec: EditSpec; wait: boolean }[]): Promise<{ text: string; diagnostics: Diagnostic[]; symbols: unknown }> {
    let document = TextDocument.create(uri, file.languageId, 1, file.text);
    let seen = client.publications.get(uri)?.count ?? 0;
    await client.open(uri, file.text, file.languageId);
    await publishedAt(uri, 1, seen);
    for (const { spec, wait } of specs) {
      const edit = toEdit(document.getText(), spec);
      const change: TextDocumentContentChangeEvent = { range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, text: edit.text };
      const version = document.version + 1;
      document = TextDocument.update(document, [change], version);
      seen = client.publications.get(uri)?.count ?? 0;
      await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
      if (wait) await publishedAt(uri, version, seen);
    }
    const diagnostics = await publishedAt(uri, document.version, 0);
    const symbols = await symbolsOf(uri);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    return { text: document.getText(), diagnostics, symbols };
  }

  for (const file of FILES) {
    it(`equal a fresh open of the final text: ${file.name}`, async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(fc.record({ spec, wait: fc.boolean() }), { minLength: 1, maxLength: 12 }), async (specs) => {
          const uri = pathToFileURL(join(workspace, `${run++}.${file.name}`)).toString();
          const typed = await typeInto(uri, file, specs);
          const seen = client.publications.get(uri)?.count ?? 0;
          // Opened again (the session dropped it at close: it is not on disk), read whole.
          await client.open(uri, typed.text, file.languageId);
          const fresh = await publishedAt(uri, 1, seen);
          const freshSymbols = await symbolsOf(uri);
          await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
          assert.deepEqual(typed.diagnostics, fresh);
          assert.deepEqual(typed.symbols, freshSymbols);
        }),
        { numRuns: 8, seed: 20261126 },
      );
    });
  }
});

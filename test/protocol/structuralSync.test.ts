import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { TestClient } from './lspClient';

/**
 * Structural edits through the real server (issue 27): a line break deleted to join two list items,
 * an unclosed quote typed and mended, a block of items pasted, in a dataset YAML and a lineage file.
 * After each, the pulled diagnostics are those of the same text opened fresh; while the syntax is
 * broken, the error is reported and the items after it keep their diagnostics.
 */
describe('structural edits through the server', () => {
  let client: TestClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-structural-'));
    // The definitions the generated dataset files use, so their values are judged.
    writeFileSync(join(workspace, 'properties.yaml'), PROPERTIES_YAML);
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true }));
  });
  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  for (const [label, name, text, indent] of [
    ['dataset YAML', 'datasets.yaml', datasetYaml(1_500, seededRandom(5)).text, ''],
    ['lineage file', 'lineage.yml', lineageFile(1_500, seededRandom(6)).text, '  '],
  ] as const) {
    it(`${label}: a join, an unclosed quote and a paste answer as the same text opened fresh`, async () => {
      const uri = pathToFileURL(join(workspace, name)).toString();
      let document = TextDocument.create(uri, 'yaml', 1, text);
      await client.open(uri, document.getText());
      const before = await client.pullDiagnostics(uri);
      const starts = [...text.matchAll(new RegExp(`^${indent}- `, 'gm'))].map((match) => match.index ?? 0);
      const middle = starts[starts.length >> 1];
      const value = text.indexOf(': ', middle) + 2;
      const edits: { what: string; offset: number; length?: number; text: string; broken: boolean }[] = [
        { what: 'a join', offset: starts[(starts.length >> 1) + 1] - 1, length: 1, text: '', broken: true },
        { what: 'the join mended', offset: starts[(starts.length >> 1) + 1] - 1, text: '\n', broken: false },
        { what: 'an unclosed quote', offset: value, text: '"', broken: true },
        { what: 'the quote removed', offset: value, length: 1, text: '', broken: false },
        { what: 'three items pasted', offset: middle, text: text.slice(starts[2], starts[5]), broken: false },
      ];
      for (const edit of edits) {
        const version = document.version + 1;
        const change: TextDocumentContentChangeEvent = { range: { start: document.positionAt(edit.offset), end: document.positionAt(edit.offset + (edit.length ?? 0)) }, text: edit.text };
        document = TextDocument.update(document, [change], version);
        await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
        const diagnostics = await client.pullDiagnostics(uri);
        const fresh = pathToFileURL(join(workspace, `fresh-${version}-${name}`)).toString();
        await client.open(fresh, document.getText());
        assert.deepEqual(diagnostics, await client.pullDiagnostics(fresh), `${label}: ${edit.what}`);
        const syntax = diagnostics.filter((diagnostic) => /YAML|quote/.test(String(diagnostic.message)) && diagnostic.severity === 1);
        assert.equal(syntax.length > 0, edit.broken, `${label}: ${edit.what}: a syntax error reported or none`);
        if (edit.broken) {
          // The items after the error keep their diagnostics (the generated files have a few percent of errors).
          const later = starts[(starts.length >> 1) + 3];
          const delta = edit.text.length - (edit.length ?? 0);
          const after = (list: typeof diagnostics, doc: TextDocument, from: number) => list.filter((diagnostic) => doc.offsetAt(diagnostic.range.start) >= from).length;
          const opened = TextDocument.create(uri, 'yaml', 1, text);
          assert.ok(after(before, opened, later) > 0, `${label}: the generated file has diagnostics after the edit`);
          assert.equal(after(diagnostics, document, later + delta), after(before, opened, later), `${label}: ${edit.what}: later items still checked`);
        }
      }
    });
  }

  it('dataset YAML: a key split to column 0 near the top, with more errors than the editor is shown, answers as the same text opened fresh; so does its undo', async () => {
    const text = datasetYaml(3_000, seededRandom(7)).text;
    const uri = pathToFileURL(join(workspace, 'split.datasets.yaml')).toString();
    let document = TextDocument.create(uri, 'yaml', 1, text);
    await client.open(uri, text);
    await client.pullDiagnostics(uri);
    const at = text.indexOf('  platform: ', text.indexOf('\n- id: ', 2_000)) + 6;
    for (const [what, length, inserted] of [['the split', 0, '\n'], ['its undo', 1, '']] as const) {
      const version = document.version + 1;
      const change: TextDocumentContentChangeEvent = { range: { start: document.positionAt(at), end: document.positionAt(at + length) }, text: inserted };
      document = TextDocument.update(document, [change], version);
      await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
      const diagnostics = await client.pullDiagnostics(uri);
      const fresh = pathToFileURL(join(workspace, `fresh-${version}-split.datasets.yaml`)).toString();
      await client.open(fresh, document.getText());
      // The summary of the rest names the file: the fresh one's name is put back before comparing.
      const freshDiagnostics = (await client.pullDiagnostics(fresh)).map((diagnostic) => ({ ...diagnostic, message: String(diagnostic.message).replace(`fresh-${version}-split`, 'split') }));
      assert.deepEqual(diagnostics, freshDiagnostics, what);
      if (what === 'the split') {
        assert.equal(diagnostics.length, 1_001, 'the first 1,000 and the summary of the rest');
        assert.match(String(diagnostics[1_000].message), /^[\d,]+ more problems in this file not shown/);
      }
    }
  });
});

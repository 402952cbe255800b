import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { MAX_OPEN_DOCUMENT_CHARS } from '../../core/workspace/openDocumentLimit';
import type { TestClient } from '../protocol/lspClient';
import { budgetMs } from '../support/timeScale';
import { openTierWorkspace, type TierWorkspace } from './tierWorkspace';

/**
 * A document opened in the editor far over the size checked as you type (5 MiB; the limit is
 * 2 MiB, the same as files read from disk). Before, it was read and checked whole (a 20 MB dataset
 * YAML held the server 39 s, 1.7 GB) and every request behind it waited. Now it gets one
 * Information diagnostic saying it is too large and what checks it, the language status names it,
 * completion in another document is answered with the right items, a keystroke in it stays cheap,
 * and once it shrinks under the limit it is checked again like any other document.
 */

/** a dataset YAML item with a wrong allowed value, so a checked copy has diagnostics */
const ITEM = ['- id: db.table', '  platform: hive', '  structured_properties:', '    io.team.tier: platinum', ''].join('\n');
const LARGE = ITEM.repeat(Math.ceil((5 * 1024 * 1024) / ITEM.length));

describe('language server: an open document over the size checked as you type', { timeout: budgetMs(300_000) }, () => {
  let tier: TierWorkspace;
  let client: TestClient;
  let largeUri: string;

  before(async () => {
    tier = await openTierWorkspace('catalog-code-large-');
    ({ client } = tier);
    largeUri = pathToFileURL(join(tier.folder, 'huge datasets.yaml')).toString();
  });

  after(() => tier?.close());

  const completeTier = () => tier.completeTier();

  it('gets one Information diagnostic at line 0 naming the limit and catalog-code validate, while another document is answered', async () => {
    assert.ok(LARGE.length > MAX_OPEN_DOCUMENT_CHARS);
    await client.open(largeUri, LARGE);
    const [large, list] = await Promise.all([client.pullDiagnostics(largeUri), completeTier()]);
    assert.deepEqual(list.items.map((item) => item.label).sort(), ['gold', 'silver']);
    assert.equal(large.length, 1, JSON.stringify(large.slice(0, 3)));
    assert.equal(large[0].code, 'document.tooLarge');
    assert.equal(large[0].severity, DiagnosticSeverity.Information);
    assert.deepEqual(large[0].range.start, { line: 0, character: 0 });
    assert.match(String(large[0].message), /too large to check as you type: 5\.0 MiB .* over the 2 MiB \(2,097,152 characters\) limit of open documents\. Run catalog-code validate '.*huge datasets\.yaml' to check it/);
  });

  it('is named by the language status', async () => {
    const status = await client.waitFor('a status naming the large document', () => client.statuses.find((s) => s.uncheckedDocuments?.includes(largeUri)), budgetMs(120_000));
    assert.match(status.message, /Not checked as you type, being over 2 MiB: .*huge datasets\.yaml'; run catalog-code validate on it\./);
  });

  it('takes keystrokes without checking them, and other documents are still answered right', async () => {
    for (let version = 2; version < 12; version++) {
      await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: largeUri, version }, contentChanges: [{ range: { start: { line: 3, character: 19 }, end: { line: 3, character: 19 } }, text: 'x' }] });
    }
    const [large, list] = await Promise.all([client.pullDiagnostics(largeUri), completeTier()]);
    assert.deepEqual(large.map((d) => d.code), ['document.tooLarge']);
    assert.deepEqual(list.items.map((item) => item.label).sort(), ['gold', 'silver']);
  });

  it('is checked like any document once it is under the limit again, and the status says so', async () => {
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: largeUri, version: 12 }, contentChanges: [{ text: ITEM }] });
    const items = await client.pullDiagnostics(largeUri);
    assert.deepEqual(items.map((d) => d.code), ['property.notAllowedValue']);
    await client.waitFor('a status without unchecked documents', () => {
      const latest = client.latestStatus();
      return latest && !latest.uncheckedDocuments && !/Not checked as you type/.test(latest.message);
    }, budgetMs(120_000));
  });
});

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
 * YAML held the server 39 s, 1.7 GB) and every request behind it waited. Now a dataset YAML is read
 * in slices between other requests up to the limit ("checked partially": one Information diagnostic
 * and the language status say how much, and what checks the rest), completion in another document
 * is answered with the right items meanwhile, and once it shrinks under the limit it is checked
 * whole again like any other document. A format that cannot be read in part (a JSON array) is not
 * read at all, as before, and says so.
 */

/** a dataset YAML item with a wrong allowed value, so a checked copy has diagnostics */
const ITEM = ['- id: db.table', '  platform: hive', '  structured_properties:', '    io.team.tier: platinum', ''].join('\n');
const LARGE = ITEM.repeat(Math.ceil((5 * 1024 * 1024) / ITEM.length));
/** the same size as one JSON array of lineage edges: read whole or not at all */
const EDGE = '{"downstreamUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,db.a,PROD)", "upstreamUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,db.b,PROD)"}';
const LARGE_JSON = `{"edgesToAdd": [${Array.from({ length: Math.ceil((5 * 1024 * 1024) / EDGE.length) }, () => EDGE).join(',\n')}]}`;

describe('language server: an open document over the size checked as you type', { timeout: budgetMs(300_000) }, () => {
  let tier: TierWorkspace;
  let client: TestClient;
  let largeUri: string;
  let jsonUri: string;

  before(async () => {
    tier = await openTierWorkspace('catalog-code-large-');
    ({ client } = tier);
    largeUri = pathToFileURL(join(tier.folder, 'huge datasets.yaml')).toString();
    jsonUri = pathToFileURL(join(tier.folder, 'huge-edges.json')).toString();
  });

  after(() => tier?.close());

  const completeTier = () => tier.completeTier();
  const checkedPartially = () => client.waitFor('a status saying the large document is checked partially', () => client.latestStatus()?.checkedPartially?.find((p) => p.uri === largeUri), budgetMs(240_000));

  it('is checked up to the limit in slices while another document is answered; one Information diagnostic at line 0 says how much and what checks the rest', async () => {
    assert.ok(LARGE.length > MAX_OPEN_DOCUMENT_CHARS);
    await client.open(largeUri, LARGE);
    const [first, list] = await Promise.all([client.pullDiagnostics(largeUri), completeTier()]);
    assert.deepEqual(list.items.map((item) => item.label).sort(), ['gold', 'silver']);
    // The first answer holds what the first items read show (their wrong values), never more than the limit's worth.
    assert.ok(first.every((d) => d.code === 'property.notAllowedValue'), JSON.stringify(first.slice(0, 3)));
    const partial = await checkedPartially();
    assert.ok(partial.checkedChars <= MAX_OPEN_DOCUMENT_CHARS && partial.checkedChars > MAX_OPEN_DOCUMENT_CHARS - ITEM.length, String(partial.checkedChars));
    assert.equal(partial.length, LARGE.length);
    const large = await client.pullDiagnostics(largeUri);
    assert.equal(large[0].code, 'document.tooLarge');
    assert.equal(large[0].severity, DiagnosticSeverity.Information);
    assert.deepEqual(large[0].range.start, { line: 0, character: 0 });
    assert.match(String(large[0].message), /^Checked partially: 2\.1 MB of this 5\.2 MB document, the items up to character 2,09\d,\d{3}\. Open documents over 2 MiB \(2,097,152 characters\) are checked up to that limit as you type; run catalog-code validate '.*huge datasets\.yaml' to check all of it/);
    // The part checked is checked: its wrong values, up to the editor's 1,000, then a summary of the rest.
    assert.equal(large.filter((d) => d.code === 'property.notAllowedValue').length, 999);
    assert.equal(large.at(-1)?.code, 'document.moreProblems');
  });

  it('is named by the language status, with how much of it is checked', async () => {
    await checkedPartially();
    assert.match(client.latestStatus()?.message ?? '', /Checked partially \(open documents over 2 MiB are checked up to that limit\): '.*huge datasets\.yaml': 2\.1 MB of 5\.2 MB; run catalog-code validate on it to check all of it\./);
  });

  it('takes keystrokes, reading it again in slices, and other documents are still answered right', async () => {
    for (let version = 2; version < 12; version++) {
      await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: largeUri, version }, contentChanges: [{ range: { start: { line: 3, character: 19 }, end: { line: 3, character: 19 } }, text: 'x' }] });
    }
    const [, list] = await Promise.all([client.pullDiagnostics(largeUri), completeTier()]);
    assert.deepEqual(list.items.map((item) => item.label).sort(), ['gold', 'silver']);
    await client.waitFor('the edited document checked partially again', () => !client.latestStatus()?.readingDocuments && client.latestStatus()?.checkedPartially?.some((p) => p.uri === largeUri), budgetMs(240_000));
    const large = await client.pullDiagnostics(largeUri);
    assert.equal(large[0].code, 'document.tooLarge');
    assert.match(String(large[1].message), /'pxxxxxxxxxxlatinum' is not an allowed value/);
  });

  it('is checked like any document once it is under the limit again, and the status says so', async () => {
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: largeUri, version: 12 }, contentChanges: [{ text: ITEM }] });
    const items = await client.pullDiagnostics(largeUri);
    assert.deepEqual(items.map((d) => d.code), ['property.notAllowedValue']);
    await client.waitFor('a status without unchecked documents', () => {
      const latest = client.latestStatus();
      return latest && !latest.uncheckedDocuments && !/Not checked as you type|Checked partially/.test(latest.message);
    }, budgetMs(120_000));
  });

  it('a format that cannot be read in part (JSON) is not read at all, says so, and blocks nothing', async () => {
    assert.ok(LARGE_JSON.length > MAX_OPEN_DOCUMENT_CHARS);
    await client.open(jsonUri, LARGE_JSON);
    const [large, list] = await Promise.all([client.pullDiagnostics(jsonUri), completeTier()]);
    assert.deepEqual(list.items.map((item) => item.label).sort(), ['gold', 'silver']);
    assert.deepEqual(large.map((d) => d.code), ['document.tooLarge']);
    assert.match(String(large[0].message), /too large to check as you type: 5\.\d MiB .* over the 2 MiB \(2,097,152 characters\) limit of open documents\. Run catalog-code validate .*huge-edges\.json to check it/);
    const status = await client.waitFor('a status naming the JSON document', () => client.statuses.find((s) => s.uncheckedDocuments?.includes(jsonUri)), budgetMs(120_000));
    assert.match(status.message, /Not checked as you type, being over 2 MiB: .*huge-edges\.json; run catalog-code validate on it\./);
  });
});

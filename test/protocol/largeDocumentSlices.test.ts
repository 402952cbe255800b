import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { datasetYaml, lineageFile } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { MAX_OPEN_DOCUMENT_CHARS } from '../../core/workspace/openDocumentLimit';
import { openTierWorkspace, type TierWorkspace } from '../reliability/tierWorkspace';
import { TestClient } from './lspClient';
import { budgetMs } from '../support/timeScale';

/**
 * Never blocked by one document (issue 27): a 20 MB dataset YAML is opened and its diagnostics
 * asked for, then a hover and the diagnostics of a small document. The server reads the large one
 * in slices between requests (core/workspace/backgroundReads.ts), so both answers about the small
 * document arrive before the large one's analysis ends — the status that says it is checked
 * partially. Only the order of events is asserted, never a time (the large read takes seconds to
 * minutes with the machine's load). The server's memory with the document open is reported.
 */

/** About 20 MB of generated datasets (fixed seed), ten times the limit of what is checked as typed. */
const BIG = datasetYaml(780_000, seededRandom(1)).text;

describe('language server: a 20 MB document does not hold up requests about other documents', { timeout: budgetMs(600_000) }, () => {
  let tier: TierWorkspace;
  let bigUri: string;

  before(async () => {
    tier = await openTierWorkspace('catalog-code-slices-');
    bigUri = pathToFileURL(join(tier.folder, 'twenty-mb.datasets.yaml')).toString();
  });

  after(() => tier?.close());

  it('answers a hover and the diagnostics of a small document before the 20 MB document is analysed', async (t) => {
    const { client, datasetUri } = tier;
    assert.ok(BIG.length > 19_000_000 && BIG.length > 9 * MAX_OPEN_DOCUMENT_CHARS, `${BIG.length} characters`);
    const events: string[] = [];
    const statusesBefore = client.statuses.length;
    const analysed = client.waitFor('the status saying the 20 MB document is checked partially', () => client.statuses.slice(statusesBefore).find((s) => s.checkedPartially?.some((p) => p.uri === bigUri)), budgetMs(540_000)).then((status) => {
      events.push('20 MB document analysed');
      return status;
    });
    const readingWhenAnswered: boolean[] = [];
    const stillReading = () => readingWhenAnswered.push(client.latestStatus()?.readingDocuments?.includes(bigUri) === true);

    await client.open(bigUri, BIG);
    const bigFirst = client.pullDiagnostics(bigUri).then((items) => {
      events.push('20 MB document: first answer');
      return items;
    });
    const hover = (client.connection.sendRequest('textDocument/hover', { textDocument: { uri: datasetUri }, position: { line: 4, character: 5 } }) as Promise<Hover | null>).then((answer) => {
      stillReading();
      events.push('small document: hover');
      return answer;
    });
    const small = client.pullDiagnostics(datasetUri).then((items: Diagnostic[]) => {
      stillReading();
      events.push('small document: diagnostics');
      return items;
    });

    const [hovered, smallItems, first, status] = await Promise.all([hover, small, bigFirst, analysed]);
    t.diagnostic(`order of events: ${events.join(' → ')}`);
    const done = events.indexOf('20 MB document analysed');
    assert.ok(events.indexOf('small document: hover') < done, events.join(' → '));
    assert.ok(events.indexOf('small document: diagnostics') < done, events.join(' → '));
    assert.deepEqual(readingWhenAnswered, [true, true], 'the status named the 20 MB document as being read when each answer came');
    // The answers are the right ones, not empty stand-ins.
    assert.match((hovered?.contents as MarkupContent | undefined)?.value ?? '', /io\.team\.tier/);
    // TIER_DATASET's tier value is being typed (empty): the one problem it has.
    assert.deepEqual(smallItems.map((d) => d.code), ['format.wrongType']);
    // The first answer about the large document holds what its first items show, no more than the limit's worth.
    assert.ok(first.every((d) => d.code !== 'document.tooLarge'), 'the first answer comes before the read ends');
    const partial = status.checkedPartially?.find((p) => p.uri === bigUri);
    assert.ok(partial && partial.checkedChars <= MAX_OPEN_DOCUMENT_CHARS && partial.length === BIG.length);

    // Once analysed, the editor is asked to pull again and gets the checked part and the notice.
    const large = await client.pullDiagnostics(bigUri);
    assert.equal(large[0].code, 'document.tooLarge');
    assert.match(String(large[0].message), /^Checked partially: 2\.1 MB of this 2\d\.\d MB document/);
    t.diagnostic(`server memory with the 20 MB document open and checked partially: ${memoryOf(client.child.pid)}`);
  });

  it('an editor that only takes published diagnostics gets the first items\' and then the whole file\'s, the same as a pulling editor\'s', async () => {
    const text = datasetYaml(30_000, seededRandom(3)).text;
    const pulledUri = pathToFileURL(join(tier.folder, 'pulled.datasets.yaml')).toString();
    await tier.client.open(pulledUri, text);
    await tier.client.pullDiagnostics(pulledUri);
    await tier.client.waitFor('the pulled document read whole', () => !tier.client.latestStatus()?.readingDocuments?.includes(pulledUri), budgetMs(300_000));
    const whole = await tier.client.pullDiagnostics(pulledUri);
    const { client: publishing } = await TestClient.start({ rootPath: tier.folder, pull: false });
    try {
      const uri = pathToFileURL(join(tier.folder, 'published.datasets.yaml')).toString();
      // The two copies differ only in their names (the summary of problems past the editor's 1,000 names the file).
      const key = (d: Diagnostic) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${String(d.message).replace(/\S*(pulled|published)\.datasets\.yaml/, 'FILE')}`;
      await publishing.open(uri, text);
      // The first slice's answer can hold as many diagnostics as the whole file's (both capped at
      // 1,000) and come before the status that says the file is being read: wait for the answer
      // that is the whole file's, and on a timeout show how the last one differs.
      const expected = whole.map(key);
      const last = await publishing
        .waitFor('the whole file\'s diagnostics published', () => {
          const published = publishing.published.get(uri);
          return published && !publishing.latestStatus()?.readingDocuments?.includes(uri) && published.map(key).join('\n') === expected.join('\n') ? published : undefined;
        }, budgetMs(300_000))
        .catch(() => publishing.published.get(uri) ?? []);
      assert.deepEqual(last.map(key), expected);
    } finally {
      await publishing.stop();
    }
  });

  // A lineage file (its list inside a mapping) and an MCP JSON (read an element at a time; JSON is
  // read whole or not at all, so just under the limit) are read in slices too.
  for (const [label, name, text, partial] of [
    ['a 20 MB lineage file', 'twenty-mb.lineage.yml', lineageFile(780_000, seededRandom(4)).text, true],
    ['a 1.9 MB MCP JSON', 'large.mcp.json', goldenMcpJson(52_000), false],
  ] as const) {
    it(`answers a hover about a small document while ${label} is read`, async () => {
      const { client, datasetUri } = tier;
      assert.ok(text.length > (partial ? 8 * MAX_OPEN_DOCUMENT_CHARS : MAX_OPEN_DOCUMENT_CHARS * 0.9) && (partial || text.length <= MAX_OPEN_DOCUMENT_CHARS), `${text.length} characters`);
      const uri = pathToFileURL(join(tier.folder, name)).toString();
      const events: string[] = [];
      let seenReading = false;
      const statusesBefore = client.statuses.length;
      const analysed = client
        .waitFor(`the status saying ${label} is read`, () =>
          client.statuses.slice(statusesBefore).find((s) => {
            const reading = s.readingDocuments?.includes(uri) === true;
            seenReading ||= reading;
            return seenReading && !reading;
          }), budgetMs(540_000))
        .then((status) => {
          events.push('large document read');
          return status;
        });
      await client.open(uri, text, partial ? 'yaml' : 'json');
      // The editor asks for its diagnostics (the read starts with the first request about it).
      const first = client.pullDiagnostics(uri);
      const hover = (client.connection.sendRequest('textDocument/hover', { textDocument: { uri: datasetUri }, position: { line: 4, character: 5 } }) as Promise<Hover | null>).then((answer) => {
        events.push(`small document: hover while the large one ${client.latestStatus()?.readingDocuments?.includes(uri) ? 'is' : 'is not'} being read`);
        return answer;
      });
      const [hovered, status] = await Promise.all([hover, analysed, first]);
      assert.deepEqual(events, ['small document: hover while the large one is being read', 'large document read']);
      assert.match((hovered?.contents as MarkupContent | undefined)?.value ?? '', /io\.team\.tier/);
      assert.equal(status.checkedPartially?.some((p) => p.uri === uri) === true, partial, 'checked partially only when over the limit');
      // The read's diagnostics are there once it ends (the generated lineage file has wrong types and envs in it).
      const items = await client.pullDiagnostics(uri);
      if (partial) assert.match(String(items[0]?.message), /^Checked partially: 2\.1 MB of this 1\d\.\d MB document/);
      else assert.ok(items.every((d) => d.code !== 'document.tooLarge'), 'read whole');
      if (partial) assert.ok(items.length > 10, `${items.length} diagnostics`);
      await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    });
  }
});

/** The server's resident memory now and at its peak, from /proc (Linux); a note where there is none. */
function memoryOf(pid: number | undefined): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Math.round(Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024);
    return `RSS ${field('VmRSS')} MiB, peak ${field('VmHWM')} MiB`;
  } catch {
    return 'not measured (no /proc)';
  }
}

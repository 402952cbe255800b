import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionList, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { MAX_OPEN_DOCUMENT_CHARS } from '../../core/workspace/openDocumentLimit';
import { TestClient } from '../protocol/lspClient';
import { budgetMs } from '../support/timeScale';
import { TIER_PROPERTIES, TIER_DATASET } from './tierWorkspace';

/**
 * The language server's budget: no request on hostile input holds up the others. The attack is a
 * hover on a 2 MB line of nested URNs, just under the size of open documents that are checked as
 * they are typed (a larger one is not read at all: largeOpenDocument.test.ts) (locating the URN under the caret used to be quadratic:
 * 8,000 URNs took 6.9 s, a 5 MB line hung the server and every request behind it), sent together
 * with an ordinary completion in another file. Both must be answered, the hover correctly, and the
 * completion must be answered. No time is asserted (a loaded machine makes any bound flaky): the
 * test's timeout is the hang guard, and before the fix the completion waited minutes behind the
 * hover. How long it waited is reported.
 */


const NESTED = 'urn:li:corpuser:';
/** A 2 MB updateLineage edge whose upstream URN holds ~130,000 nested URNs on one line, each running to the end of the key. */
const HOSTILE_URN = `urn:li:dataset:(urn:li:dataPlatform:hive,${NESTED.repeat(Math.floor((MAX_OPEN_DOCUMENT_CHARS - 1024) / NESTED.length))}PROD)`;
const HOSTILE = ['edgesToAdd:', '  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,db.down,PROD)', `    upstreamUrn: ${HOSTILE_URN}`, 'edgesToRemove: []', ''].join('\n');

describe('language server budget: a hostile hover does not block a completion', { timeout: budgetMs(180_000) }, () => {
  let client: TestClient;
  let workspace: string;
  let hostileUri: string;
  let datasetUri: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-budget-'));
    writeFileSync(join(workspace, 'props.yaml'), TIER_PROPERTIES);
    hostileUri = pathToFileURL(join(workspace, 'hostile-edges.yaml')).toString();
    datasetUri = pathToFileURL(join(workspace, 'orders.yaml')).toString();
    ({ client } = await TestClient.start({ rootPath: workspace, pull: false }));
    await client.open(datasetUri, TIER_DATASET);
    await client.open(hostileUri, HOSTILE);
    // The hostile document is read (its diagnostics are out) before the race starts.
    await client.waitFor('diagnostics of the hostile document', () => client.published.get(hostileUri), budgetMs(120_000));
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('answers the completion sent with a hover on a 2 MB line of URNs, and the hover too', async (t) => {
    const line = 2;
    const caret = `    upstreamUrn: `.length + HOSTILE_URN.length / 2;
    const sent = Date.now();
    const hover = client.connection.sendRequest('textDocument/hover', { textDocument: { uri: hostileUri }, position: { line, character: caret } }) as Promise<Hover | null>;
    const completion = (client.connection.sendRequest('textDocument/completion', { textDocument: { uri: datasetUri }, position: { line: 4, character: '  io.team.tier: '.length } }) as Promise<CompletionList>).then((list) => ({ list, waitedMs: Date.now() - sent }));
    const [answered, hovered] = await Promise.all([completion, hover]);
    assert.deepEqual(answered.list.items.map((i) => i.label).sort(), ['gold', 'silver']);
    t.diagnostic(`the completion was answered ${answered.waitedMs} ms after it was sent with the hostile hover`);
    // The hover is right: the caret is inside one of the nested corpuser URNs.
    assert.ok(hovered, 'the hover answered');
    assert.match((hovered.contents as MarkupContent).value, /corpuser/);
  });
});

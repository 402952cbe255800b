import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { MAX_DIAGNOSTICS_PER_DOCUMENT } from '../../core/diagnostics/cap';
import type { TestClient } from '../protocol/lspClient';
import { runCli } from './cli';
import { budgetMs } from '../support/timeScale';
import { openTierWorkspace, type TierWorkspace } from './tierWorkspace';

/**
 * Work one document may cause, whatever its aliases expand to. The attack (issue 21, finding 11)
 * is a 2 KB lineage file of 14 entries, each listing the entry before it 10 times as upstreams by
 * alias: it used to expand to 200,000 values and 28,361 diagnostics, and a completion elsewhere
 * waited 15–31 s behind it. Now aliases add at most 10,000 values to a file (one diagnostic says
 * so) and the editor gets at most 1,000 diagnostics per document plus one summary; the CLI shares
 * the bound on work and prints every diagnostic. A document with 1,500 real problems and no alias
 * shows the cap alone: 1,000 shown, a summary naming `catalog-code validate FILE`, all 1,500 there.
 */


function aliasChain(): string {
  const lines = ['version: 1', 'lineage:', '  - &e0', '    entity: {name: t0, type: dataset, platform: hive}'];
  for (let i = 1; i < 14; i++) lines.push(`  - &e${i}`, `    entity: {name: t${i}, type: dataset, platform: hive}`, `    upstream: [${Array(10).fill(`*e${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

/** 1,500 edges with an upstream URN of two parts (urn.arity), no alias. */
const MANY_PROBLEMS = `edgesToAdd:\n${Array.from({ length: 1_500 }, (_, i) => `  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,d${i},PROD)\n    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,u${i})\n`).join('')}edgesToRemove: []\n`;

describe('language server and CLI: the work one document may cause', { timeout: budgetMs(300_000) }, () => {
  let tier: TierWorkspace;
  let client: TestClient;
  let workspace: string;
  let chainPath: string;
  let manyPath: string;

  before(async () => {
    tier = await openTierWorkspace('catalog-code-aliases-', { 'lineage.yml': aliasChain(), 'edges.yaml': MANY_PROBLEMS });
    ({ client, folder: workspace } = tier);
    chainPath = join(workspace, 'lineage.yml');
    manyPath = join(workspace, 'edges.yaml');
  });

  after(() => tier?.close());

  const completeTier = () => tier.completeTier();
  const bombMessage = (items: readonly Diagnostic[]) => items.find((d) => /Aliases in this file expand to more than 10,000 values/.test(String(d.message)));

  it('the 2 KB alias chain: bounded diagnostics, one saying the aliases were stopped, and a completion elsewhere answered', async () => {
    const uri = pathToFileURL(chainPath).toString();
    assert.ok(aliasChain().length < 2_048);
    await client.open(uri, aliasChain());
    const [items, list] = await Promise.all([client.pullDiagnostics(uri), completeTier()]);
    assert.deepEqual(list.items.map((item) => item.label).sort(), ['gold', 'silver']);
    assert.ok(items.length <= MAX_DIAGNOSTICS_PER_DOCUMENT + 1, `${items.length} diagnostics`);
    assert.ok(bombMessage(items), 'a diagnostic says the aliases were stopped');
    // A keystroke in it is read and checked again, within the same bound.
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 3, character: 19 }, end: { line: 3, character: 19 } }, text: 'x' }] });
    const [again, listAgain] = await Promise.all([client.pullDiagnostics(uri), completeTier()]);
    assert.ok(again.length <= MAX_DIAGNOSTICS_PER_DOCUMENT + 1 && bombMessage(again));
    assert.deepEqual(listAgain.items.map((item) => item.label).sort(), ['gold', 'silver']);
  });

  it('catalog-code validate shares the bound on the alias chain and prints every diagnostic', async () => {
    const run = await runCli(['validate', chainPath, '--format', 'json'], {});
    assert.equal(run.code, 1, run.stderr);
    const printed = JSON.parse(run.stdout) as { code: string; message: string }[];
    assert.equal(printed.filter((d) => /Aliases in this file expand to more than 10,000 values/.test(String(d.message))).length, 1);
    assert.ok(printed.length < 20_000, `${printed.length} diagnostics`);
  });

  it('1,500 problems without an alias: the editor shows 1,000 and a summary naming catalog-code validate FILE; the CLI prints all', async () => {
    const uri = pathToFileURL(manyPath).toString();
    await client.open(uri, MANY_PROBLEMS);
    const items = await client.pullDiagnostics(uri);
    assert.equal(items.length, MAX_DIAGNOSTICS_PER_DOCUMENT + 1);
    assert.equal(items.filter((d) => d.code === 'urn.arity').length, MAX_DIAGNOSTICS_PER_DOCUMENT);
    const summary = items.at(-1);
    assert.equal(summary?.code, 'document.moreProblems');
    assert.equal(summary?.message, `500 more problems in this file not shown: the editor shows the first 1,000. Run catalog-code validate ${manyPath} to see all of them.`);
    const run = await runCli(['validate', manyPath, '--format', 'json'], {});
    const printed = JSON.parse(run.stdout) as { code: string }[];
    assert.equal(printed.filter((d) => d.code === 'urn.arity').length, 1_500);
  });
});

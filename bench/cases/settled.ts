import { mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { WorkspaceSession } from '../../core/workspace/session';
import { datasetYaml, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { formatCount, SERVER_JS, type BenchContext } from '../support/context';
import { BenchLspClient } from '../support/lspClient';
import { seededRandom } from '../../support/random';
import { emptyResult, type CaseResult } from '../../support/bench/results';
import { nowMs, summarise } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';

/**
 * Issue 34: what a user feels, as settled answers. A cold server (its workspace of small files
 * still being scanned) opens a 50,000-line dataset YAML, as VS Code does with the editors it
 * restores at start-up; then the first keystroke, then each structural edit that breaks YAML and
 * its undo. A settled answer is the pull answer no `workspace/diagnostic/refresh` follows within
 * SETTLE_MS (that wait is not counted). Two clients: VS Code-like (pull, refresh) and one that
 * pulls without refresh (its pull is answered whole). The floor: a pull of the unchanged document.
 */
const GROUP = 'settled';
const LINES = 50_000;
const WORKSPACE_FILES = 3_000;
const SETTLE_MS = 400;

const TARGETS = {
  openFirst: { key: 'settled.openFirst', name: 'open a 50k-line file at start-up (scan running): first diagnostics', target: 500, unit: 'ms' },
  openWholeNoRefresh: { key: 'settled.openWhole', name: 'open a 50k-line file at start-up, client without refresh: whole answer', target: 1000, unit: 'ms' },
  structural: { key: 'settled.structural', name: 'structural edit that breaks YAML at 50k lines, settled (worst kind)', target: 300, unit: 'ms' },
  flicker: { key: 'settled.flicker', name: 'first keystroke after a sliced open: diagnostics lost', target: 0, unit: 'diagnostics' },
} as const;

interface Edit {
  what: string;
  at: number;
  remove: number;
  insert: string;
}

/** The structural edits of issue 34, each followed by its undo, placed in the middle of the file. */
function structuralEdits(text: string): Edit[] {
  const middle = text.indexOf('\n- id: ', text.length >> 1) + 1;
  const platform = text.indexOf('  platform: ', middle);
  const tier = text.indexOf('io.bench.tier: ', middle) + 'io.bench.tier: '.length;
  const description = text.indexOf('description: ', middle) + 'description: '.length;
  const next = text.indexOf('\n- id: ', middle) + 1;
  const pairs: [Edit, Edit][] = [
    [{ what: 'a key split by a line break', at: platform + 6, remove: 0, insert: '\n' }, { what: 'the split undone', at: platform + 6, remove: 1, insert: '' }],
    [{ what: 'an unclosed [ in a value', at: tier, remove: 0, insert: '[' }, { what: 'the [ undone', at: tier, remove: 1, insert: '' }],
    [{ what: 'an unclosed { in a value', at: tier, remove: 0, insert: '{' }, { what: 'the { undone', at: tier, remove: 1, insert: '' }],
    [{ what: 'an unclosed quote', at: description, remove: 0, insert: '"' }, { what: 'the quote undone', at: description, remove: 1, insert: '' }],
    [{ what: "an item's indentation changed", at: next, remove: 0, insert: '  ' }, { what: 'the indentation undone', at: next, remove: 2, insert: '' }],
  ];
  return pairs.flat();
}

function writeWorkspace(folder: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'properties.yaml'), PROPERTIES_YAML);
  for (let i = 0; i < WORKSPACE_FILES; i++) writeFileSync(path.join(folder, `team-${i}.datasets.yaml`), `- id: team${i}.orders\n  platform: hive\n  structured_properties:\n    io.bench.tier: gold\n`);
}

/** How many diagnostics a fresh read of the document finds (the CLI's session, in this process). */
function expectedCount(folder: string, uri: string, text: string): number {
  const session = new WorkspaceSession();
  session.setFile(pathToFileURL(path.join(folder, 'properties.yaml')).toString(), PROPERTIES_YAML);
  session.setFile(uri, text);
  return Math.min(session.diagnosticsOf(uri).length, 1_001);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pulls until an answer is not followed by a refresh within SETTLE_MS; answers it and when it came (not counting the last wait). */
async function settledPull(client: BenchLspClient, uri: string): Promise<{ items: Diagnostic[]; at: number }> {
  for (;;) {
    const refreshes = client.refreshRequests;
    const items = await client.pullDiagnostics(uri);
    const at = nowMs();
    await pause(SETTLE_MS);
    if (client.refreshRequests === refreshes) return { items, at };
  }
}

async function runClient(ctx: BenchContext, refresh: boolean, text: string, result: CaseResult): Promise<void> {
  const label = refresh ? 'VS Code-like client (pull, refresh)' : 'client without refresh (pull)';
  const folder = path.join(ctx.workDir, `settled-${refresh ? 'refresh' : 'plain'}`);
  writeWorkspace(folder);
  const uri = pathToFileURL(path.join(folder, 'large.datasets.yaml')).toString();
  const client = await BenchLspClient.start({ name: 'catalog-code', args: [SERVER_JS, '--stdio'], cwd: folder, pull: true, refresh }, folder);
  try {
    const load = os.loadavg()[0];
    const expected = expectedCount(folder, uri, text);
    const opened = nowMs();
    await client.open(uri, text);
    // First diagnostics: the first answer that has any (checks stay quiet until the scan gave them definitions); whole: as many as a fresh read finds.
    let firstMs: number | undefined;
    let wholeMs: number | undefined;
    while (wholeMs === undefined) {
      const refreshes = client.refreshRequests;
      const items = await client.pullDiagnostics(uri);
      if (items.length > 0) firstMs ??= nowMs() - opened;
      if (items.length === expected) wholeMs = nowMs() - opened;
      else if (refresh) await client.nextRefresh(refreshes);
      else await pause(20);
    }
    result.notes.push(`${label}: first diagnostics after ${firstMs?.toFixed(0)} ms, all ${expected} after ${wholeMs.toFixed(0)} ms (load ${load.toFixed(1)}; ${formatCount(WORKSPACE_FILES)} workspace files being scanned)`);
    if (refresh) result.targets.push(reportTarget({ ...TARGETS.openFirst, measured: firstMs, load, subject: label, peer: `all ${expected} diagnostics after ${wholeMs.toFixed(0)} ms`, next: "give the open document's first slice and the definitions files precedence over the scan's slices (they share the event loop)" }));
    else result.targets.push(reportTarget({ ...TARGETS.openWholeNoRefresh, measured: wholeMs, load, subject: label, next: 'run the whole read in larger slices while no other request waits' }));
    const whole = { items: await client.pullDiagnostics(uri) };
    let document = TextDocument.create(uri, 'yaml', 1, text);
    const send = async (edit: Edit) => {
      const range = { start: document.positionAt(edit.at), end: document.positionAt(edit.at + edit.remove) };
      document = TextDocument.update(document, [{ range, text: edit.insert }], document.version + 1);
      await client.edit(uri, range, edit.insert);
    };
    // The first keystroke after the read: nothing the read found may go missing.
    const typedAt = text.indexOf('description: ', text.length >> 1) + 'description: '.length;
    await send({ what: 'first keystroke', at: typedAt, remove: 0, insert: 'x' });
    const afterKeystroke = await client.pullDiagnostics(uri);
    result.targets.push(reportTarget({ ...TARGETS.flicker, measured: Math.max(0, whole.items.length - afterKeystroke.length), subject: label, detail: `${afterKeystroke.length} of ${whole.items.length} in the first answer` }));
    await send({ what: 'keystroke undone', at: typedAt, remove: 1, insert: '' });
    await settledPull(client, uri);
    const floorSamples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = nowMs();
      await client.pullDiagnostics(uri);
      floorSamples.push(nowMs() - start);
    }
    const floor = summarise(floorSamples).medianMs;
    let worst = { what: '', ms: 0 };
    for (const edit of structuralEdits(document.getText())) {
      const start = nowMs();
      await send(edit);
      const settled = await settledPull(client, uri);
      const ms = settled.at - start;
      result.rows.push({ group: GROUP, case: `${edit.what}, ${formatCount(LINES)} lines`, subject: label, medianMs: ms, runs: 1, note: `${settled.items.length} diagnostics; floor (pull of the unchanged document) ${floor.toFixed(1)} ms` });
      if (ms > worst.ms) worst = { what: edit.what, ms };
    }
    result.targets.push(reportTarget({ ...TARGETS.structural, measured: worst.ms, subject: label, peer: `pull of the unchanged document ${floor.toFixed(1)} ms`, detail: `worst: ${worst.what}`, next: 'a key split to column 0 ends the list: the items before it are kept, the rest is lexed once (yaml\'s Lexer) and only the 1,000 errors the editor is shown are built (the others counted); left: the Lexer and the per-token loop over the rest' }));
  } finally {
    await client.stop();
  }
}

export async function settledCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const text = datasetYaml(LINES, seededRandom(ctx.seed)).text;
  for (const refresh of [true, false]) await runClient(ctx, refresh, text, result);
  return result;
}

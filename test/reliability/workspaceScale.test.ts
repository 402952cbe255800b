import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { ProgressType } from 'vscode-jsonrpc/node';
import type { LineageScrollPage } from '../../core/api/lineageClient';
import type { WorkspaceDiagnosticReport, WorkspaceDiagnosticReportPartialResult, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TestClient } from '../protocol/lspClient';
import { budgetMs } from '../support/timeScale';

/**
 * Issue 33, the cases no one had tried, each through the real language server over stdio:
 * `workspace/diagnostic` over 100,000 files (every report bounded, streamed in bounded chunks, the
 * server's memory bounded), a rename that needs more than 20,000 edits (refused in words, nothing
 * half-done, a small rename beside it still works), and pending-lineage walks over a large cyclic
 * graph of files (they end, bounded, and an honest walk is still exact). The figures are printed
 * with `# measured:` so a run shows them; no time is asserted.
 */

const PROPS = ['- id: io.team.tier', '  type: string', '  cardinality: SINGLE', '  entity_types: [dataset]', '  allowed_values:', '    - value: gold', '    - value: silver', ''].join('\n');

/** The server's peak resident memory (VmHWM), in MiB, from /proc; undefined off Linux. */
function peakMiB(client: TestClient): number | undefined {
  try {
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${client.child.pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

describe('reliability: workspace/diagnostic over 100,000 files', () => {
  const FILES = 100_000;
  const PER_FOLDER = 1_000;
  let workspace: string;
  let client: TestClient;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-100k-'));
    writeFileSync(join(workspace, 'props.yaml'), PROPS);
    for (let folder = 0; folder < FILES / PER_FOLDER; folder++) {
      const dir = join(workspace, `f${folder}`);
      mkdirSync(dir);
      for (let i = 0; i < PER_FOLDER; i++) {
        const n = folder * PER_FOLDER + i;
        // Every file one problem: bronze is not an allowed value.
        writeFileSync(join(dir, `d${n}.yaml`), `id: d${n}\nplatform: hive\nenv: PROD\nstructured_properties:\n  io.team.tier: bronze\n`);
      }
    }
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true }));
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('a streaming pull (as VS Code asks) sends every file in chunks of at most 500 reports, each report bounded', async () => {
    const chunks: number[] = [];
    const held = new Map<string, string>();
    const problems = new Map<string, number>();
    const token = 'scale-stream';
    const listener = client.connection.onProgress(new ProgressType<WorkspaceDiagnosticReportPartialResult>(), token, (partial) => {
      chunks.push(partial.items.length);
      for (const report of partial.items) {
        if (report.resultId) held.set(report.uri, report.resultId);
        if (report.kind === 'full') problems.set(report.uri, report.items.length);
      }
    });
    const started = Date.now();
    try {
      // As VS Code does: pull again with what it holds; the scan of 100,000 files reaches it in steps.
      while (held.size < FILES + 1) {
        assert.ok(Date.now() - started < budgetMs(900_000), `hang guard: ${held.size} files reported`);
        await client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [...held].map(([uri, value]) => ({ uri, value })), partialResultToken: token });
      }
    } finally {
      listener.dispose();
    }
    const total = [...problems.values()].reduce((sum, n) => sum + n, 0);
    console.log(`# measured: streaming pulls of ${FILES + 1} files: ${chunks.length} chunks (largest ${Math.max(...chunks)}), ${total} problems, ${Date.now() - started} ms, server peak ${peakMiB(client)?.toFixed(0)} MiB`);
    assert.ok(Math.max(...chunks) <= 500);
    assert.equal(total, FILES, 'every dataset file has its one problem, props.yaml none');
  });

  it('a client that does not stream gets one answer with every file, one problem each, and the server\'s memory stays bounded', async () => {
    const started = Date.now();
    const answer = (await client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as WorkspaceDiagnosticReport;
    const bytes = JSON.stringify(answer).length;
    const peak = peakMiB(client);
    console.log(`# measured: one answer for ${answer.items.length} files: ${(bytes / 1024 / 1024).toFixed(1)} MiB of JSON, ${Date.now() - started} ms; server peak ${peak?.toFixed(0)} MiB`);
    assert.equal(answer.items.length, FILES + 1);
    const sizes = answer.items.map((report) => (report.kind === 'full' ? report.items.length : 0));
    assert.equal(Math.max(...sizes), 1);
    // Bounded per file: about 1 KiB of answer for a file with one problem, far under the 1,000-problem cap.
    assert.ok(bytes / answer.items.length < 1_024, `${bytes / answer.items.length} bytes per file`);
    if (peak !== undefined) assert.ok(peak < 2_048, `the server's peak memory was ${peak.toFixed(0)} MiB for 100,000 small files`);
    // The honest path: a second pull with the result ids is all `unchanged`.
    const again = (await client.connection.sendRequest('workspace/diagnostic', {
      previousResultIds: answer.items.map((report) => ({ uri: report.uri, value: report.resultId! })),
    })) as WorkspaceDiagnosticReport;
    assert.ok(again.items.every((report) => report.kind === 'unchanged'));
  });
});

describe('reliability: a rename needing more than 20,000 edits', () => {
  let workspace: string;
  let client: TestClient;
  const uri = (name: string) => pathToFileURL(join(workspace, name)).toString();
  const BIG = (start: number, count: number) =>
    Array.from({ length: count }, (_, i) => `- id: ds${start + i}\n  platform: hive\n  structured_properties:\n    io.team.big: gold\n`).join('');

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-rename-'));
    writeFileSync(join(workspace, 'props.yaml'), `${PROPS}- id: io.team.big\n  type: string\n  entity_types: [dataset]\n- id: io.team.small\n  type: string\n  entity_types: [dataset]\n`);
    // 21 files of 1,000 uses each: 21,000 edits, plus the definition.
    for (let file = 0; file < 21; file++) writeFileSync(join(workspace, `big${file}.yaml`), BIG(file * 1_000, 1_000));
    writeFileSync(join(workspace, 'small.yaml'), '- id: one\n  platform: hive\n  structured_properties:\n    io.team.small: x\n');
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true }));
    await client.poll('the workspace read', () => client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] }) as Promise<WorkspaceDiagnosticReport>, (a) => a.items.length >= 23);
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('is refused in words before any file is read again; a rename of 2 places beside it works', async () => {
    const props = readFileSync(join(workspace, 'props.yaml'), 'utf8');
    await client.open(uri('props.yaml'), props);
    const line = props.split('\n').findIndex((l) => l.includes('io.team.big'));
    const position = { line, character: props.split('\n')[line].indexOf('io.team.big') + 8 };
    const started = Date.now();
    await assert.rejects(
      client.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri('props.yaml') }, position, newName: 'io.team.huge' }),
      /would change more than 20,000 places; a rename that large is refused here\. Do it with a script/,
    );
    console.log(`# measured: rename of 21,001 places refused in ${Date.now() - started} ms`);
    const smallLine = props.split('\n').findIndex((l) => l.includes('io.team.small'));
    const edit = (await client.connection.sendRequest('textDocument/rename', {
      textDocument: { uri: uri('props.yaml') },
      position: { line: smallLine, character: props.split('\n')[smallLine].indexOf('io.team.small') + 8 },
      newName: 'io.team.tiny',
    })) as WorkspaceEdit;
    const edits = Object.values(edit.changes ?? {}).flat().length + (edit.documentChanges ?? []).flatMap((change) => ('edits' in change ? change.edits : [])).length;
    assert.equal(edits, 2, JSON.stringify(edit));
  });
});

describe('reliability: pending-lineage walks over a large cyclic graph of files', () => {
  const NODES = 20_000;
  let workspace: string;
  let client: TestClient;
  const ds = (n: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,n${n % NODES},PROD)`;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-cyclic-'));
    // Each node feeds 2i+1 and 2i+2 (mod N) and the node before it: fan-out, long cycles and 2-cycles, over 20 files, no self-loop.
    const PER_FILE = NODES / 20;
    for (let file = 0; file < 20; file++) {
      const edges: string[] = [];
      for (let i = file * PER_FILE; i < (file + 1) * PER_FILE; i++) {
        for (const down of [2 * i + 1, 2 * i + 2, i + NODES - 1].filter((d) => d % NODES !== i)) edges.push(`  - {downstreamUrn: "${ds(down)}", upstreamUrn: "${ds(i)}"}`);
      }
      writeFileSync(join(workspace, `edges${file}.yaml`), `edgesToAdd:\n${edges.join('\n')}\nedgesToRemove: []\n`);
    }
    writeFileSync(join(workspace, 'small.yaml'), `edgesToAdd:\n  - {downstreamUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)", upstreamUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)"}\n  - {downstreamUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)", upstreamUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)"}\nedgesToRemove: []\n`);
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true }));
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  const page = (params: Record<string, unknown>) => client.connection.sendRequest('catalogCode/lineagePage', params) as Promise<LineageScrollPage>;

  it('every walk ends, at most 500 entities and 10 degrees, each entity once; a 2-cycle walks to its one other node', async () => {
    // The files are read in the background: each file's edges known (one probe per file).
    const probes = () => Promise.all(Array.from({ length: 20 }, (_, file) => page({ urn: ds(file * (NODES / 20) + 1), direction: 'DOWNSTREAM', degrees: ['1'] })));
    await client.poll('every file read', probes, (pages) => pages.every((p) => p.total === 3), budgetMs(300_000));
    const first = await page({ urn: ds(0), direction: 'DOWNSTREAM', degrees: ['1'] });
    assert.deepEqual(first.results.map((hit) => hit.urn).sort(), [ds(1), ds(2), ds(NODES - 1)].sort());
    const started = Date.now();
    for (const direction of ['DOWNSTREAM', 'UPSTREAM']) {
      for (const start of [0, 7, 12_345]) {
        const all = await page({ urn: ds(start), direction, degrees: ['1', '2', '3+'], count: 500 });
        const urns = all.results.map((hit) => hit.urn);
        assert.equal(all.total, 499, `${direction} from n${start}: the walk stops at 500 entities, the start included`);
        assert.equal(new Set(urns).size, urns.length, 'each entity once, however many cycles reach it');
        assert.ok(!urns.includes(ds(start)), 'the start is never its own lineage');
        assert.ok(all.results.every((hit) => (hit.degree ?? 1) <= 10));
      }
    }
    console.log(`# measured: 6 walks of 3+ degrees over ${NODES} nodes and ${NODES * 3} edges in ${Date.now() - started} ms`);
    const cycle = await page({ urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', direction: 'DOWNSTREAM', degrees: ['1', '2', '3+'] });
    assert.deepEqual(cycle.results.map((hit) => hit.urn), ['urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)']);
  });
});

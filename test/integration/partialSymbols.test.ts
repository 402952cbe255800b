import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProgressType } from 'vscode-jsonrpc/node';
import type { SymbolInformation, WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { workspaceSymbols } from '../../core/features/workspaceSymbols';
import { WorkspaceSession } from '../../core/workspace/session';
import { PARTIAL_SYMBOLS } from '../../server/workspaceSymbols';
import { TestClient } from '../protocol/lspClient';

// Issue 41: workspace/symbol is answered while the scan reads a workspace of 3,000 files; every
// answer given before the scan ended says so first (PARTIAL_SYMBOLS), and the first answer after it
// is the answer of a fresh full read of the same files.

const FOLDERS = 30;
const FILES_PER_FOLDER = 100;
const QUERY = 'tbl';

function datasetFile(folder: number, file: number): string {
  const id = `f${folder}_${file}`;
  return `- id: tbl_${id}_a\n  platform: hive\n  description: first of ${id}\n- id: tbl_${id}_b\n  platform: hive\n  downstreams:\n    - urn:li:dataset:(urn:li:dataPlatform:hive,tbl_${id}_a,PROD)\n`;
}

describe('a workspace of 3,000 files over LSP: symbols while it is read, diagnostics streamed (the real server over stdio)', () => {
  let workspace: string;
  let client: TestClient | undefined;

  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-partial-symbols-'));
    for (let f = 0; f < FOLDERS; f++) {
      mkdirSync(join(workspace, `d${f}`));
      for (let i = 0; i < FILES_PER_FOLDER; i++) writeFileSync(join(workspace, `d${f}`, `file_${i}.datasets.yaml`), datasetFile(f, i));
    }
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('marks every answer before the scan ends as partial, then answers as a fresh full read does', async () => {
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true, settings: {} }));
    const started = client;
    const answers: SymbolInformation[][] = [];
    const final = await started.poll(
      'an answer after the workspace scan',
      async () => {
        const answer = (await started.connection.sendRequest('workspace/symbol', { query: QUERY })) as SymbolInformation[];
        answers.push(answer);
        return { answer, read: started.logs.some((line) => /^Read \d+ YAML\/JSON file\(s\) of the workspace\.$/.test(line)) };
      },
      ({ answer, read }) => read && !answer.some((symbol) => symbol.name.startsWith(PARTIAL_SYMBOLS)),
    );
    // The first request goes out right after `initialized`: the scan has not ended then.
    assert.ok(answers[0][0]?.name.startsWith(PARTIAL_SYMBOLS), `first answer: ${JSON.stringify(answers[0][0])}`);
    for (const answer of answers.slice(0, -1)) {
      const marks = answer.filter((symbol) => symbol.name.startsWith(PARTIAL_SYMBOLS));
      // at most one mark, first; an answer without one came only once everything was read
      assert.ok(marks.length === 0 || answer[0] === marks[0], 'the mark is the first symbol');
      assert.ok(marks.length <= 1);
    }
    const fresh = new WorkspaceSession();
    await fresh.scan([workspace]);
    const expected = workspaceSymbols(fresh.all(), QUERY).map((entry) => [entry.name, entry.uri]);
    assert.deepEqual(final.answer.map((symbol) => [symbol.name, symbol.location.uri]), expected);
    assert.equal(expected.length, 1_000, 'the answer is capped, as every answer is');
  });

  it('streams the whole workspace\'s diagnostics in parts, together the answer a pull without streaming gets', async () => {
    const started = client;
    assert.ok(started, 'the server of the test before');
    await started.poll('the workspace read', async () => started.logs.some((line) => /^Read \d+ YAML\/JSON file\(s\) of the workspace\.$/.test(line)), (read) => read);
    const token = 'streamed-diagnostics';
    const parts: WorkspaceDocumentDiagnosticReport[][] = [];
    const listener = started.connection.onProgress(new ProgressType<{ items: WorkspaceDocumentDiagnosticReport[] }>(), token, (partial) => {
      parts.push(partial.items);
    });
    const streamed = (await started.connection.sendRequest('workspace/diagnostic', { previousResultIds: [], partialResultToken: token })) as { items: WorkspaceDocumentDiagnosticReport[] };
    listener.dispose();
    const whole = (await started.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as { items: WorkspaceDocumentDiagnosticReport[] };
    assert.deepEqual(streamed.items, []);
    assert.ok(parts.length > 1, `streamed in ${parts.length} part(s)`);
    const key = (report: WorkspaceDocumentDiagnosticReport) => JSON.stringify([report.uri, report.kind, report.kind === 'full' ? report.items : []]);
    assert.deepEqual(parts.flat().map(key).sort(), whole.items.map(key).sort());
    assert.equal(whole.items.length, FOLDERS * FILES_PER_FOLDER);
  });
});

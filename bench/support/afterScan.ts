import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ProgressType } from 'vscode-jsonrpc/node';
import { nowMs } from '../../support/bench/stats';
import type { BenchLspClient } from './lspClient';
import { peakRss } from './scaleWorkspace';

/**
 * Issue 41's figures after the workspace scan, as a client asks them over LSP: the whole
 * workspace's diagnostics (`workspace/diagnostic`, streamed as VS Code asks: the first partial
 * report, and the whole answer), a rename of a property every dataset file assigns (prepared, then
 * computed, with the files it touches), and a lineage page from an entity of a lineage file just
 * edited in the editor.
 */
export interface AfterScanFigures {
  diagnostics: { firstReportMs: number | undefined; wholeMs: number; reports: number };
  rename: { prepareMs: number; renameMs: number; files: number; edits: number } | { problem: string };
  lineage: { firstMs: number; afterEditMs: number; hits: number } | { problem: string };
  /** the server's peak resident memory (MB) after each step, in the order they run: which step raised it */
  peakAfterMB: { lineage?: number; diagnostics?: number; rename?: number };
}

interface DiagnosticsPartial {
  items: unknown[];
}

/** `workspace/diagnostic` with a partial-result token: when the first partial report arrives, and the whole answer. */
async function workspaceDiagnostics(server: BenchLspClient): Promise<AfterScanFigures['diagnostics']> {
  const token = `bench-${Date.now()}`;
  let firstAt: number | undefined;
  let reports = 0;
  const listener = server.connection.onProgress(new ProgressType<DiagnosticsPartial>(), token, (partial: DiagnosticsPartial) => {
    firstAt ??= nowMs();
    reports += partial.items.length;
  });
  const asked = nowMs();
  try {
    const answer = await server.connection.sendRequest<{ items: unknown[] }>('workspace/diagnostic', { previousResultIds: [], partialResultToken: token });
    reports += answer.items.length;
    return { firstReportMs: firstAt === undefined ? undefined : firstAt - asked, wholeMs: nowMs() - asked, reports };
  } finally {
    listener.dispose();
  }
}

/** prepareRename and rename of `property` where `file` (open) assigns it. */
async function renameProperty(server: BenchLspClient, file: string, property: string): Promise<AfterScanFigures['rename']> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const line = lines.findIndex((text) => text.includes(`${property}:`));
  if (line < 0) return { problem: `${property} is not assigned in ${file}` };
  const position = { line, character: lines[line].indexOf(property) + 2 };
  const textDocument = { uri: pathToFileURL(file).toString() };
  const prepared = nowMs();
  await server.connection.sendRequest('textDocument/prepareRename', { textDocument, position });
  const prepareMs = nowMs() - prepared;
  const renamed = nowMs();
  const edit = await server.connection.sendRequest<{ changes?: Record<string, unknown[]>; documentChanges?: { edits: unknown[] }[] } | null>('textDocument/rename', { textDocument, position, newName: `${property}Renamed` });
  const renameMs = nowMs() - renamed;
  const changes = edit?.changes ? Object.values(edit.changes) : (edit?.documentChanges ?? []).map((change) => change.edits ?? []);
  return { prepareMs, renameMs, files: changes.length, edits: changes.reduce((sum, list) => sum + list.length, 0) };
}

/** A lineage file opened and edited (one upstream's name changed), then the lineage page of its first entity. */
async function lineageAfterEdit(server: BenchLspClient, file: string): Promise<AfterScanFigures['lineage']> {
  const text = readFileSync(file, 'utf8');
  const entity = /^ {2}- entity:\n {6}name: (\S+)\n {6}type: \S+\n {6}env: (\S+)\n {6}platform: (\S+)$/m.exec(text);
  if (!entity) return { problem: `no entity found in ${file}` };
  const uri = pathToFileURL(file).toString();
  const urn = `urn:li:dataset:(urn:li:dataPlatform:${entity[3]},${entity[1]},${entity[2]})`;
  const request = { urn, direction: 'UPSTREAM', degrees: ['1'], count: 100 };
  // The first request after the scan collects every file's lineage; the one after an edit only the edited file's again.
  const first = nowMs();
  await server.connection.sendRequest('catalogCode/lineagePage', request);
  const firstMs = nowMs() - first;
  await server.open(uri, text);
  const edited = text.replace(/(upstream:\n {6}- entity:\n {10}name: )(\S+)/, '$1$2_edited');
  await server.change(uri, edited);
  const asked = nowMs();
  const page = await server.connection.sendRequest<{ results: unknown[] }>('catalogCode/lineagePage', request);
  return { firstMs, afterEditMs: nowMs() - asked, hits: page.results.length };
}

export async function afterScanFigures(server: BenchLspClient, files: { opened: string; lineageFile: string }, property: string): Promise<AfterScanFigures> {
  const peakMB = () => {
    const bytes = server.child.pid === undefined ? undefined : peakRss(server.child.pid);
    return bytes === undefined ? undefined : Math.round(bytes / 1e6);
  };
  const lineage = await lineageAfterEdit(server, files.lineageFile).catch((error: unknown) => ({ problem: String(error) }));
  const afterLineage = peakMB();
  const diagnostics = await workspaceDiagnostics(server);
  const afterDiagnostics = peakMB();
  const rename = await renameProperty(server, files.opened, property).catch((error: unknown) => ({ problem: String(error) }));
  return { diagnostics, rename, lineage, peakAfterMB: { lineage: afterLineage, diagnostics: afterDiagnostics, rename: peakMB() } };
}

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { ProgressType } from 'vscode-jsonrpc/node';
import type { Diagnostic, InitializeResult, WorkspaceDiagnosticReport, WorkspaceDiagnosticReportPartialResult, WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

/**
 * Problems for the whole workspace (issue 23): `workspace/diagnostic` over the real server's stdio
 * returns the problems of files no editor has open, answers `unchanged` for what the client already
 * holds, leaves open documents to the document pull (no problem twice), holds a streaming pull until
 * something changes, and a push-only client keeps getting publishDiagnostics.
 */

const PROPS = ['- id: io.team.tier', '  type: string', '  cardinality: SINGLE', '  entity_types: [dataset]', '  allowed_values:', '    - value: gold', '    - value: silver', ''].join('\n');
const dataset = (name: string, tier: string) => [`id: ${name}`, 'platform: hive', 'env: PROD', 'structured_properties:', `  io.team.tier: ${tier}`, ''].join('\n');

type Previous = { uri: string; value: string }[];

function pull(client: TestClient, previousResultIds: Previous, partialResultToken?: string): Promise<WorkspaceDiagnosticReport> {
  return client.connection.sendRequest('workspace/diagnostic', { previousResultIds, ...(partialResultToken ? { partialResultToken } : {}) }) as Promise<WorkspaceDiagnosticReport>;
}

const idsOf = (reports: readonly WorkspaceDocumentDiagnosticReport[]): Previous => reports.filter((r) => r.resultId).map((r) => ({ uri: r.uri, value: r.resultId! }));
const codes = (report: WorkspaceDocumentDiagnosticReport | undefined): string[] => (report?.kind === 'full' ? report.items.map((d: Diagnostic) => String(d.code)) : []);

describe('workspace diagnostics for a pulling client', () => {
  let client: TestClient;
  let initialize: InitializeResult;
  let workspace: string;
  const uri = (name: string) => pathToFileURL(join(workspace, name)).toString();

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-workspace-pull-'));
    writeFileSync(join(workspace, 'props.yaml'), PROPS);
    writeFileSync(join(workspace, 'orders.yaml'), dataset('orders', 'bronze'));
    writeFileSync(join(workspace, 'clean.yaml'), dataset('clean', 'gold'));
    writeFileSync(join(workspace, 'deployment.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n');
    ({ client, initialize } = await TestClient.start({ rootPath: workspace, pull: true }));
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('offers workspace diagnostics', () => {
    const provider = initialize.capabilities.diagnosticProvider;
    assert.ok(provider && 'workspaceDiagnostics' in provider && provider.workspaceDiagnostics === true);
  });

  it('returns the problems of closed files, none for files of no known format, then only unchanged reports', async () => {
    const first = await client.poll('a workspace report of closed orders.yaml with its error', () => pull(client, []), (answer) => codes(answer.items.find((r) => r.uri === uri('orders.yaml'))).includes('property.notAllowedValue'));
    assert.equal(first.items.find((r) => r.uri === uri('clean.yaml'))?.kind, 'full');
    assert.deepEqual(codes(first.items.find((r) => r.uri === uri('clean.yaml'))), []);
    assert.equal(first.items.find((r) => r.uri === uri('deployment.yaml')), undefined, 'a Kubernetes manifest stays silent');

    const again = await pull(client, idsOf(first.items));
    assert.deepEqual(again.items.map((r) => r.kind).sort(), first.items.map(() => 'unchanged'), 'nothing changed: every report is unchanged');
    assert.deepEqual(idsOf(again.items), idsOf(first.items), 'with the same result ids');
  });

  it('leaves an open document to the document pull, so no problem is listed twice', async () => {
    const first = await pull(client, []);
    await client.open(uri('orders.yaml'), dataset('orders', 'bronze'));
    const withOpen = await client.poll('a workspace pull without the open document', () => pull(client, idsOf(first.items)), (answer) => !answer.items.some((r) => r.uri === uri('orders.yaml')));
    assert.ok(withOpen.items.some((r) => r.uri === uri('clean.yaml')));
    assert.ok((await client.pullDiagnostics(uri('orders.yaml'))).some((d) => d.code === 'property.notAllowedValue'), 'the document pull has it');
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri('orders.yaml') } });
  });

  it('holds a streaming pull until a file changes, then streams only what changed; a deleted file is cleared', async () => {
    const settled = await client.poll('the closed orders.yaml back in the workspace report', () => pull(client, []), (answer) => answer.items.some((r) => r.uri === uri('orders.yaml')));
    const token = 'workspace-pull-1';
    const partials: WorkspaceDocumentDiagnosticReport[] = [];
    const listening = client.connection.onProgress(new ProgressType<WorkspaceDiagnosticReportPartialResult>(), token, (partial) => {
      partials.push(...partial.items);
    });
    try {
      const held = pull(client, idsOf(settled.items), token);
      // A change on disk (the server watches the folder itself: this client does not watch files).
      writeFileSync(join(workspace, 'returns.yaml'), dataset('returns', 'platinum'));
      const final = await held;
      assert.deepEqual(final.items, [], 'the reports came as partial results');
      const returns = partials.find((r) => r.uri === uri('returns.yaml'));
      assert.deepEqual(codes(returns), ['property.notAllowedValue']);
      assert.equal(partials.find((r) => r.uri === uri('clean.yaml')), undefined, 'unchanged files are not sent again');
    } finally {
      listening.dispose();
    }

    const before = await pull(client, []);
    unlinkSync(join(workspace, 'returns.yaml'));
    const cleared = await client.poll('an empty report for the deleted file', () => pull(client, idsOf(before.items)), (answer) => answer.items.some((r) => r.uri === uri('returns.yaml') && r.kind === 'full' && r.items.length === 0));
    assert.equal(cleared.items.filter((r) => r.uri === uri('returns.yaml')).length, 1);
  });
});

describe('a push-only client keeps per-document publishing', () => {
  let client: TestClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-workspace-push-'));
    writeFileSync(join(workspace, 'props.yaml'), PROPS);
    writeFileSync(join(workspace, 'closed.yaml'), dataset('closed', 'bronze'));
    ({ client } = await TestClient.start({ rootPath: workspace, pull: false }));
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('publishes the diagnostics of the document it opens', async () => {
    const opened = pathToFileURL(join(workspace, 'opened.yaml')).toString();
    await client.open(opened, dataset('opened', 'bronze'));
    const published = await client.waitFor('published diagnostics of the open document', () => client.published.get(opened)?.some((d) => d.code === 'property.notAllowedValue'));
    assert.ok(published);
    assert.equal(client.published.has(pathToFileURL(join(workspace, 'closed.yaml')).toString()), false, 'publishing stays per open document');
  });
});

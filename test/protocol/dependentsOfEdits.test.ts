import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentDiagnosticReport, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

/**
 * Answers after an edit equal a fresh server's, for what other documents read (found by a
 * differential hunt against fresh servers): a form's prompt names a property, so renaming that
 * property re-checks the forms file (open, and closed in the workspace pull); an untitled document
 * closed takes its definitions with it; and an edit of one open document is seen by a pull of
 * another before the edited one is pulled itself.
 */

const PROPERTIES = ['- id: io.team.tier', '  type: string', '  cardinality: SINGLE', '  entity_types: [dataset]', '  allowed_values:', '    - value: gold', '    - value: silver', ''].join('\n');
const FORMS = ['- id: quality_form', '  type: VERIFICATION', '  name: Quality', '  prompts:', '    - id: "1"', '      title: Tier', '      type: STRUCTURED_PROPERTY', '      structured_property_id: io.team.tier', '      required: true', '  entities:', '    filters:', '      types: [dataset]', ''].join('\n');
const DATASET = ['id: orders', 'platform: hive', 'env: PROD', 'structured_properties:', '  io.team.tier: gold', ''].join('\n');

const codes = (report: DocumentDiagnosticReport) => (report.kind === 'full' ? report.items.map((d) => String(d.code)).sort() : ['(unchanged)']);

describe('what other documents read is current after any edit', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function workspaceWith(files: Record<string, string>) {
    const root = mkdtempSync(join(tmpdir(), 'catalog-dependents-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    const { client } = await TestClient.start({ rootPath: root, pull: true });
    cleanups.push(async () => {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    });
    await client.waitFor('the workspace read', () => client.statuses.some((status) => status.definitions.workspaceCount >= 1));
    const uri = (name: string) => pathToFileURL(join(root, name)).toString();
    const pull = (name: string, previousResultId?: string) => client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: uri(name) }, ...(previousResultId ? { previousResultId } : {}) }) as Promise<DocumentDiagnosticReport>;
    const change = (name: string, version: number, text: string) => client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: uri(name), version }, contentChanges: [{ text }] });
    return { root, client, uri, pull, change };
  }

  it('renaming the property a form prompts for re-checks the open forms file (previousResultId answered in full) and the closed one', async () => {
    const ws = await workspaceWith({ 'properties.yaml': PROPERTIES, 'forms.yaml': FORMS, 'closed-forms.yaml': FORMS.replace('quality_form', 'other_form') });
    await ws.client.open(ws.uri('properties.yaml'), PROPERTIES);
    await ws.client.open(ws.uri('forms.yaml'), FORMS);
    const before = await ws.client.poll('the forms file checked against the definition', () => ws.pull('forms.yaml'), (report) => report.kind === 'full');
    assert.deepEqual(codes(before), []);
    await ws.change('properties.yaml', 2, PROPERTIES.replace('io.team.tier', 'io.team.tierX'));
    await ws.pull('properties.yaml');
    const after = await ws.pull('forms.yaml', before.resultId);
    assert.deepEqual(codes(after), ['form.unknownProperty'], 'as a fresh open reports it');
    const workspace = (await ws.client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as WorkspaceDiagnosticReport;
    const closed = workspace.items.find((item) => item.uri === ws.uri('closed-forms.yaml'));
    assert.deepEqual(closed?.kind === 'full' ? closed.items.map((d) => d.code) : closed, ['form.unknownProperty']);
  });

  it('an untitled document of definitions, closed, takes its definitions with it and leaves the workspace pull', async () => {
    const ws = await workspaceWith({ 'properties.yaml': PROPERTIES, 'orders.yaml': DATASET.replace('io.team.tier: gold', 'io.team.flag: c') });
    const untitled = 'untitled:Untitled-1';
    await ws.client.open(ws.uri('orders.yaml'), readFileSync(join(ws.root, 'orders.yaml'), 'utf8'));
    await ws.client.open(untitled, PROPERTIES.replace('io.team.tier', 'io.team.flag').replace('gold', 'a').replace('silver', 'b'));
    await ws.client.poll('the value judged by the untitled definition', () => ws.pull('orders.yaml'), (report) => codes(report).includes('property.notAllowedValue'));
    await ws.client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: untitled } });
    const after = await ws.client.poll('the definition gone with its document', () => ws.pull('orders.yaml'), (report) => !codes(report).includes('property.notAllowedValue'));
    assert.deepEqual(codes(after), ['property.unknown'], 'as a fresh server reports it');
    const workspace = (await ws.client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as WorkspaceDiagnosticReport;
    assert.ok(!workspace.items.some((item) => item.uri === untitled), 'a closed untitled document is no file of the workspace');
  });

  it("a definition edited in one open document is seen by a pull of another, before the edited one is pulled", async () => {
    const ws = await workspaceWith({ 'properties.yaml': PROPERTIES, 'orders.yaml': DATASET });
    await ws.client.open(ws.uri('properties.yaml'), PROPERTIES);
    await ws.client.open(ws.uri('orders.yaml'), DATASET);
    const before = await ws.client.poll('the dataset checked', () => ws.pull('orders.yaml'), (report) => report.kind === 'full');
    assert.deepEqual(codes(before), []);
    await ws.change('properties.yaml', 2, PROPERTIES.replace('value: gold', 'value: platinum'));
    const after = await ws.pull('orders.yaml', before.resultId);
    assert.deepEqual(codes(after), ['property.notAllowedValue']);
  });
});

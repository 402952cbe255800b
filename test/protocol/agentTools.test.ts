import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { AgentToolRequest, type AgentToolResult } from '../../core/protocol';
import { serverOnCatalog, type ServerOnCatalog } from './catalogServer';
import { TestClient } from './lspClient';

/**
 * VS Code's language-model tools ask the real language server (catalogCode/agentTool over stdio):
 * the tools answer from the server's own session — the editor's unsaved text included — and refuse
 * what the MCP server refuses.
 */

const TIERS = '- id: io.acme.tier\n  type: string\n  cardinality: SINGLE\n  entity_types: [dataset]\n  allowed_values:\n    - value: gold\n    - value: silver\n';
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

describe('catalogCode/agentTool on the language server', () => {
  let client: TestClient;
  let workspace: string;
  const ask = (name: string, input: Record<string, unknown>) => client.connection.sendRequest(AgentToolRequest.method, { name, input, folders: [workspace] }) as Promise<AgentToolResult>;

  before(async () => {
    workspace = realpathSync(mkdtempSync(join(tmpdir(), 'catalog-code-agent-lsp-')));
    writeFileSync(join(workspace, 'tiers.yaml'), TIERS);
    writeFileSync(join(workspace, 'report.yaml'), '- id: report\n  platform: hive\n  structured_properties:\n    io.acme.tier: gold\n');
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true }));
  });
  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it("validate_files reads the editor's unsaved text; get_lineage the open lineage file's edge", async () => {
    const clean = await client.poll('the scan to read the files', () => ask('validate_files', {}), (answer) => answer.structured.filesChecked === 2);
    assert.equal(clean.structured.errors, 0, clean.summary);
    await client.open(pathToFileURL(join(workspace, 'report.yaml')).toString(), '- id: report\n  platform: hive\n  structured_properties:\n    io.acme.tier: platinum\n');
    await client.open(pathToFileURL(join(workspace, 'lineage.yml')).toString(), 'version: 1\nlineage:\n  - entity: {name: report, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n');
    const edited = await ask('validate_files', { paths: ['report.yaml'] });
    assert.deepEqual((edited.structured.diagnostics as { code: string; line: number; file: string }[]).map((d) => [d.file, d.line, d.code]), [['report.yaml', 4, 'property.notAllowedValue']]);
    const lineage = await ask('get_lineage', { urn: ds('report'), direction: 'upstream' });
    assert.deepEqual(lineage.structured.edges, [{ upstream: ds('orders'), downstream: ds('report'), change: 'added', files: ['lineage.yml'] }]);
  });

  it('refuses a malformed call, a path out of the workspace and push_changes, and keeps answering', async () => {
    assert.equal((await ask('validate_files', { paths: ['../x'] })).isError, true);
    assert.equal((await ask('validate_files', { paths: 3 })).isError, true);
    assert.equal((await ask('push_changes', { planHash: '0123456789abcdef' })).isError, true);
    assert.equal((await ask('explain_diagnostic', { code: 'urn.syntax' })).isError, undefined);
  });
});

describe('catalogCode/agentTool on the language server connected to the local catalog', () => {
  let server: ServerOnCatalog;
  const token = 'agent-tools-token-7c1d';
  const ask = (name: string, input: Record<string, unknown>) => server.client.connection.sendRequest(AgentToolRequest.method, { name, input, folders: [folder()] }) as Promise<AgentToolResult>;
  const folder = () => fileURLToPath(server.uri('.'));

  before(async () => {
    server = await serverOnCatalog({
      token,
      seeds: { 'tiers.yaml': TIERS, 'datasets.yaml': '- id: orders\n  platform: hive\n- id: report\n  platform: hive\n' },
      files: { 'lineage.yml': 'version: 1\nlineage:\n  - entity: {name: report, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n' },
    });
  });
  after(() => server?.stop());

  it("plan_changes plans against the server's catalog (the pending edge, a planHash); describe_property reads the catalog's definition; no answer holds the token", async () => {
    const planned = await server.client.poll('a plan with the pending edge', () => ask('plan_changes', {}), (answer) => Array.isArray(answer.structured.items) && (answer.structured.items as unknown[]).length > 0);
    const items = planned.structured.items as { entity: string; changes: { action: string; text: string }[]; files: string[] }[];
    assert.deepEqual(items.map((item) => [item.entity, item.files]), [[ds('report'), ['lineage.yml']]]);
    assert.ok(items[0].changes.some((change) => change.action === 'add' && change.text.includes(ds('orders'))), planned.summary);
    assert.match(String(planned.structured.planHash), /^[0-9a-f]{16}$/);
    const property = await ask('describe_property', { property: 'io.acme.tier' });
    assert.match(String((property.structured.definition as { definedIn: string }).definedIn), /^the catalog at http:\/\/127\.0\.0\.1:\d+$/, property.summary);
    for (const answer of [planned, property]) assert.ok(!JSON.stringify(answer).includes(token));
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type { InitializeResult, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LineIndex } from '../../core/model/range';
import { TestClient } from './lspClient';

const PROPS = '- id: io.team.tier\n  type: string\n  cardinality: SINGLE\n  entity_types:\n    - dataset\n';
const ORDERS = 'id: orders\nplatform: hive\nenv: PROD\nstructured_properties:\n  io.team.tier: gold\n';
const MCP = `${JSON.stringify(
  [
    {
      entityType: 'dataset',
      entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)',
      changeType: 'UPSERT',
      aspectName: 'structuredProperties',
      aspect: { json: { properties: [{ propertyUrn: 'urn:li:structuredProperty:io.team.tier', values: [{ string: 'gold' }] }] } },
    },
  ],
  null,
  2,
)}\n`;

/** The text after LSP edits (positions read against the text before them). */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const index = new LineIndex(text);
  const offsets = edits.map((edit) => ({ start: index.offsetAt(edit.range.start), end: index.offsetAt(edit.range.end), text: edit.newText })).sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of offsets) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

describe('rename over LSP (the real server over stdio)', () => {
  let client: TestClient;
  let initialize: InitializeResult;
  let workspace: string;
  const uri = (name: string) => pathToFileURL(join(workspace, name)).toString();

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-rename-'));
    writeFileSync(join(workspace, 'props.yaml'), PROPS);
    writeFileSync(join(workspace, 'orders.yaml'), ORDERS);
    writeFileSync(join(workspace, 'mcp.json'), MCP);
    ({ client, initialize } = await TestClient.start({ rootPath: workspace, pull: true }));
    await client.waitFor('the workspace read', () => client.statuses.find((s) => s.definitions.workspaceCount === 1));
    await client.open(uri('props.yaml'), PROPS);
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('offers rename with a prepare step', () => {
    assert.deepEqual(initialize.capabilities.renameProvider, { prepareProvider: true });
  });

  it('prepareRename selects the property id and proposes it', async () => {
    const answer = (await client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: uri('props.yaml') }, position: { line: 0, character: 10 } })) as { range: Range; placeholder: string };
    assert.equal(answer.placeholder, 'io.team.tier');
    assert.deepEqual(answer.range, { start: { line: 0, character: 6 }, end: { line: 0, character: 18 } });
  });

  it('renames a property in the definitions, the values file and the MCP JSON in one WorkspaceEdit', async () => {
    const edit = (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri('props.yaml') }, position: { line: 0, character: 10 }, newName: 'io.team.service_tier' })) as WorkspaceEdit;
    const changes = edit.changes ?? {};
    assert.deepEqual(Object.keys(changes).sort(), [uri('mcp.json'), uri('orders.yaml'), uri('props.yaml')].sort());
    assert.equal(parseYaml(applyEdits(PROPS, changes[uri('props.yaml')]))[0].id, 'io.team.service_tier');
    assert.deepEqual(Object.keys(parseYaml(applyEdits(ORDERS, changes[uri('orders.yaml')])).structured_properties), ['io.team.service_tier']);
    const json = JSON.parse(applyEdits(readFileSync(join(workspace, 'mcp.json'), 'utf8'), changes[uri('mcp.json')]));
    assert.equal(json[0].aspect.json.properties[0].propertyUrn, 'urn:li:structuredProperty:io.team.service_tier');
  });

  it('renames a dataset to a hostile name: escaped in JSON, quoted in YAML', async () => {
    await client.open(uri('orders.yaml'), ORDERS);
    const hostile = 'ord"er\\s: #1';
    const edit = (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri('orders.yaml') }, position: { line: 0, character: 6 }, newName: hostile })) as WorkspaceEdit;
    const changes = edit.changes ?? {};
    assert.equal(parseYaml(applyEdits(ORDERS, changes[uri('orders.yaml')])).id, hostile);
    const json = JSON.parse(applyEdits(MCP, changes[uri('mcp.json')]));
    assert.equal(json[0].entityUrn, `urn:li:dataset:(urn:li:dataPlatform:hive,${hostile},PROD)`);
  });

  it('refuses a new name that is not a valid property id, with the reason in words', async () => {
    await assert.rejects(
      client.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri('props.yaml') }, position: { line: 0, character: 10 }, newName: 'io.team tier' }),
      (error: Error & { code?: number }) => error.code === -32803 && /contains a space; DataHub rejects ids/.test(error.message),
    );
  });

  it('refuses to rename a platform, saying what can be renamed', async () => {
    await client.open(uri('mcp.json'), MCP, 'json');
    const line = MCP.split('\n').findIndex((l) => l.includes('"entityUrn"'));
    const character = MCP.split('\n')[line].indexOf('hive') + 1;
    await assert.rejects(
      client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: uri('mcp.json') }, position: { line, character } }),
      (error: Error) => /Only a structured property \(its id\), a dataset .* can be renamed; 'urn:li:dataPlatform:hive' is a dataPlatform URN/.test(error.message),
    );
  });
});

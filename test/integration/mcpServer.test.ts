// `catalog-code mcp` driven as an agent drives it: the official MCP TypeScript SDK's client over
// stdio, the server run as installed (node dist/cli.js mcp), a real local catalog on 127.0.0.1.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { applyPlan } from '../../core/plan/pushApply';
import { buildPushPlan } from '../../core/plan/pushPlan';
import { ds, startTestCatalog, TOKEN, type TestCatalog } from './catalog';

const cli = join(process.cwd(), 'dist', 'cli.js');

const TIERS = '- id: io.acme.tier\n  type: string\n  cardinality: SINGLE\n  entity_types: [dataset]\n  allowed_values:\n    - value: gold\n    - value: silver\n';
const DATASETS = '- id: orders\n  platform: hive\n- id: report\n  platform: hive\n  structured_properties:\n    io.acme.tier: platinum\n';
const LINEAGE = 'version: 1\nlineage:\n  - entity: {name: report, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n';

interface Session {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

/** `node dist/cli.js mcp ARGS` with only the variables given, connected with the SDK's client. */
async function connect(args: string[], env: Record<string, string> = {}): Promise<Session> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', ...args], env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'catalog-code-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

type Structured = Record<string, unknown>;
async function call(session: Session, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; structured: Structured; text: string }> {
  const result = await session.client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  return { isError: result.isError === true, structured: (result.structuredContent ?? {}) as Structured, text: content.map((c) => c.text).join('\n') };
}

describe('catalog-code mcp over stdio (offline workspace)', () => {
  let root: string;
  let workspace: string;
  let session: Session;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'catalog-mcp-'));
    workspace = join(root, 'repo');
    mkdirSync(join(workspace, 'metadata'), { recursive: true });
    writeFileSync(join(workspace, 'metadata', 'tiers.yaml'), TIERS);
    writeFileSync(join(workspace, 'metadata', 'datasets.yaml'), DATASETS);
    writeFileSync(join(workspace, 'lineage.yml'), LINEAGE);
    mkdirSync(join(root, 'outside'));
    writeFileSync(join(root, 'outside', 'secret.yaml'), TIERS);
    symlinkSync(join(root, 'outside'), join(workspace, 'linked'));
    symlinkSync(join(root, 'outside', 'secret.yaml'), join(workspace, 'metadata', 'secret-link.yaml'));
    session = await connect(['--workspace', workspace]);
  });
  after(async () => {
    await session?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists the read-only tools, each with a JSON Schema for its input', async () => {
    const { tools } = await session.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['validate_files', 'plan_changes', 'get_lineage', 'propose_lineage_from_sql', 'describe_property', 'explain_diagnostic']);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.ok((tool.description ?? '').length > 80, `${tool.name} has a description written for a model`);
      assert.equal(tool.annotations?.readOnlyHint, true);
    }
    assert.ok(tools.find((t) => t.name === 'get_lineage')?.inputSchema.properties?.direction);
  });

  it('validate_files names the file, line and property.notAllowedValue', async () => {
    const result = await call(session, 'validate_files', {});
    assert.equal(result.isError, false, result.text);
    const diagnostics = result.structured.diagnostics as { file: string; line: number; column: number; code: string; severity: string; quickFixes: string[] }[];
    const found = diagnostics.find((d) => d.code === 'property.notAllowedValue');
    assert.ok(found, result.text);
    assert.equal(found.file, 'metadata/datasets.yaml');
    assert.equal(found.line, 6);
    assert.equal(found.severity, 'error');
    assert.match(result.text, /metadata\/datasets\.yaml:6:\d+ error property\.notAllowedValue/);
    const only = await call(session, 'validate_files', { paths: ['lineage.yml'] });
    assert.equal(only.structured.filesChecked, 1, only.text);
    const glob = await call(session, 'validate_files', { paths: ['metadata/*.yaml'] });
    assert.equal(glob.structured.filesChecked, 2, glob.text);
  });

  it('get_lineage returns the upstream only the workspace lineage file gives, marked added with its file (offline)', async () => {
    const result = await call(session, 'get_lineage', { urn: ds('report'), direction: 'upstream' });
    assert.equal(result.isError, false, result.text);
    const edges = result.structured.edges as { upstream: string; downstream: string; change: string; files: string[] }[];
    assert.deepEqual(edges, [{ upstream: ds('orders'), downstream: ds('report'), change: 'added', files: ['lineage.yml'] }]);
    assert.match(String(result.structured.basis), /offline/);
    const byName = await call(session, 'get_lineage', { dataset: 'report', direction: 'upstream', hops: 1 });
    assert.equal(byName.structured.root, ds('report'), byName.text);
  });

  it('describe_property and explain_diagnostic answer from the workspace and the diagnostics catalogue', async () => {
    const property = await call(session, 'describe_property', { property: 'io.acme.tier' });
    assert.equal(property.isError, false, property.text);
    const definition = property.structured.definition as { allowedValues: { value: string }[]; definedIn: string };
    assert.deepEqual(definition.allowedValues.map((v) => v.value), ['gold', 'silver']);
    assert.match(definition.definedIn, /^metadata\/tiers\.yaml:1$/);
    assert.equal((property.structured.uses as unknown[]).length, 1);
    const explained = await call(session, 'explain_diagnostic', { code: 'property.notAllowedValue' });
    assert.equal(explained.structured.authority, 'datahub');
    assert.match(String(explained.structured.documentation), /diagnostics\.md#property\.notAllowedValue$/);
  });

  it('propose_lineage_from_sql proposes the column edges of an INSERT … SELECT as lineage-file entries, and names the dialects it knows', async () => {
    const sql = await call(session, 'propose_lineage_from_sql', { sql: 'insert into report (id, total) select o.id, o.amount * 2 from orders o', dialect: 'hive' });
    assert.equal(sql.isError, false, sql.text);
    assert.deepEqual([sql.structured.inTables, sql.structured.outTables], [['orders'], ['report']]);
    const field = (table: string, column: string) => `urn:li:schemaField:(${ds(table)},${column})`;
    const [entry] = sql.structured.lineageFileEntries as { entity: { name: string }; upstream: { entity: { name: string } }[]; fineGrainedLineages: { upstreams: string[]; downstreams: string[] }[] }[];
    assert.equal(entry.entity.name, 'report');
    assert.deepEqual(entry.upstream.map((u) => u.entity.name), ['orders']);
    assert.deepEqual(entry.fineGrainedLineages.map((edge) => [edge.upstreams, edge.downstreams]), [
      [[field('orders', 'id')], [field('report', 'id')]],
      [[field('orders', 'amount')], [field('report', 'total')]],
    ]);
    assert.match(sql.text, /1 upstream table\(s\) → report; 2 column edge\(s\) proposed/);
    const unknown = await call(session, 'propose_lineage_from_sql', { sql: 'select 1', dialect: 'cobol' });
    assert.equal(unknown.isError, true);
    assert.ok((unknown.structured.knownDialects as string[]).includes('snowflake'), unknown.text);
  });

  it('answers a malformed call with an error and keeps serving', async () => {
    const wrongType = await call(session, 'validate_files', { paths: 5 });
    assert.equal(wrongType.isError, true);
    assert.match(wrongType.text, /paths must be a list/);
    const unknownOption = await call(session, 'get_lineage', { urn: ds('report'), depth: 2 });
    assert.equal(unknownOption.isError, true);
    assert.match(unknownOption.text, /no option 'depth'/);
    const unknownTool = await call(session, 'drop_database', {});
    assert.equal(unknownTool.isError, true);
    const badUrn = await call(session, 'get_lineage', { urn: 'urn:li:dataset:(' });
    assert.equal(badUrn.isError, true);
    const { tools } = await session.client.listTools();
    assert.equal(tools.length, 6);
  });

  it("sees the files as they are at each call: a file added, changed and removed, and a settings change", async () => {
    const codesOf = async () => ((await call(session, 'validate_files', {})).structured.diagnostics as { file: string; code: string }[]).map((d) => `${d.file} ${d.code}`);
    assert.deepEqual(await codesOf(), ['metadata/datasets.yaml property.notAllowedValue']);
    writeFileSync(join(workspace, 'metadata', 'more.yaml'), '- id: more\n  platform: hive\n  structured_properties:\n    io.acme.tier: bronze\n');
    assert.deepEqual((await codesOf()).sort(), ['metadata/datasets.yaml property.notAllowedValue', 'metadata/more.yaml property.notAllowedValue']);
    writeFileSync(join(workspace, 'metadata', 'tiers.yaml'), TIERS + '    - value: bronze\n    - value: platinum\n');
    assert.deepEqual(await codesOf(), []);
    rmSync(join(workspace, 'metadata', 'more.yaml'));
    writeFileSync(join(workspace, 'metadata', 'tiers.yaml'), TIERS);
    assert.deepEqual(await codesOf(), ['metadata/datasets.yaml property.notAllowedValue']);
    mkdirSync(join(workspace, '.vscode'));
    writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'catalogCode.diagnostics.severity': { 'property.notAllowedValue': 'off' } }));
    try {
      assert.deepEqual(await codesOf(), [], 'the workspace settings apply, as in the editor and the CLI');
    } finally {
      rmSync(join(workspace, '.vscode'), { recursive: true });
    }
    assert.deepEqual(await codesOf(), ['metadata/datasets.yaml property.notAllowedValue']);
  });

  it('keeps paths inside the workspace folders: no .., no absolute paths outside, no links out', async () => {
    for (const paths of [['../outside/secret.yaml'], ['metadata/../../outside'], [join(root, 'outside', 'secret.yaml')], ['linked'], ['linked/secret.yaml'], ['metadata/secret-link.yaml'], ['/etc/**']]) {
      const result = await call(session, 'validate_files', { paths });
      assert.equal(result.isError, true, `${paths[0]}: ${result.text}`);
      assert.doesNotMatch(result.text, /io\.acme\.tier/, 'nothing of the file outside is read');
    }
    const all = await call(session, 'validate_files', {});
    assert.equal(all.structured.filesChecked, 3, 'the walk does not follow the link out');
  });
});

describe('catalog-code mcp on a broken stream', () => {
  it('a line that is not JSON and a call with malformed params get errors; the next requests are answered', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'catalog-mcp-raw-'));
    const child = spawn(process.execPath, [cli, 'mcp', '--workspace', workspace], { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
    const answers = new Map<number, { result?: unknown; error?: { code: number; message: string } }>();
    const lines = createInterface({ input: child.stdout });
    const waiters: (() => void)[] = [];
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { id?: number; result?: unknown; error?: { code: number; message: string } };
      if (typeof message.id === 'number') answers.set(message.id, message);
      waiters.splice(0).forEach((wake) => wake());
    });
    const answer = async (id: number) => {
      while (!answers.has(id)) await new Promise<void>((wake) => waiters.push(wake));
      return answers.get(id)!;
    };
    const send = (message: unknown) => child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
    try {
      send('this is not JSON {');
      send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
      assert.ok((await answer(1)).result, 'initialize answered after a broken line');
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'validate_files', arguments: ['not', 'an', 'object'] } });
      const broken = await answer(2);
      assert.ok(broken.error || (broken.result as { isError?: boolean }).isError, JSON.stringify(broken));
      send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
      const listed = (await answer(3)).result as { tools: unknown[] };
      assert.equal(listed.tools.length, 6);
    } finally {
      child.kill();
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});

describe('catalog-code mcp against the local catalog', () => {
  let catalog: TestCatalog;
  let workspace: string;

  before(async () => {
    catalog = await startTestCatalog();
    catalog.write('tiers.yaml', TIERS);
    catalog.write('datasets.yaml', DATASETS.replace('platinum', 'gold'));
    const pushed = await applyPlan(catalog.connection, await buildPushPlan(catalog.connection, catalog.models('tiers.yaml', 'datasets.yaml')));
    assert.deepEqual(pushed.failed, []);
    catalog.write('lineage.yml', LINEAGE);
    workspace = catalog.files;
  });
  after(() => catalog.close());

  it('plan_changes lists the pending edge and a planHash; the token is in no result and no log line', async () => {
    const session = await connect(['--workspace', workspace, '--service', catalog.url], { CATALOG_TOKEN: TOKEN });
    try {
      const planned = await call(session, 'plan_changes', {});
      assert.equal(planned.isError, false, planned.text);
      const items = planned.structured.items as { entity: string; changes: { action: string; text: string }[]; files: string[] }[];
      const edge = items.find((item) => item.entity === ds('report'));
      assert.ok(edge, planned.text);
      assert.ok(edge.changes.some((change) => change.action === 'add' && change.text.includes(ds('orders'))), JSON.stringify(edge));
      assert.deepEqual(edge.files, ['lineage.yml']);
      assert.match(String(planned.structured.planHash), /^[0-9a-f]{16}$/);
      const lineage = await call(session, 'get_lineage', { urn: ds('report'), direction: 'upstream' });
      assert.equal((lineage.structured.edges as { change: string }[])[0]?.change, 'added', lineage.text);
      const { tools } = await session.client.listTools();
      assert.ok(!tools.some((t) => t.name === 'push_changes'), 'read-only without --allow-push');
      const refused = await call(session, 'push_changes', { planHash: String(planned.structured.planHash) });
      assert.equal(refused.isError, true);
      for (const text of [planned.text, lineage.text, refused.text, session.stderr()]) assert.ok(!text.includes(TOKEN), 'the token never appears');
      assert.match(session.stderr(), /token from CATALOG_TOKEN/);
    } finally {
      await session.close();
    }
    assert.deepEqual(await catalog.neighbours(ds('report'), 'UPSTREAM'), [], 'planning sent nothing');
  });

  it('with --allow-push, push_changes pushes exactly the plan whose hash it is given', async () => {
    const session = await connect(['--workspace', workspace, '--service', catalog.url, '--allow-push'], { CATALOG_TOKEN: TOKEN });
    try {
      const { tools } = await session.client.listTools();
      const push = tools.find((t) => t.name === 'push_changes');
      assert.equal(push?.annotations?.readOnlyHint, false);
      const stale = await call(session, 'push_changes', { planHash: '0000000000000000' });
      assert.equal(stale.isError, true);
      assert.match(stale.text, /Nothing was pushed/);
      assert.deepEqual(await catalog.neighbours(ds('report'), 'UPSTREAM'), []);
      const planned = await call(session, 'plan_changes', {});
      const pushed = await call(session, 'push_changes', { planHash: String(planned.structured.planHash) });
      assert.equal(pushed.isError, false, pushed.text);
      assert.deepEqual(await catalog.neighbours(ds('report'), 'UPSTREAM'), [ds('orders')]);
    } finally {
      await session.close();
    }
  });

  it("propose_lineage_from_sql expands SELECT * over a table only the catalog describes, with its schemaMetadata", async () => {
    const schema = { schemaName: 'warehouse.sales', platform: 'urn:li:dataPlatform:hive', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } }, fields: ['region', 'amount'].map((fieldPath) => ({ fieldPath, nativeDataType: 'string', type: { type: { 'com.linkedin.schema.StringType': {} } } })) };
    const proposal = { entityType: 'dataset', entityUrn: ds('warehouse.sales'), changeType: 'UPSERT', aspectName: 'schemaMetadata', aspect: { value: JSON.stringify(schema), contentType: 'application/json' } };
    const ingested = await fetch(`${catalog.url}/aspects?action=ingestProposalBatch`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, 'X-RestLi-Protocol-Version': '2.0.0' }, body: JSON.stringify({ proposals: [proposal] }) });
    assert.equal(ingested.status, 200, await ingested.text());
    const session = await connect(['--workspace', workspace, '--service', catalog.url], { CATALOG_TOKEN: TOKEN });
    try {
      const sql = await call(session, 'propose_lineage_from_sql', { sql: 'create view sales_copy as select * from warehouse.sales', dialect: 'hive' });
      assert.equal(sql.isError, false, sql.text);
      const columns = sql.structured.columns as { downstream: { column: string }; upstreams: { table: string; column: string }[] }[];
      assert.deepEqual(columns.map((column) => `${column.downstream.column} <- ${column.upstreams.map((upstream) => `${upstream.table}.${upstream.column}`).join(', ')}`), ['region <- warehouse.sales.region', 'amount <- warehouse.sales.amount']);
    } finally {
      await session.close();
    }
  });

  it('validate_files judges against the catalog as validate --service does: a value only the live definition refuses', async () => {
    catalog.write('zones.yaml', '- id: io.acme.zone\n  type: string\n  entity_types: [dataset]\n  allowed_values:\n    - value: eu\n');
    const pushed = await applyPlan(catalog.connection, await buildPushPlan(catalog.connection, catalog.models('zones.yaml')));
    assert.deepEqual(pushed.failed, []);
    rmSync(join(workspace, 'zones.yaml'));
    catalog.write('zoned.yaml', '- id: orders\n  platform: hive\n  structured_properties:\n    io.acme.zone: us\n');
    const online = await connect(['--workspace', workspace, '--service', catalog.url], { CATALOG_TOKEN: TOKEN });
    const offline = await connect(['--workspace', workspace]);
    try {
      const judged = await call(online, 'validate_files', { paths: ['zoned.yaml'] });
      const codes = (judged.structured.diagnostics as { code: string; line: number }[]).map((d) => `${d.code}@${d.line}`);
      assert.deepEqual(codes, ['property.notAllowedValue@4'], judged.text);
      const zone = await call(online, 'describe_property', { property: 'io.acme.zone' });
      assert.match(String((zone.structured.definition as { definedIn: string }).definedIn), /^the catalog at http:\/\/127\.0\.0\.1:\d+$/, zone.text);
      assert.deepEqual((zone.structured.uses as { file: string }[]).map((use) => use.file), ['zoned.yaml']);
      const alone = await call(offline, 'validate_files', { paths: ['zoned.yaml'] });
      assert.ok(!(alone.structured.diagnostics as { code: string }[]).some((d) => d.code === 'property.notAllowedValue'), alone.text);
    } finally {
      await online.close();
      await offline.close();
    }
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { invocationMessage, languageModelToolContributions, MCP_PROVIDER_ID } from '../../../core/agent/contributions';
import { FIX_BY_FAMILY } from '../../../core/agent/explainTool';
import { agentTools, READ_ONLY_TOOLS, runAgentTool, withoutSecret } from '../../../core/agent/tools';
import type { AgentContext, JsonSchema } from '../../../core/agent/toolTypes';
import { CODE_SUMMARIES } from '../../../core/diagnostics/codeDocs';

const packageJson = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { contributes: { languageModelTools: unknown[]; mcpServerDefinitionProviders: { id: string }[] } };

const offline: AgentContext = {
  folders: ['/nowhere'],
  service: undefined,
  allowPush: false,
  snapshot: () => Promise.reject(new Error('no workspace in this test')),
};

test("package.json's languageModelTools are the tool table's read-only tools, as core/agent/contributions.ts makes them", () => {
  assert.deepEqual(packageJson.contributes.languageModelTools, languageModelToolContributions(), 'run node --import tsx scripts/generateLanguageModelTools.ts');
  assert.deepEqual(packageJson.contributes.mcpServerDefinitionProviders.map((p) => p.id), [MCP_PROVIDER_ID]);
});

test('each tool: a snake_case name, a description written for a model, a closed object schema; only push_changes writes, and only with --allow-push', () => {
  const all = agentTools({ allowPush: true });
  assert.deepEqual(all.map((t) => t.name), [...READ_ONLY_TOOLS.map((t) => t.name), 'push_changes']);
  assert.ok(!agentTools({ allowPush: false }).some((t) => t.name === 'push_changes'));
  for (const tool of all) {
    assert.match(tool.name, /^[a-z]+(_[a-z]+)+$/);
    assert.ok(tool.description.length >= 150 && tool.description.length <= 1024, `${tool.name}: ${tool.description.length} characters`);
    assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
    const walk = (schema: JsonSchema): void => {
      if (schema.type === 'string') assert.ok(schema.maxLength !== undefined || schema.enum, `${tool.name}: every string is bounded`);
      if (schema.type === 'array') assert.ok(schema.maxItems !== undefined, `${tool.name}: every list is bounded`);
      Object.values(schema.properties ?? {}).forEach(walk);
      if (schema.items) walk(schema.items);
    };
    walk(tool.inputSchema);
    assert.equal(tool.readOnly, tool.name !== 'push_changes');
  }
});

test('a malformed call is an error result, never a throw: unknown tool, wrong types, unknown option, missing field, oversized input', async () => {
  const cases: [string, unknown, RegExp][] = [
    ['drop_table', {}, /There is no tool 'drop_table'; the tools are validate_files, /],
    ['validate_files', { paths: 'a.yaml' }, /paths must be a list/],
    ['validate_files', { paths: [1] }, /paths\[0\] must be a string/],
    ['validate_files', [], /arguments must be an object/],
    ['get_lineage', { urn: 'x', direction: 'sideways' }, /direction must be one of upstream, downstream, both/],
    ['get_lineage', { urn: 'x', hops: 1.5 }, /hops must be a whole number/],
    ['get_lineage', { urn: 'x', hops: 99 }, /hops must be from 1 to 10/],
    ['describe_property', {}, /property is required/],
    ['validate_files', { limit: 0 }, /limit must be from 1 to 200/],
    ['explain_diagnostic', { code: 'x', extra: true }, /no option 'extra'/],
    ['propose_lineage_from_sql', { sql: 'x'.repeat(300_000), dialect: 'ansi' }, /at most 200000 are read/],
    ['push_changes', { planHash: '0123456789abcdef' }, /There is no tool 'push_changes'/],
  ];
  for (const [name, input, expected] of cases) {
    const result = await runAgentTool(name, input, offline);
    assert.equal(result.isError, true, name);
    assert.match(result.summary, expected, `${name} ${JSON.stringify(input).slice(0, 80)}`);
  }
});

test('a tool that fails is answered as an error in words, and the token is in no answer', async () => {
  const secret = 'tok-3f9a1c77e2';
  const context: AgentContext = { ...offline, service: { url: 'http://127.0.0.1:9', token: secret }, snapshot: () => Promise.reject(new Error(`request with Bearer ${secret} refused`)) };
  const result = await runAgentTool('validate_files', {}, context);
  assert.equal(result.isError, true);
  assert.match(result.summary, /validate_files failed: request with Bearer \[token hidden\] refused/);
  assert.ok(!JSON.stringify(result).includes(secret));
  assert.deepEqual(withoutSecret({ summary: 'a', structured: { b: 'c' } }, secret), { summary: 'a', structured: { b: 'c' } });
});

test('explain_diagnostic knows every code of the catalogue, says how to fix it, and names near codes for an unknown one', async () => {
  for (const code of Object.keys(CODE_SUMMARIES)) {
    assert.ok(FIX_BY_FAMILY[code.split('.')[0]], `${code} has a fix`);
    const result = await runAgentTool('explain_diagnostic', { code }, offline);
    assert.equal(result.isError, undefined, code);
    assert.equal(result.structured.meaning, CODE_SUMMARIES[code]);
  }
  const unknown = await runAgentTool('explain_diagnostic', { code: 'property.notAllowed' }, offline);
  assert.equal(unknown.isError, true);
  assert.match(unknown.summary, /Codes near it: .*property\.notAllowedValue/);
});

test('propose_lineage_from_sql says SQL lineage is unavailable where no SQL lineage runs, and refuses a target that is not a dataset URN', async () => {
  const result = await runAgentTool('propose_lineage_from_sql', { sql: 'insert into a select id from b' }, offline);
  assert.equal(result.isError, true);
  assert.equal(result.structured.available, false);
  assert.match(result.summary, /not available where this tool runs/);
  const withSql: AgentContext = { ...offline, sqlLineage: () => Promise.reject(new Error('not reached')) };
  const badTarget = await runAgentTool('propose_lineage_from_sql', { sql: 'select id from b', target: 'urn:li:corpuser:jdoe' }, withSql);
  assert.equal(badTarget.isError, true);
  assert.match(badTarget.summary, /target must be a dataset URN/);
});

test('propose_lineage_from_sql answers in bounded size: columns, tables, upstreams and the lineage-file entries cut at the lineage limit, with counts of the rest', async () => {
  const ref = (table: string, column: string) => ({ table, column });
  const columns = Array.from({ length: 9_000 }, (_, i) => ({ downstream: { table: 'wide', column: `c${i}` }, upstreams: [ref('src0', `c${i}`)], confidence: 'high' as const }));
  columns[0].upstreams = Array.from({ length: 500 }, (_, i) => ref(`src${i}`, 'c0'));
  const inTables = Array.from({ length: 500 }, (_, i) => `src${i}`);
  const withSql: AgentContext = {
    ...offline,
    // The tool reads the workspace's dataset schemas: an empty workspace here.
    snapshot: () => Promise.resolve({ session: { all: () => [] } } as unknown as Awaited<ReturnType<AgentContext['snapshot']>>),
    sqlLineage: () => Promise.resolve({ ok: true, platform: 'hive', statementTypes: ['INSERT'], inTables, outTables: ['wide'], columns, warnings: [] }),
  };
  const result = await runAgentTool('propose_lineage_from_sql', { sql: 'insert into wide select * from src0', dialect: 'hive' }, withSql);
  assert.equal(result.isError, undefined, result.summary);
  const answer = result.structured as { columns: unknown[]; moreColumns: number; inTables: string[]; moreInTables: number; moreUpstreams: number; lineageFileEntries: { upstream: unknown[]; fineGrainedLineages: { upstreams: unknown[] }[] }[] };
  assert.equal(answer.columns.length, 200);
  assert.equal(answer.moreColumns, 8_800);
  assert.equal(answer.inTables.length, 200);
  assert.equal(answer.moreInTables, 300);
  assert.equal(answer.moreUpstreams, 300);
  const [entry] = answer.lineageFileEntries;
  assert.equal(entry.fineGrainedLineages.length, 200);
  assert.equal(entry.fineGrainedLineages[0].upstreams.length, 200);
  assert.ok(entry.upstream.length <= 200);
  assert.match(result.summary, /8800 more column\(s\) not listed/);
  assert.match(result.summary, /300 more upstream table\(s\) not listed/);
  const bytes = JSON.stringify(result.structured).length;
  assert.ok(bytes < 200_000, `${bytes} characters of answer`);
});

test('the message VS Code shows while a tool runs names the tool and what it is about, bounded', () => {
  assert.equal(invocationMessage({ title: 'Validate metadata files' }, {}), 'Catalog Code: Validate metadata files');
  assert.equal(invocationMessage({ title: 'Validate metadata files' }, { paths: ['a.yaml', 'b.yaml', 'c.yaml', 'd.yaml'] }), 'Catalog Code: Validate metadata files — a.yaml, b.yaml, c.yaml and 1 more');
  assert.equal(invocationMessage({ title: 'Get lineage' }, { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)' }), 'Catalog Code: Get lineage — urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)');
  assert.equal(invocationMessage({ title: 'Explain' }, { code: `a\nb${'x'.repeat(300)}` }).length, 'Catalog Code: Explain — '.length + 120);
});

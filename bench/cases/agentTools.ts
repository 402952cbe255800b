import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { CLI_JS, formatCount, type BenchContext } from '../support/context';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { nowMs, repeat } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';

/**
 * Case (issue 39): `catalog-code mcp` driven by the MCP SDK's client over stdio, as an agent drives
 * it, on a generated workspace (half dataset YAML, half lineage files, ~40 lines each): the first
 * call (the workspace read), warm calls (the workspace kept: only a walk and a stat per file), and
 * one file validated right after it changed (read again alone).
 */

const GROUP = 'agent tools (MCP)';

async function timed(once: () => Promise<unknown>): Promise<number> {
  const start = nowMs();
  await once();
  return nowMs() - start;
}

export async function agentToolsCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const files = ctx.quick ? 2_000 : 10_000;
  const root = path.join(ctx.workDir, 'agent-workspace');
  const random = seededRandom(ctx.seed);
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'props.yaml'), PROPERTIES_YAML);
  const fileAt = (i: number) => path.join(root, `d${Math.floor(i / 500)}`, `f${i}.yaml`);
  for (let i = 0; i < files; i++) {
    mkdirSync(path.dirname(fileAt(i)), { recursive: true });
    writeFileSync(fileAt(i), i % 2 ? datasetYaml(40, random).text : lineageFile(40, random).text);
  }
  const label = `${formatCount(files)} files`;
  const runs = { warmup: 1, runs: ctx.quick ? 3 : 5 };
  const client = new Client({ name: 'catalog-code-bench', version: '1.0.0' });
  const connectMs = await timed(() => client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_JS, 'mcp', '--workspace', root], env: { PATH: process.env.PATH ?? '' }, stderr: 'ignore' })));
  try {
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
    const lineage = { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,warehouse.table_000003,PROD)', hops: 3 };
    const firstMs = await timed(() => call('get_lineage', lineage));
    const lineageWarm = await repeat(runs, () => timed(() => call('get_lineage', lineage)));
    const validateAll = await repeat(runs, () => timed(() => call('validate_files', {})));
    const one = { paths: [path.relative(root, fileAt(1))] };
    const validateOne = await repeat(runs, () => timed(() => call('validate_files', one)));
    const afterEdit = await repeat(runs, () => {
      writeFileSync(fileAt(1), datasetYaml(40, random).text);
      return timed(() => call('validate_files', one));
    });
    result.rows.push({ group: GROUP, case: label, subject: 'start and initialize (node dist/cli.js mcp)', medianMs: connectMs, runs: 1 });
    result.rows.push({ group: GROUP, case: label, subject: 'first call: get_lineage, the workspace read', medianMs: firstMs, runs: 1 });
    result.rows.push(timingRow(GROUP, label, 'get_lineage, 3 hops, warm', lineageWarm));
    result.rows.push(timingRow(GROUP, label, 'validate_files, the whole workspace, warm', validateAll));
    result.rows.push(timingRow(GROUP, label, 'validate_files, one file, warm', validateOne));
    result.rows.push(timingRow(GROUP, label, 'validate_files, one file just changed', afterEdit));
    result.targets.push(reportTarget({ name: `validate_files of one file just changed, ${label}`, target: 1000, unit: 'ms', measured: afterEdit.medianMs, detail: `p95 ${afterEdit.p95Ms.toFixed(0)} ms` }));
    result.targets.push(reportTarget({ name: `get_lineage warm, ${label}`, target: 500, unit: 'ms', measured: lineageWarm.medianMs }));
  } finally {
    await client.close();
  }
  return result;
}

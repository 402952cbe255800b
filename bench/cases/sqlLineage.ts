import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { analyseSql } from '../../core/sql/sqlAnalysis';
import { loadSqlParser } from '../../core/sql/sqlParser';
import type { SqlLineageAnswer } from '../../core/protocol';
import { BenchLspClient } from '../support/lspClient';
import { SERVER_JS, type BenchContext } from '../support/context';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { nowMs, repeat, summarise, type Timing } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';

/**
 * Case (issue 38): the column lineage of a 200-line statement (a view over three CTEs, joins, a
 * UNION and window functions; 60 output columns), asked of the real language server
 * (`catalogCode/sqlLineage`, answered in its worker): the first request of a fresh server (the
 * worker's start and the parser's WebAssembly set-up included) and warm requests; beside them, in
 * this process, the parser's own parse of the same text and our resolution over its tree; the
 * server's resident memory before the first request and with the worker loaded.
 */

const GROUP = 'SQL lineage';

/** A 200-line CREATE VIEW with CTEs, joins, a UNION, CASE and window functions (deterministic). */
export function twoHundredLineStatement(): string {
  const columns = Array.from({ length: 20 }, (_, i) => `c${i}`);
  const cte = (name: string, table: string) => [`${name} AS (`, '  SELECT', ...columns.map((c, i) => `    ${c}${i < columns.length - 1 ? ',' : ''}`), `  FROM raw.${table}`, '  WHERE c0 IS NOT NULL', '),'];
  const lines = ['CREATE OR REPLACE VIEW mart.wide_view AS', 'WITH'];
  lines.push(...cte('a', 'alpha'), ...cte('b', 'beta'));
  lines.push('u AS (', '  SELECT c0, c1, c2 FROM raw.gamma', '  UNION ALL', '  SELECT c0, c1, c2 FROM raw.delta', ')');
  lines.push('SELECT');
  const outputs: string[] = [];
  for (let i = 0; i < 20; i++) outputs.push(`  a.c${i} AS a_${i}`);
  for (let i = 0; i < 20; i++) outputs.push(`  CASE WHEN b.c${i} > 0 THEN b.c${i} ELSE a.c${(i + 1) % 20} END AS b_${i}`);
  for (let i = 0; i < 20; i++) outputs.push(`  SUM(u.c${i % 3}) OVER (PARTITION BY a.c0 ORDER BY b.c1) AS w_${i}`);
  lines.push(...outputs.map((line, i) => (i < outputs.length - 1 ? `${line},` : line)));
  lines.push('FROM a', 'JOIN b ON a.c0 = b.c0', 'LEFT JOIN u ON u.c0 = a.c0');
  while (lines.length < 199) lines.splice(lines.length - 3, 0, `  -- padding comment line ${lines.length}`);
  lines.push('WHERE a.c1 > 0;');
  return lines.join('\n');
}

function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The parser alone and parse + resolution, alternated in each round so neither pays for the other's garbage. */
async function inProcessTimings(runs: { warmup: number; runs: number }, sql: string): Promise<{ parseOnly: Timing; inProcess: Timing }> {
  const parse = await loadSqlParser();
  const parseSamples: number[] = [];
  const wholeSamples: number[] = [];
  for (let i = 0; i < runs.warmup + runs.runs; i++) {
    let start = nowMs();
    parse(sql, 'snowflake');
    const parsed = nowMs() - start;
    start = nowMs();
    analyseSql(parse, { sql, dialect: 'snowflake' });
    const whole = nowMs() - start;
    if (i < runs.warmup) continue;
    parseSamples.push(parsed);
    wholeSamples.push(whole);
  }
  return { parseOnly: summarise(parseSamples), inProcess: summarise(wholeSamples) };
}

export async function sqlLineageCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const sql = twoHundredLineStatement();
  const label = `CREATE VIEW, ${sql.split('\n').length} lines`;
  writeFileSync(path.join(ctx.workDir, 'wide_view.sql'), sql);
  const runs = { warmup: ctx.quick ? 2 : 5, runs: ctx.quick ? 10 : 30 };
  const client = await BenchLspClient.start({ name: 'Catalog Code language server', args: [SERVER_JS, '--stdio'], cwd: ctx.workDir, pull: true, env: { CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined } }, ctx.workDir);
  try {
    const ask = () => client.connection.sendRequest('catalogCode/sqlLineage', { text: sql, dialect: 'snowflake' }) as Promise<SqlLineageAnswer>;
    const before = residentMb(client.child.pid);
    const t0 = nowMs();
    const first = await ask();
    const firstMs = nowMs() - t0;
    if (!first.result.ok) throw new Error(`the statement was not read: ${first.result.reason}`);
    const edges = first.result.columns.length;
    const warm = await repeat(runs, async () => {
      const start = nowMs();
      await ask();
      return nowMs() - start;
    });
    const after = residentMb(client.child.pid);
    const { parseOnly, inProcess } = await inProcessTimings(runs, sql);
    result.rows.push({ group: GROUP, case: label, subject: 'first request of a fresh server (worker start, parser set-up)', medianMs: firstMs, runs: 1 });
    result.rows.push(timingRow(GROUP, label, 'warm request (catalogCode/sqlLineage, over stdio)', warm));
    result.rows.push(timingRow(GROUP, label, 'in process: parse + resolution', inProcess));
    result.rows.push(timingRow(GROUP, label, '@polyglot-sql/sdk parse alone', parseOnly));
    result.rows.push({ group: GROUP, case: label, subject: 'server resident memory: before / with the worker loaded', value: `${before?.toFixed(0) ?? '?'} MB / ${after?.toFixed(0) ?? '?'} MB` });
    result.notes.push(`SQL lineage: ${edges} output columns resolved; the server's memory grew ${before !== undefined && after !== undefined ? (after - before).toFixed(0) : '?'} MB with the worker and the parser loaded.`);
    result.targets.push(reportTarget({ name: 'a 200-line statement, warm', target: 100, unit: 'ms', measured: warm.medianMs, detail: `p95 ${warm.p95Ms.toFixed(1)} ms`, peer: `parse alone ${parseOnly.medianMs.toFixed(1)} ms` }));
    result.targets.push(reportTarget({ name: 'a 200-line statement, first use', target: 1000, unit: 'ms', measured: firstMs }));
  } finally {
    await client.stop();
  }
  return result;
}

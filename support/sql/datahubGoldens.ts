// DataHub's own SQL-lineage test cases (../shared/reference/datahub-sql-lineage/cases.json) replayed
// through deriveSqlLineage: each case's column lineage compared with DataHub's golden answer.
// Shared by the replay test (test/integration/sqlLineageGoldens.test.ts) and the report script
// (scripts/sqlLineageReport.ts) that writes the figures into docs/sql-lineage.md.
import { readFileSync } from 'node:fs';
import { deriveSqlLineage } from '../../core/sql/sqlLineage';
import type { SqlLineageResult } from '../../core/sql/sqlLineageTypes';

interface GoldenColumn {
  downstream: { table: string | null; column: string };
  upstreams: { table: string; column: string }[];
}

export interface GoldenCase {
  id: string;
  dialect: string;
  sql: string;
  defaultDb?: string;
  defaultSchema?: string;
  platformInstance?: string;
  schemas?: Record<string, Record<string, string>>;
  datahubMark?: string;
  expected: { in_tables: string[]; out_tables: string[]; column_lineage: GoldenColumn[] | null };
}

export interface CaseVerdict {
  id: string;
  dialect: string;
  /** Same column lineage, compared without regard to letter case. */
  same: boolean;
  /** Same column lineage, letter case included. */
  sameCased: boolean;
  /** Same tables read and written (letter case aside): a wrong dataset URN is wrong even where no column says so. */
  sameTables: boolean;
  /** The tables as `in: a, b; out: c`, DataHub's then ours, when they differ. */
  tables?: { expected: string; actual: string };
  expected: string[];
  actual: string[];
  /** Why our answer failed, when it did. */
  failure?: string;
}

export function readGoldenCases(path: string): GoldenCase[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { cases: GoldenCase[] }).cases;
}

/** The dotted name inside a dataset URN, without the platform instance. */
function nameOfUrn(urn: string, instance: string | undefined): string {
  const match = /^urn:li:dataset:\(urn:li:dataPlatform:[^,]+,(.*),[A-Z]+\)$/.exec(urn);
  const name = match?.[1] ?? urn;
  return instance && name.startsWith(`${instance}.`) ? name.slice(instance.length + 1) : name;
}

/** One line per (downstream, upstream) pair, and one per downstream without upstreams, sorted. */
function canonical(columns: readonly GoldenColumn[], tableName: (table: string) => string): string[] {
  const lines = new Set<string>();
  for (const column of columns) {
    const downstream = `${column.downstream.table === null ? '(select)' : tableName(column.downstream.table)}.${column.downstream.column}`;
    if (column.upstreams.length === 0) lines.add(`${downstream} <- (nothing)`);
    for (const upstream of column.upstreams) lines.add(`${downstream} <- ${tableName(upstream.table)}.${upstream.column}`);
  }
  // A downstream with upstreams elsewhere is not also "from nothing" (DataHub lists a CREATE TABLE's columns before the INSERT's).
  const withUpstreams = new Set([...lines].filter((line) => !line.endsWith('<- (nothing)')).map((line) => line.split(' <- ')[0]));
  return [...lines].filter((line) => !(line.endsWith('<- (nothing)') && withUpstreams.has(line.split(' <- ')[0]))).sort();
}

function lower(lines: readonly string[]): string[] {
  return lines.map((line) => line.toLowerCase()).sort();
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, index) => line === b[index]);
}

export async function replayCase(golden: GoldenCase): Promise<CaseVerdict> {
  const instance = golden.platformInstance;
  const schemas = Object.fromEntries(Object.entries(golden.schemas ?? {}).map(([urn, columns]) => [nameOfUrn(urn, instance), Object.keys(columns)]));
  const result: SqlLineageResult = await deriveSqlLineage({ sql: golden.sql, dialect: golden.dialect, defaultDatabase: golden.defaultDb, defaultSchema: golden.defaultSchema, schemas });
  const expected = canonical(golden.expected.column_lineage ?? [], (table) => nameOfUrn(table, instance));
  const actual = result.ok ? canonical(result.columns.map((column) => ({ downstream: column.downstream, upstreams: column.upstreams })), (table) => table) : [];
  const failure = result.ok ? undefined : result.reason;
  const expectedTables = tablesLine(golden.expected.in_tables.map((urn) => nameOfUrn(urn, instance)), golden.expected.out_tables.map((urn) => nameOfUrn(urn, instance)));
  const actualTables = result.ok ? tablesLine(result.inTables, result.outTables) : '(no answer)';
  const sameTables = expectedTables === actualTables;
  return { id: golden.id, dialect: golden.dialect, same: sameLines(lower(expected), lower(actual)), sameCased: sameLines(expected, actual), sameTables, ...(sameTables ? {} : { tables: { expected: expectedTables, actual: actualTables } }), expected, actual, failure };
}

/** Tables read and written, each list in lower case and sorted. */
function tablesLine(read: readonly string[], written: readonly string[]): string {
  const names = (tables: readonly string[]) => [...new Set(tables.map((table) => table.toLowerCase()))].sort().join(', ');
  return `in: ${names(read)}; out: ${names(written)}`;
}

export interface DialectFigure {
  dialect: string;
  cases: number;
  same: number;
  sameCased: number;
}

export function figuresByDialect(verdicts: readonly CaseVerdict[]): DialectFigure[] {
  const byDialect = new Map<string, DialectFigure>();
  for (const verdict of verdicts) {
    const figure = byDialect.get(verdict.dialect) ?? { dialect: verdict.dialect, cases: 0, same: 0, sameCased: 0 };
    figure.cases++;
    if (verdict.same) figure.same++;
    if (verdict.sameCased) figure.sameCased++;
    byDialect.set(verdict.dialect, figure);
  }
  return [...byDialect.values()].sort((a, b) => b.cases - a.cases || a.dialect.localeCompare(b.dialect));
}

// The statements of a SQL text → one lineage answer: the tables read and written and, for each
// written column, the columns it reads. Synchronous over a loaded parser (sqlParser.ts).
import { knownSqlDialects, sqlDialect, type SqlDialect } from './dialects';
import type { SqlParse } from './sqlParser';
import { rewrittenForParser, UNREAD_COLUMN_PREFIX } from './sqlClauses';
import { procedureStatements } from './sqlProcedure';
import { queryResolver } from './sqlQuery';
import { statementLineage, type WrittenColumn } from './sqlStatements';
import { SchemaLookup } from './sqlTables';
import type { SqlColumnLineage, SqlLineageRequest, SqlLineageResult } from './sqlLineageTypes';
import { mergeOrigins } from './sqlScopeTypes';
import { unclosedBlockComment } from './unclosedComment';

const MAX_SQL_LENGTH = 2_000_000;

function unknownDialect(name: string): SqlLineageResult {
  const known = knownSqlDialects();
  return { ok: false, reason: `Unknown SQL dialect "${name.slice(0, 80)}": use one of ${known.join(', ')}.`, knownDialects: known };
}

/** The statements to read: the parser's, or for an MSSQL procedure the DML statements of its body, each parsed on its own. */
function statementsOf(parse: SqlParse, sql: string, dialect: SqlDialect): { statements: unknown[]; warnings: string[]; assignments: string[] } | { reason: string } {
  const unclosed = unclosedBlockComment(sql);
  if (unclosed) return { reason: `The SQL could not be read: the comment opened with /* at line ${unclosed.line}, column ${unclosed.column} is never closed, so everything after it would be lost. Close it with */.` };
  const procedure = dialect.parser === 'tsql' ? procedureStatements(sql) : undefined;
  if (procedure) {
    const statements: unknown[] = [];
    const warnings: string[] = [];
    for (const text of procedure.statements) {
      const parsed = parse(text, dialect.parser);
      if (parsed.success && parsed.ast) statements.push(...parsed.ast);
      else warnings.push(`A statement of the procedure was skipped (${parsed.error ?? 'not read'}): ${text.slice(0, 60).replace(/\s+/g, ' ')}…`);
    }
    return { statements, warnings, assignments: procedure.assignments };
  }
  let parsed = parse(sql, dialect.parser);
  let warnings: string[] = [];
  const simpler = parsed.success ? undefined : rewrittenForParser(sql);
  if (simpler !== undefined) {
    const second = parse(simpler.sql, dialect.parser);
    if (second.success) [parsed, warnings] = [second, simpler.notes];
  }
  if (!parsed.success || !parsed.ast) {
    const where = parsed.errorLine === undefined ? '' : ` at line ${parsed.errorLine}${parsed.errorColumn === undefined ? '' : `, column ${parsed.errorColumn}`}`;
    const detail = (parsed.error ?? 'the parser gave no reason').replace(/^WASM parse failed: /, '').slice(0, 300);
    return { reason: `The SQL could not be read as ${dialect.platform}${where}: ${detail}. Check the statement and the dialect.` };
  }
  return { statements: parsed.ast, warnings, assignments: [] };
}

/** Written columns with the same table and name (an INSERT after a CREATE TABLE) merged into one. */
function mergeColumns(columns: readonly WrittenColumn[]): SqlColumnLineage[] {
  const byKey = new Map<string, WrittenColumn[]>();
  for (const column of columns) {
    const key = `${column.table ?? ''}\u0000${column.column.toLowerCase()}`;
    byKey.set(key, [...(byKey.get(key) ?? []), column]);
  }
  return [...byKey.values()].map((group) => {
    const first = group[0] as WrittenColumn;
    const merged = mergeOrigins(group);
    return { downstream: { table: first.table, column: first.column }, upstreams: merged.upstreams, confidence: merged.confidence };
  });
}

export function analyseSql(parse: SqlParse, request: SqlLineageRequest): SqlLineageResult {
  const dialect = sqlDialect(request.dialect);
  if (!dialect) return unknownDialect(request.dialect);
  if (request.sql.length > MAX_SQL_LENGTH) return { ok: false, reason: `The SQL is ${request.sql.length} characters long; at most ${MAX_SQL_LENGTH} are read.` };
  if (request.sql.trim() === '') return { ok: false, reason: 'The SQL is empty: give at least one statement.' };
  const read = statementsOf(parse, request.sql, dialect);
  if ('reason' in read) return { ok: false, reason: read.reason };
  const ctx = queryResolver({
    naming: { dialect, defaultDatabase: request.defaultDatabase, defaultSchema: request.defaultSchema },
    schemas: new SchemaLookup(request.schemas),
    inTables: new Set(),
    warnings: read.warnings,
    expressionSql: parse.generate ? (node) => parse.generate?.(node, dialect.parser) : undefined,
  });
  const statementTypes: string[] = [];
  const outTables = new Set<string>();
  const columns: WrittenColumn[] = read.assignments.map((item) => ({ table: null, column: dialect.lowerCaseColumns ? item.toLowerCase() : item, upstreams: [], confidence: 'high' }));
  for (const statement of read.statements) {
    const lineage = statementLineage(statement, ctx);
    if (!lineage) continue;
    statementTypes.push(lineage.type);
    lineage.outTables.forEach((table) => outTables.add(table));
    columns.push(...lineage.columns);
  }
  if (statementTypes.length === 0) ctx.warnings.push('No statement that reads or writes a table (SELECT, INSERT, CREATE … AS, UPDATE, MERGE, DELETE) was found.');
  // Placeholder columns (sqlClauses.ts) stand for SELECT items that could not be read; a warning says so.
  const merged = mergeColumns(columns.filter((column) => !column.column.toLowerCase().startsWith(UNREAD_COLUMN_PREFIX)));
  for (const column of merged) {
    if (column.confidence === 'low') ctx.warnings.push(`Some columns of ${column.downstream.column} could not be placed in one table: give the tables' schemas.`);
  }
  return { ok: true, platform: dialect.platform, statementTypes, inTables: [...ctx.inTables].sort(), outTables: [...outTables].sort(), columns: merged, warnings: ctx.warnings };
}

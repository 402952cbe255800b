// Column lineage from SQL: the one entry point (the CLI, the language server's worker and agent
// tools call it). The parser is loaded on the first call (sqlParser.ts).
import { knownSqlDialects, sqlDialect } from './dialects';
import { analyseSql } from './sqlAnalysis';
import { loadSqlParser } from './sqlParser';
import type { SqlLineageRequest, SqlLineageResult } from './sqlLineageTypes';

export type { SqlLineageRequest, SqlLineageResult } from './sqlLineageTypes';

/** The input and output tables of a SQL text and, for each output column, its upstream columns with a confidence; or why it cannot be read. */
export async function deriveSqlLineage(request: SqlLineageRequest): Promise<SqlLineageResult> {
  if (!sqlDialect(request.dialect)) {
    const known = knownSqlDialects();
    return { ok: false, reason: `Unknown SQL dialect "${request.dialect.slice(0, 80)}": use one of ${known.join(', ')}.`, knownDialects: known };
  }
  try {
    return analyseSql(await loadSqlParser(), request);
  } catch (error) {
    return { ok: false, reason: `The SQL could not be read: ${error instanceof Error ? error.message.slice(0, 300) : 'the parser failed'}.` };
  }
}

// The request and result of column lineage from SQL (sqlLineage.ts). Dependency-free and plain JSON
// both ways, so other parts (the CLI, the language server's worker, agent tools) can import the
// types without loading the parser.

/** Known table schemas: a table's dotted name (as written in SQL, or fully qualified) → its column names. */
export type SqlTableSchemas = Record<string, readonly string[]>;

export interface SqlLineageRequest {
  /** The SQL text: one statement, several separated by `;`, or an MSSQL procedure body. */
  sql: string;
  /** A DataHub platform name or an alias (dialects.ts): snowflake, bigquery, postgres, tsql, ansi, … */
  dialect: string;
  /** The database (catalog / BigQuery project) an unqualified table name lives in. */
  defaultDatabase?: string;
  /** The schema (BigQuery dataset) an unqualified table name lives in. */
  defaultSchema?: string;
  /** Columns of the tables the SQL reads or writes, for `SELECT *` and unqualified columns. */
  schemas?: SqlTableSchemas;
}

/** A column of a table; `table` is the table's dotted name, qualified by the defaults. */
export interface SqlColumnRef {
  table: string;
  column: string;
}

/**
 * How far an output column's upstreams can be trusted: `high` when every column it reads was
 * resolved against a known schema or an unambiguous single source, `medium` when a column was
 * assigned to its only source without a schema, `low` when some column could not be placed.
 */
export type SqlLineageConfidence = 'high' | 'medium' | 'low';

export interface SqlColumnLineage {
  /** `table` is null for a bare SELECT (its output has no table). */
  downstream: { table: string | null; column: string };
  upstreams: SqlColumnRef[];
  confidence: SqlLineageConfidence;
}

export interface SqlLineageOk {
  ok: true;
  /** The canonical dialect used (a DataHub platform name). */
  platform: string;
  /** The kind of each statement read: SELECT, INSERT, CREATE_VIEW, CREATE_TABLE_AS_SELECT, UPDATE, MERGE, … */
  statementTypes: string[];
  inTables: string[];
  outTables: string[];
  columns: SqlColumnLineage[];
  /** What was not understood but did not stop the answer (a statement skipped, a column not placed). */
  warnings: string[];
}

export interface SqlLineageFailure {
  ok: false;
  /** What was wrong, where, and what to do. */
  reason: string;
  /** Set when the dialect was the problem: the names that are known. */
  knownDialects?: string[];
}

export type SqlLineageResult = SqlLineageOk | SqlLineageFailure;

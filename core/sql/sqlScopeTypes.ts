// What the resolution of a query works with: the sources a SELECT reads, the columns it outputs,
// and the scope a column name is looked up in (this SELECT's sources, then the enclosing ones).
import type { AstObject } from './sqlAst';
import type { SqlColumnRef, SqlLineageConfidence } from './sqlLineageTypes';
import type { SchemaLookup, TableNaming } from './sqlTables';

export interface ColumnOrigin {
  upstreams: SqlColumnRef[];
  confidence: SqlLineageConfidence;
}

/** An output column of a query: its name and the physical columns it is computed from. */
export interface OutColumn extends ColumnOrigin {
  name: string;
}

/** The result columns of a query; `openStars`: sources a `*` covered whose columns are not known. */
export interface QueryShape {
  columns: OutColumn[];
  openStars: Source[];
}

/** A table, derived table, CTE or table function a SELECT reads, under the name it is referred to by. */
export interface Source {
  /** The alias, or the table's own name when it has none. */
  alias: string;
  /** A physical table's qualified dotted name. */
  table?: string;
  /** Its name as written (dotted), for matching `db.schema.table.column` references. */
  written?: string;
  /** A physical table's known column names. */
  known?: readonly string[];
  /** A derived table's or CTE's result. */
  shape?: QueryShape;
  /** A table function without a column list: it may have any column. */
  anyColumn?: boolean;
  /** `UNNEST(t.arr) AS p`: the array column whose elements' fields `p.x` are (`arr.x`). */
  unnestOf?: SqlColumnRef;
}

export interface ResolveContext {
  naming: TableNaming;
  schemas: SchemaLookup;
  /** Every physical table read, qualified. */
  inTables: Set<string>;
  warnings: string[];
  /** An expression node written back as SQL of the statement's dialect, when the parser can (names unaliased output columns). */
  expressionSql?: (node: unknown) => string | undefined;
  /** Resolves a nested query (a scalar subquery, EXISTS, IN) in a scope. */
  resolveQuery(node: unknown, outer: Scope | undefined, ctes: ReadonlyMap<string, QueryShape>): QueryShape;
}

export interface Scope {
  ctx: ResolveContext;
  sources: Source[];
  ctes: ReadonlyMap<string, QueryShape>;
  outer?: Scope;
  /** The output columns resolved so far (Snowflake and others let later expressions name earlier aliases). */
  outputs: OutColumn[];
}

export type { AstObject };

const RANK: Record<SqlLineageConfidence, number> = { low: 0, medium: 1, high: 2 };

export function weakest(a: SqlLineageConfidence, b: SqlLineageConfidence): SqlLineageConfidence {
  return RANK[a] <= RANK[b] ? a : b;
}

/** Upstreams without repeats (the first spelling kept), in order of first appearance. */
export function uniqueUpstreams(upstreams: readonly SqlColumnRef[]): SqlColumnRef[] {
  const seen = new Set<string>();
  const out: SqlColumnRef[] = [];
  for (const upstream of upstreams) {
    const key = `${upstream.table.toLowerCase()}\u0000${upstream.column.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(upstream);
  }
  return out;
}

export function mergeOrigins(origins: readonly ColumnOrigin[]): ColumnOrigin {
  let confidence: SqlLineageConfidence = 'high';
  for (const origin of origins) confidence = weakest(confidence, origin.confidence);
  return { upstreams: uniqueUpstreams(origins.flatMap((origin) => origin.upstreams)), confidence };
}

// SQL dialects by DataHub's platform names, with the usual aliases, and what each means for the
// parser and for DataHub's names (which platforms lower-case identifiers in dataset URNs).

interface DialectInfo {
  /** The parser's dialect name (@polyglot-sql/sdk). */
  parser: string;
  /** DataHub lower-cases table names of this platform in dataset URNs. */
  lowerCaseTables: boolean;
  /** DataHub lower-cases output column names of this platform. */
  lowerCaseColumns: boolean;
  /** The DataHub platform of the datasets this dialect's tables are (when it is not the dialect's own name); null: none. */
  datahubPlatform?: string | null;
  /** DataHub names a `#temp` table without its `#` (MSSQL). */
  dropsTempPrefix?: boolean;
}

const PLATFORMS: Record<string, DialectInfo> = {
  snowflake: { parser: 'snowflake', lowerCaseTables: true, lowerCaseColumns: true },
  bigquery: { parser: 'bigquery', lowerCaseTables: false, lowerCaseColumns: false },
  redshift: { parser: 'redshift', lowerCaseTables: true, lowerCaseColumns: true },
  postgres: { parser: 'postgresql', lowerCaseTables: true, lowerCaseColumns: true },
  mysql: { parser: 'mysql', lowerCaseTables: false, lowerCaseColumns: true },
  mssql: { parser: 'tsql', lowerCaseTables: true, lowerCaseColumns: true, dropsTempPrefix: true },
  oracle: { parser: 'oracle', lowerCaseTables: true, lowerCaseColumns: true },
  teradata: { parser: 'teradata', lowerCaseTables: false, lowerCaseColumns: false },
  trino: { parser: 'trino', lowerCaseTables: true, lowerCaseColumns: true },
  athena: { parser: 'athena', lowerCaseTables: true, lowerCaseColumns: true },
  databricks: { parser: 'databricks', lowerCaseTables: false, lowerCaseColumns: false },
  hive: { parser: 'hive', lowerCaseTables: true, lowerCaseColumns: true },
  sqlite: { parser: 'sqlite', lowerCaseTables: false, lowerCaseColumns: true },
  clickhouse: { parser: 'clickhouse', lowerCaseTables: false, lowerCaseColumns: false },
  dremio: { parser: 'dremio', lowerCaseTables: true, lowerCaseColumns: true },
  // Not DataHub platform names, but names DataHub's own tests pass (tsql keeps its own platform).
  tsql: { parser: 'tsql', lowerCaseTables: false, lowerCaseColumns: false, datahubPlatform: 'mssql' },
  ansi: { parser: 'generic', lowerCaseTables: false, lowerCaseColumns: false, datahubPlatform: null },
  // Spark SQL's tables live in a Hive metastore; DataHub's Spark lineage names them on hive.
  spark: { parser: 'spark', lowerCaseTables: false, lowerCaseColumns: false, datahubPlatform: 'hive' },
};

/** Other names for a platform: the name a user types → the platform. */
const ALIASES: Record<string, string> = {
  postgresql: 'postgres',
  sqlserver: 'mssql',
  generic: 'ansi',
  sql: 'ansi',
  sparksql: 'spark',
  presto: 'trino',
};

export interface SqlDialect extends DialectInfo {
  /** The canonical name (a DataHub platform name, or tsql/ansi/spark). */
  platform: string;
}

/** The dialect a name means (case-insensitive), or undefined for an unknown name. */
export function sqlDialect(name: string): SqlDialect | undefined {
  const key = name.trim().toLowerCase();
  // Own keys only: `constructor` or `__proto__` is not a dialect.
  const platform = Object.hasOwn(PLATFORMS, key) ? key : Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
  const info = platform === undefined ? undefined : PLATFORMS[platform];
  return info && platform ? { platform, ...info } : undefined;
}

/** Every name sqlDialect accepts, platforms first, sorted within each group. */
export function knownSqlDialects(): string[] {
  return [...Object.keys(PLATFORMS).sort(), ...Object.keys(ALIASES).sort()];
}

/** The DataHub platform a dialect's tables belong to, or undefined when the dialect names none (ansi). */
export function datahubPlatformOf(dialect: SqlDialect): string | undefined {
  if (dialect.datahubPlatform === null) return undefined;
  return dialect.datahubPlatform ?? dialect.platform;
}

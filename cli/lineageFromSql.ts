// `catalog-code lineage from-sql FILE --dialect D`: the column lineage a SQL file implies, as JSON
// or as a lineage-file fragment ready to paste (core/sql/).
import { readFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { datahubPlatformOf, knownSqlDialects, sqlDialect } from '../core/sql/dialects';
import { lineageFileEntries } from '../core/sql/lineageFragment';
import { viewLogicOf } from '../core/sql/viewLogic';
import { deriveSqlLineage } from '../core/sql/sqlLineage';
import { CatalogSqlSchemas, withCatalogColumns } from '../core/api/sqlCatalogSchemas';
import type { ServiceConnection } from '../core/api/http';
import type { SqlLineageOk, SqlLineageRequest, SqlLineageResult, SqlTableSchemas } from '../core/sql/sqlLineageTypes';
import { logValue } from '../core/output/logText';
import { parseCommandLine } from './args';
import { serviceConnection } from './connection';
import { serviceUrlFrom } from './serviceUrl';
import { exitWith, proceed, type OrExit } from './exit';
import type { CliIo } from './io';

export const FROM_SQL_USAGE = `Usage: catalog-code lineage from-sql FILE --dialect D [--schema SCHEMA.json]
                            [--default-db DB] [--default-schema S] [--format json|yaml]
                            [--platform P] [--env ENV] [--target TABLE] [--service URL]

Prints the column lineage the SQL in FILE implies: the tables it reads and writes and, for each
output column, the columns it is computed from. FILE holds a SELECT, INSERT … SELECT, CREATE VIEW,
CREATE TABLE … AS, UPDATE, MERGE, several of them, or an MSSQL procedure ('-' reads stdin); or MCP
JSON whose viewProperties aspects hold view definitions (viewLogic): each view's SQL, its output
columns the view's (--dialect defaults to the view's platform there).

Options:
  --dialect D        snowflake, bigquery, redshift, postgres, mysql, mssql, oracle, teradata,
                     trino, athena, databricks, hive, sqlite, clickhouse, dremio; ansi, tsql,
                     spark, postgresql
  --schema FILE      {"<table>": ["col", ...]}: the columns of tables the SQL reads, for SELECT *
                     and for columns written without their table
  --default-db DB    the database of a table named without one
  --default-schema S the schema of a table named without one
  --format           json (default) or yaml (a lineage-file fragment ready to paste)
  --platform P       the DataHub platform of the tables in yaml (default: the dialect's)
  --env ENV          the environment of the datasets in yaml (default PROD)
  --target TABLE     the dataset a bare SELECT defines (a dbt model), for yaml
  --service URL      a catalog whose schemaMetadata gives the columns of the tables --schema does
                     not describe (default: $CATALOG_SERVICE_URL; neither: no catalog is asked);
                     at most 25 tables, 3 s; a catalog that does not answer is a warning

Exit 0 with the lineage, 2 on an unknown dialect or a statement that cannot be read (the reason
on stderr). See docs/sql-lineage.md for what is understood and how well.`;

const OPTIONS = {
  dialect: { type: 'string' },
  schema: { type: 'string' },
  'default-db': { type: 'string' },
  'default-schema': { type: 'string' },
  format: { type: 'string', default: 'json' },
  platform: { type: 'string' },
  env: { type: 'string' },
  target: { type: 'string' },
  service: { type: 'string' },
} as const;

function usageError(io: CliIo, message: string): number {
  io.stderr(`${message} See 'catalog-code lineage from-sql --help'.`);
  return 2;
}

async function readSchemas(path: string | undefined, io: CliIo): Promise<OrExit<SqlTableSchemas | undefined>> {
  if (path === undefined) return proceed(undefined);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    io.stderr(`Cannot read the schema file ${logValue(path)}: ${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'}. It must be JSON: {"<table>": ["col", ...]}.`);
    return exitWith(2);
  }
  const valid = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.values(parsed).every((columns) => Array.isArray(columns) && columns.every((column) => typeof column === 'string'));
  if (!valid) {
    io.stderr(`The schema file ${logValue(path)} is not {"<table>": ["col", ...]}: each table must map to a list of column names.`);
    return exitWith(2);
  }
  return proceed(parsed as SqlTableSchemas);
}

async function readSql(file: string): Promise<string> {
  if (file !== '-') return readFile(file, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function asJson(result: SqlLineageOk): string {
  const columns = result.columns.map((column) => ({ downstream: column.downstream, upstreams: column.upstreams, confidence: column.confidence }));
  return JSON.stringify({ inTables: result.inTables, outTables: result.outTables, columns }, null, 2);
}

type Values = { [K in keyof typeof OPTIONS]?: string };

/** What the lineage is read with: the options, and the catalog asked for the columns of tables --schema does not describe. */
interface Inputs {
  values: Values;
  schemas: SqlTableSchemas | undefined;
  catalog: ServiceConnection | undefined;
}

/** The lineage of one SQL text, read again with the catalog's columns (datasets of --platform, else the dialect's) when a catalog is given. */
async function derive(request: SqlLineageRequest, { values, catalog }: Inputs): Promise<SqlLineageResult> {
  const first = await deriveSqlLineage(request);
  const dialect = sqlDialect(request.dialect);
  const platform = values.platform ?? (dialect ? datahubPlatformOf(dialect) : undefined);
  if (!catalog || !platform) return first;
  const asked = await withCatalogColumns(request, first, { service: catalog, platform, schemas: new CatalogSqlSchemas() }, deriveSqlLineage);
  return asked.result;
}

function asYaml(result: SqlLineageOk, values: Values, io: CliIo): OrExit<string> {
  const dialect = sqlDialect(result.platform);
  const platform = values.platform ?? (dialect ? datahubPlatformOf(dialect) : undefined);
  if (!platform) {
    io.stderr(`The ${result.platform} dialect names no DataHub platform: give --platform (snowflake, postgres, …) for the dataset URNs.`);
    return exitWith(2);
  }
  const lineage = lineageFileEntries(result, { platform, env: values.env?.toUpperCase(), target: values.target });
  if (lineage.length === 0) {
    io.stderr('The SQL writes no table (a bare SELECT): give --target TABLE, the dataset it defines, to write its column edges.');
    return exitWith(2);
  }
  return proceed(stringify({ version: 1, lineage }, { lineWidth: 0 }));
}

/** Several views' answers as one: tables united, columns listed view after view. */
function combined(results: readonly SqlLineageOk[]): SqlLineageOk {
  const union = (lists: string[][]) => [...new Set(lists.flat())].sort();
  return {
    ok: true,
    platform: results[0]?.platform ?? 'ansi',
    statementTypes: results.flatMap((result) => result.statementTypes),
    inTables: union(results.map((result) => result.inTables)),
    outTables: union(results.map((result) => result.outTables)),
    columns: results.flatMap((result) => result.columns),
    warnings: results.flatMap((result) => result.warnings),
  };
}

/** MCP JSON: the lineage of each `viewProperties` aspect's `viewLogic`, its output columns the view's (the dialect: --dialect, else the view's platform). */
async function fromViewLogic(json: unknown, inputs: Inputs, file: string, io: CliIo): Promise<OrExit<SqlLineageOk>> {
  const { values, schemas } = inputs;
  const views = viewLogicOf(json);
  if (views.length === 0) {
    io.stderr(`${logValue(file)} holds no viewProperties aspect with a viewLogic: give a SQL file, or MCP JSON with view definitions.`);
    return exitWith(2);
  }
  const results: SqlLineageOk[] = [];
  for (const view of views) {
    const dialect = values.dialect ?? view.platform;
    const result = await derive({ sql: view.sql, dialect, defaultDatabase: values['default-db'], defaultSchema: values['default-schema'], schemas }, inputs);
    if (!result.ok) {
      io.stderr(`${logValue(file)}, the viewLogic of ${logValue(view.urn)}: ${result.reason}${result.knownDialects ? ' Give --dialect.' : ''}`);
      return exitWith(2);
    }
    const columns = result.columns.map((column) => ({ ...column, downstream: { table: column.downstream.table ?? view.name, column: column.downstream.column } }));
    results.push({ ...result, outTables: result.outTables.length > 0 ? result.outTables : [view.name], columns });
  }
  return proceed(combined(results));
}

/** The answer for the file: its SQL, or the view definitions of an MCP JSON file. */
async function lineageOf(file: string, text: string, inputs: Inputs, io: CliIo): Promise<OrExit<SqlLineageOk>> {
  const { values, schemas } = inputs;
  let json: unknown;
  if (/^\s*[[{]/.test(text)) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (json !== undefined) return fromViewLogic(json, inputs, file, io);
  if (values.dialect === undefined) {
    io.stderr(`Give --dialect: one of ${knownSqlDialects().join(', ')}. See 'catalog-code lineage from-sql --help'.`);
    return exitWith(2);
  }
  const result = await derive({ sql: text, dialect: values.dialect, defaultDatabase: values['default-db'], defaultSchema: values['default-schema'], schemas }, inputs);
  if (result.ok) return proceed(result);
  io.stderr(`${logValue(file)}: ${result.reason}`);
  return exitWith(2);
}

export async function runLineageFromSql(argv: string[], io: CliIo): Promise<number> {
  const commandLine = parseCommandLine(argv, OPTIONS, FROM_SQL_USAGE, io);
  if (!commandLine.ok) return commandLine.exit;
  const { values, positionals } = commandLine.value;
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) return usageError(io, 'Give exactly one SQL file (or - for stdin).');
  if (values.format !== 'json' && values.format !== 'yaml') return usageError(io, `Unknown --format '${logValue(String(values.format).slice(0, 40))}'; use json or yaml.`);
  if (values.dialect !== undefined && !sqlDialect(values.dialect)) {
    io.stderr(`Unknown --dialect '${logValue(values.dialect.slice(0, 40))}'; use one of ${knownSqlDialects().join(', ')}.`);
    return 2;
  }
  const schemas = await readSchemas(values.schema, io);
  if (!schemas.ok) return schemas.exit;
  let text: string;
  try {
    text = await readSql(file);
  } catch (error) {
    io.stderr(`Cannot read ${logValue(file)}: ${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'}.`);
    return 2;
  }
  let catalog: ServiceConnection | undefined;
  if (serviceUrlFrom(values.service) !== undefined) {
    const connected = serviceConnection(values, io);
    if (!connected.ok) return connected.exit;
    catalog = connected.value;
  }
  const result = await lineageOf(file, text, { values, schemas: schemas.value, catalog }, io);
  if (!result.ok) return result.exit;
  for (const warning of result.value.warnings) io.stderr(`warning: ${warning}`);
  if (values.format === 'json') {
    io.stdout(asJson(result.value));
    return 0;
  }
  const yaml = asYaml(result.value, values, io);
  if (!yaml.ok) return yaml.exit;
  io.stdout(yaml.value);
  return 0;
}

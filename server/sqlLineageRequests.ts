import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import { SqlLineageRequestType, type SqlLineageAnswer, type SqlLineageParams } from '../core/protocol';
import { datahubPlatformOf, sqlDialect } from '../core/sql/dialects';
import type { SqlLineageRequest, SqlLineageResult } from '../core/sql/sqlLineageTypes';
import { tablesWithoutSchema, withCatalogColumns } from '../core/api/sqlCatalogSchemas';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/** The longest SQL text the request reads (a compiled dbt model is far smaller). */
const MAX_SQL = 2_000_000;

/**
 * The SQL lineage worker (dist/sqlLineageWorker.js), started on the first request and kept:
 * the parser's start-up and memory are paid once, in the worker, never at the server's start.
 */
export class SqlLineageWorker {
  private worker: Worker | undefined;
  private next = 1;
  private readonly waiting = new Map<number, (result: SqlLineageResult) => void>();

  constructor(private readonly script = join(__dirname, 'sqlLineageWorker.js')) {}

  run(request: SqlLineageRequest): Promise<SqlLineageResult> {
    const worker = this.started();
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ id, request });
    });
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.on('message', (message: { id: number; result: SqlLineageResult }) => {
      this.waiting.get(message.id)?.(message.result);
      this.waiting.delete(message.id);
    });
    const failed = (why: string) => {
      if (this.worker === worker) this.worker = undefined;
      for (const resolve of this.waiting.values()) resolve({ ok: false, reason: `The SQL lineage worker stopped (${why}); ask again to restart it.` });
      this.waiting.clear();
    };
    worker.on('error', (error) => failed(error.message.slice(0, 200)));
    worker.on('exit', (code) => failed(`exit code ${code}`));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

function paramsProblem(params: SqlLineageParams | undefined): string | undefined {
  if (typeof params?.text !== 'string') return 'catalogCode/sqlLineage needs the SQL text (text).';
  if (params.text.length > MAX_SQL) return `The SQL is ${params.text.length} characters long; catalogCode/sqlLineage reads at most ${MAX_SQL}.`;
  if (typeof params.dialect !== 'string') return 'catalogCode/sqlLineage needs a dialect (snowflake, bigquery, postgres, …).';
  return undefined;
}

/**
 * The first answer read again with the connected catalog's columns for the tables no schema given
 * describes. A catalog that is set but not connected, down or slow is not waited for: the first
 * answer, with a warning.
 */
async function catalogColumns(state: ServerState, worker: SqlLineageWorker, request: SqlLineageRequest, first: SqlLineageResult, platform: string | undefined): Promise<{ result: SqlLineageResult; catalogTables: number }> {
  if (!first.ok || !platform || !state.service) return { result: first, catalogTables: 0 };
  const service = state.connectedService();
  if (service) return withCatalogColumns(request, first, { service, platform, schemas: state.catalogSqlSchemas }, (again) => worker.run(again));
  const missing = tablesWithoutSchema(first, request.schemas);
  if (missing.length === 0) return { result: first, catalogTables: 0 };
  const warning = `The catalog at ${state.service.url} is not connected: the columns of ${missing.length} table(s) the workspace does not describe were not read from it. The lineage is read without their columns; check the connection (Catalog Code: Refresh).`;
  return { result: { ...first, warnings: [...first.warnings, warning] }, catalogTables: 0 };
}

/** `catalogCode/sqlLineage`: the SQL's column lineage, with the columns the workspace, then the connected catalog, give the dialect's platform. */
export function listenSqlLineageRequests(lsp: Connection, state: ServerState, lifecycle: Lifecycle): void {
  const worker = state.sqlWorker;
  lsp.onRequest(
    SqlLineageRequestType.type,
    lifecycle.guard(async (params): Promise<SqlLineageAnswer | ResponseError<void>> => {
      const problem = paramsProblem(params);
      if (problem) return new ResponseError(ErrorCodes.InvalidParams, problem);
      const dialect = sqlDialect(params.dialect);
      const platform = dialect ? datahubPlatformOf(dialect) : undefined;
      state.documents.catchUp();
      const known = platform ? state.sqlSchemas.of(platform) : {};
      const request: SqlLineageRequest = { sql: params.text, dialect: params.dialect, defaultDatabase: params.defaultDatabase, defaultSchema: params.defaultSchema, schemas: { ...known, ...(params.schemas ?? {}) } };
      const { result, catalogTables } = await catalogColumns(state, worker, request, await worker.run(request), platform);
      return { result, workspaceTables: Object.keys(known).length, catalogTables };
    }),
  );
}

import { datasetSchemaFields } from './datasetSchemas';
import type { ServiceConnection } from './http';
import { describeError } from '../errors/describeError';
import type { SqlLineageOk, SqlLineageRequest, SqlLineageResult, SqlTableSchemas } from '../sql/sqlLineageTypes';
import { SchemaLookup } from '../sql/sqlTables';
import { makeDatasetUrn } from '../urn/builders';

/** At most this many tables of one SQL text are asked about (a compiled dbt model reads a handful). */
export const MAX_CATALOG_TABLES = 25;
/** How long the lineage answer waits for the catalog's schemas; past it, the workspace's columns alone. */
export const CATALOG_SCHEMA_TIMEOUT_MS = 3_000;
/** After a failed request, the catalog is not asked again for this long (the code lens asks after every pause in typing). */
const QUIET_AFTER_FAILURE_MS = 30_000;
/** Datasets whose answer is kept; past it, the oldest are asked again. */
const MAX_KEPT = 5_000;

export interface CatalogColumns {
  /** the columns the catalog gave, by table name */
  schemas: SqlTableSchemas;
  /** what the answer should say about tables whose columns could not be asked (down, slow, too many) */
  warning?: string;
}

/** The tables a lineage answer reads that none of `schemas` describes (as the lineage looks tables up). */
export function tablesWithoutSchema(result: SqlLineageOk, schemas: SqlTableSchemas | undefined): string[] {
  const given = new SchemaLookup(schemas);
  return result.inTables.filter((table) => given.columnsOf(table, table) === undefined);
}

/**
 * The columns the connected catalog's `schemaMetadata` gives the tables a SQL text reads and the
 * workspace does not describe (the language server's catalogCode/sqlLineage, `lineage from-sql`). Answers are kept per dataset until the
 * catalog changes (a push, Refresh: forget()) or another catalog is used; a catalog that fails or
 * is slower than CATALOG_SCHEMA_TIMEOUT_MS is not waited for, and not asked again for a while.
 */
export class CatalogSqlSchemas {
  private readonly kept = new Map<string, readonly string[] | null>();
  private readonly inFlight = new Map<string, Promise<void>>();
  /** the catalog the kept answers are from (its URL and token) */
  private serviceKey: string | undefined;
  private failure: { at: number; why: string } | undefined;
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  forget(): void {
    this.kept.clear();
    this.inFlight.clear();
    this.failure = undefined;
    this.generation++;
  }

  async columns(service: ServiceConnection, platform: string, tables: readonly string[]): Promise<CatalogColumns> {
    const key = `${service.url}\u0000${service.token ?? ''}`;
    if (key !== this.serviceKey) {
      this.forget();
      this.serviceKey = key;
    }
    const urnOf = new Map(tables.map((table) => [table, makeDatasetUrn(platform, table)]));
    const unknown = [...urnOf.values()].filter((urn) => !this.kept.has(urn));
    const asked = unknown.slice(0, MAX_CATALOG_TABLES);
    const notes: string[] = [];
    if (unknown.length > asked.length) notes.push(`${unknown.length - asked.length} of the tables were not asked about (at most ${MAX_CATALOG_TABLES} at a time)`);
    const quiet = this.failure && this.now() - this.failure.at < QUIET_AFTER_FAILURE_MS ? this.failure : undefined;
    if (quiet && asked.length > 0) notes.push(`it did not answer a moment ago (${quiet.why}); it is asked again ${Math.ceil((QUIET_AFTER_FAILURE_MS - (this.now() - quiet.at)) / 1000)} s from now`);
    else if (asked.length > 0) {
      const why = await this.ask(service, asked);
      if (why) notes.push(`it did not answer (${why})`);
    }
    const schemas: SqlTableSchemas = {};
    for (const [table, urn] of urnOf) {
      const columns = this.kept.get(urn);
      if (columns && columns.length > 0) schemas[table] = columns;
    }
    if (notes.length === 0) return { schemas };
    return { schemas, warning: `The columns of some tables were not read from the catalog at ${service.url}: ${notes.join('; ')}. The lineage is read without their columns; describe the tables' schemas (in the workspace, or with --schema), or check the connection.` };
  }

  /** Asks the catalog about `urns` (joining a request already under way for one); undefined when it answered, else why not. */
  private async ask(service: ServiceConnection, urns: readonly string[]): Promise<string | undefined> {
    const waiting = urns.map((urn) => this.inFlight.get(urn)).filter((promise): promise is Promise<void> => promise !== undefined);
    const fresh = urns.filter((urn) => !this.inFlight.has(urn));
    const generation = this.generation;
    let failed: string | undefined;
    const request = fresh.length === 0 ? Promise.resolve() : this.request(service, fresh, generation).catch((error: unknown) => {
      failed = describeError(error).replace(/\.$/, '');
      if (generation === this.generation) this.failure = { at: this.now(), why: failed };
    });
    for (const urn of fresh) this.inFlight.set(urn, request);
    try {
      await Promise.all([request, ...waiting]);
    } finally {
      for (const urn of fresh) if (this.inFlight.get(urn) === request) this.inFlight.delete(urn);
    }
    return failed ?? (urns.some((urn) => !this.kept.has(urn)) ? (this.failure?.why ?? 'no answer') : undefined);
  }

  private async request(service: ServiceConnection, urns: readonly string[], generation: number): Promise<void> {
    const quick: ServiceConnection = { ...service, timeoutMs: Math.min(service.timeoutMs ?? CATALOG_SCHEMA_TIMEOUT_MS, CATALOG_SCHEMA_TIMEOUT_MS), readRetries: 0 };
    const answers = await datasetSchemaFields(quick, urns);
    if (generation !== this.generation) return;
    this.failure = undefined;
    for (const [urn, columns] of answers) this.keep(urn, columns);
  }

  private keep(urn: string, columns: readonly string[] | null): void {
    this.kept.set(urn, columns);
    if (this.kept.size <= MAX_KEPT) return;
    const oldest = this.kept.keys().next().value;
    if (oldest !== undefined) this.kept.delete(oldest);
  }
}

/**
 * A lineage answer read again with the columns the catalog gives the tables it reads that
 * `request.schemas` does not describe (`run` derives: in the language server's worker, or in
 * process); the first answer, with a warning, when the catalog could not be asked.
 */
export async function withCatalogColumns(
  request: SqlLineageRequest,
  first: SqlLineageResult,
  catalog: { service: ServiceConnection; platform: string; schemas: CatalogSqlSchemas },
  run: (request: SqlLineageRequest) => Promise<SqlLineageResult>,
): Promise<{ result: SqlLineageResult; catalogTables: number }> {
  if (!first.ok) return { result: first, catalogTables: 0 };
  const missing = tablesWithoutSchema(first, request.schemas);
  if (missing.length === 0) return { result: first, catalogTables: 0 };
  const found = await catalog.schemas.columns(catalog.service, catalog.platform, missing);
  const catalogTables = Object.keys(found.schemas).length;
  const result = catalogTables > 0 ? await run({ ...request, schemas: { ...found.schemas, ...request.schemas } }) : first;
  if (!found.warning || !result.ok) return { result, catalogTables };
  return { result: { ...result, warnings: [...result.warnings, found.warning] }, catalogTables };
}

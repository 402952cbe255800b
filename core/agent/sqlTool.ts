import { datasetPartsOf, type DatasetParts } from '../urn/datasetParts';
import { datahubPlatformOf, sqlDialect } from '../sql/dialects';
import { lineageFileEntries } from '../sql/lineageFragment';
import type { SqlLineageOk, SqlLineageRequest } from '../sql/sqlLineageTypes';
import { CatalogSqlSchemas, withCatalogColumns } from '../api/sqlCatalogSchemas';
import { workspaceSchemas } from '../sql/workspaceSchemas';
import { AGENT_LIMITS, bounded, capped, moreClause } from './bounds';
import { toolError, type AgentTool } from './toolTypes';

/** The dialect when the call names none: generic SQL. */
const DEFAULT_DIALECT = 'ansi';

/** The answer as an agent reads it: table and column edges by name, and (with a platform) the lineage-file entries to write. */
function proposal(result: SqlLineageOk, platform: string | undefined, target: DatasetParts | undefined) {
  const shown = shownPart(result);
  const { columns, inTables, outTables } = shown;
  // The entries hold what the answer lists, no more: a 100,000-character statement may imply megabytes of edges.
  const entries = platform ? lineageFileEntries(shown.result, { platform, env: target?.env, target: target?.name }) : [];
  const edges = result.columns.filter((column) => column.upstreams.length > 0).length;
  const writes = result.outTables.length > 0 ? `${outTables.shown.join(', ')}${outTables.more > 0 ? ` and ${outTables.more} more` : ''}` : (target?.name ?? 'no table (a bare SELECT: give target)');
  const summary =
    `${result.inTables.length} upstream table(s) → ${writes}; ${edges} column edge(s) proposed${moreClause(columns.more, 'column(s)')}${moreClause(inTables.more, 'upstream table(s)')}${moreClause(shown.moreUpstreams, 'upstream column(s) of the columns listed')}.` +
    (platform ? '' : ' Give platform for dataset URNs and lineage-file entries.') +
    (result.warnings.length > 0 ? ` ${result.warnings.length} warning(s).` : '');
  return {
    summary,
    structured: {
      platform: platform ?? null,
      statementTypes: result.statementTypes,
      inTables: inTables.shown,
      moreInTables: inTables.more,
      outTables: outTables.shown,
      moreOutTables: outTables.more,
      columns: shown.result.columns,
      moreColumns: columns.more,
      moreUpstreams: shown.moreUpstreams,
      lineageFileEntries: entries,
      warnings: result.warnings.slice(0, 50).map((warning) => bounded(warning)),
    },
  };
}

/** The part of a result an answer lists: each list cut at the lineage limit, and each listed column's upstreams too. */
function shownPart(result: SqlLineageOk) {
  const limit = AGENT_LIMITS.lineageNodes;
  const columns = capped(result.columns, limit);
  const inTables = capped(result.inTables, limit);
  const outTables = capped(result.outTables, limit);
  let moreUpstreams = 0;
  const listed = columns.shown.map((column) => {
    const upstreams = capped(column.upstreams, limit);
    moreUpstreams += upstreams.more;
    return upstreams.more > 0 ? { ...column, upstreams: upstreams.shown } : column;
  });
  return { columns, inTables, outTables, moreUpstreams, result: { ...result, inTables: inTables.shown, outTables: outTables.shown, columns: listed } };
}

export const proposeLineageFromSqlTool: AgentTool = {
  name: 'propose_lineage_from_sql',
  title: 'Propose lineage from SQL',
  description:
    'Parse SQL (INSERT … SELECT, CREATE VIEW / TABLE AS, MERGE, UPDATE, or a SELECT with a target) and propose the table and column-level lineage it implies: each output column with its upstream columns and a confidence, and the lineage-file entries (fineGrainedLineages) to write. ' +
    "Columns of tables described in the workspace's dataset YAML and MCP files, else in the connected catalog's schemaMetadata, are used for SELECT * and unqualified columns. The edges are proposals: write them into a lineage file, then check it with validate_files and get_lineage. Nothing is written by this tool.",
  inputSchema: {
    type: 'object',
    properties: {
      sql: { type: 'string', minLength: 1, maxLength: AGENT_LIMITS.sqlChars, description: 'The SQL text.' },
      dialect: { type: 'string', maxLength: 40, description: 'snowflake, bigquery, postgres, redshift, mssql, spark, … (default: ansi, generic SQL).' },
      platform: { type: 'string', maxLength: 100, description: "The DataHub platform of the tables (default: the dialect's)." },
      target: { type: 'string', maxLength: 2000, description: 'The URN of the dataset the SQL defines, when the statement does not name it (a SELECT: a dbt model, a view body).' },
      defaultDatabase: { type: 'string', maxLength: 200, description: 'The database an unqualified table name lives in.' },
      defaultSchema: { type: 'string', maxLength: 200, description: 'The schema an unqualified table name lives in.' },
    },
    required: ['sql'],
    additionalProperties: false,
  },
  readOnly: true,
  async run(input, context) {
    if (!context.sqlLineage) return toolError('SQL lineage is not available where this tool runs; write the lineage file by hand and check it with validate_files and get_lineage.', { available: false });
    const dialectName = (input.dialect as string | undefined) ?? DEFAULT_DIALECT;
    const target = typeof input.target === 'string' ? datasetPartsOf(input.target) : undefined;
    if (typeof input.target === 'string' && !target) return toolError(`target must be a dataset URN, like urn:li:dataset:(urn:li:dataPlatform:snowflake,db.schema.table,PROD); got ${bounded(input.target, 200)}.`);
    const dialect = sqlDialect(dialectName);
    const platform = (input.platform as string | undefined) ?? target?.platform ?? (dialect ? datahubPlatformOf(dialect) : undefined);
    const { session } = await context.snapshot();
    const schemas = platform ? workspaceSchemas(session.all(), platform) : {};
    const request: SqlLineageRequest = { sql: input.sql as string, dialect: dialectName, defaultDatabase: input.defaultDatabase as string | undefined, defaultSchema: input.defaultSchema as string | undefined, schemas };
    const first = await context.sqlLineage(request);
    const run = context.sqlLineage;
    // The catalog's columns for the tables the workspace does not describe (bounded: core/api/sqlCatalogSchemas.ts).
    const result = context.service && platform ? (await withCatalogColumns(request, first, { service: context.service, platform, schemas: new CatalogSqlSchemas() }, run)).result : first;
    if (!result.ok) return toolError(bounded(result.reason), result.knownDialects ? { knownDialects: result.knownDialects } : {});
    return proposal(result, platform, target);
  },
};

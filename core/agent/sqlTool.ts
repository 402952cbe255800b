import { AGENT_LIMITS, capped, moreClause } from './bounds';
import { sqlLineageCapability } from './sqlLineageCapability';
import { toolError, type AgentTool } from './toolTypes';

export const proposeLineageFromSqlTool: AgentTool = {
  name: 'propose_lineage_from_sql',
  title: 'Propose lineage from SQL',
  description:
    'Parse SQL (INSERT … SELECT, CREATE TABLE/VIEW AS, MERGE, UPDATE, or a SELECT with a target) and propose the table and column-level lineage it implies, each column with a confidence, plus the lineage-file entries to write. ' +
    'Column names of SELECT * come from the datasets the workspace files describe. The edges are proposals: write them into a lineage file, then check it with validate_files and get_lineage. Nothing is written by this tool.',
  inputSchema: {
    type: 'object',
    properties: {
      sql: { type: 'string', minLength: 1, maxLength: AGENT_LIMITS.sqlChars, description: 'The SQL text: one statement, several separated by ;, or a procedure body.' },
      dialect: { type: 'string', minLength: 1, maxLength: 40, description: 'snowflake, bigquery, postgres, redshift, mssql, tsql, mysql, hive, spark, trino, databricks, ansi, …' },
      defaultDatabase: { type: 'string', maxLength: 200, description: 'The database (BigQuery project) of unqualified table names.' },
      defaultSchema: { type: 'string', maxLength: 200, description: 'The schema (BigQuery dataset) of unqualified table names.' },
      target: { type: 'string', maxLength: 500, description: 'The dataset name a bare SELECT defines (a dbt model, a view body).' },
      env: { type: 'string', maxLength: 20, description: 'The environment of the proposed URNs (default PROD).' },
    },
    required: ['sql', 'dialect'],
    additionalProperties: false,
  },
  readOnly: true,
  async run(input, context) {
    const capability = sqlLineageCapability();
    if (!capability.available) return toolError(capability.reason, { available: false });
    const { session } = await context.snapshot();
    const proposed = await capability.propose(input as { sql: string; dialect: string }, session.metadataDocuments().map((document) => document.model));
    if (!proposed.ok) return toolError(proposed.reason, proposed.knownDialects ? { knownDialects: proposed.knownDialects } : {});
    const columns = capped(proposed.columns, AGENT_LIMITS.lineageNodes);
    const summary = `${proposed.inTables.join(', ') || 'no table'} → ${proposed.outTables.join(', ') || (input.target as string | undefined) || 'no target (give target for a bare SELECT)'}: ${proposed.columns.length} column(s) with lineage proposed${moreClause(columns.more, 'column(s)')}${proposed.warnings.length > 0 ? `; ${proposed.warnings.length} warning(s): ${proposed.warnings.slice(0, 3).join(' ')}` : ''}.`;
    return {
      summary,
      structured: { platform: proposed.platform, statementTypes: proposed.statementTypes, upstreamTables: proposed.inTables, downstreamTables: proposed.outTables, columns: columns.shown, moreColumns: columns.more, lineageFile: { version: 1, lineage: proposed.lineageFile }, warnings: proposed.warnings.slice(0, 50) },
    };
  },
};

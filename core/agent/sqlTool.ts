import { AGENT_LIMITS, capped, moreClause } from './bounds';
import { sqlLineageCapability } from './sqlLineageCapability';
import { toolError, type AgentTool } from './toolTypes';

export const proposeLineageFromSqlTool: AgentTool = {
  name: 'propose_lineage_from_sql',
  title: 'Propose lineage from SQL',
  description:
    'Parse a SQL statement (INSERT … SELECT, CREATE TABLE AS, MERGE, a SELECT with a target) and propose the table and column-level lineage edges it implies, with a confidence. ' +
    'The edges are proposals: write them into a lineage file, then check it with validate_files and get_lineage. Nothing is written by this tool.',
  inputSchema: {
    type: 'object',
    properties: {
      sql: { type: 'string', minLength: 1, maxLength: AGENT_LIMITS.sqlChars, description: 'The SQL text.' },
      dialect: { type: 'string', maxLength: 40, description: 'snowflake, bigquery, postgres, … (default: a generic dialect).' },
      platform: { type: 'string', maxLength: 100, description: 'The DataHub platform of the tables (default: the dialect).' },
      target: { type: 'string', maxLength: 2000, description: 'The URN of the dataset the SQL writes, when the statement does not name it (a SELECT).' },
    },
    required: ['sql'],
    additionalProperties: false,
  },
  readOnly: true,
  async run(input) {
    const capability = sqlLineageCapability();
    if (!capability.available) return toolError(capability.reason, { available: false });
    const proposed = await capability.derive({ sql: input.sql as string, dialect: input.dialect as string | undefined, platform: input.platform as string | undefined, target: input.target as string | undefined });
    const edges = capped(proposed.columnEdges, AGENT_LIMITS.lineageNodes);
    const summary = `${proposed.tables.upstreams.length} upstream table(s) → ${proposed.tables.downstream ?? 'no target'}; ${proposed.columnEdges.length} column edge(s) proposed${moreClause(edges.more, 'edge(s)')}.${proposed.warnings.length > 0 ? ` ${proposed.warnings.length} warning(s).` : ''}`;
    return { summary, structured: { tables: proposed.tables, columnEdges: edges.shown, moreColumnEdges: edges.more, warnings: proposed.warnings.slice(0, 50) } };
  },
};

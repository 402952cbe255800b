/**
 * The seam between propose_lineage_from_sql and the SQL lineage capability (issue #38,
 * core/sql/sqlLineage.ts, built beside this one). Until it is wired here the tool answers that
 * the capability is unavailable; wiring it is this file alone (docs/agents.md says what it returns).
 */

export interface SqlLineageRequest {
  sql: string;
  dialect?: string;
  /** the dataset the statement writes (URN), when the statement does not say */
  target?: string;
  /** the platform of the tables the SQL names (snowflake, bigquery, …) */
  platform?: string;
}

/** One proposed column edge: upstream columns → downstream column (schemaField URNs). */
export interface ProposedColumnEdge {
  upstreams: string[];
  downstreams: string[];
  confidence?: number;
  transformOperation?: string;
}

export interface ProposedSqlLineage {
  /** upstream dataset URNs → downstream dataset URN */
  tables: { upstreams: string[]; downstream: string | undefined };
  columnEdges: ProposedColumnEdge[];
  /** what the parser could not resolve, in words */
  warnings: string[];
}

export type SqlLineageCapability = { available: true; derive(request: SqlLineageRequest): Promise<ProposedSqlLineage> } | { available: false; reason: string };

/** The capability as this build has it. */
export function sqlLineageCapability(): SqlLineageCapability {
  return { available: false, reason: 'SQL lineage is not part of this build of Catalog Code yet (issue #38); write the lineage file by hand and check it with validate_files and get_lineage.' };
}

import type { DocumentModel } from '../model/facts';

/**
 * The seam between propose_lineage_from_sql and the SQL lineage capability (issue #38:
 * core/sql/sqlLineage.ts `deriveSqlLineage`, built beside this one). The shapes here are that
 * capability's request and answer (core/sql/sqlLineageTypes.ts) plus the lineage-file entries it
 * implies (core/sql/lineageFragment.ts); until it is wired here, the tool answers that it is
 * unavailable. Wiring it is this file alone.
 */

export interface SqlLineageInput {
  sql: string;
  /** a DataHub platform name or an alias: snowflake, bigquery, postgres, tsql, ansi, … */
  dialect: string;
  defaultDatabase?: string;
  defaultSchema?: string;
  /** the dataset a bare SELECT defines (a dbt model, a view's body) */
  target?: string;
  /** the environment of the datasets' URNs (default PROD) */
  env?: string;
}

export interface ProposedColumn {
  /** `table` is null for a bare SELECT without a target */
  downstream: { table: string | null; column: string };
  upstreams: { table: string; column: string }[];
  confidence: 'high' | 'medium' | 'low';
}

export type SqlLineageProposal =
  | {
      ok: true;
      /** the canonical dialect (a DataHub platform name) */
      platform: string;
      statementTypes: string[];
      inTables: string[];
      outTables: string[];
      columns: ProposedColumn[];
      warnings: string[];
      /** the entries of a lineage file (`version: 1`, `lineage:`) the answer implies, to write and then validate */
      lineageFile: unknown[];
    }
  | { ok: false; reason: string; knownDialects?: string[] };

export type SqlLineageCapability =
  | { available: true; propose(input: SqlLineageInput, workspace: readonly DocumentModel[]): Promise<SqlLineageProposal> }
  | { available: false; reason: string };

/** The capability as this build has it. */
export function sqlLineageCapability(): SqlLineageCapability {
  return { available: false, reason: 'SQL lineage is not part of this build of Catalog Code yet (issue #38); write the lineage file by hand and check it with validate_files and get_lineage.' };
}

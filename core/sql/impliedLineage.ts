// The column lineage the SQL defining one dataset implies, in the dataset URNs and names of the
// workspace: what `lineage.sqlDisagrees` compares a lineage file's written column edges with, and
// the lineage entry its quick fix merges in (./mergeLineageFile.ts). Plain JSON, no parser.
import { datasetPartsOf } from '../urn/datasetParts';
import { makeDatasetUrn, makeSchemaFieldUrn } from '../urn/builders';
import { lineageFileEntries, type LineageFileEntry } from './lineageFragment';
import type { SqlSource } from './sqlSourceIndex';
import { sqlSourceKey } from './sqlSourceIndex';
import type { SqlLineageOk } from './sqlLineageTypes';
import { matchWorkspaceDataset } from './sqlSources';

/** One output column of the SQL: its schemaField URN and the schemaField URNs it reads (none for a constant). */
export interface ImpliedColumn {
  field: string;
  upstreams: string[];
}

export interface ImpliedLineage {
  /** the dataset URN the SQL defines */
  dataset: string;
  /** where the SQL is (SqlSource.label) */
  source: string;
  /** the file the SQL is in (a URI) */
  sourceUri: string;
  columns: ImpliedColumn[];
  /** the lineage entry the SQL implies for the dataset, for a quick fix to merge into a lineage file */
  entry: LineageFileEntry;
}

/** What the editor knows of the SQL defining datasets (server: computed in the SQL worker, answered when ready). */
export interface SqlLineageView {
  /** the lineage the SQL defining `datasetUrn` implies; undefined when no SQL defines it, it could not be read, or it is not read yet */
  impliedFor(datasetUrn: string): ImpliedLineage | undefined;
}

/** The parser's answer for `source` in the workspace's names: each table matched to a workspace dataset of the same platform, else named as written. */
export function impliedLineageOf(result: SqlLineageOk, source: SqlSource, datasets: readonly string[]): ImpliedLineage | undefined {
  const owner = datasetPartsOf(source.urn);
  if (!owner) return undefined;
  const nameOf = (table: string) => {
    const matched = matchWorkspaceDataset(table, datasets, owner.platform);
    return matched ? (datasetPartsOf(matched)?.name ?? table) : table;
  };
  const ownKey = sqlSourceKey(source.urn);
  const isOwner = (table: string) => sqlSourceKey(makeDatasetUrn(owner.platform, nameOf(table), owner.env)) === ownKey;
  // A statement's target is matched by name; a file a setting, dbt or viewProperties assigns defines its outputs whatever they are named.
  let columns = result.columns.filter((column) => column.downstream.table === null || source.by !== 'statement' || isOwner(column.downstream.table));
  if (source.by === 'statement' && columns.every((column) => column.downstream.table === null)) columns = result.columns.filter((column) => column.downstream.table === (result.outTables[0] ?? null));
  const remapped: SqlLineageOk = {
    ...result,
    outTables: [owner.name],
    inTables: result.inTables.map(nameOf).filter((name) => sqlSourceKey(makeDatasetUrn(owner.platform, name, owner.env)) !== ownKey),
    columns: columns.map((column) => ({ ...column, downstream: { table: owner.name, column: column.downstream.column }, upstreams: column.upstreams.map((upstream) => ({ table: nameOf(upstream.table), column: upstream.column })) })),
  };
  const [entry] = lineageFileEntries(remapped, { platform: owner.platform, env: owner.env });
  if (!entry) return undefined;
  const implied = remapped.columns.map((column) => ({
    field: makeSchemaFieldUrn(source.urn, column.downstream.column),
    upstreams: column.upstreams.map((upstream) => makeSchemaFieldUrn(makeDatasetUrn(owner.platform, upstream.table, owner.env), upstream.column)),
  }));
  return { dataset: source.urn, source: source.label, sourceUri: source.uri, columns: implied, entry };
}

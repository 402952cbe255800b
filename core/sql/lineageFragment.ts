// A SQL lineage answer → the entries of a lineage file (`datahub-lineage-file` format): for each
// table the SQL writes, its upstream tables and its column edges as `fineGrainedLineages`, one
// edge per output column (upstreamType FIELD_SET, downstreamType FIELD).
import { makeDatasetUrn, makeSchemaFieldUrn } from '../urn/builders';
import type { SqlLineageOk } from './sqlLineageTypes';

export interface FragmentOptions {
  /** The DataHub platform of every table. */
  platform: string;
  env?: string;
  /** The dataset a bare SELECT defines (a dbt model, a view's body): its output columns are this table's. */
  target?: string;
}

export interface LineageFileEntity {
  name: string;
  type: 'dataset';
  platform: string;
  env?: string;
}

export interface FineGrainedLineage {
  upstreamType: 'FIELD_SET';
  upstreams: string[];
  downstreamType: 'FIELD';
  downstreams: string[];
}

export interface LineageFileEntry {
  entity: LineageFileEntity;
  upstream: { entity: LineageFileEntity }[];
  fineGrainedLineages: FineGrainedLineage[];
}

function entity(name: string, options: FragmentOptions): LineageFileEntity {
  return { name, type: 'dataset', platform: options.platform, ...(options.env && options.env !== 'PROD' ? { env: options.env } : {}) };
}

/** The lineage entries the answer implies: one per written table (the `target` for a bare SELECT); columns with no upstream are left out. */
export function lineageFileEntries(result: SqlLineageOk, options: FragmentOptions): LineageFileEntry[] {
  const env = options.env ?? 'PROD';
  const outputs = result.outTables.length > 0 ? result.outTables : options.target ? [options.target] : [];
  return outputs.map((table) => {
    const columns = result.columns.filter((column) => (column.downstream.table ?? options.target) === table && column.upstreams.length > 0);
    const downstreamUrn = makeDatasetUrn(options.platform, table, env);
    const upstreamTables = result.inTables.filter((name) => name !== table);
    return {
      entity: entity(table, options),
      upstream: upstreamTables.map((name) => ({ entity: entity(name, options) })),
      fineGrainedLineages: columns.map((column) => ({
        upstreamType: 'FIELD_SET',
        upstreams: column.upstreams.map((upstream) => makeSchemaFieldUrn(makeDatasetUrn(options.platform, upstream.table, env), upstream.column)),
        downstreamType: 'FIELD',
        downstreams: [makeSchemaFieldUrn(downstreamUrn, column.downstream.column)],
      })),
    };
  });
}

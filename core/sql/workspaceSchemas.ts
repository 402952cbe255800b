// The columns the workspace's files give each dataset: the schemaField declarations of dataset
// YAML (`schema.fields`) and MCP `schemaMetadata` aspects. SQL lineage reads them to expand
// `SELECT *` and to place unqualified columns (sqlLineageTypes.ts SqlTableSchemas).
import type { DocumentModel } from '../model/facts';
import { parseUrn } from '../urn';
import { datasetPartsOfParsed, type DatasetParts } from '../urn/datasetParts';
import type { SqlTableSchemas } from './sqlLineageTypes';

function add(out: Map<string, Set<string>>, dataset: DatasetParts | undefined, platform: string, column: string): void {
  if (!dataset || dataset.platform !== platform) return;
  const columns = out.get(dataset.name) ?? new Set<string>();
  columns.add(column);
  out.set(dataset.name, columns);
}

function schemaMetadataColumns(value: unknown): string[] {
  const fields = typeof value === 'object' && value !== null ? (value as { fields?: unknown }).fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.map((field) => (typeof field === 'object' && field !== null ? (field as { fieldPath?: unknown }).fieldPath : undefined)).filter((path): path is string => typeof path === 'string');
}

/** The columns of the datasets of one platform the documents describe, by dataset name (its dotted name as in the URN). */
export function workspaceSchemas(models: Iterable<DocumentModel>, platform: string): SqlTableSchemas {
  const out = new Map<string, Set<string>>();
  for (const model of models) {
    for (const fact of model.facts) {
      if (fact.kind === 'entityDeclaration' && fact.origin === 'schemaField') {
        const parsed = parseUrn(fact.urn.value);
        const [parent, field] = parsed.ok ? parsed.urn.parts : [];
        if (parent?.kind === 'urn' && field?.kind === 'text') add(out, datasetPartsOfParsed(parent), platform, field.value);
      } else if (fact.kind === 'aspect' && fact.aspectName?.value === 'schemaMetadata') {
        const parsed = parseUrn(fact.entityUrn.value);
        const dataset = parsed.ok ? datasetPartsOfParsed(parsed.urn) : undefined;
        for (const column of schemaMetadataColumns(fact.value)) add(out, dataset, platform, column);
      }
    }
  }
  return Object.fromEntries([...out].map(([name, columns]) => [name, [...columns]]));
}

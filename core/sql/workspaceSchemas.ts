// The columns the workspace's files give each dataset: the schemaField declarations of dataset
// YAML (`schema.fields`) and MCP `schemaMetadata` aspects. SQL lineage reads them to expand
// `SELECT *` and to place unqualified columns (sqlLineageTypes.ts SqlTableSchemas).
import type { DocumentModel } from '../model/facts';
import { formatOf, kindAt, mentionAt, mentionsOf, type FileMentions, type ModelHolder } from '../mentions/fileMentions';
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

/**
 * The columns of the datasets of one platform the documents describe, by dataset name (its dotted
 * name as in the URN): described columns from each file's mentions (a closed dataset YAML keeps
 * no facts), `schemaMetadata` aspects from the facts of MCP files (the one format that has them).
 */
export function workspaceSchemas(documents: Iterable<ModelHolder>, platform: string): SqlTableSchemas {
  const out = new Map<string, Set<string>>();
  for (const document of documents) {
    if (formatOf(document) === 'mcpJson') addFromFacts(out, document.model, platform);
    else addFromMentions(out, mentionsOf(document), platform);
  }
  return Object.fromEntries([...out].map(([name, columns]) => [name, [...columns]]));
}

function addColumn(out: Map<string, Set<string>>, schemaFieldUrn: string, platform: string): void {
  const parsed = parseUrn(schemaFieldUrn);
  const [parent, field] = parsed.ok ? parsed.urn.parts : [];
  if (parent?.kind === 'urn' && field?.kind === 'text') add(out, datasetPartsOfParsed(parent), platform, field.value);
}

function addFromMentions(out: Map<string, Set<string>>, mentions: FileMentions, platform: string): void {
  for (let index = 0; index < mentions.urns.length; index++) {
    if (kindAt(mentions, index) === 'declaration' && mentionAt(mentions, index).column) addColumn(out, mentions.urns[index], platform);
  }
}

function addFromFacts(out: Map<string, Set<string>>, model: DocumentModel, platform: string): void {
  for (const fact of model.facts) {
    if (fact.kind === 'entityDeclaration' && fact.origin === 'schemaField') addColumn(out, fact.urn.value, platform);
    else if (fact.kind === 'aspect' && fact.aspectName?.value === 'schemaMetadata') {
      const parsed = parseUrn(fact.entityUrn.value);
      const dataset = parsed.ok ? datasetPartsOfParsed(parsed.urn) : undefined;
      for (const column of schemaMetadataColumns(fact.value)) add(out, dataset, platform, column);
    }
  }
}

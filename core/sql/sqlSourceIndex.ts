// The SQL that defines each dataset of a workspace: its `.sql` files (core/workspace/sqlFiles.ts) and the
// `viewLogic` of its MCP files, each mapped to a dataset URN by ./sqlSources.ts. Where several
// texts define one dataset, the most certain way wins (SQL_DEFINED_BY_RANK), then the first path.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentModel } from '../model/facts';
import { kindAt, mentionsOf, type ModelHolder } from '../mentions/fileMentions';
import { datasetPartsOf } from '../urn/datasetParts';
import { SQL_DEFINED_BY_RANK, definedDatasetUrn, sqlFileDefines, type SqlDatasetsSetting, type SqlDefinedBy, type SqlDefinedDataset } from './sqlSources';
import { viewLogicOfAspect } from './viewLogic';

/** One SQL text that defines a dataset. */
export interface SqlSource {
  /** the dataset URN it defines */
  urn: string;
  by: SqlDefinedBy;
  /** where it is, for messages: a file's path relative to its workspace folder, or "the viewLogic of … in <file>" */
  label: string;
  /** the file it is in (a URI), for a view to open */
  uri: string;
  sql: string;
}

/** A .sql file of a workspace folder (core/workspace/sqlFiles.ts reads them). */
export interface SqlFileText {
  /** the workspace folder it is in */
  folder: string;
  /** its path relative to the folder, `/` separators */
  relativePath: string;
  text: string;
}

export interface SqlSourceIndexInput {
  files: readonly SqlFileText[];
  /** the folders (absolute) holding a dbt_project.yml */
  dbtProjects: ReadonlySet<string>;
  /** the workspace's documents (their MCP `viewProperties` aspects), with a label each */
  documents: Iterable<{ uri: string; label: string; model: DocumentModel }>;
  setting: SqlDatasetsSetting | undefined;
  /** the dataset URNs the workspace declares, to match names against */
  datasets: readonly string[];
  /** the dialect's DataHub platform (undefined for generic SQL) */
  platform: string | undefined;
}

/** The dataset URNs declared or named in the documents (dataset YAML, lineage-file entities, MCP), from their mentions (core/mentions/fileMentions.ts). */
export function declaredDatasets(documents: Iterable<ModelHolder>): string[] {
  const out = new Set<string>();
  for (const document of documents) {
    const mentions = mentionsOf(document);
    for (let index = 0; index < mentions.urns.length; index++) {
      const kind = kindAt(mentions, index);
      const urn = mentions.urns[index];
      if ((kind === 'declaration' || kind === 'aspect') && urn.startsWith('urn:li:dataset:') && datasetPartsOf(urn)) out.add(urn);
    }
  }
  return [...out];
}

/** The key a dataset URN is looked up by: letter case ignored (SQL names and DataHub's casing per platform differ). */
export function sqlSourceKey(urn: string): string {
  return urn.toLowerCase();
}

// What a file defines depends on its text, the setting and the dbt projects only: kept per file
// object (a walk hands back the same object for a file unchanged on disk), so building the index
// again after a metadata file changed only matches names.
const definedCache = new WeakMap<SqlFileText, { rules: string; defined: SqlDefinedDataset | undefined; uri: string }>();

function definedByFile(file: SqlFileText, rules: string, input: SqlSourceIndexInput): { defined: SqlDefinedDataset | undefined; uri: string } {
  const cached = definedCache.get(file);
  if (cached?.rules === rules) return cached;
  const projectAt = (folders: readonly string[]) => input.dbtProjects.has(join(file.folder, ...folders));
  const entry = { rules, defined: sqlFileDefines(file.relativePath, file.text, input.setting, projectAt), uri: pathToFileURL(join(file.folder, file.relativePath)).toString() };
  definedCache.set(file, entry);
  return entry;
}

/** For each dataset some SQL defines (by sqlSourceKey), the SQL that wins. */
export function sqlSourcesByDataset(input: SqlSourceIndexInput): Map<string, SqlSource> {
  const found: SqlSource[] = [];
  const rules = `${JSON.stringify(input.setting ?? {})}\n${[...input.dbtProjects].sort().join('\n')}`;
  for (const file of input.files) {
    const { defined, uri } = definedByFile(file, rules, input);
    const urn = defined && definedDatasetUrn(defined, input.datasets, input.platform);
    if (defined && urn) found.push({ urn, by: defined.by, label: file.relativePath, uri, sql: file.text });
  }
  for (const { uri, label, model } of input.documents) {
    for (const fact of model.facts) {
      if (fact.kind !== 'aspect' || fact.aspectName?.value !== 'viewProperties') continue;
      const view = viewLogicOfAspect(fact.entityUrn.value, fact.value);
      if (view) found.push({ urn: view.urn, by: 'viewLogic', label: `the viewLogic of ${view.name} in ${label}`, uri, sql: view.sql });
    }
  }
  found.sort((a, b) => SQL_DEFINED_BY_RANK[a.by] - SQL_DEFINED_BY_RANK[b.by] || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const out = new Map<string, SqlSource>();
  for (const source of found) if (!out.has(sqlSourceKey(source.urn))) out.set(sqlSourceKey(source.urn), source);
  return out;
}

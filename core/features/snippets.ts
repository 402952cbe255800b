import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver-types';
import { FABRIC_TYPES } from '../urn';

/**
 * The templates of every format, written once: offered as completions at the top level of an empty
 * or matching file (core/features/completion.ts) and contributed to VS Code's "Insert Snippet"
 * (snippets/*.code-snippets, generated from here by scripts/generateSnippets.ts and compared with
 * this file by a unit test). Lines after the first are indented relative to the caret's line, as
 * editors adjust snippet indentation that way; a leading `- ` is left out when the caret already
 * follows one.
 *
 * Tab stops: numbered in the order they are visited, every choice (`${n|a,b|}`) followed by more
 * stops, and `$0` at the end, so Tab always moves on after a choice and leaves the template at its
 * end. No stop is repeated (a mirror `${n}`): an upstream may well be on another platform or in
 * another environment than its downstream, so each has its own stop.
 */
export type SnippetName = 'lineageEntry' | 'lineageFile' | 'propertyDefinition' | 'propertiesFile' | 'dataset' | 'lineageEdgesYaml' | 'lineageEdgesJson' | 'mcpJson';

export interface SnippetTemplate {
  /** the completion's label and the "Insert Snippet" entry's name */
  label: string;
  /** what "Insert Snippet" and completion match on */
  prefix: string;
  detail: string;
  language: 'yaml' | 'json';
  /** an item of a YAML list: written with `- ` unless the caret follows one */
  listItem: boolean;
  lines: string[];
}

const ENVIRONMENTS = ['PROD', ...FABRIC_TYPES.filter((e) => e !== 'PROD')].join(',');
const VALUE_TYPES = 'string,number,date,urn,rich_text';
const DS = (platform: string, name: string, env: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},${env})`;

/** A lineage-file entry, written as a list item (the leading `- ` is added where needed). */
const LINEAGE_ENTRY = [
  'entity:',
  '    name: ${1:db.schema.table}',
  '    type: dataset',
  `    env: \${2|${ENVIRONMENTS}|}`,
  '    platform: ${3:hive}',
  '  upstream:',
  '    - entity:',
  '        name: ${4:db.schema.source_table}',
  '        type: dataset',
  `        env: \${5|${ENVIRONMENTS}|}`,
  '        platform: ${6:hive}$0',
];

const PROPERTY_DEFINITION = [
  'id: ${1:io.example.property}',
  `  type: \${2|${VALUE_TYPES}|}`,
  '  cardinality: ${3|SINGLE,MULTIPLE|}',
  '  display_name: ${4:Display Name}',
  '  description: ${5:What this property means}',
  '  entity_types:',
  '    - ${6:dataset}$0',
];

export const SNIPPETS: Readonly<Record<SnippetName, SnippetTemplate>> = {
  lineageEntry: { label: 'lineage entry', prefix: 'lineage entry', detail: 'A dataset with its upstream datasets (lineage file)', language: 'yaml', listItem: true, lines: LINEAGE_ENTRY },
  lineageFile: {
    label: 'lineage file',
    prefix: 'lineage file',
    detail: 'A new DataHub lineage file (version 1) with one entry',
    language: 'yaml',
    listItem: false,
    // The same entry as the first item of a new file's `lineage:` list.
    lines: ['version: 1', 'lineage:', `  - ${LINEAGE_ENTRY[0]}`, ...LINEAGE_ENTRY.slice(1).map((line) => `  ${line}`)],
  },
  propertyDefinition: { label: 'structured property definition', prefix: 'structured property', detail: 'A definition for `datahub properties upsert`', language: 'yaml', listItem: true, lines: PROPERTY_DEFINITION },
  propertiesFile: {
    label: 'structured property definitions file',
    prefix: 'structured properties file',
    detail: 'A new `datahub properties upsert` file with one definition and its allowed values',
    language: 'yaml',
    listItem: false,
    lines: [`- ${PROPERTY_DEFINITION[0]}`, ...PROPERTY_DEFINITION.slice(1, -1), '    - ${6:dataset}', '  allowed_values:', '    - value: ${7:first}', '      description: ${8:What it means}$0'],
  },
  dataset: {
    label: 'dataset',
    prefix: 'dataset',
    detail: 'A dataset for `datahub dataset upsert`, with a structured property and a downstream',
    language: 'yaml',
    listItem: false,
    lines: [
      'id: ${1:db.schema.table}',
      'platform: ${2:hive}',
      `env: \${3|${ENVIRONMENTS}|}`,
      'description: ${4:What this dataset holds}',
      'structured_properties:',
      '  ${5:io.example.property}: ${6:value}',
      'downstreams:',
      `  - \${7:${DS('hive', 'db.schema.downstream_table', 'PROD')}}$0`,
    ],
  },
  lineageEdgesYaml: {
    label: 'updateLineage document',
    prefix: 'updateLineage',
    detail: 'The input of the updateLineage mutation: edges to add and to remove',
    language: 'yaml',
    listItem: false,
    lines: ['edgesToAdd:', `  - downstreamUrn: \${1:${DS('hive', 'db.schema.table', 'PROD')}}`, `    upstreamUrn: \${2:${DS('hive', 'db.schema.source_table', 'PROD')}}`, 'edgesToRemove: []$0'],
  },
  lineageEdgesJson: {
    label: 'updateLineage document',
    prefix: 'updateLineage',
    detail: 'The input of the updateLineage mutation: edges to add and to remove',
    language: 'json',
    listItem: false,
    lines: ['{', '  "edgesToAdd": [', `    { "downstreamUrn": "\${1:${DS('hive', 'db.schema.table', 'PROD')}}", "upstreamUrn": "\${2:${DS('hive', 'db.schema.source_table', 'PROD')}}" }`, '  ],', '  "edgesToRemove": []$0', '}'],
  },
  mcpJson: {
    label: 'metadata change proposal',
    prefix: 'metadata change proposal',
    detail: 'An MCP JSON file: one upstreamLineage aspect for a dataset',
    language: 'json',
    listItem: false,
    lines: [
      '[',
      '  {',
      '    "entityType": "dataset",',
      `    "entityUrn": "\${1:${DS('hive', 'db.schema.table', 'PROD')}}",`,
      '    "changeType": "${2|UPSERT,CREATE,PATCH|}",',
      '    "aspectName": "upstreamLineage",',
      '    "aspect": {',
      '      "json": {',
      `        "upstreams": [{ "dataset": "\${3:${DS('hive', 'db.schema.source_table', 'PROD')}}", "type": "\${4|TRANSFORMED,COPY,VIEW|}" }]`,
      '      }',
      '    }',
      '  }',
      ']$0',
    ],
  },
};

/** The templates offered at the top of an empty file of each language. */
export const EMPTY_FILE_SNIPPETS: Readonly<Record<'yaml' | 'json', readonly SnippetName[]>> = {
  yaml: ['dataset', 'propertiesFile', 'lineageFile', 'lineageEdgesYaml'],
  json: ['mcpJson', 'lineageEdgesJson'],
};

/** `afterDash`: the caret already follows `- ` on its line. */
export function snippetItem(name: SnippetName, afterDash: boolean): CompletionItem {
  const body = SNIPPETS[name];
  let lines = body.lines;
  if (body.listItem && !afterDash) lines = [`- ${lines[0]}`, ...lines.slice(1)];
  if (!body.listItem && afterDash) lines = [lines[0], ...lines.slice(1).map((line) => `  ${line}`)];
  return {
    label: body.label,
    kind: CompletionItemKind.Snippet,
    detail: body.detail,
    insertTextFormat: InsertTextFormat.Snippet,
    insertText: lines.join('\n'),
    sortText: '~snippet',
  };
}

/**
 * Keys whose value is a list or a map: completed with a skeleton of their first item rather than a
 * bare `key: `, so the shape DataHub expects is written (YAML files only).
 */
export const LIST_SKELETONS: Readonly<Record<string, string>> = {
  allowed_values: 'allowed_values:\n  - value: ${1:value}\n    description: ${2:What it means}$0',
  entity_types: 'entity_types:\n  - ${1:dataset}$0',
  structured_properties: 'structured_properties:\n  ${1:io.example.property}: ${2:value}$0',
};

/** The templates of one language in VS Code's snippet file shape (`contributes.snippets`). */
export function vscodeSnippetFile(language: 'yaml' | 'json'): Record<string, { prefix: string; description: string; body: string[] }> {
  const file: Record<string, { prefix: string; description: string; body: string[] }> = {};
  for (const [name, template] of Object.entries(SNIPPETS)) {
    if (template.language !== language) continue;
    const lines = template.listItem ? [`- ${template.lines[0]}`, ...template.lines.slice(1)] : template.lines;
    file[`Catalog Code: ${template.label}`] = { prefix: template.prefix, description: `${template.detail} (Catalog Code, ${name})`, body: lines };
  }
  return file;
}

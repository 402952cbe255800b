import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver-types';
import { FABRIC_TYPES } from '../urn';

/**
 * Templates for a new lineage entry, property definition and dataset. Lines after the first are
 * indented relative to the caret's line, as LSP clients adjust snippet indentation that way; a
 * leading `- ` is left out when the caret already follows one.
 */
export type SnippetName = 'lineageEntry' | 'lineageFile' | 'propertyDefinition' | 'dataset';

const ENVIRONMENTS = `\${2|${['PROD', ...FABRIC_TYPES.filter((e) => e !== 'PROD')].join(',')}|}`;

/** A lineage-file entry, written as a list item (the leading `- ` is added where needed). */
const LINEAGE_ENTRY = [
  'entity:',
  '    name: ${1:db.schema.table}',
  '    type: dataset',
  `    env: ${ENVIRONMENTS}`,
  '    platform: ${3:hive}',
  '  upstream:',
  '    - entity:',
  '        name: ${4:db.schema.source_table}',
  '        type: dataset',
  '        env: ${2}',
  '        platform: ${3}',
];

const BODIES: Record<SnippetName, { label: string; detail: string; listItem: boolean; lines: string[] }> = {
  lineageEntry: {
    label: 'lineage entry',
    detail: 'A dataset with its upstream datasets (lineage file)',
    listItem: true,
    lines: LINEAGE_ENTRY,
  },
  lineageFile: {
    label: 'lineage file',
    detail: 'A new DataHub lineage file (version 1) with one entry',
    listItem: false,
    // The same entry as the first item of a new file's `lineage:` list.
    lines: ['version: 1', 'lineage:', `  - ${LINEAGE_ENTRY[0]}`, ...LINEAGE_ENTRY.slice(1).map((line) => `  ${line}`)],
  },
  propertyDefinition: {
    label: 'structured property definition',
    detail: 'A definition for `datahub properties upsert`',
    listItem: true,
    lines: [
      'id: ${1:io.example.property}',
      '  type: ${2|string,number,date,urn,rich_text|}',
      '  cardinality: ${3|SINGLE,MULTIPLE|}',
      '  display_name: ${4:Display Name}',
      '  description: ${5:What this property means}',
      '  entity_types:',
      '    - ${6:dataset}',
    ],
  },
  dataset: {
    label: 'dataset',
    detail: 'A dataset for `datahub dataset upsert`, with a structured property and a downstream',
    listItem: false,
    lines: [
      'id: ${1:db.schema.table}',
      'platform: ${2:hive}',
      'env: ${3|PROD,DEV,QA,TEST,STG|}',
      'description: ${4:What this dataset holds}',
      'structured_properties:',
      '  ${5:io.example.property}: ${6:value}',
      'downstreams:',
      '  - ${7:urn:li:dataset:(urn:li:dataPlatform:hive,db.schema.downstream_table,PROD)}',
    ],
  },
};

/** `afterDash`: the caret already follows `- ` on its line. */
export function snippetItem(name: SnippetName, afterDash: boolean): CompletionItem {
  const body = BODIES[name];
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

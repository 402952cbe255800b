/**
 * Documents built to hurt a parser: a 10 MB line, 100 levels of nesting, YAML alias bombs. Each
 * comes in the shape of one of our formats so the adapters and rules (not only the parser) see it.
 */

export interface HostileDocument {
  name: string;
  uri: string;
  text: string;
  /** the format to force through the associations setting, so the adapter runs even when detection says no */
  format: 'propertyDefinitions' | 'datasetYaml' | 'lineageFile' | 'mcpJson' | 'lineageEdges';
}

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)';

function hugeLine(bytes: number): HostileDocument[] {
  const long = 'x'.repeat(bytes);
  return [
    { name: '10 MB scalar in a lineage file', uri: 'file:///fuzz/huge/lineage.yml', format: 'lineageFile', text: `version: 1\nlineage:\n  - entity:\n      name: ${long}\n      type: dataset\n` },
    { name: '10 MB URN in a dataset file', uri: 'file:///fuzz/huge/dataset.yaml', format: 'datasetYaml', text: `id: t\nplatform: hive\nurn: urn:li:dataset:(urn:li:dataPlatform:hive,${long},PROD)\n` },
    { name: '10 MB JSON string in an MCP', uri: 'file:///fuzz/huge/mcps.json', format: 'mcpJson', text: JSON.stringify([{ entityType: 'dataset', entityUrn: DATASET, changeType: 'UPSERT', aspectName: 'status', aspect: { json: { removed: false, note: long } } }]) },
    { name: '10 MB of one unquoted line', uri: 'file:///fuzz/huge/plain.yaml', format: 'datasetYaml', text: long },
  ];
}

function nested(depth: number): HostileDocument[] {
  const yamlLines = [];
  for (let i = 0; i < depth; i++) yamlLines.push(`${'  '.repeat(i)}level${i}:`);
  yamlLines.push(`${'  '.repeat(depth)}upstream: ${DATASET}`);
  const jsonOpen = '['.repeat(depth) + '{"entityUrn":"' + DATASET + '"}' + ']'.repeat(depth);
  const jsonObjects = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const flow = '{a: '.repeat(depth) + 'x' + '}'.repeat(depth);
  const sequences = `${'- '.repeat(depth)}x\n`;
  return [
    { name: `${depth}-level YAML mapping in a dataset file`, uri: 'file:///fuzz/deep/dataset.yaml', format: 'datasetYaml', text: `id: t\nplatform: hive\nschema:\n  fields:\n${yamlLines.map((l) => `    ${l}`).join('\n')}\n` },
    { name: `${depth}-level YAML lineage file`, uri: 'file:///fuzz/deep/lineage.yml', format: 'lineageFile', text: `version: 1\nlineage:\n${yamlLines.map((l) => `  ${l}`).join('\n')}\n` },
    { name: `${depth}-level JSON arrays (MCP-like)`, uri: 'file:///fuzz/deep/mcps.json', format: 'mcpJson', text: jsonOpen },
    { name: `${depth}-level JSON objects`, uri: 'file:///fuzz/deep/edges.json', format: 'lineageEdges', text: `{"edgesToAdd": ${jsonObjects}}` },
    { name: `${depth}-level YAML flow mapping`, uri: 'file:///fuzz/deep/flow.yaml', format: 'lineageEdges', text: `edgesToAdd: ${flow}\n` },
    { name: `${depth}-level YAML sequences`, uri: 'file:///fuzz/deep/seq.yaml', format: 'lineageEdges', text: `edgesToAdd:\n${sequences}` },
  ];
}

/** The "billion laughs" of YAML: each level refers to the previous one ten times. */
function aliasBombs(): HostileDocument[] {
  const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  const names = 'abcdefghi';
  for (let i = 1; i < names.length; i++) {
    const prev = names[i - 1];
    levels.push(`${names[i]}: &${names[i]} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  const bomb = levels.join('\n');
  return [
    { name: 'alias bomb in a properties file', uri: 'file:///fuzz/bomb/properties.yaml', format: 'propertyDefinitions', text: `${bomb}\n- id: io.x\n  type: string\n` },
    { name: 'alias bomb as lineage upstreams', uri: 'file:///fuzz/bomb/lineage.yml', format: 'lineageFile', text: `version: 1\n${bomb}\nlineage:\n  - entity: {name: t, type: dataset}\n    upstream: *i\n` },
    { name: 'alias bomb inside edgesToAdd', uri: 'file:///fuzz/bomb/edges.yaml', format: 'lineageEdges', text: `x: &x {downstreamUrn: "${DATASET}", upstreamUrn: "${DATASET}"}\n${bomb.replace('"lol"', '*x')}\nedgesToAdd: *i\n` },
    { name: 'alias bomb on dataset structured properties', uri: 'file:///fuzz/bomb/dataset.yaml', format: 'datasetYaml', text: `id: t\nplatform: hive\n${bomb}\nstructured_properties:\n  io.acryl.privacy.retentionTime: *i\n` },
    { name: 'self-referencing alias', uri: 'file:///fuzz/bomb/self.yaml', format: 'lineageEdges', text: 'edgesToAdd: &s\n  - *s\n' },
  ];
}

export function hostileDocuments(options: { hugeBytes: number; depth: number }): HostileDocument[] {
  return [...hugeLine(options.hugeBytes), ...nested(options.depth), ...aliasBombs()];
}

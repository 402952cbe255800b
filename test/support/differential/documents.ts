import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { PII, PLATFORMS, TEAMS, TIERS } from '../../../support/generate/metadataFiles';
import type { Random } from '../../../support/random';

/**
 * The documents the differential test edits (test/reliability/differential.test.ts): one of each
 * format Catalog Code keeps in parts, generated from a seed at a given length, each with what the
 * checks find in real files — a few wrong values, an unknown property, a lower-case environment in
 * a URN, quoted and plain values, comments.
 */
export type DocumentFormat = 'propertyDefinitions' | 'datasetYaml' | 'lineageFile' | 'mcpJson';

export const FORMATS: readonly DocumentFormat[] = ['propertyDefinitions', 'datasetYaml', 'lineageFile', 'mcpJson'];

/** The file name each format is opened under (content detection decides the format; the name only its language). */
export const FILE_NAMES: Record<DocumentFormat, string> = {
  propertyDefinitions: 'properties.yaml',
  datasetYaml: 'datasets.yaml',
  lineageFile: 'lineage.yml',
  mcpJson: 'mcps.json',
};

export function generateDocument(format: DocumentFormat, lines: number, random: Random): string {
  switch (format) {
    case 'propertyDefinitions':
      return propertyDefinitions(lines, random);
    case 'datasetYaml':
      return datasets(lines, random);
    case 'lineageFile':
      return lineage(lines, random);
    case 'mcpJson':
      // DataHub's golden files have no mistakes: a few environments written in lower case, and a few unknown aspects.
      return goldenMcpJson(lines)
        .replace(/,PROD\)/g, (match) => (random.chance(0.03) ? ',prod)' : match))
        .replace(/"aspectName": "subTypes"/g, (match) => (random.chance(0.2) ? '"aspectName": "subTypez"' : match));
  }
}

const wrong = (random: Random, right: string, bad: string) => (random.chance(0.04) ? bad : right);

function propertyDefinitions(target: number, random: Random): string {
  const lines: string[] = ['# generated for the differential test'];
  for (let i = 0; lines.length < target; i++) {
    const numbers = random.chance(0.3);
    const values: readonly (string | number)[] = numbers ? [30, 90, 365] : random.chance(0.5) ? TEAMS : TIERS;
    lines.push(`- id: io.diff.p${i}`, `  type: ${wrong(random, numbers ? 'number' : 'string', 'strin')}`, `  cardinality: ${wrong(random, random.pick(['SINGLE', 'MULTIPLE']), 'ONE')}`);
    lines.push(`  display_name: ${random.chance(0.3) ? `"Property ${i}"` : `Property ${i}`}`, `  entity_types: [${random.chance(0.5) ? 'dataset' : 'dataset, schemaField'}]`);
    if (random.chance(0.2)) lines.push(`  description: 'Kept by ${random.pick(TEAMS)} # not a comment'`);
    lines.push('  allowed_values:', ...values.map((value) => `    - value: ${value}`));
    if (random.chance(0.1)) lines.push('  # reviewed');
  }
  return `${lines.join('\n')}\n`;
}

function datasets(target: number, random: Random): string {
  const lines: string[] = ['# generated for the differential test'];
  for (let i = 0; lines.length < target; i++) {
    lines.push(`- id: warehouse.table_${i}`, `  platform: ${random.pick(PLATFORMS)}`, `  description: ${random.chance(0.3) ? `"Table ${i}: orders"` : `Table ${i} of orders`}`);
    lines.push('  structured_properties:', `    io.bench.team: ${wrong(random, random.pick(TEAMS), 'analytcs')}`, `    io.bench.tier: ${wrong(random, random.pick(TIERS), 'platinum')}`);
    if (random.chance(0.05)) lines.push('    io.bench.unknownProperty: x');
    if (random.chance(0.4)) lines.push('  downstreams:', `    - urn:li:dataset:(urn:li:dataPlatform:looker,view_${i},${wrong(random, 'PROD', 'prod')})`);
    if (random.chance(0.5)) {
      lines.push('  schema:', '    fields:');
      for (let f = 0; f < 1 + random.int(3); f++) lines.push(`      - id: column_${f}`, '        structured_properties:', `          io.bench.pii: ${wrong(random, random.pick(PII), 'ssn')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function lineage(target: number, random: Random): string {
  const lines: string[] = ['# generated for the differential test', 'version: 1', 'lineage:'];
  const entity = (indent: string, name: string) => {
    lines.push(`${indent}- entity:`, `${indent}    name: ${name}`, `${indent}    type: ${wrong(random, 'dataset', 'datset')}`, `${indent}    env: ${wrong(random, 'PROD', 'PRODUCTION')}`, `${indent}    platform: ${random.pick(PLATFORMS)}`);
  };
  for (let i = 0; lines.length < target; i++) {
    entity('  ', `warehouse.table_${i + 100}`);
    lines.push('    upstream:');
    for (let u = 0; u < 1 + random.int(2); u++) entity('      ', `warehouse.table_${random.int(i + 100)}`);
    if (random.chance(0.3)) {
      const platform = random.pick(PLATFORMS);
      lines.push('    fineGrainedLineages:', '      - upstreams:', `          - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:${platform},warehouse.table_${i},${wrong(random, 'PROD', 'prod')}),id)`);
      // (the column's dataset is not always one of the entry's edges: lineage.columnOutsideEdge, as in files people write)
      lines.push('        downstreams:', `          - "urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:${platform},warehouse.table_${i + 100},PROD),id)"`);
    }
  }
  return `${lines.join('\n')}\n`;
}

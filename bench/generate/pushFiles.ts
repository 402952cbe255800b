import type { AspectWrite } from '../../service/store/types';
import type { Random } from '../../support/random';
import type { LineageGraph } from './lineageGraph';
import { allowedValue, propertyName, VALUES_PER_PROPERTY } from './propertyDefinitions';

/** Files for the push benchmark, and the entities the catalog must already hold for them. */

const nodeName = (node: number) => `warehouse.t${node}`;

/** The graph as a `version: 1` lineage file (names match lineageGraph.datasetUrn). */
export function lineageFileOfGraph(graph: LineageGraph): string {
  const upstreamsOf = new Map<number, number[]>();
  for (let i = 0; i < graph.edgeCount; i++) {
    const list = upstreamsOf.get(graph.downstream[i]) ?? [];
    list.push(graph.upstream[i]);
    upstreamsOf.set(graph.downstream[i], list);
  }
  const lines = ['version: 1', 'lineage:'];
  const entity = (indent: string, node: number) => lines.push(`${indent}- entity:`, `${indent}    name: ${nodeName(node)}`, `${indent}    type: dataset`, `${indent}    env: PROD`, `${indent}    platform: snowflake`);
  for (const [down, ups] of upstreamsOf) {
    entity('  ', down);
    lines.push('    upstream:');
    for (const up of ups) entity('      ', up);
  }
  return `${lines.join('\n')}\n`;
}

/** `datasets` datasets × `perDataset` property values = the assignments, all allowed values of existing definitions. */
export function assignmentsYaml(datasets: number, perDataset: number, definitions: number, random: Random): string {
  const lines: string[] = [];
  for (let d = 0; d < datasets; d++) {
    lines.push(`- id: ${nodeName(d)}`, '  platform: snowflake', '  structured_properties:');
    const used = new Set<number>();
    while (used.size < perDataset) used.add(random.int(definitions));
    for (const p of used) lines.push(`    ${propertyName(p)}: ${allowedValue(p, random.int(VALUES_PER_PROPERTY))}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The datasets as existing entities (what ingestion would have created), so the push only adds edges / values. */
export function existingDatasets(count: number): AspectWrite[] {
  return Array.from({ length: count }, (_, node) => ({
    urn: `urn:li:dataset:(urn:li:dataPlatform:snowflake,${nodeName(node)},PROD)`,
    aspectName: 'datasetProperties',
    value: { name: nodeName(node) },
  }));
}

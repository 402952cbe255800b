import type { FineGrainedEdgeFact } from '../model/facts';
import type { Located } from '../model/range';
import { FactCollector, pathOf } from './collector';
import { holdsEnvReference, lineageEnumValue } from './envReference';
import { assign } from './propertyDefinitions';
import type { DocNode } from './tree';
import { valueOf } from './tree';

/**
 * A `fineGrainedLineages` list, the same in the lineage file and in upstreamLineage /
 * dataJobInputOutput aspects (only the shape name differs: the lineage file forbids `query`).
 */
export function readFineGrainedLineages(
  node: DocNode | undefined,
  shape: 'lineageFile.fineGrainedLineage' | 'aspect.fineGrainedLineage',
  owner: Located<string> | undefined,
  ownerUpstreams: string[],
  path: string,
  collector: FactCollector,
  depth?: number,
): void {
  collector.list(node, path).forEach((item, index) => {
    const itemPath = pathOf(path, index);
    const map = collector.map(item, itemPath);
    if (!map) return;
    collector.shape(map, shape);
    const upstreams = readUrnList(valueOf(map, 'upstreams'), 'fieldUpstream', pathOf(itemPath, 'upstreams'), collector);
    const downstreams = readUrnList(valueOf(map, 'downstreams'), 'fieldDownstream', pathOf(itemPath, 'downstreams'), collector);
    const lineageFile = shape === 'lineageFile.fineGrainedLineage';
    const readEnum = (node: DocNode | undefined, enumName: string, enumPath: string) =>
      lineageFile ? lineageEnumValue(collector, node, enumName, enumPath) : collector.enumValue(node, enumName, enumPath);
    const upstreamType = readEnum(valueOf(map, 'upstreamType'), 'upstreamType', pathOf(itemPath, 'upstreamType'));
    const downstreamType = readEnum(valueOf(map, 'downstreamType'), 'downstreamType', pathOf(itemPath, 'downstreamType'));
    const scoreNode = valueOf(map, 'confidenceScore');
    const scorePath = pathOf(itemPath, 'confidenceScore');
    const confidenceScore = lineageFile ? readLaxFloat(scoreNode, scorePath, collector) : collector.number(scoreNode, scorePath);
    const transformOperation = collector.string(valueOf(map, 'transformOperation'), pathOf(itemPath, 'transformOperation'));
    if (!owner) return;
    const fact: FineGrainedEdgeFact = { kind: 'fineGrainedEdge', owner, upstreams, downstreams, ownerUpstreams, range: map.range };
    assign(fact, 'upstreamType', upstreamType);
    assign(fact, 'downstreamType', downstreamType);
    assign(fact, 'confidenceScore', confidenceScore);
    assign(fact, 'transformOperation', transformOperation);
    assign(fact, 'depth', depth);
    collector.facts.push(fact);
  });
}

/**
 * A float as the lineage file's pydantic model reads it (FineGrainedLineageConfig.confidenceScore:
 * Optional[float], lax mode): a number, or a string holding a finite decimal number ("0.9"). A
 * string holding an environment-variable reference is expanded by DataHub first, so it is not judged.
 */
function readLaxFloat(node: DocNode | undefined, path: string, collector: FactCollector): Located<number> | undefined {
  if (node?.type === 'scalar' && typeof node.value === 'string') {
    if (holdsEnvReference(node.value)) return undefined;
    const trimmed = node.value.trim();
    if (DECIMAL.test(trimmed)) return { value: Number(trimmed), range: node.range };
  }
  return collector.number(node, path);
}

/** A decimal number as both pydantic v1 (`float(v)`) and v2 (lax str → float) read it, without inf/nan. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function readUrnList(
  node: DocNode | undefined,
  role: 'fieldUpstream' | 'fieldDownstream' | 'upstream' | 'downstream' | 'entityType' | 'other',
  path: string,
  collector: FactCollector,
): Located<string>[] {
  const out: Located<string>[] = [];
  collector.list(node, path).forEach((item, index) => {
    const urn = collector.urn(item, role, pathOf(path, index));
    if (urn) out.push(urn);
  });
  return out;
}

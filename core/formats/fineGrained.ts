import type { FineGrainedEdgeFact } from '../model/facts';
import type { Located } from '../model/range';
import { FactCollector, pathOf } from './collector';
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
    const upstreamType = collector.enumValue(valueOf(map, 'upstreamType'), 'upstreamType', pathOf(itemPath, 'upstreamType'));
    const downstreamType = collector.enumValue(valueOf(map, 'downstreamType'), 'downstreamType', pathOf(itemPath, 'downstreamType'));
    const confidenceScore = collector.number(valueOf(map, 'confidenceScore'), pathOf(itemPath, 'confidenceScore'));
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

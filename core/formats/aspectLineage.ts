import type { EdgeOrigin } from '../model/facts';
import type { Located } from '../model/range';
import { FactCollector, pathOf } from './collector';
import { readFineGrainedLineages, readUrnList } from './fineGrained';
import type { AspectContext } from './aspectContext';
import type { DocNode } from './tree';
import { valueOf } from './tree';

/**
 * Lineage-carrying aspects (spec §2.4–2.5, PDL in reference/datahub-pdl/). An `input` field lists
 * upstreams of the aspect's entity; an `output` field lists its downstreams.
 */
interface EdgeField {
  field: string;
  /** `urns`: a list of URNs; `edges`: a list of Edge records (`destinationUrn`); `chartInputs`: `{"string": urn}` unions */
  form: 'urns' | 'edges' | 'chartInputs';
  direction: 'input' | 'output';
}

export const EDGE_FIELDS: Record<string, readonly EdgeField[]> = {
  dataJobInputOutput: [
    { field: 'inputDatasets', form: 'urns', direction: 'input' },
    { field: 'inputDatasetEdges', form: 'edges', direction: 'input' },
    { field: 'outputDatasets', form: 'urns', direction: 'output' },
    { field: 'outputDatasetEdges', form: 'edges', direction: 'output' },
    { field: 'inputDatajobs', form: 'urns', direction: 'input' },
    { field: 'inputDatajobEdges', form: 'edges', direction: 'input' },
  ],
  chartInfo: [
    { field: 'inputs', form: 'chartInputs', direction: 'input' },
    { field: 'inputEdges', form: 'edges', direction: 'input' },
  ],
  dashboardInfo: [
    { field: 'charts', form: 'urns', direction: 'input' },
    { field: 'chartEdges', form: 'edges', direction: 'input' },
    { field: 'datasets', form: 'urns', direction: 'input' },
    { field: 'datasetEdges', form: 'edges', direction: 'input' },
    { field: 'dashboards', form: 'edges', direction: 'input' },
  ],
  dataFlowInfo: [],
};

export function readUpstreamLineage(body: DocNode, context: AspectContext): void {
  const { collector, entity, path } = context;
  const map = collector.map(body, path);
  if (!map) return;
  collector.shape(map, 'aspect.upstreamLineage');
  collector.requireKey(map, 'aspect.upstreamLineage', 'upstreams');
  const upstreamsPath = pathOf(path, 'upstreams');
  const ownerUpstreams: string[] = [];
  collector.list(valueOf(map, 'upstreams'), upstreamsPath).forEach((item, index) => {
    const itemPath = pathOf(upstreamsPath, index);
    const upstreamMap = collector.map(item, itemPath);
    if (!upstreamMap) return;
    collector.shape(upstreamMap, 'aspect.upstream');
    collector.requireKey(upstreamMap, 'aspect.upstream', 'dataset');
    collector.requireKey(upstreamMap, 'aspect.upstream', 'type');
    const upstream = collector.urn(valueOf(upstreamMap, 'dataset'), 'upstream', pathOf(itemPath, 'dataset'));
    const lineageType = collector.enumValue(valueOf(upstreamMap, 'type'), 'lineageType', pathOf(itemPath, 'type'));
    if (!upstream) return;
    ownerUpstreams.push(upstream.value);
    const edge = { kind: 'lineageEdge' as const, downstream: entity, upstream, change: 'add' as const, origin: 'upstreamLineage' as const, range: upstreamMap.range };
    collector.facts.push(lineageType ? { ...edge, lineageType } : edge);
  });
  readFineGrainedLineages(valueOf(map, 'fineGrainedLineages'), 'aspect.fineGrainedLineage', entity, ownerUpstreams, pathOf(path, 'fineGrainedLineages'), collector);
}

/** dataJobInputOutput, chartInfo, dashboardInfo, dataFlowInfo (full aspect, not PATCH). */
export function readEdgeAspect(aspectName: 'dataJobInputOutput' | 'chartInfo' | 'dashboardInfo' | 'dataFlowInfo', body: DocNode, context: AspectContext): void {
  const { collector, entity, path } = context;
  const map = collector.map(body, path);
  if (!map) return;
  collector.shape(map, `aspect.${aspectName}`);
  const inputs: string[] = [];
  for (const spec of EDGE_FIELDS[aspectName]) {
    const fieldPath = pathOf(path, spec.field);
    for (const { urn, range } of readEdgeList(valueOf(map, spec.field), spec, fieldPath, collector)) {
      if (spec.direction === 'input') inputs.push(urn.value);
      collector.facts.push(edgeFact(entity, urn, spec.direction, aspectName, range));
    }
  }
  if (aspectName === 'dataFlowInfo') collector.enumValue(valueOf(map, 'env'), 'fabricType', pathOf(path, 'env'));
  if (aspectName === 'dataJobInputOutput') {
    readUrnList(valueOf(map, 'inputDatasetFields'), 'fieldUpstream', pathOf(path, 'inputDatasetFields'), collector);
    readUrnList(valueOf(map, 'outputDatasetFields'), 'fieldDownstream', pathOf(path, 'outputDatasetFields'), collector);
    readFineGrainedLineages(valueOf(map, 'fineGrainedLineages'), 'aspect.fineGrainedLineage', entity, inputs, pathOf(path, 'fineGrainedLineages'), collector);
  }
}

function readEdgeList(node: DocNode | undefined, spec: EdgeField, path: string, collector: FactCollector): { urn: Located<string>; range: Located<string>['range'] }[] {
  const role = spec.direction === 'input' ? 'upstream' : 'downstream';
  const out: { urn: Located<string>; range: Located<string>['range'] }[] = [];
  collector.list(node, path).forEach((item, index) => {
    const itemPath = pathOf(path, index);
    let urnNode: DocNode | undefined = item;
    if (spec.form === 'edges') {
      const edge = collector.map(item, itemPath);
      if (!edge) return;
      collector.shape(edge, 'aspect.edge');
      collector.requireKey(edge, 'aspect.edge', 'destinationUrn');
      collector.urn(valueOf(edge, 'sourceUrn'), 'entity', pathOf(itemPath, 'sourceUrn'));
      urnNode = valueOf(edge, 'destinationUrn');
    } else if (spec.form === 'chartInputs' && item.type === 'map') {
      urnNode = valueOf(item, 'string');
    }
    const urn = collector.urn(urnNode, role, itemPath);
    if (urn) out.push({ urn, range: item.range });
  });
  return out;
}

export function edgeFact(entity: Located<string>, other: Located<string>, direction: 'input' | 'output', origin: EdgeOrigin, range: Located<string>['range'], change: 'add' | 'remove' = 'add') {
  return direction === 'input'
    ? { kind: 'lineageEdge' as const, downstream: entity, upstream: other, change, origin, range }
    : { kind: 'lineageEdge' as const, downstream: other, upstream: entity, change, origin, range };
}

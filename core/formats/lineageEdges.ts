import { FactCollector, pathOf } from './collector';
import type { DocNode, MapNode } from './tree';
import { entryOf, valueOf } from './tree';

/**
 * The `updateLineage` mutation input kept as a file: `{edgesToAdd: [...], edgesToRemove: [...]}`
 * in YAML or JSON, optionally wrapped as `{input: {...}}`. As in the service's curl form, a single
 * edge object is accepted in place of a one-element list.
 */
export function readLineageEdges(root: DocNode, collector: FactCollector): void {
  const outer = collector.map(root, '');
  if (!outer) return;
  const { map, path } = unwrapInput(outer);
  if (!map) return;
  collector.shape(map, 'lineageEdges.root');
  for (const [key, change] of [['edgesToAdd', 'add'], ['edgesToRemove', 'remove']] as const) {
    const listPath = pathOf(path, key);
    collector.list(valueOf(map, key), listPath, true).forEach((item, index) => {
      const edgePath = pathOf(listPath, index);
      const edge = collector.map(item, edgePath);
      if (!edge) return;
      collector.shape(edge, 'lineageEdges.edge');
      collector.requireKey(edge, 'lineageEdges.edge', 'downstreamUrn');
      collector.requireKey(edge, 'lineageEdges.edge', 'upstreamUrn');
      const downstream = collector.urn(valueOf(edge, 'downstreamUrn'), 'downstream', pathOf(edgePath, 'downstreamUrn'));
      const upstream = collector.urn(valueOf(edge, 'upstreamUrn'), 'upstream', pathOf(edgePath, 'upstreamUrn'));
      if (downstream && upstream) {
        collector.facts.push({ kind: 'lineageEdge', downstream, upstream, change, origin: 'updateLineage', range: edge.range });
      }
    });
  }
}

/** `{input: {edgesToAdd...}}` → the inner mapping; the root itself otherwise. */
export function unwrapInput(root: MapNode): { map: MapNode | undefined; path: string } {
  const input = entryOf(root, 'input');
  if (input && !entryOf(root, 'edgesToAdd') && !entryOf(root, 'edgesToRemove')) {
    return { map: input.value.type === 'map' ? input.value : undefined, path: 'input' };
  }
  return { map: root, path: '' };
}

import { layoutGraph, type LayoutOptions } from '../graphLayout';
import type { GraphSnapshot } from '../../../core/lineage/graph';
import { describeError } from '../../../core/errors/describeError';

/**
 * The graph view's layout, off the view's main thread (bundled into dist/lineageGraphLayout.js and
 * started from a blob by the view script): a large graph takes a noticeable time to lay out, and the view
 * stays pannable, zoomable and clickable meanwhile.
 */
interface LayoutRequest {
  id: number;
  snapshot: GraphSnapshot;
  options: LayoutOptions;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null; postMessage(message: unknown): void };

scope.onmessage = (event) => {
  const { id, snapshot, options } = event.data;
  const started = performance.now();
  try {
    const layout = layoutGraph(snapshot, options);
    scope.postMessage({ id, layout, ms: Math.round(performance.now() - started) });
  } catch (error) {
    scope.postMessage({ id, error: describeError(error) });
  }
};

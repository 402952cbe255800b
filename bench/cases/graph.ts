import { layoutGraph } from '../../client/graph/graphLayout';
import type { GraphSnapshot } from '../../core/lineage/graph';
import { graphToMermaid, graphToSvg } from '../../core/lineage/graphExport';
import type { BenchContext } from '../support/context';
import { measureGraphView } from '../support/graphViewInBrowser';
import { repoRoot } from '../../support/e2e/setup';
import { seededRandom } from '../../support/random';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { nowMs, repeat } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';

/**
 * Case 6: the lineage graph view at 200 and 2,000 entities. What the view does on each change —
 * the d3-dag layout the webview runs (in a worker), and the SVG and Mermaid exports — against the floor of
 * copying the graph (JSON round trip: what posting it to the webview costs at least). At 2,000
 * entities also the view itself in Chromium (its script and layout worker from dist/): time until
 * the drawing is on screen, and one pan frame.
 */

const GROUP = 'graph';
const TARGET_MS = 1_000;
/** One frame at 60 Hz: a gesture whose frames each fit in it paints every 16.7 ms. */
const FRAME_MS = 16.7;

/** A layered graph like a warehouse: `nodes` datasets in layers of ~10% each, every one fed by one to three of the layer before. */
export function syntheticSnapshot(nodes: number, seed: number): GraphSnapshot {
  const random = seededRandom(seed);
  const urn = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,layer.table_${String(i).padStart(5, '0')},PROD)`;
  const width = Math.max(1, Math.round(nodes / 10));
  const layerOf = (i: number) => Math.floor(i / width);
  const snapshot: GraphSnapshot = { root: urn(0), nodes: [], edges: [], columnEdges: [], truncated: false };
  for (let i = 0; i < nodes; i++) {
    snapshot.nodes.push({ urn: urn(i), type: 'DATASET', label: `table_${i} (hive)`, degree: layerOf(i), side: i === 0 ? 'root' : 'downstream', expanded: ['downstream'] });
    if (layerOf(i) === 0) continue;
    const previous = (layerOf(i) - 1) * width;
    const fanIn = 1 + random.int(3);
    const ups = new Set<number>();
    for (let k = 0; k < fanIn; k++) ups.add(previous + random.int(width));
    for (const up of ups) snapshot.edges.push({ upstream: urn(up), downstream: urn(i) });
  }
  return snapshot;
}

export async function graphCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const runs = ctx.quick ? { warmup: 1, runs: 3 } : { warmup: 1, runs: 7 };
  const medians = new Map<number, number>();
  for (const size of [200, 2_000]) {
    const snapshot = syntheticSnapshot(size, ctx.seed + size);
    const label = `${size.toLocaleString('en')} entities, ${snapshot.edges.length.toLocaleString('en')} edges`;
    ctx.log(`graph: ${label}`);
    const floor = await repeat(runs, () => {
      const start = nowMs();
      JSON.parse(JSON.stringify(snapshot));
      return nowMs() - start;
    });
    const layout = await repeat(runs, () => {
      const start = nowMs();
      layoutGraph(snapshot);
      return nowMs() - start;
    });
    medians.set(size, layout.medianMs);
    const laidOut = layoutGraph(snapshot);
    const svg = await repeat(runs, () => {
      const start = nowMs();
      graphToSvg(laidOut);
      return nowMs() - start;
    });
    const mermaid = await repeat(runs, () => {
      const start = nowMs();
      graphToMermaid(snapshot);
      return nowMs() - start;
    });
    result.rows.push(
      timingRow(GROUP, `layout (d3-dag), ${label}`, 'catalog-code graph view', layout, { ratios: [{ to: 'copy of the graph (floor)', ratio: layout.medianMs / Math.max(floor.medianMs, 0.001) }] }),
      timingRow(GROUP, `SVG export, ${label}`, 'catalog-code graph view', svg),
      timingRow(GROUP, `Mermaid export, ${label}`, 'catalog-code graph view', mermaid),
      timingRow(GROUP, `copy of the graph, ${label}`, 'JSON round trip (floor)', floor, { detail: true }),
    );
  }
  const view = await measureGraphView(repoRoot, syntheticSnapshot(2_000, ctx.seed + 2_000), ctx.quick ? { warmup: 1, runs: 3 } : { warmup: 1, runs: 5 });
  if ('reason' in view) {
    result.notes.push(`The view in Chromium was not measured: ${view.reason}.`);
  } else {
    const label = '2,000 entities, in Chromium (dist/lineageGraph.js)';
    result.rows.push(
      timingRow(GROUP, `graph on screen (worker layout, SVG built, painted), ${label}`, 'catalog-code graph view', view.shown),
      timingRow(GROUP, `layout and draw as the view reports it, ${label}`, 'catalog-code graph view', view.drawn, { detail: true }),
      timingRow(GROUP, `one pan frame after drawing, ${label}`, 'catalog-code graph view', view.panFrame, { ratios: [{ to: 'two frames at 60 Hz (33 ms)', ratio: view.panFrame.medianMs / 33.3 }] }),
      timingRow(GROUP, `wheel pan, interval between painted frames, ${label}`, 'catalog-code graph view', view.panInterval, { ratios: [{ to: 'one frame at 60 Hz (16.7 ms)', ratio: view.panInterval.medianMs / FRAME_MS }] }),
      timingRow(GROUP, `Ctrl+wheel zoom, interval between painted frames, ${label}`, 'catalog-code graph view', view.zoomInterval, { ratios: [{ to: 'one frame at 60 Hz (16.7 ms)', ratio: view.zoomInterval.medianMs / FRAME_MS }] }),
    );
    const slowest = Math.max(view.panInterval.medianMs, view.zoomInterval.medianMs);
    result.targets.push(reportTarget({ name: 'pan and zoom frames of the 2,000-entity graph (median interval between painted frames, the slower gesture)', target: FRAME_MS, unit: 'ms', measured: slowest, peer: `p95 of both gestures ${view.gestureP95.medianMs.toFixed(0)} ms`, next: 'move the drawing as a composited layer during a gesture and redraw it at the gesture\'s end' }));
    const shown = view.shown.medianMs;
    result.targets.push(reportTarget({ name: '2,000-entity graph on screen in the view (median, Chromium)', target: TARGET_MS, unit: 'ms', measured: shown, next: 'fewer SVG elements per entity, or collapse far hops' }));
  }
  const small = medians.get(200) ?? 0;
  const large = medians.get(2_000) ?? 0;
  result.notes.push(`Layout time grows ${(large / Math.max(small, 0.001)).toFixed(1)}× from 200 to 2,000 entities (10× the entities). The webview's own draw time is logged by the view ("layout and draw N ms").`);
  result.targets.push(
    reportTarget({ name: '2,000-entity graph laid out (median), so the view stays responsive', target: TARGET_MS, unit: 'ms', measured: large, peer: `200 entities: ${small.toFixed(0)} ms`, next: 'collapse hops past the chosen depth into "+N more" nodes, or cheaper d3-dag operators' }),
  );
  return result;
}
